"""The sentence builders of issue 24: lists, "on N or M", the pass word of each game, a first
tile without an end, sentences begun in capitals, numbers through Babel.

Each test fails without its fix: the builder is the one place of its class, so the game, the
quiz, the review and the explanations all say it this way.
"""

from __future__ import annotations

import pytest

from tutor.questions.facts import BlockCounts, CanPlay, ScoreBreakdown
from tutor.rules.plays import Play
from tutor.rules.series import Passed
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.words.i18n import Speaker
from tutor.words.narrate import say
from tutor.words.play import choice_lines, event_lines, seat_names
from tutor.words.vocabulary import LEARNER, numbers_words, pass_words, play_words

FIVES = TableRules(game=FIVES_AND_THREES, players=2)


# --- one list builder per language -----------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "three", "two", "either"),
    [
        ("en", "Marcia: 0, Desmond: 0, and you: 3", "6 and 5", "6, 5, or 4"),
        ("de", "Marcia: 0, Desmond: 0 und du: 3", "6 und 5", "6, 5 oder 4"),
        ("pap", "Marcia: 0, Desmond: 0 i bo: 3", "6 i 5", "6, 5 òf 4"),
    ],
)
def test_lists_in_each_language(language: str, three: str, two: str, either: str) -> None:
    sp = Speaker(language)
    you = {"en": "you", "de": "du", "pap": "bo"}[language]
    assert sp.join(["Marcia: 0", "Desmond: 0", f"{you}: 3"]) == three
    assert sp.join(["6", "5"]) == two
    assert sp.join(["6", "5", "4"], "or") == either
    assert sp.join(["6"]) == "6" and sp.join([]) == ""


def test_papiamentu_writes_no_comma_before_i() -> None:
    """The scores after a hand read "Marcia 0, Desmond 0 i bo 3", not "..., i bo 3" (and no
    colon in an item: issue 24)."""
    counts = BlockCounts((("Marcia", 0), ("Desmond", 0), (LEARNER, 3)), "Marcia", ())
    text = say(counts, Speaker("pap"))
    assert "Marcia 0, Desmond 0 i bo 3" in text and ", i " not in text


# --- "on N or M" -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "both", "two"),
    [("en", "6", "6 or 5"), ("de", "6", "6 oder 5"), ("pap", "6", "6 òf 5")],
)
def test_the_numbers_of_two_ends_are_said_once_each(language: str, both: str, two: str) -> None:
    sp = Speaker(language)
    assert numbers_words((6, 6), sp) == both
    assert numbers_words((6, 5), sp) == two


def test_a_pass_on_a_double_end_says_the_number_once() -> None:
    names = seat_names(3)
    assert event_lines(Passed(1, (6, 6)), names, Speaker("en"), first=False) == [
        "Marcia cannot play on 6 and passes."
    ]
    for language in ("de", "pap"):
        (line,) = event_lines(Passed(1, (6, 6)), names, Speaker(language), first=False)
        assert "6" in line and "6 oder 6" not in line and "6 òf 6" not in line, line


# --- the pass word of each game --------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "cutthroat", "fives"),
    [
        ("en", "Marcia cannot play on 0 or 3 and passes.",
         "Marcia cannot play on 0 or 3 and knocks."),
        ("de", "Marcia kann nicht an 0 oder 3 anlegen und passt.",
         "Marcia kann nicht an 0 oder 3 anlegen und klopft."),
        ("pap", "Marcia no por pega na 0 òf 3 i ta pasa.",
         "Marcia no por pega na 0 òf 3 i ta bati riba mesa."),
    ],
)
def test_fives_and_threes_knocks_where_cutthroat_passes(
    language: str, cutthroat: str, fives: str
) -> None:
    sp, names = Speaker(language), seat_names(2)
    event = Passed(1, (0, 3))
    assert event_lines(event, names, sp, first=False, rules=TableRules(players=2)) == [cutthroat]
    assert event_lines(event, names, sp, first=False, rules=FIVES) == [fives]


def test_a_fives_and_threes_explanation_knocks() -> None:
    en = Speaker("en")
    assert say(CanPlay(LEARNER, (), FIVES_AND_THREES), en) == (
        "You have no tile that fits, so you must knock."
    )
    assert say(CanPlay(LEARNER, ()), en) == "You have no tile that fits, so you must pass."
    assert "klopfen" in say(CanPlay(LEARNER, (), FIVES_AND_THREES), Speaker("de"))


def test_the_pass_words_are_complete_for_both_games() -> None:
    # "hard" left the pass words: it said "the others must pass" where they need not (an end
    # only the learner can play on, the other end open); its two games' sentences are checked
    # in tests/words/test_english_reader.py.
    for which in ("you", "seat", "known", "must", "lacks"):
        assert pass_words(CUTTHROAT, which, Speaker("en")) != pass_words(
            FIVES_AND_THREES, which, Speaker("en")
        )


# --- a pose or a lead has no end yet ---------------------------------------------------------


def test_a_first_tile_is_said_without_an_end() -> None:
    en = Speaker("en")
    pose = Play.parse("6-6")
    assert play_words(pose, en, lead=True) == "6-6"
    assert choice_lines([pose, Play.parse("5-5")], en, lead=True) == ["  1. 6-6", "  2. 5-5"]
    breakdown = ScoreBreakdown(Play.parse("6-4"), 10, 0, 2, 0, 2, 2, 0, 61, True)
    assert say(breakdown, en).startswith("After 6-4 the ends add up to 10.")
    for language in ("de", "pap"):
        text = say(breakdown, Speaker(language))
        assert "links" not in text and "robes" not in text, text


def test_a_lead_in_the_game_names_no_end() -> None:
    from tutor.rules.series import Played

    names = seat_names(2)
    lines = event_lines(
        Played(1, Play.parse("6-4"), None, (6, 4)), names, Speaker("en"), first=True
    )
    assert lines == ["Marcia poses 6-4."]
    lines = event_lines(
        Played(1, Play.parse("6-4"), None, (6, 4)), names, Speaker("en"), first=True, rules=FIVES
    )
    assert lines[0] == "Marcia leads with 6-4."


# --- every sentence begins in capitals --------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_sentence_that_starts_with_a_seat_starts_in_capitals(language: str) -> None:
    counts = BlockCounts(((LEARNER, 5), ("Marcia", 5), ("Desmond", 9)), None, (LEARNER, "Marcia"))
    text = say(counts, Speaker(language))
    second = text.split(". ", 1)[1]
    assert second[0].isupper(), text
    if language == "en":
        assert "You and Marcia tie for the lowest count" in text


# --- numbers through Babel --------------------------------------------------------------------


def test_percents_are_written_as_each_language_writes_them() -> None:
    from tutor.words.coach import percent

    assert percent(0.16, 0.0, Speaker("en")) == "16%"
    assert percent(0.16, 0.0, Speaker("de")) == "16\xa0%"
    assert percent(0.16, 0.01, Speaker("de")) == "etwa 16\xa0%"
    assert percent(0.16, 0.0, Speaker("pap")) == "16%"
