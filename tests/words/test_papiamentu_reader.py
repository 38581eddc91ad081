"""The Papiamentu reading of issue 24 (every screen of quiz, play, review, progress and
validate read with the glossary and the seed): what is not a word choice (those are rejected
in the glossary, tests/i18n/test_terminology.py).

- "Riba e kaminda ei Shurnel ta obligá di pasa." in Fives & Threes, where a player knocks
  (bati riba mesa): the proof's forced pass had no game, and said "pass" in English too.
"""

from __future__ import annotations

import pytest

from tutor.questions.facts import ForcedPass
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES
from tutor.words.i18n import Speaker
from tutor.words.proofs import forced_pass

KNOCKS = {"en": "is forced to knock.", "de": "muss Shurnel klopfen.",
          "pap": "Shurnel ta obligá di bati riba mesa."}
PASSES = {"en": "is forced to pass.", "de": "muss Shurnel passen.",
          "pap": "Shurnel ta obligá di pasa."}


@pytest.mark.parametrize("language", sorted(KNOCKS))
def test_a_forced_pass_on_the_winning_line_is_said_in_the_games_word(language: str) -> None:
    sp = Speaker(language)
    assert forced_pass(ForcedPass("Shurnel", FIVES_AND_THREES), sp).endswith(KNOCKS[language])
    assert forced_pass(ForcedPass("Shurnel", CUTTHROAT), sp).endswith(PASSES[language])
    you = forced_pass(ForcedPass("you", FIVES_AND_THREES), sp)
    assert {"en": "knock", "de": "klopfen", "pap": "bati"}[language] in you


def test_the_winning_line_of_a_fives_and_threes_puzzle_knocks() -> None:
    from pathlib import Path

    from tutor.questions.winning import line_facts  # noqa: F401  (the facts' maker)
    from tutor.scenarios.model import answer_scenario
    from tutor.scenarios.reader import load_scenario

    root = Path(__file__).resolve().parents[2] / "scenarios"
    found = []
    for path in sorted(root.glob("*/gen-*.toml")):
        scenario = load_scenario(path)
        if scenario.position.is_fives_and_threes:
            facts = answer_scenario(scenario).facts
            found += [f for f in facts if isinstance(f, ForcedPass)]
    assert found and all(f.game == FIVES_AND_THREES for f in found)


def test_the_glossary_rejects_what_the_papiamentu_reading_found() -> None:
    """Each quotation of the reading is rejected by the glossary (so that the terminology test
    keeps it out of every catalog), and its correction is not."""
    from tests.i18n.test_terminology import holds, pattern, rejected

    found = {
        "Despues di 3-0, Marcia por kontestá ku 6-0 pa 3 tanto; despues di 5-1, pa 1 te mas.": "",
        "Un hugada ta gana mas tantu biaha ku kualkier otro.": "",
        "Puntonan di aki te na fin di e ronda: bo 13 i Shurnel 0.":
            "Points from here to the end of the round: {points}.",
        "{tile} ta keda {kept} number diferente den bo man": "",
        "Fives & Threes · nivel 2 · reparti {id}": "",
    }
    words = [(word, pattern(word)) for word, _ in rejected("pap")]
    for text, msgid in found.items():
        assert any(r.search(text) and holds(w, msgid) for w, r in words), text
    for right in ("pa 1 na máksimo", "ta gana mas biaha", "Liña: 5-6 6-6 (puntonan 5 i 6)",
                  "Ku 5-1 bo ta keda ku 5 number", "repartishon 977363"):
        assert not any(r.search(right) and holds(w, "") for w, r in words), right


def test_both_ends_are_tur_dos_as_in_the_seed_and_ambos_is_still_understood() -> None:
    """The Papiamentu reading (A1): the seed says "tur dos punto tabata duru"; the quiz asked
    "(robes, drechi, ambos òf ningun)" and understood only "ambos"."""
    from tutor.rules import Line, TableRules
    from tutor.rules.position import Position
    from tutor.words.replies import Reading, read_ends
    from tutor.words.vocabulary import reply_words

    sp = Speaker("pap")
    assert sp._("Which ends are hard? (left, right, both or none)") == (
        "Kua punto ta duru? (robes, drechi, tur dos òf ningun)"
    )
    assert sp._("left, right, both or none") == "robes, drechi, tur dos òf ningun"
    reading = Reading(Position(Line(), (0, 0, 0, 0), TableRules()), reply_words(sp))
    for reply in ("tur dos", "Tur  dos", "tur dos punto", "ambos", "both"):
        assert read_ends(reply, reading) == ["left", "right"], reply
    german = Reading(Position(Line(), (0, 0, 0, 0), TableRules()), reply_words(Speaker("de")))
    for reply in ("beide", "beide Enden", "both"):
        assert read_ends(reply, german) == ["left", "right"], reply


@pytest.mark.parametrize(
    ("english", "papiamentu"),
    [
        ("This game can swing your chance to win the set by {swing}.",
         "E wega aki por kambia bo chèns di gana e serie ku {swing}."),
        ("Accuracy per hand", "Eksaktitut pa repartishon"),
        ("{game}, set {id}, game {hand}: {accuracy}",
         "{game}, serie {id}, wega {hand}: {accuracy}"),
        ("{game}, match {id}, round {hand}: {accuracy}",
         "{game}, wega {id}, ronda {hand}: {accuracy}"),
        ("Your set {game}: game {hand}, choice {choice}",
         "Bo serie {game}: wega {hand}, hugada {choice}"),
        ("Your match {game}: round {hand}, choice {choice}",
         "Bo wega {game}: ronda {hand}, hugada {choice}"),
    ],
)
def test_a_hand_played_is_never_man_which_is_the_tiles_held(english: str, papiamentu: str) -> None:
    """The Papiamentu reading (A3): "E man aki por kambia bo chèns di gana e serie" read as
    "these tiles in your hand"; a Cutthroat hand in a set is a "wega", a hand in a report
    that counts both games a "repartishon" (a deal)."""
    assert Speaker("pap")._(english) == papiamentu


def test_the_scoring_lesson_is_named_with_tanto_the_word_for_a_point_scored() -> None:
    """The Papiamentu reading (A4): "Fives & Threes: punto, terminá bo man i 61 eksakto" named
    the scoring with "punto", the seed's word for an end and a pip."""
    title = Speaker("pap")._("Fives & Threes: scoring, chipping out and the exact 61")
    assert title == "Fives & Threes: saka tanto, terminá bo man i 61 eksakto"


@pytest.mark.parametrize(
    ("english", "papiamentu"),
    [
        ("inaccuracy", "fayo chikitu"),
        ("Which play wins the game, whatever the others do? (like: 6-5 left)",
         "Kua hugada ta gana e wega, no importá kiko e otronan hasi? (por ehèmpel: 6-5 robes)"),
        ("After {play} instead {seat} wins the game.",
         "Si bo hunga {play}, {seat} ta gana e wega."),
        ("{tile} fits both ends, and the end decides: say which end.",
         "{tile} ta pega na tur dos punto, i e punto ta disidí: bisa na kua punto."),
        ("After {first} your count is {n}; after {second}, {m}.",
         "Despues di {first} bo total ta {n}; despues di {second}, {m}."),
        ("No ratings yet: answer a few questions first.",
         "Ainda no tin klasifikashon: kontestá un par di pregunta promé."),
        ("F1: this help. q or Esc: leave the review.",
         "F1: e instrukshon aki. q òf Esc: sali for di e evaluashon."),
        ("You only draw when nothing fits; here one tile fits, so you must play it.",
         "Bo ta hala solamente ora nada no ta pega; aki un piedra ta pega, p'esei bo mester "
         "hung'é."),
    ],
)
def test_the_second_papiamentu_reading(english: str, papiamentu: str) -> None:
    """The Papiamentu reading 2 (25 findings, most of them also [[avoid]] rules in the
    glossary): "imprekshon" is no word, a Cutthroat hand is a "wega" (not "ronda"), an end a
    "punto" (not "banda"), a hand's count a "total" (not "kuenta"), a rating a
    "klasifikashon" (an "evaluashon" is the review), the F1 help an "instrukshon" (the hint is
    "yudansa"), and "so" at the end of a clause said "when no tile only fits"."""
    assert Speaker("pap")._(english) == papiamentu
