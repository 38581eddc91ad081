"""A play and what the rules make of plays: the legal ones, the end of a game, the errors.

What a play is (``Play``, ``PLAYS``), which plays a hand has on a line (``plays_for``,
``placement_matters``), how a game ends (``Outcome``, ``Termination``, ``blocked_outcome``) and
the errors of a refused request (``IllegalPlayError``, ``SetupError``). ``Game`` (the referee)
and ``Position`` (one seat's view) both build on these.

>>> line = Line.parse(["6-6", "6-5"])
>>> [str(p) for p in plays_for(line, Tile(5, 1).bit | Tile(6, 2).bit | Tile(4, 3).bit)]
['6-2 left', '5-1 right']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.rules.line import LEFT, RIGHT, End, Line
from tutor.rules.tiles import SUIT, TILES, Mask, Tile, hand_count, iter_indexes

__all__ = [
    "PLAYS",
    "IllegalPlayError",
    "Outcome",
    "Play",
    "SetupError",
    "Termination",
    "blocked_outcome",
    "placement_matters",
    "plays_for",
]


class IllegalPlayError(ValueError):
    """A play, pass or draw that the rules do not allow now."""


class SetupError(ValueError):
    """A game that cannot be set up as asked: a tile in two places, a seat that does not exist.

    >>> from tutor.rules.game import Game
    >>> Game.from_hands([["6-6"], ["6-6"]])
    Traceback (most recent call last):
    ...
    tutor.rules.plays.SetupError: tiles appear twice: 6-6
    """


@dataclass(frozen=True, slots=True)
class Play:
    """A tile laid at one end. On an empty line the end is ``left``.

    >>> Play.parse("5-6 RIGHT")
    Play(tile=Tile(6, 5), end=<End.RIGHT: 'right'>)
    >>> str(Play(Tile(3, 4), LEFT))
    '4-3 left'
    """

    tile: Tile
    end: End

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read ``"a-b left"`` or ``"a-b right"`` (a tile alone means ``left``)."""
        parts = text.split()
        if not 1 <= len(parts) <= 2:
            raise ValueError(f"{text!r} is not a play: write a tile and an end, like 6-5 left")
        end = End.parse(parts[1]) if len(parts) == 2 else LEFT
        return cls(Tile.parse(parts[0]), end)

    def __str__(self) -> str:
        return f"{self.tile} {self.end}"


PLAYS: tuple[tuple[Play, Play], ...] = tuple((Play(t, LEFT), Play(t, RIGHT)) for t in TILES)
"""``PLAYS[tile.index]`` holds the two plays of a tile, left first."""


def _plays_by_suit(side: int) -> tuple[dict[Mask, tuple[Play, ...]], ...]:
    # pragma: no mutate block -- it runs only at import, before mutmut switches a mutant on
    """Per number, each subset of its suit mapped to its tiles' plays at one end, lowest first.

    A lookup in these tables replaces a loop over the set bits in ``legal_plays``.
    """
    tables = []
    for suit in SUIT:
        table, sub = {}, suit
        while True:
            table[sub] = tuple(PLAYS[i][side] for i in iter_indexes(sub))
            if not sub:
                break
            sub = (sub - 1) & suit
        tables.append(table)
    return tuple(tables)


_LEFT_PLAYS = _plays_by_suit(0)
_RIGHT_PLAYS = _plays_by_suit(1)


class Termination(Enum):
    """How a game ended."""

    DOMINO = "domino"
    """A player laid their last tile."""
    BLOCKED = "blocked"
    """Nobody could play."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game.

    ``winner`` is the seat that won, or ``None`` for a tied block. ``counts`` is
    every seat's hand count at the end; ``key_card`` is True when a domino was
    made with the key card.
    """

    kind: Termination
    winner: int | None
    counts: tuple[int, ...]
    key_card: bool = False

    @property
    def lowest(self) -> tuple[int, ...]:
        """The seats with the lowest count (more than one on a tied block)."""
        low = min(self.counts)
        return tuple(seat for seat, count in enumerate(self.counts) if count == low)


def blocked_outcome(hands: Sequence[Mask]) -> Outcome:
    """The outcome of a block: every seat counts its own hand, the lowest count wins.

    >>> blocked_outcome([Tile(3, 2).bit | Tile(5, 5).bit, Tile(6, 1).bit])
    Outcome(kind=<Termination.BLOCKED: 'blocked'>, winner=1, counts=(15, 7), key_card=False)
    >>> blocked_outcome([Tile(3, 2).bit, Tile(4, 1).bit]).winner is None
    True
    """
    counts = tuple(hand_count(hand) for hand in hands)
    low = min(counts)
    lowest = [seat for seat, count in enumerate(counts) if count == low]
    return Outcome(Termination.BLOCKED, lowest[0] if len(lowest) == 1 else None, counts)


def placement_matters(line: Line) -> bool:
    """True when both ends show the same number but count differently in Fives & Threes.

    That happens when exactly one of the end tiles is a double: laying a tile
    at the double's end removes a double count, at the other end it does not.

    >>> placement_matters(Line.parse(["3-3", "3-1", "1-5", "5-3"]))
    True
    >>> placement_matters(Line.parse(["3-1", "1-2", "2-3"]))
    False
    """
    # pragmas: end_tile reads any end but LEFT as the right end; first and last are None
    # together. (A line of one tile needs no test of its own: a lone double is at both ends.)
    first, last = line.end_tile(LEFT), line.end_tile(RIGHT)  # pragma: no mutate
    if first is None or last is None:  # pragma: no mutate (None together: or = and)
        return False
    return first.left == last.right and first.tile.is_double != last.tile.is_double


def plays_for(
    line: Line, hand: Mask, *, pose: Tile | None = None, fives_and_threes: bool = False
) -> list[Play]:
    """The legal plays of ``hand`` on ``line``, left end first.

    When both ends show the same number, a tile that fits is listed once, at
    ``left`` (the two plays lead to the same line), except in Fives & Threes when
    the ends count differently (``placement_matters``): then both are listed. On
    an empty line every tile (or the required pose) is a ``left`` play.

    >>> [str(p) for p in plays_for(Line.parse(["6-6", "6-5"]), Tile(5, 1).bit | Tile(6, 2).bit)]
    ['6-2 left', '5-1 right']
    """
    left, right = line.left, line.right
    if left is None or right is None:  # pragma: no mutate (None together: or = and)
        if pose is not None:
            return [PLAYS[pose.index][0]] if hand & pose.bit else []
        return [PLAYS[i][0] for i in iter_indexes(hand)]
    plays = list(_LEFT_PLAYS[left][hand & SUIT[left]])
    if right != left or (fives_and_threes and placement_matters(line)):
        plays += _RIGHT_PLAYS[right][hand & SUIT[right]]
    return plays
