"""The glossary: every domino term in three languages, with definitions and word sources."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN, EXIT_OK
from tutor.words.glossary import (
    LANGUAGES,
    GlossaryError,
    Term,
    entry_lines,
    find,
    load_glossary,
)

REQUIRED = {
    "tile": "tile",
    "double": "double",
    "pip": "pip",
    "count": "count",
    "boneyard": "boneyard",
    "pose": "pose",
    "pass": "pass",
    "knock": "knock",
    "line-of-play": "line of play",
    "end": "end",
    "suit": "suit",
    "blocked": "blocked",
    "hard-end": "hard end",
    "dead-end": "dead end",
    "key-card": "key card",
    "stake": "stake",
    "six-love": "six-love",
    "bruck": "bruck",
    "chip-out": "chip out",
    "turn-order": "counter-clockwise",
    "double-six-set": "double-six set",
}
"""The terms the glossary must have: key -> the English word."""

SEED_WORDS = {
    "piedra",
    "dòbel",
    "blanku",
    "punto",
    "total",
    "set di dòbel seis",
    "pila pa hala",
    "hala",
    "pose",
    "kontra di man di oloshi",
    "pasa",
    "bloká",
    "empate",
    "punto duru",
    "piedra yabi",
    "six-love",
    "terminá bo man",
}
"""Papiamentu words of the glossary that the Papiamentu seed text uses with this meaning."""

GERMAN = {
    "tile": "Stein",
    "double": "Pasch",
    "pip": "Auge",
    "boneyard": "Talon",
    "pose": "Pose",
    "pass": "passen",
    "knock": "klopfen",
    "end": "Ende",
    "blocked": "blockiert",
    "hard-end": "hartes Ende",
    "key-card": "Schlüsselstein",
    "six-love": "Six-Love",
    "bruck": "Bruck",
}
"""The usual German domino words (and the borrowed terms kept as the players say them)."""


@pytest.fixture(scope="module")
def terms() -> tuple[Term, ...]:
    return load_glossary()


def test_every_required_term_is_there(terms: tuple[Term, ...]) -> None:
    by_key = {t.key: t for t in terms}
    assert set(REQUIRED) <= set(by_key)
    for key, english in REQUIRED.items():
        assert by_key[key].word("en") == english


def test_every_term_has_three_languages_with_one_line_definitions(terms: tuple[Term, ...]) -> None:
    for term in terms:
        for language in LANGUAGES:
            assert term.word(language).strip(), (term.key, language)
            definition = term.definition(language)
            assert definition and "\n" not in definition and definition.endswith("."), term.key
        assert len({term.definition(code) for code in LANGUAGES}) == 3, f"{term.key}: translated"


def test_papiamentu_sources_are_marked(terms: tuple[Term, ...]) -> None:
    for term in terms:
        assert term.pap_source in ("seed", "proposed")
        attested = term.word("pap") in SEED_WORDS
        assert attested == (term.pap_source == "seed"), (term.key, term.word("pap"))
    assert {t.key for t in terms if t.pap_source == "proposed"} >= {"knock", "stake", "dead-end"}


def test_german_uses_the_players_words(terms: tuple[Term, ...]) -> None:
    by_key = {t.key: t for t in terms}
    for key, word in GERMAN.items():
        assert by_key[key].word("de") == word


def test_find_in_any_language(terms: tuple[Term, ...]) -> None:
    assert [t.key for t in find(terms, "piedra yabi")] == ["key-card"]
    assert [t.key for t in find(terms, "SCHLÜSSELSTEIN")] == ["key-card"]
    assert [t.key for t in find(terms, "key_card".replace("_", "-"))] == ["key-card"]
    assert {t.key for t in find(terms, "punto")} == {"pip", "end"}
    assert [t.key for t in find(terms, "Doppelstein")] == ["double"]
    assert find(terms, "no such word") == []


def test_entry_lines_mark_proposed_papiamentu(terms: tuple[Term, ...]) -> None:
    knock = find(terms, "knock")[0]
    assert entry_lines(knock, "de")[0] == "klopfen  (en: knock · pap: bati riba mesa*)"
    pose = find(terms, "pose")[0]
    assert entry_lines(pose, "pap")[0] == "pose  (en: pose · de: Pose)"


def test_a_broken_glossary_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "glossary.toml"
    path.write_text('[[term]]\nkey = "x"\npap_source = "seed"\nen = { term = "x" }\n')
    with pytest.raises(GlossaryError, match="en needs a term and a definition"):
        load_glossary(path)
    path.write_text('[[term]]\nkey = "x"\npap_source = "maybe"\n')
    with pytest.raises(GlossaryError, match="pap_source"):
        load_glossary(path)


def test_the_docs_read_the_same_file(terms: tuple[Term, ...]) -> None:
    pytest.importorskip("sphinx")
    from tutor.sphinxext.glossary import glossary_html

    html = glossary_html(terms, "de")
    assert html.count("<tr id=") == len(terms)
    for term in terms:
        for language in LANGUAGES:
            assert escape(term.definition(language)) in html
        marked = f"<dfn>{escape(term.word('pap'))}<sup" in html
        assert marked == (term.pap_source == "proposed"), term.key


@pytest.mark.parametrize(
    ("language", "heading", "word"),
    [
        ("en", "Domino words in English, German and Papiamentu", "hard end  (de: hartes Ende"),
        ("de", "Domino-Wörter auf Englisch, Deutsch und Papiamentu", "hartes Ende  (en: hard end"),
        ("pap", "Palabranan di dominó na Ingles, Aleman i Papiamentu", "punto duru  (en: hard end"),
    ],
)
def test_the_glossary_command(
    capsys: pytest.CaptureFixture[str], language: str, heading: str, word: str
) -> None:
    assert main(["glossary", "--lang", language]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith(heading + "\n")
    assert word in out
    assert out.count("\n  ") >= len(REQUIRED)
    assert out.rstrip().endswith(".")


def test_the_glossary_command_for_one_term(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["glossary", "piedra yabi", "--lang", "de"]) == EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Schlüsselstein  (en: key card · pap: piedra yabi)"
    assert out[1].startswith("  Ein letzter Stein")
    assert main(["glossary", "no such word"]) == EXIT_BROKEN
    assert "no glossary entry" in capsys.readouterr().err
