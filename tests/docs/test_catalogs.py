"""The docs catalogs: complete, not fuzzy, and every link and role kept in each translation."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
CATALOGS = [
    LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
    for language in ("de", "pap")
    for domain in ("docs", "sphinx")
]
LINK = re.compile(r"\]\(([^)\s]*)\)")
ROLE = re.compile(r"\{([\w:-]+)\}`")
REF_TARGET = re.compile(r"\{[\w:-]+\}`[^`]*?<([^>]+)>`")
CODE = re.compile(r"`[^`]+`")
WHOLE_ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
PLACEHOLDER = re.compile(r"%\(\w+\)s|\$\{\w+\}")


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=path.parent.parent.name)


def entries(path: Path) -> list[Message]:
    return [message for message in read(path) if message.id]


def strings(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_catalog_is_complete(path: Path) -> None:
    catalog = read(path)
    assert not catalog.fuzzy, f"{path}: the header is fuzzy (pybabel compile would skip it)"
    messages = entries(path)
    assert messages
    untranslated = [m.id for m in messages if not all(strings(m))]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert not untranslated, f"{len(untranslated)} untranslated: {untranslated[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy: {fuzzy[:5]}"
    print(f"{path.relative_to(ROOT)}: {len(messages)}/{len(messages)} translated")


@pytest.mark.parametrize("language", ["de", "pap"])
def test_links_roles_and_code_are_kept(language: str) -> None:
    """A dropped Markdown link gives no Sphinx warning, so compare what each msgstr keeps."""
    problems = []
    for message in entries(LOCALES / language / "LC_MESSAGES" / "docs.po"):
        source, target = message.id, message.string
        for name, find in (
            ("links", LINK.findall),
            ("roles", ROLE.findall),
            ("ref targets", REF_TARGET.findall),
            # A role's text is translated; plain `code` spans must stay as they are.
            ("code", lambda text: CODE.findall(WHOLE_ROLE.sub("", text))),
        ):
            if Counter(find(source)) != Counter(find(target)):
                problems.append(f"{name} differ in {source!r}")
        if source.count("**") != target.count("**"):
            problems.append(f"bold markers differ in {source!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["de", "pap"])
def test_placeholders_are_kept_in_theme_words(language: str) -> None:
    problems = []
    for message in entries(LOCALES / language / "LC_MESSAGES" / "sphinx.po"):
        wanted = Counter(PLACEHOLDER.findall(ids(message)[-1]))
        for text in strings(message):
            if Counter(PLACEHOLDER.findall(text)) - wanted or (
                len(ids(message)) == 1 and Counter(PLACEHOLDER.findall(text)) != wanted
            ):
                problems.append((message.id, text))
    assert not problems, problems


def test_search_script_words_match_the_catalog() -> None:
    """locales/pap/LC_MESSAGES/sphinx.js is generated from sphinx.po (docs/ui_catalog.py)."""
    script = (LOCALES / "pap" / "LC_MESSAGES" / "sphinx.js").read_text(encoding="utf-8")
    body = script.removeprefix("Documentation.addTranslations(").rstrip().removesuffix(");")
    data = json.loads(body)
    assert data["locale"] == "pap"
    catalog = {ids(m)[0]: m for m in entries(LOCALES / "pap" / "LC_MESSAGES" / "sphinx.po")}
    assert "Search Results" in data["messages"]
    for key, value in data["messages"].items():
        expected = strings(catalog[key])
        assert (list(expected) if len(expected) > 1 else expected[0]) == value, key


def test_every_gallery_topic_has_a_translated_name() -> None:
    """Topics with a detector are named in tutor.po; the others in sphinx.po (docs-catalogs)."""
    from tutor.questions.topics import TOPICS
    from tutor.sphinxext import load_topics, topic_title

    for language in ("de", "pap"):
        translated = {
            ids(m)[0]
            for m in entries(LOCALES / language / "LC_MESSAGES" / "sphinx.po")
            if all(strings(m))
        }
        for topic in load_topics(ROOT / "scenarios"):
            if topic not in TOPICS:
                assert topic_title(topic) in translated, (
                    f"{language}: no name for the topic {topic!r}: run make docs-catalogs"
                )


@pytest.mark.parametrize("language", ["de", "pap"])
def test_placeholders_of_the_pages_are_kept(language: str) -> None:
    """``{deals}`` and the like are filled in from the code after the translation
    (``tutor.sphinxext.labelled``): a translation keeps each of them as it is."""
    from tutor.sphinxext.labelled import PLACEHOLDER as BRACES

    problems = []
    for message in entries(LOCALES / language / "LC_MESSAGES" / "docs.po"):
        wanted = Counter(BRACES.findall(ids(message)[0]))
        for text in strings(message):
            if Counter(BRACES.findall(text)) != wanted:
                problems.append((message.id, text))
    assert not problems, problems
