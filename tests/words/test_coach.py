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
