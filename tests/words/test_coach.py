"""The coach's reasons in words: every kind of reason has a sentence in en, de and pap."""

from __future__ import annotations

import dataclasses
import typing

import pytest

import tutor.questions.reasons as reasons
from tutor.rules.plays import Play
from tutor.words.coach import reason_text
from tutor.words.i18n import Speaker
from tutor.words.play import seat_names

KINDS = typing.get_args(reasons.Reason)


def example(kind: type) -> reasons.Reason:
    values = {}
    for field in dataclasses.fields(kind):
        if field.type == "Play":
            values[field.name] = Play.parse("6-3 left" if "second" not in field.name else "4-4")
        elif field.name == "seat":
            values[field.name] = 1
        elif field.type == "Tile":
            values[field.name] = Play.parse("6-3").tile
        elif field.name.endswith("tiles"):
            values[field.name] = 0b1011
        elif field.type == "float":
            values[field.name] = 0.25
        else:
            values[field.name] = 3
    return typing.cast(reasons.Reason, kind(**values))


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_reason_has_a_sentence(kind: type, language: str) -> None:
    text = reason_text(example(kind), seat_names(2), Speaker(language))
    assert text and "{" not in text and text.endswith(".")


def test_the_points_now_are_said_with_both_plays() -> None:
    fact = reasons.PointsNow(Play.parse("6-3"), 3, 9, Play.parse("4-4"), 0, 8)
    said = reason_text(fact, seat_names(2), Speaker("en"))
    assert said == "6-3 scores 3 points now; 4-4 scores none."


def test_one_point_to_win_is_said_in_the_singular() -> None:
    """The user trial read "At 60-51, only 1 points win you the match"."""
    one = reasons.MatchScore(seat=1, mine=60, theirs=51, need=1, their_need=10)
    names = seat_names(2)
    assert "only 1 point wins you the match" in reason_text(one, names, Speaker("en"))
    assert "nur genau 1 Punkt die Partie" in reason_text(one, names, Speaker("de"))
    six = dataclasses.replace(one, mine=55, need=6)
    assert "only 6 points win you the match" in reason_text(six, names, Speaker("en"))


def test_a_count_of_one_reads_right_in_german() -> None:
    """The user trial read "Nach 4-0 hast du 1 Augen": the count is said as the count."""
    one = reasons.CountKept(Play.parse("4-0"), 1, Play.parse("6-6"), 13)
    text = reason_text(one, seat_names(2), Speaker("de"))
    assert "1 Augen" not in text and "Augenzahl 1" in text
