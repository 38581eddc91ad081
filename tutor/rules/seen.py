"""What every seat saw of a game: each step with the ends it showed, and what passes told.

A seat that passes (or, with a boneyard, draws) while the ends show 3 and 5 holds no 3
and no 5 at that moment; hands only shrink without a boneyard, so it lacks them from then
on. ``Position.from_game`` reads both from the game's record with ``seen_in``.

>>> from tutor.rules.game import Game
>>> from tutor.rules.plays import Play
>>> from tutor.rules.table_rules import TableRules
>>> game = Game.from_hands([["6-6", "6-1"], ["5-5", "2-2"]], rules=TableRules(players=2))
>>> game.play(Play.parse("6-6"))
>>> game.pass_turn()
>>> lacks, steps = seen_in(game)
>>> lacks, [step.kind.value for step in steps], steps[1].lacked == 1 << 6
((0, 64), ['play', 'pass'], True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tutor.rules.game import StepKind

if TYPE_CHECKING:
    from tutor.rules.game import Game

__all__ = ["Seen", "seen_in"]


class Seen(NamedTuple):
    """One step of a game as every seat saw it (a tuple: one is made per step).

    ``left``/``right`` are the ends just before the step as codes: the number, plus
    8 when a double lies there (-1 on an empty line). A drawn tile is not seen.

    >>> Seen(1, StepKind.PASS, -1, -1, 5 | 8, 3).lacked
    40
    """

    seat: int
    kind: StepKind
    tile: int
    """The index of the tile played (-1: a pass or a draw)."""
    side: int
    """Where it was laid: 0 left (and on an empty line), 1 right (-1: a pass or a draw)."""
    left: int
    right: int

    @property
    def lacked(self) -> int:
        """The 7-bit mask of the numbers the ends showed (0 on an empty line or for a play).

        A seat that passes or draws holds none of them at that moment.
        """
        if self.kind is StepKind.PLAY or self.left < 0:
            return 0
        return 1 << (self.left & 7) | 1 << (self.right & 7)


def seen_in(game: Game) -> tuple[tuple[int, ...], tuple[Seen, ...]]:
    """What every seat saw: per seat the numbers it lacks, and the steps with their ends.

    The ends before each step are found by taking the line back play by play. With
    a boneyard a drawn tile may carry a number its holder lacked before, so a seat
    lacks only what it passed or drew on since its last draw. (Mining builds a
    position at every play: this loop is kept tight.)
    """
    steps = game._history  # the engine's own undo record, read only
    seats = game.seats
    if not steps:
        return (0,) * seats, ()
    placed = list(game.line)
    codes = [(p.left | 8, p.right | 8) if p.left == p.right else (p.left, p.right) for p in placed]
    lo, hi = 0, len(codes)
    lacks = [0] * seats
    drew = 0
    seen: list[Seen] = [None] * len(steps)  # type: ignore[list-item]
    make = tuple.__new__
    draw_kind = StepKind.DRAW
    k = len(steps)
    for who, kind, _, play, _ in reversed(steps):
        k -= 1
        if play is not None:
            index = play.tile.index
            if placed[lo].tile.index == index:  # the pose, taken back last, is at lo too
                side = 0
                lo += 1
            else:
                side = 1
                hi -= 1
            left = codes[lo][0] if lo < hi else -1
            right = codes[hi - 1][1] if lo < hi else -1
            seen[k] = make(Seen, (who, kind, index, side, left, right))
            continue
        # A seat passes or draws only once the pose is down (the engine makes the seat to
        # pose hold the tile it must pose), so the line is never empty here.
        left, right = codes[lo][0], codes[hi - 1][1]
        seen[k] = make(Seen, (who, kind, -1, -1, left, right))
        if not drew >> who & 1:
            lacks[who] |= 1 << (left & 7) | 1 << (right & 7)
        if kind is draw_kind:
            drew |= 1 << who  # what it lacked before this draw may have come with it
    return tuple(lacks), tuple(seen)
