"""Fives & Threes scoring: the open-end total, the points it earns, the points of a play.

Points are computed from the rule, never from a typed-in table: the total
divided by 3 when it is a multiple of 3, plus the total divided by 5 when it is
a multiple of 5.

>>> [points_for_total(t) for t in (3, 5, 6, 9, 10, 12, 15, 18, 20, 22)]
[1, 1, 2, 3, 2, 4, 8, 6, 4, 0]
>>> from tutor.rules.line import Line
>>> ends_total(Line.parse(["4-1"])), ends_total(Line.parse(["4-1", "1-5"]))
(5, 9)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.line import Line
from tutor.rules.tiles import Tile


@dataclass(frozen=True, slots=True)
class FivesThreesScore:
    """How a Fives & Threes total breaks down into points.

    >>> score_total(15)
    FivesThreesScore(total=15, threes=5, fives=3)
    >>> score_total(15).points
    8
    """

    total: int
    threes: int
    """total / 3 when the total is a multiple of 3, else 0."""
    fives: int
    """total / 5 when the total is a multiple of 5, else 0."""

    @property
    def points(self) -> int:
        """The points the total earns."""
        return self.threes + self.fives


def score_total(total: int) -> FivesThreesScore:
    """Break a total of the open ends into threes and fives."""
    threes = total // 3 if total % 3 == 0 else 0
    fives = total // 5 if total % 5 == 0 else 0
    return FivesThreesScore(total, threes, fives)


def points_for_total(total: int) -> int:
    """The points a total of the open ends earns (0 when it is no multiple of 3 or 5)."""
    return score_total(total).points


def ends_total(line: Line) -> int:
    """The total of the open ends of ``line`` as Fives & Threes counts it.

    A double at an end counts both halves; a lone first tile counts its two
    halves once (a lone 5-5 is 10, not 20).

    >>> ends_total(Line.parse(["5-5"])), ends_total(Line.parse(["5-5", "5-0"]))
    (10, 10)
    >>> ends_total(Line.parse(["6-6", "6-5", "5-5"]))
    22
    """
    placed = list(line)
    if not placed:
        return 0
    if len(placed) == 1:
        return placed[0].tile.pips
    first, last = placed[0], placed[-1]
    left = first.tile.pips if first.tile.is_double else first.left
    right = last.tile.pips if last.tile.is_double else last.right
    return left + right


def counted_doubles(line: Line) -> tuple[Tile, ...]:
    """The doubles that lie at an open end of ``line`` and so count whole (both halves) in
    its total, left end first; a lone double counts once.

    >>> counted_doubles(Line.parse(["5-5", "5-4", "4-4"])), counted_doubles(Line.parse(["5-5"]))
    ((Tile(5, 5), Tile(4, 4)), (Tile(5, 5),))
    >>> counted_doubles(Line.parse(["6-6", "6-5"])), counted_doubles(Line())
    ((Tile(6, 6),), ())
    """
    placed = list(line)
    ends = placed[:1] if len(placed) == 1 else [placed[0], placed[-1]] if placed else []
    return tuple(p.tile for p in ends if p.tile.is_double)


def credited_points(score_before: int, earned: int, target: int) -> int:
    """Points a play actually adds under the exact-target rule.

    ``earned`` includes the chip-out point. A play that would pass the target
    scores nothing.

    >>> credited_points(58, 3, 61), credited_points(58, 4, 61), credited_points(10, 4, 61)
    (3, 0, 4)
    """
    return earned if score_before + earned <= target else 0


@dataclass(frozen=True, slots=True)
class PlayPoints:
    """How one Fives & Threes play scored.

    ``earned`` is what the ends and the chip-out point are worth; ``credited``
    is what the player actually gets (0 when it would pass the target).
    """

    score: FivesThreesScore
    chip_out: int
    earned: int
    credited: int
    reached_target: bool
    doubles: tuple[Tile, ...] = ()
    """The doubles at the ends that counted whole (``counted_doubles``)."""

    @property
    def overshoot(self) -> bool:
        """True when the play earned points but they would have passed the target."""
        return self.earned > 0 and self.credited == 0


def score_play(line: Line, chipped_out: bool, score_before: int, target: int) -> PlayPoints:
    """Points for a play that made ``line``; ``chipped_out`` when it was the player's last tile.

    The one rule of a play's points: every other place (the match, the coach, the computer
    players, the bit-mask kernels of ``tutor.rules.fast``, pinned to it by tests) follows it.

    >>> score_play(Line.parse(["4-1", "1-5"]), False, 0, 61).credited
    3
    >>> score_play(Line.parse(["5-5", "5-0"]), True, 60, 61).overshoot
    True
    """
    score = score_total(ends_total(line))
    chip_out = 1 if chipped_out else 0
    earned = score.points + chip_out
    credited = credited_points(score_before, earned, target)
    reached = score_before + credited == target
    return PlayPoints(score, chip_out, earned, credited, reached, counted_doubles(line))
