"""What the learner reads after a reply, in the learner's language."""

from __future__ import annotations

from pathlib import Path

from tests.words.judging import judge
from tutor.scenarios.reader import load_scenario
from tutor.words.feedback import feedback_lines
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import reply_words

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
DE = Speaker("de")


def test_right_wrong_and_unreadable_in_german() -> None:
    s = load_scenario(LIBRARY / "key-cards" / "last-three-last-four.toml")
    words = reply_words(DE)
    right = feedback_lines(s.position, s.question, judge(s, str(s.question.expect), words), DE)
    wrong = feedback_lines(s.position, s.question, judge(s, "0", words), DE)
    unreadable = feedback_lines(s.position, s.question, judge(s, "zwoa", words), DE)
    assert right[0] == "Richtig!" and len(right) > 1
    assert wrong[0].startswith("Nicht ganz.") and str(s.question.expect) in wrong[0]
    assert unreadable == [
        "Das konnte ich nicht lesen. Bitte antworte mit einer ganzen Zahl, etwa: 12."
    ]


def test_the_best_plays_are_all_named_when_one_is_right() -> None:
    s = load_scenario(LIBRARY / "fives-and-threes-scoring" / "two-equal-best.toml")
    lines = feedback_lines(s.position, s.question, judge(s, "1-0 left"), Speaker("en"))
    assert lines[0] == "Right! The best plays are 1-0 left and 4-3 right."


def test_a_wrong_list_of_plays_says_what_was_wrong() -> None:
    """Tiles not in the hand, plays not legal, plays missing (issue 11.4), in German too."""
    from tests.words.test_judge import PLAYS

    en = feedback_lines(
        PLAYS.position, PLAYS.question, judge(PLAYS, "6-2 left, 3-3 left, 4-4 right"), Speaker("en")
    )
    assert "Not in your hand: 4-4." in en
    assert "Not a legal play: 3-3 left." in en
    assert "Missing from your answer: 5-1 right." in en
    de = feedback_lines(
        PLAYS.position, PLAYS.question, judge(PLAYS, "6-2 links", reply_words(DE)), DE
    )
    assert "Das fehlt in deiner Antwort: 5-1 rechts." in de


def test_a_bare_tile_whose_end_decides_is_told_so() -> None:
    from tests.words.test_judge import END_DECIDES

    lines = feedback_lines(
        END_DECIDES.position, END_DECIDES.question, judge(END_DECIDES, "6-3"), Speaker("en")
    )
    assert "6-3 fits both ends, and the end decides: say which end." in lines


def test_a_wrong_pip_count_shows_the_sum() -> None:
    s = load_scenario(LIBRARY / "blocked-boards" / "count-your-hand.toml")
    lines = feedback_lines(s.position, s.question, judge(s, "17"), Speaker("en"))
    assert "Pip by pip: 6+5+6+1 = 18." in lines
    assert "6+5+6+1 = 18" in " ".join(
        feedback_lines(s.position, s.question, judge(s, "17", reply_words(DE)), DE)
    )
