"""One word per thing: the catalogs never use a word that the glossary rejects.

``tutor/data/glossary.toml`` gives each term its word per language and, under ``avoid``,
the words the tutor's texts must not use for it; its ``[[avoid]]`` list rejects words that
are not domino terms (the quiz's hint, a scenario file, spellings). A rejected word in any
translation of ``tutor.po`` or ``docs.po`` fails here, with the word to use instead.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.words.glossary import default_path

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ("tutor", "docs")
LANGUAGES = ("de", "pap")
GLOSSARY = tomllib.loads(default_path().read_text(encoding="utf-8"))


def rejected(language: str) -> list[tuple[str, str]]:
    """(word not to use, word to use instead) for one language."""
    out = []
    for term in GLOSSARY["term"]:
        entry = term[language]
        out += [(word, entry["term"]) for word in entry.get("avoid", ())]
    out += [(a["word"], a["use"]) for a in GLOSSARY.get("avoid", []) if a["lang"] == language]
    return out


def pattern(word: str) -> re.Pattern[str]:
    """The word on its own (not inside a longer word), in any case."""
    return re.compile(rf"(?<![\w\-]){re.escape(word)}(?![\w\-])", re.IGNORECASE)


def translations(language: str, domain: str) -> list[tuple[str, str]]:
    path = ROOT / "locales" / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    out = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else message.string
        out += [(msgid, s) for s in strings if s]
    return out


def test_the_glossary_rejects_the_words_issue_11_names() -> None:
    assert ("Doppelstein", "Pasch") in rejected("de")
    assert ("die 6-6", "der 6-6") in rejected("de")
    assert ("Hinweis", "Tipp") in rejected("de")
    assert ("heben", "erhöhen") in rejected("de")
    for word in ("pas", "fuera di wega", "bèk", "a stop", "archivo", "situashon", "pista"):
        assert word in {w for w, _ in rejected("pap")}, word


def test_a_term_never_rejects_its_own_word() -> None:
    for term in GLOSSARY["term"]:
        for language in LANGUAGES:
            entry = term[language]
            own = pattern(entry["term"])
            assert not any(own.fullmatch(w) for w in entry.get("avoid", ())), term["key"]


@pytest.mark.parametrize("domain", CATALOGS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogs_use_no_rejected_word(language: str, domain: str) -> None:
    words = [(word, use, pattern(word)) for word, use in rejected(language)]
    found = [
        f"{word!r} (use {use!r}) in the translation of {msgid[:60]!r}"
        for msgid, text in translations(language, domain)
        for word, use, regex in words
        if regex.search(text)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_rejected_word() -> None:
    regex = pattern("pas")
    assert regex.search("Si bo tin un piedra ku ta pas, bo mester hunga.")
    assert not regex.search("bo ta pasa") and not regex.search("e pasku")


def test_papiamentu_points_are_tanto_beside_ends_that_are_punto() -> None:
    """"punto" is the seed's end (punto duru) and pip; a point scored is "tanto" (glossary)."""
    words = {term["key"]: term["pap"]["term"] for term in GLOSSARY["term"]}
    assert (words["end"], words["pip"], words["point"]) == ("punto", "punto", "tanto")
    for domain in CATALOGS:
        for msgid, text in translations("pap", domain):
            scored = re.search(r"\b(\d+|\{\w+\}|one|a|no|more|how many) (bonus )?points?\b", msgid)
            if scored:
                assert "tanto" in text, f"{msgid!r}: a point scored is tanto, not {text!r}"
