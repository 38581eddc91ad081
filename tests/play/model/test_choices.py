"""One reader of a typed play, for the plain face (it numbers the legal plays) and the full
screen (it numbers the hand)."""

from __future__ import annotations

import pytest

from tutor.play.model.choices import Named, plays_named, read_reply
from tutor.rules.line import LEFT, RIGHT
from tutor.rules.plays import Play
from tutor.rules.tiles import Tile

PLAYS = [Play.parse("6-5 left"), Play.parse("6-5 right"), Play.parse("4-4 left")]
"""What plain mode numbers: the legal plays, a tile that fits both ends twice."""
HAND = [Tile(6, 5), Tile(4, 4), Tile(3, 1), Tile(1, 0)]
"""What the full screen numbers: the hand, legal or not."""
GERMAN = {"links": LEFT, "rechts": RIGHT}


@pytest.mark.parametrize(
    ("reply", "named"),
    [
        ("1", Named(Tile(6, 5), LEFT)),
        ("2", Named(Tile(6, 5), RIGHT)),
        (" 3 ", Named(Tile(4, 4), LEFT)),
        ("4", None),
        ("0", None),
        ("2 links", None),  # a play's number has its end already
        ("5-6", Named(Tile(6, 5))),
        ("6-5 Rechts", Named(Tile(6, 5), RIGHT)),
        ("6-5 r", Named(Tile(6, 5), RIGHT)),
        ("6-5 left", Named(Tile(6, 5), LEFT)),
        ("6-5 oben", None),
        ("6-5 left now", None),
        ("7-1", None),
        ("²", None),
        ("", None),
    ],
)
def test_plain_numbers_name_the_legal_plays(reply: str, named: Named | None) -> None:
    assert read_reply(reply, PLAYS, GERMAN) == named


@pytest.mark.parametrize(
    ("reply", "named"),
    [
        ("1", Named(Tile(6, 5))),
        ("3", Named(Tile(3, 1))),  # a tile of the hand that may not fit: its number still counts
        ("1 links", Named(Tile(6, 5), LEFT)),
        ("5", None),
        ("2-2", Named(Tile(2, 2))),  # not in the hand: the screen says so
    ],
)
def test_the_screen_numbers_name_the_tiles_of_the_hand(reply: str, named: Named | None) -> None:
    assert read_reply(reply, HAND, GERMAN) == named


@pytest.mark.parametrize(
    ("named", "plays"),
    [
        (Named(Tile(6, 5)), ["6-5 left", "6-5 right"]),  # fits both ends: which?
        (Named(Tile(6, 5), RIGHT), ["6-5 right"]),
        (Named(Tile(4, 4)), ["4-4 left"]),
        (Named(Tile(4, 4), RIGHT), ["4-4 left"]),  # an end it does not fit: where it fits
        (Named(Tile(3, 1)), []),
        (None, []),
    ],
)
def test_the_plays_a_named_tile_can_be(named: Named | None, plays: list[str]) -> None:
    assert [str(p) for p in plays_named(named, PLAYS)] == plays


def test_the_same_number_means_a_play_in_plain_and_a_tile_on_the_screen() -> None:
    legal = [Play.parse("4-4 left"), Play.parse("6-5 right")]
    assert plays_named(read_reply("1", legal), legal) == [Play.parse("4-4 left")]
    assert plays_named(read_reply("1", HAND), legal) == [Play.parse("6-5 right")]
