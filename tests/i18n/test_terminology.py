"""One word per thing: the catalogs never use a word that the glossary rejects.

``tutor/data/glossary.toml`` gives each term its word per language and, under ``avoid``,
the words the tutor's texts must not use for it; its ``[[avoid]]`` list rejects words (or, with
``pattern``, a class of spellings) that are not domino terms (the quiz's hint, a scenario file,
spellings, the article of a tile). A rejected word in any translation of ``tutor.po``,
``docs.po`` or ``sphinx.po`` (or, for ``lang = "en"``, in an English text) fails here, with the
word to use instead. A pass has one word per game (the glossary's ``game``): Cutthroat passes,
Fives & Threes knocks, in every catalog.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from tutor.words.glossary import default_path

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ("tutor", "docs", "sphinx")
LANGUAGES = ("de", "pap")
GLOSSARY = tomllib.loads(default_path().read_text(encoding="utf-8"))


def rejected(language: str) -> list[tuple[str, str]]:
    """(word not to use, word to use instead) for one language (a ``pattern`` entry gives its
    regular expression as the word)."""
    out = []
    for term in GLOSSARY["term"]:
        entry = term.get(language, {})
        out += [(word, entry["term"]) for word in entry.get("avoid", ())]
    out += [
        (a.get("word") or a["pattern"], a["use"])
        for a in GLOSSARY.get("avoid", [])
        if a["lang"] == language
    ]
    return out


PATTERNS = {a["pattern"] for a in GLOSSARY.get("avoid", []) if "pattern" in a}
WHEN = {
    (a.get("word") or a["pattern"]): (a.get("english"), a.get("not_english"))
    for a in GLOSSARY.get("avoid", [])
    if "english" in a or "not_english" in a
}
"""An entry that holds only where its English says one thing (``english``) and not another
(``not_english``): "Spiel" is wrong for the match, right for a game."""


def holds(word: str, msgid: str) -> bool:
    """True when the rejection of ``word`` applies to the translation of ``msgid``."""
    english, not_english = WHEN.get(word, (None, None))
    if english is not None and not re.search(english, msgid, re.IGNORECASE):
        return False
    return not_english is None or not re.search(not_english, msgid, re.IGNORECASE)


def pattern(word: str) -> re.Pattern[str]:
    """The word on its own (not inside a longer word), in any case; a glossary ``pattern`` as
    it is written (case-sensitive)."""
    if word in PATTERNS:
        return re.compile(word)
    return re.compile(rf"(?<![\w\-{{]){re.escape(word)}(?![\w\-}}])", re.IGNORECASE)


def messages(language: str, domain: str) -> list[Message]:
    path = ROOT / "locales" / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        return [m for m in read_po(handle, locale=language) if m.id]


def translations(language: str, domain: str) -> list[tuple[str, str]]:
    out = []
    for message in messages(language, domain):
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else message.string
        out += [(msgid, s) for s in strings if s]
    return out


def english(domain: str) -> list[str]:
    """Every English text of a catalog (the msgids, plural forms too)."""
    out: list[str] = []
    for message in messages("de", domain):
        out += [message.id] if isinstance(message.id, str) else list(message.id)
    return out


def test_the_glossary_rejects_the_words_issue_11_names() -> None:
    assert ("Doppelstein", "Pasch") in rejected("de")
    assert ("die 6-6", "der 6-6") in rejected("de")
    assert ("Hinweis", "Tipp") in rejected("de")
    assert ("heben", "erhöhen") in rejected("de")
    for word in ("pas", "fuera di wega", "bèk", "a stop", "archivo", "situashon", "pista"):
        assert word in {w for w, _ in rejected("pap")}, word


def test_the_glossary_rejects_what_the_german_reader_of_issue_24_found() -> None:
    """Each finding of the German reading (issue 24) is a rejected phrasing here, so that it
    stays out of tutor.po, docs.po and sphinx.po; each case is the reader's own quotation."""
    found = {
        "was die anderen auch haben": "Welcher Zug, was die anderen auch haben?",
        "Spiel for the match": "Du erreichst genau 61 und gewinnst das Spiel.",
        "verdeckten Steine": "Bei Fives & Threes zieht niemand von den verdeckten Steinen.",
        "Gib ... nicht aus": "Gib den Stein dafür nicht aus; lass die anderen passen.",
        "weg von null": "Mit einem Knall weg von null",
        "auf null": "Marcia ist nicht mehr auf null",
        "Standard": "Prozesse für die Suche (Standard: alle Kerne)",
        "0.8": "Sekunden zwischen den Zügen (Vorgabe: 0.8)",
    }
    english = {
        "Spiel for the match": "You reach 61 exactly and win the match.",
        "verdeckten Steine": "in Fives & Threes nobody draws from the sleeping tiles.",
    }
    words = [(word, pattern(word)) for word, _ in rejected("de")]
    for finding, text in found.items():
        msgid = english.get(finding, "")
        assert any(r.search(text) and holds(w, msgid) for w, r in words), finding
    for right in ("Welcher Zug gewinnt, egal, was die anderen tun?", "Marcia steht bei null.",
                  "Alle Punktestände gehen auf null zurück.", "Vorgabe: 0,8"):
        assert not any(r.search(right) for _, r in words), right
    spiel = next(w for w, _ in rejected("de") if "Spiel" in w)
    assert not holds(spiel, "Marcia wins the game.")
    assert not holds(spiel, "your chance to win the match from the score after the game")


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
        if regex.search(text) and holds(word, msgid)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("domain", CATALOGS)
def test_english_texts_use_no_rejected_word(domain: str) -> None:
    words = [(word, use, pattern(word)) for word, use in rejected("en")]
    found = [
        f"{word!r} (use {use!r}) in {text[:70]!r}"
        for text in english(domain)
        for word, use, regex in words
        if regex.search(text)
    ]
    assert not found, "\n".join(found)


def test_every_catalog_is_checked() -> None:
    """The terminology holds in every catalog of every language: the tutor's, the docs' pages
    and the docs' theme (sphinx.po: the search page, the buttons)."""
    folder = ROOT / "locales" / "de" / "LC_MESSAGES"
    assert {p.stem for p in folder.glob("*.po")} == set(CATALOGS)


def test_a_tile_is_der_stein_in_german() -> None:
    regex = pattern(next(word for word, _ in rejected("de") if "[0-6]-[0-6]" in word))
    for wrong in ("die 6-6 liegt", "Lege das 5-5.", "mit einer 4-4"):
        assert regex.search(wrong), wrong
    for right in ("der 6-6 liegt", "Lege den 5-5.", "mit dem 6-6", "des 6-6", "die Steine 6-6"):
        assert not regex.search(right), right


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
            # (a placeholder has no word boundary before its brace: "{target} points")
            scored = re.search(
                r"(\b(\d+|one|a|no|more|how many)|\{\w+\}) (bonus )?points?\b", msgid
            )
            if scored:
                assert "tanto" in text, f"{msgid!r}: a point scored is tanto, not {text!r}"


# --- a pass: one word per game --------------------------------------------------------------

PASS_TERMS = {term["game"]: term for term in GLOSSARY["term"] if "game" in term}
"""The glossary's word for a pass in each game (Cutthroat: pass; Fives & Threes: knock)."""
SCENARIO_NOTE = re.compile(r"^scenario (\S+): ")
PAGES = {"cutthroat": "cutthroat.md", "fives-and-threes": "fives-and-threes.md"}


def pass_forms(game: str, language: str) -> re.Pattern[str]:
    """Any inflection of a game's pass word in a language ("knocks", "geklopft", "bati")."""
    words = "|".join(re.escape(w) for w in PASS_TERMS[game][language]["forms"])
    return re.compile(rf"(?<![\w-])({words})(?![\w-])", re.IGNORECASE)


def scenario_game(scenario: str) -> str:
    data = tomllib.loads((ROOT / "scenarios" / f"{scenario}.toml").read_text(encoding="utf-8"))
    return str(data.get("game", "cutthroat"))


def page_texts() -> dict[str, str]:
    return {game: (ROOT / "docs" / p).read_text(encoding="utf-8") for game, p in PAGES.items()}


def game_of(message: Message, domain: str, pages: dict[str, str]) -> str | None:
    """The game an entry is about: its scenario's, or its docs page's (None: both or neither)."""
    for note in message.auto_comments:
        if found := SCENARIO_NOTE.match(note):
            return scenario_game(found.group(1))
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    if domain == "docs":
        games = [game for game, text in pages.items() if msgid in text]
        return games[0] if len(games) == 1 else None
    return None


def other(game: str) -> str:
    return next(g for g in PASS_TERMS if g != game)


def test_the_glossary_has_a_pass_word_per_game() -> None:
    assert {g: t["en"]["term"] for g, t in PASS_TERMS.items()} == {
        "cutthroat": "pass",
        "fives-and-threes": "knock",
    }
    assert pass_forms("fives-and-threes", "de").search("Marcia hat bei 6 geklopft.")
    assert not pass_forms("cutthroat", "en").search("a play that would go past 61")


def test_the_code_says_each_games_pass_word_in_one_place() -> None:
    from tutor.words.vocabulary import PASS_WORDS

    assert set(PASS_WORDS) == set(PASS_TERMS)
    for game, sentences in PASS_WORDS.items():
        for text in sentences.values():
            assert pass_forms(game, "en").search(text), text
            assert not pass_forms(other(game), "en").search(text), text


@pytest.mark.parametrize("domain", ("tutor", "docs"))
def test_a_games_texts_use_its_pass_word(domain: str) -> None:
    """A scenario or a docs page of one game never uses the other game's word for a pass: the
    Fives & Threes rules page and the Fives & Threes screens both knock."""
    pages = page_texts()
    found = []
    for message in messages("de", domain):
        game = game_of(message, domain, pages)
        if game is None:
            continue
        texts = [message.id] if isinstance(message.id, str) else list(message.id)
        found += [
            f"{game}: {text[:70]!r}" for text in texts if pass_forms(other(game), "en").search(text)
        ]
    assert not found, "\n".join(found)


EXCEEDS = re.compile(r"\bpass(es)? (the target|it|\d+)\b", re.IGNORECASE)
"""'pass' as in going past the target, not a pass of the turn."""


@pytest.mark.parametrize("domain", CATALOGS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_says_the_pass_word_of_its_english(language: str, domain: str) -> None:
    """Where the English knocks the translation knocks (klopfen, bati riba mesa), and where it
    does not, the translation does not; where the English passes, Papiamentu says pasa (German
    passen is also "to fit", and Papiamentu pasa also "to happen": only that way round)."""
    knock, passes = "fives-and-threes", "cutthroat"
    found = []
    for msgid, text in translations(language, domain):
        said = bool(pass_forms(knock, "en").search(msgid))
        if said != bool(pass_forms(knock, language).search(text)):
            word = PASS_TERMS[knock][language]["term"]
            found.append(f"{word!r} {'missing in' if said else 'not in the English of'} "
                         f"{msgid[:60]!r}: {text[:60]!r}")
        english = EXCEEDS.sub("", msgid)
        passed = language == "pap" and pass_forms(passes, "en").search(english)
        if passed and not pass_forms(passes, language).search(text):
            found.append(f"'pasa' missing in {msgid[:60]!r}: {text[:60]!r}")
    assert not found, "\n".join(found)


# --- German: a capital after a colon only where a whole sentence follows ---------------------

FRAGMENT = re.compile(r": (Kein|Keine|Keinen|Noch kein\w*|Nur noch) [^.;!?:]*?[.;!?:]")
"""After a colon German writes a capital only when a whole sentence follows ("Niemand zieht: Die
Steine bleiben liegen"); a fragment without a verb goes on in lower case ("Es gibt nur einen Zug:
kein Tipp nötig")."""
VERB = re.compile(r"\b(ist|sind|gibt|hat|hast|haben|kann|kannst|muss|musst|bleibt|zählt|"
                  r"passt|liegt|liegen|bringt|wird|werden|war|gewinnt|geht|kommt)\b")


@pytest.mark.parametrize("domain", CATALOGS)
def test_german_goes_on_in_lower_case_after_a_colon_before_a_fragment(domain: str) -> None:
    found = [
        f"{text[:80]!r}"
        for _, text in translations("de", domain)
        for match in FRAGMENT.finditer(text)
        if not VERB.search(match.group(0))
    ]
    assert not found, "\n".join(found)
