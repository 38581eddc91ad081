"""What the learner reads after a reply, in the learner's language."""

from __future__ import annotations

from pathlib import Path

from tutor.feedback import feedback_lines
from tutor.i18n import Speaker
from tutor.judge import judge
from tutor.scenarios import load_scenario
from tutor.vocabulary import reply_words

LIBRARY = Path(__file__).resolve().parents[1] / "scenarios"
DE = Speaker("de")


def test_right_wrong_and_unreadable_in_german() -> None:
    s = load_scenario(LIBRARY / "key-cards" / "last-three-last-four.toml")
    words = reply_words(DE)
    right = feedback_lines(s, judge(s, str(s.question.expect), words), DE)
    wrong = feedback_lines(s, judge(s, "0", words), DE)
    unreadable = feedback_lines(s, judge(s, "zwei", words), DE)
    assert right[0] == "Richtig!" and len(right) > 1
    assert wrong[0].startswith("Nicht ganz.") and str(s.question.expect) in wrong[0]
    assert unreadable == [
        "Das konnte ich nicht lesen. Bitte antworte mit einer ganzen Zahl, etwa: 12."
    ]


def test_the_best_plays_are_all_named_when_one_is_right() -> None:
    s = load_scenario(LIBRARY / "fives-and-threes-scoring" / "two-equal-best.toml")
    lines = feedback_lines(s, judge(s, "1-0 left"), Speaker("en"))
    assert lines[0] == "Right! The best plays are 1-0 left and 4-3 right."
