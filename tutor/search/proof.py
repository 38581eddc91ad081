"""Proved puzzles: the one play that wins, found and re-proved by the exact solver.

A position with every hand known is a study: the solver values each legal play
of the seat to play, and the position is a puzzle when the best value is
reached by one tile only and every other play is worse by a clear margin.

- Cutthroat: a play wins when the seat can still win the hand against every
  defence (``can_win``: the others all play against it). Win or not is a clear
  margin by itself.
- Fives & Threes: a play's value is the point difference (the seat to play
  minus the other) at the end of the hand with best play on both sides
  (``solve_fives_threes``); every other play must be ``MARGIN`` points worse.

``winning_line`` then plays the line out (the winner keeps to winning plays,
the others play for themselves) and ``tempting_play`` names the other play a
learner is most likely to choose.

>>> from tutor.rules.line import Line
>>> from tutor.rules.table_rules import TableRules
>>> from tutor.rules.tiles import mask_of, parse_tiles
>>> hands = [["1-0", "5-5"], ["6-6", "2-2"]]
>>> p = Position(Line.parse(["5-1"]), tuple(mask_of(parse_tiles(h)) for h in hands),
...              TableRules(game="fives-and-threes", players=2))
>>> proof = prove(p)
>>> [str(play) for play in proof.best], proof.margin, proof.unique
(['1-0 right'], 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.rules.plays import Play
from tutor.rules.position import PlayKind, Position
from tutor.search.encode import encode
from tutor.search.solver.cutthroat import can_win, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

__all__ = [
    "MARGIN",
    "LineStep",
    "Proof",
    "prove",
    "tempting_play",
    "winning_line",
]

MARGIN = 2
"""Fives & Threes: every other play must end the hand at least this many points worse."""


@dataclass(frozen=True)
class Proof:
    """Each legal play's value and the best plays.

    ``values``: Cutthroat 1 (wins against every defence) or 0; Fives & Threes the
    point difference at the end of the hand. ``margin``: best value minus the
    best value of a play of another tile (``None`` when every play is of one
    tile). ``unique``: the puzzle condition (one tile reaches the best value,
    another tile exists, the margin is clear, and in Cutthroat the best wins).
    """

    best: tuple[Play, ...]
    values: tuple[tuple[Play, int], ...]
    margin: int | None
    unique: bool


def _cutthroat_values(p: Position) -> list[tuple[Play, int]]:
    seat = p.turn
    values = []
    for play in p.legal_plays():
        result = p.play(play)
        if result.kind is PlayKind.DOMINO:
            wins = True
        elif result.kind is PlayKind.BLOCKED:
            wins = result.block_outcome().winner == seat
        else:
            wins = can_win(result.after, seat).wins
        values.append((play, int(wins)))
    return values


def prove(p: Position) -> Proof:
    """Value every legal play of the seat to play (every hand must be known)."""
    encode(p)  # raises NotAStudy for a hidden hand or an unknown boneyard order
    if p.is_fives_and_threes:
        solution = solve_fives_threes(p)
        values = list(solution.values)
    else:
        values = _cutthroat_values(p)
    if not values:
        return Proof((), (), None, False)
    top = max(v for _, v in values)
    best = tuple(play for play, v in values if v == top)
    tiles = {play.tile for play in best}
    others = [v for play, v in values if play.tile not in tiles]
    margin = top - max(others) if others else None
    clear = MARGIN if p.is_fives_and_threes else 1
    unique = (
        len(tiles) == 1
        and margin is not None
        and margin >= clear
        and (p.is_fives_and_threes or top == 1)
    )
    return Proof(best, tuple(values), margin, unique)


@dataclass(frozen=True)
class LineStep:
    """One turn of a line: the seat, its play (``None``: it passes) and the points credited."""

    seat: int
    play: Play | None
    points: int = 0


def _choose(p: Position, winner: int) -> Play:
    """The play of the seat to play on the line: the winner wins, the others play for themselves."""
    if p.is_fives_and_threes:
        return solve_fives_threes(p).best[0]
    if p.turn == winner:
        return next(play for play, v in _cutthroat_values(p) if v)
    best = who_wins(p).best
    return best[0] if best else p.legal_plays()[0]


def _credit(p: Position, seat: int, points: int) -> Position:
    scores = list(p.scores) if p.scores else [0] * len(p.hands)
    scores[seat] += points
    return replace(p, scores=tuple(scores))


def winning_line(p: Position, first: Play) -> tuple[list[LineStep], Position, PlayKind]:
    """Play ``first``, then the line to the end of the hand; the steps, the last position and how
    the hand ended (``DOMINO``, ``BLOCKED``; ``GOES_ON`` when the match target is reached)."""
    winner = p.turn
    steps: list[LineStep] = []
    play: Play | None = first
    while True:
        if play is None:
            steps.append(LineStep(p.turn, None))
            p = replace(p, turn=(p.turn + 1) % len(p.hands))
        else:
            result = p.play(play)
            points = result.score.credited if p.is_fives_and_threes else 0
            after = _credit(result.after, result.seat, points) if points else result.after
            steps.append(LineStep(result.seat, result.play, points))
            target = p.is_fives_and_threes and after.score(result.seat) >= p.rules.target
            if result.kind is not PlayKind.GOES_ON or target:
                return steps, after, result.kind
            p = after
        play = _choose(p, winner) if p.legal_plays() else None


def tempting_play(p: Position, proof: Proof) -> Play | None:
    """The other play a learner is most likely to choose.

    Cutthroat: the heaviest other tile (getting rid of a count is the usual
    instinct); Fives & Threes: the other play that scores the most right now.
    Ties go to the first in ``legal_plays`` order.
    """
    tiles = {play.tile for play in proof.best}
    others = [play for play, _ in proof.values if play.tile not in tiles]
    if not others:
        return None
    if p.is_fives_and_threes:
        return max(others, key=lambda play: p.play(play).score.credited)
    return max(others, key=lambda play: play.tile.pips)
