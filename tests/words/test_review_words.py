"""The review's words say what a chance is a chance to win (the set, the match), and a Fives &
Threes hand is a round (Runde, ronda), the word the game uses: wega is the match in
Papiamentu, and Spiel is a Cutthroat game in German (issue 22, the user trial)."""

from __future__ import annotations

import dataclasses

import pytest

from tutor.questions.coach import Grade, Verdict
from tutor.rules.plays import Play
from tutor.words.coach import grade_lines, hint_lines
from tutor.words.i18n import Speaker
from tutor.words.review import hand_end_lines, hand_summary, known_lines

NAMES = ("you", "Marcia")
BEST, PLAYED = Play.parse("6-6"), Play.parse("5-5 left")


def graded(scope: str, loss: float = 0.2) -> Grade:
    return Grade(
        PLAYED, BEST, ((BEST, 0.6), (PLAYED, 0.6 - loss)), Verdict.MISTAKE,
        known=((BEST, 1.0), (PLAYED, 0.0)), known_exact=True, scope=scope,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("fives", "lang", "words"),
    [
        (True, "en", "1 play of yours was an inaccuracy or worse."),
        (False, "en", "1 play of yours was an inaccuracy or worse."),
        (True, "de", "1 Zug von dir war eine Ungenauigkeit oder schlimmer."),
        (False, "pap", "1 hugada di bo tabata un fayo chikitu òf mas malu."),
    ],
)
def test_the_hands_mistakes_are_counted_by_their_grade(
    fives: bool, lang: str, words: str
) -> None:
    scope = "match" if fives else "set"
    lines = hand_summary(2, [graded(scope)], 1, "live", None, NAMES, Speaker(lang), fives=fives)
    assert lines[-1] == words, lines


def test_a_set_blunder_of_3_percent_is_not_said_to_lose_a_tenth_of_the_set() -> None:
    """A Cutthroat set's grade is on the loss divided by what the hand can swing: the trial
    read "blunder (3% less chance to win the set)" and then "1 play of yours lost a tenth or
    more of your chance to win the set"."""
    blunder = dataclasses.replace(graded("set", 0.03), verdict=Verdict.BLUNDER, swing=0.05)
    said = grade_lines(blunder, NAMES, Speaker("en"))
    assert said[0].startswith("Coach: 5-5 on the left: blunder (3% less chance to win the set)")
    lines = hand_summary(2, [blunder], 1, "live", None, NAMES, Speaker("en"))
    assert lines[-1] == "1 play of yours was an inaccuracy or worse.", lines
    assert not any("tenth" in line for line in lines), lines
    two = hand_summary(2, [blunder, blunder], 2, "live", None, NAMES, Speaker("de"))
    assert two[-1] == "2 Züge von dir waren Ungenauigkeiten oder schlimmer.", two


@pytest.mark.parametrize(
    ("lang", "round_", "not_"),
    [("en", "round 3", "hand 3"), ("de", "Runde 3", "Spiel 3"), ("pap", "ronda 3", "wega 3")],
)
def test_a_fives_and_threes_hand_is_a_round(lang: str, round_: str, not_: str) -> None:
    sp = Speaker(lang)
    lines = hand_end_lines(3, [(graded("match"), False, False)], "live", None, NAMES, sp,
                           fives=True)
    summary = [lines[0], lines[-2]]  # "Review of round 3:", "Accuracy in round 3: ..."
    assert all(round_ in line and not_ not in line for line in summary), lines
    none = hand_summary(3, [], 0, "live", None, NAMES, sp, fives=True)
    assert round_ in none[0] and not_ not in none[0], none
    # A Cutthroat game of a set keeps its word.
    cutthroat = hand_end_lines(3, [(graded("set"), False, False)], "live", None, NAMES, sp)
    assert round_ not in cutthroat[0], cutthroat


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "chance to win the match"), ("de", "die Partie zu gewinnen"),
     ("pap", "chèns di gana e wega")],
)
def test_a_fives_and_threes_grade_says_the_match(lang: str, words: str) -> None:
    sp = Speaker(lang)
    lines = grade_lines(graded("match"), NAMES, sp)
    assert words in lines[0], lines  # the grade
    assert words in lines[-1], lines  # with all hands known
    assert words in hint_lines(graded("match"), NAMES, sp)[0]


def test_a_knowable_cutthroat_play_says_the_set() -> None:
    lines = known_lines(graded("set"), True, NAMES, Speaker("en"))
    assert "less chance to win the set than the best play" in lines[0], lines


@pytest.mark.parametrize(
    ("lang", "fives", "cutthroat"),
    [
        ("en", "Nobody can play: the round is blocked.", "Nobody can play: the game is blocked."),
        ("de", "Niemand kann legen: Die Runde ist blockiert.",
         "Niemand kann legen: Das Spiel ist blockiert."),
        ("pap", "Ningun hende no por hunga: e ronda ta bloká.",
         "Ningun hende no por hunga: e wega ta bloká."),
    ],
)
def test_a_blocked_fives_and_threes_hand_is_a_blocked_round(
    lang: str, fives: str, cutthroat: str
) -> None:
    """The trial: "Nobody can play: the game is blocked." in Fives & Threes, where the game
    (pap wega) is the match and only the round is blocked."""
    from tutor.rules.plays import Outcome, Termination
    from tutor.rules.series import HandOver
    from tutor.rules.table_rules import TableRules
    from tutor.words.play import event_lines

    blocked = HandOver(2, Outcome(Termination.BLOCKED, 0, (3, 8)), (0, 0), (10, 20))
    sp = Speaker(lang)
    said = event_lines(blocked, NAMES, sp, first=False,
                       rules=TableRules(game="fives-and-threes", players=2))
    assert said[0] == fives, said
    assert event_lines(blocked, NAMES, sp, first=False, rules=TableRules())[0] == cutthroat


def test_reaching_the_target_wins_the_match() -> None:
    from tutor.questions.facts import ScoreBreakdown
    from tutor.words.narrate import say

    fact = ScoreBreakdown(Play.parse("2-1 right"), 6, 2, 0, 0, 2, 2, 59, 61)
    said = say(fact, Speaker("en"))
    assert said.endswith("That makes exactly 61: the match is won."), said
    assert say(fact, Speaker("de")).endswith("Das ergibt genau 61: Die Partie ist gewonnen.")
