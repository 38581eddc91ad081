"""The ``tutor`` catalogs: complete, not fuzzy, placeholders and markup kept, up to date."""

from __future__ import annotations

import re
import shutil
import string
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from tutor.questions.kinds import KINDS
from tutor.questions.model import Reply
from tutor.quiz.runner import COMMAND_WORDS
from tutor.words.i18n import LANGUAGES, Speaker
from tutor.words.vocabulary import EXPECTED_TEXTS, REPLY_WORDS

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "tutor.pot"
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def catalog_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / "tutor.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def messages(catalog: Catalog) -> list[Message]:
    return [m for m in catalog if m.id]


def ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def strings(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in a text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


MARKUP = (
    re.compile(r"\b[0-6]-[0-6]\b"),  # tiles
    re.compile(r"\bF\d\b"),  # function keys
    re.compile(r"domino-tutor(?: \w+)?"),  # commands
    re.compile(r"(?<!\w)'[^']*'(?!\w)"),  # quoted commands ('make docs'), not p'esei
    re.compile(r"\S+/\S+\.html"),  # paths
    re.compile(r"[·%*]"),  # separators and signs
)


def markup(text: str) -> list[str]:
    """What a translation must keep as it is: tiles, keys, commands, paths, separators."""
    found = [m for pattern in MARKUP for m in pattern.findall(text)]
    return sorted(found + ["\n"] * text.count("\n"))


def all_translated() -> list[tuple[str, Message]]:
    return [(code, m) for code in TRANSLATED for m in messages(read(catalog_path(code), code))]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str) -> None:
    catalog = read(catalog_path(language), language)
    entries = messages(catalog)
    assert len(entries) > 300
    untranslated = [m.id for m in entries if not all(s.strip() for s in strings(m))]
    fuzzy = [m.id for m in entries if m.fuzzy]
    assert not untranslated, f"{language}: {len(untranslated)} untranslated: {untranslated[:3]}"
    assert not fuzzy, f"{language}: fuzzy entries {fuzzy[:3]}"
    plural = [m for m in entries if isinstance(m.id, tuple)]
    assert plural and all(len(strings(m)) == 2 for m in plural), "nplurals=2: both forms filled"


@pytest.mark.parametrize("language", TRANSLATED)
def test_header_names_the_project_and_its_translators(language: str) -> None:
    catalog = read(catalog_path(language), language)
    headers = dict(catalog.mime_headers)
    assert headers["Project-Id-Version"].startswith("domino-tutor ")
    assert headers["Last-Translator"] == "domino-tutor developers"
    assert "LL@li.org" not in headers["Language-Team"]
    assert headers["Language"] == language
    assert headers["Plural-Forms"].startswith("nplurals=2; plural=(n != 1)")
    assert not catalog.fuzzy, "the header is reviewed, not fuzzy"


def test_english_is_the_source_and_stays_empty() -> None:
    catalog = read(catalog_path("en"), "en")
    assert all(not any(strings(m)) for m in messages(catalog))


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_finds_nothing_wrong(language: str) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed")
    run = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", "/dev/null", str(catalog_path(language))],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "fuzzy" not in run.stderr
    if language != "en":
        assert "untranslated" not in run.stderr, run.stderr


def test_placeholders_are_the_same_in_every_translation() -> None:
    wrong = []
    for language, message in all_translated():
        wanted = set().union(*(fields(i) for i in ids(message)))
        for text in strings(message):
            if fields(text) != wanted:
                wrong.append((language, ids(message)[0], text))
    assert not wrong, wrong[:5]


def test_markup_is_the_same_in_every_translation() -> None:
    wrong = []
    for language, message in all_translated():
        for text in strings(message):
            if markup(text) != markup(ids(message)[0]):
                wrong.append((language, ids(message)[0], text))
    assert not wrong, wrong[:5]


def test_every_translation_formats() -> None:
    """A typo such as ``{nomber}`` would raise KeyError at ``.format()`` in the learner's face."""
    for language in TRANSLATED:
        speaker = Speaker(language)
        for message in messages(read(catalog_path(language), language)):
            values = {name: 1 for text in ids(message) for name in fields(text)}
            if isinstance(message.id, tuple):
                for n in (1, 2):
                    speaker.ngettext(*message.id, n).format(**values)
            else:
                speaker._(message.id).format(**values)


def test_german_after_a_colon_never_reads_as_the_formal_you() -> None:
    """The tutor says "du" to the learner. A sentence after a colon may start with a capital
    in German, so "…: Sie wurde verschoben" (it, the database) reads as the formal "you":
    the store's sentences said so (issue 23). Name the thing instead ("Die Datei …")."""
    found = [
        m.string for m in messages(read(catalog_path("de"), "de"))
        if isinstance(m.string, str) and re.search(r"[:;] (Sie|Ihnen|Ihr)\b", m.string)
    ]
    assert not found, found


def test_reply_words_are_single_words_a_learner_can_type() -> None:
    words = [*REPLY_WORDS.values(), *COMMAND_WORDS.values()]  # the set results are among them
    for language in TRANSLATED:
        speaker = Speaker(language)
        typed = [speaker._(word) for word in words]
        # "both" is only ever the whole reply (read_ends), never a word in a list: it may be
        # words with single spaces (Papiamentu "tur dos", the seed's word).
        whole = speaker._(REPLY_WORDS["both"])
        assert re.fullmatch(r"[\w-]+( [\w-]+)*", whole), (language, whole)
        assert all(re.fullmatch(r"[\w-]+", word) for word in typed if word != whole), (
            language, typed)
        assert len(set(typed)) == len(typed), f"{language}: two reply words are the same"
    assert Speaker("de")._("left") == "links" and Speaker("pap")._("right") == "drechi"


def test_every_reply_kind_has_an_expected_text() -> None:
    assert set(EXPECTED_TEXTS) == set(Reply) == {kind.reply for kind in KINDS.values()}


@pytest.fixture(scope="module")
def fresh_template(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    pybabel = Path(sys.executable).with_name("pybabel")
    if not pybabel.exists():
        pytest.skip("pybabel is not installed next to this Python")
    out = tmp_path_factory.mktemp("pot") / "tutor.pot"
    run = subprocess.run(
        [str(pybabel), "extract", "-F", "pyproject.toml", "--sort-by-file", "-o", str(out), "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    return read(out)


def test_the_template_is_up_to_date_with_the_sources(fresh_template: Catalog) -> None:
    fresh = {ids(m) for m in messages(fresh_template)}
    stored = {ids(m) for m in messages(read(TEMPLATE))}
    assert fresh == stored, (
        f"run 'make catalogs': new {sorted(fresh - stored)[:3]}, gone {sorted(stored - fresh)[:3]}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogs_are_merged_with_the_template(language: str, fresh_template: Catalog) -> None:
    fresh = {ids(m) for m in messages(fresh_template)}
    merged = {ids(m) for m in messages(read(catalog_path(language), language))}
    assert fresh == merged, f"run 'make catalogs' ({language})"


def scenario_texts() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        question = data.get("question", {})
        for key, value in (
            ("title", data.get("title")),
            ("story", data.get("story")),
            ("question.hint", question.get("hint") if isinstance(question, dict) else None),
        ):
            if isinstance(value, str) and value.strip():
                out.append((str(path.relative_to(ROOT)), key, value))
    return out


def test_every_scenario_text_is_in_the_template() -> None:
    template = {m.id: m for m in messages(read(TEMPLATE))}
    texts = scenario_texts()
    assert len(texts) > 100
    missing = [(path, key) for path, key, text in texts if text not in template]
    assert not missing, f"run 'make catalogs': {missing[:5]}"
    for path, key, text in texts:
        comments = " ".join(template[text].auto_comments)
        assert f": {key}" in comments, (path, key, comments)


def test_no_text_to_translate_hides_inside_an_f_string() -> None:
    """Babel's extractor does not look inside f-strings: a ``sp._("...")`` there never reaches
    the catalogs (the German progress report kept its English headings)."""
    import ast

    hidden = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Attribute)
                    and inner.func.attr in {"_", "ngettext", "gettext"}
                    and inner.args
                    and isinstance(inner.args[0], ast.Constant)  # a text, not a variable
                ):
                    hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert not hidden, hidden
