"""The value of each legal play without seeing the hidden hands.

Information-fair: only the seat's ``SeatView`` is used. Deals of the hidden
tiles are drawn uniformly among those consistent with the view
(``DealSampler``); each legal play is valued in each deal and the values are
averaged, with a standard error.

- Cutthroat: the value is the chance to win the hand. With few tiles left in
  the hands (``exact_tiles``) each deal is solved exactly with every seat
  playing for itself (``who_wins``); earlier, where an exact solve per deal is
  too slow in Python, each deal is played out once with a fast policy (every
  seat lays its heaviest fitting tile, or with ``smart`` weighs count, variety
  and whether the next seat can follow): a rollout.
- Fives & Threes: the value is the expected point difference (the seat minus
  the other) to the end of the hand, solved exactly in every deal (the exact
  target and the end of the match included), and the chance to win (or lose)
  the match in this hand: near the target the best play wins the match first.

Sampling stops after ``samples`` deals, or earlier once every play's standard
error is below ``target_se`` (default 0.05 for a win chance), or when
``time_budget`` seconds have passed. Only a sample budget is deterministic for
a seed; the computer players use sample budgets, the coach's hints may add a
time budget.

>>> import random
>>> from tutor.rules import Game, Line, TableRules
>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "5-5"]], rules=TableRules(players=2),
...                        line=Line.parse(["6-4"]), turn=0)
>>> result = evaluate(view_of(game, 0), random.Random(1), samples=10)
>>> [(str(v.play), v.mean) for v in result.values]
[('6-6 left', 0.0)]
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass

from tutor.rules.fast import FITS, OTHER
from tutor.rules.game import Play
from tutor.rules.tiles import SUIT, Mask
from tutor.search.board import HIGH, LOW, PIPS, Board, after_play, play_of, plays_on
from tutor.search.sampler import DealSampler
from tutor.search.solver import WIN, count_of, solve_fives_threes, who_wins
from tutor.search.view import SeatView, view_of

__all__ = ["MATCH", "Evaluation", "PlayValue", "evaluate", "legal_plays", "rollout", "view_of"]

MATCH = 1000
"""The solver's bonus for winning the match: it outweighs any points of one hand."""


@dataclass(frozen=True, slots=True)
class PlayValue:
    """One play's average value over the sampled deals, with its standard error."""

    play: Play
    mean: float
    stderr: float
    match_wins: float = 0.0
    """Fives & Threes: the share of deals in which the seat wins the match in this hand."""
    match_losses: float = 0.0
    """Fives & Threes: the share of deals in which the other seat wins the match in this hand."""

    @property
    def rank(self) -> float:
        """What the best play maximises: the match first (Fives & Threes), then the mean."""
        return self.mean + MATCH * (self.match_wins - self.match_losses)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every legal play's value (``Game`` order), the deals used, and how they were valued."""

    values: tuple[PlayValue, ...]
    samples: int
    method: str
    """``"exact"`` (a solve per deal) or ``"rollout"`` (a fast-policy playout per deal)."""

    @property
    def best(self) -> Play:
        """The play with the highest mean (the first of equals)."""
        return max(self.values, key=lambda v: v.rank).play


def legal_plays(view: SeatView) -> list[tuple[int, int]]:
    """The seat's legal plays as ``(tile index, side)``, in ``Game`` order."""
    both = view.left != view.right or (
        view.is_fives_and_threes and view.placed >= 2 and view.left_double != view.right_double
    )
    return plays_on(view.hand, view.left, view.right, view.pose, both=both)


def default_exact_tiles(seats: int) -> int:
    """Tiles left in the hands from which a Cutthroat deal is solved exactly, not rolled out."""
    return {2: 14, 3: 13, 4: 12}[seats]


def evaluate(
    view: SeatView,
    rng: random.Random,
    *,
    samples: int = 64,
    min_samples: int = 8,
    target_se: float | None = None,
    time_budget: float | None = None,
    exact_tiles: int | None = None,
    smart: bool = False,
) -> Evaluation:
    """Value every legal play of the seat to play over consistent deals (see the module)."""
    if view.turn != view.seat:
        raise ValueError(f"seat {view.seat} is not to play: seat {view.turn} is")
    moves = legal_plays(view)
    if not moves:
        return Evaluation((), 0, "none")
    plays = [play_of(i, s) for i, s in moves]
    if len(moves) == 1:
        return Evaluation((PlayValue(plays[0], 0.0, 0.0),), 0, "forced")
    sampler = DealSampler(view)
    if target_se is None:
        target_se = 0.5 if view.is_fives_and_threes else 0.05
    if exact_tiles is None:
        exact_tiles = default_exact_tiles(len(view.counts))
    exact = view.is_fives_and_threes or sum(view.counts) <= exact_tiles
    method = "exact" if exact else "rollout"
    sums = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    wins = [0] * len(moves)
    losses = [0] * len(moves)
    start = time.perf_counter()
    done = 0
    while done < samples:
        board = sampler.board(rng)
        if view.is_fives_and_threes:
            values = _fives_threes_values(board, moves)
            for k, value in enumerate(values):
                if value > MATCH / 2:
                    wins[k] += 1
                    values[k] = value - MATCH
                elif value < -MATCH / 2:
                    losses[k] += 1
                    values[k] = value + MATCH
        elif exact:
            values = _exact_win_values(board, view.seat)
        else:
            values = [
                _rollout_value(board, index, side, view.seat, smart) for index, side in moves
            ]
        for k, value in enumerate(values):
            sums[k] += value
            squares[k] += value * value
        done += 1
        if done >= min_samples:
            if max(_stderr(sums[k], squares[k], done) for k in range(len(moves))) < target_se:
                break
            if time_budget is not None and time.perf_counter() - start > time_budget:
                break
    result = tuple(
        PlayValue(
            plays[k],
            sums[k] / done,
            _stderr(sums[k], squares[k], done),
            wins[k] / done,
            losses[k] / done,
        )
        for k in range(len(moves))
    )
    return Evaluation(result, done, method)


def _stderr(total: float, squares: float, n: int) -> float:
    if n < 2:
        return math.inf
    mean = total / n
    variance = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return math.sqrt(variance / n)


def _fives_threes_values(board: Board, moves: list[tuple[int, int]]) -> list[float]:
    by_play = dict(solve_fives_threes(board, match_bonus=MATCH).values)
    return [float(by_play[play_of(index, side)]) for index, side in moves]


def _exact_win_values(board: Board, seat: int) -> list[float]:
    solution = who_wins(board)
    return [1.0 if utilities[seat] >= WIN else 0.0 for _, utilities in solution.values]


def _rollout_value(board: Board, index: int, side: int, seat: int, smart: bool) -> float:
    child = after_play(board, index, side)
    if child is None:
        return 1.0
    play_out = smart_rollout if smart else rollout
    winner = play_out(list(child.hands), child.left, child.right, child.turn)
    return 1.0 if winner == seat else 0.0


def rollout(hands: list[Mask], left: int, right: int, turn: int) -> int | None:
    """Play a Cutthroat block game out, each seat laying its heaviest fitting tile.

    Returns the winner (``None`` for a tied block). ``hands`` is changed.

    >>> from tutor.rules.tiles import Tile
    >>> rollout([Tile(6, 6).bit | Tile(1, 0).bit, Tile(6, 5).bit | Tile(5, 5).bit], 6, 4, 0)
    1
    """
    seats = len(hands)
    fits, other, suit, pips = FITS, OTHER, SUIT, PIPS
    passes = 0
    while True:
        hand = hands[turn]
        on_left = fits[left][hand & suit[left]]
        on_right = fits[right][hand & suit[right]]
        if on_left or on_right:
            passes = 0
            best, at_left = -1, True
            for index in on_left:
                if best < 0 or pips[index] > pips[best]:
                    best = index
            for index in on_right:
                if best < 0 or pips[index] > pips[best]:
                    best, at_left = index, False
            if at_left:
                left = other[best][left]
            else:
                right = other[best][right]
            hand ^= 1 << best
            hands[turn] = hand
            if not hand:
                return turn
        else:
            passes += 1
            if passes >= seats:
                counts = [count_of(h) for h in hands]
                low = min(counts)
                return counts.index(low) if counts.count(low) == 1 else None
        turn = turn + 1 if turn + 1 < seats else 0



def _or_all(values: Iterable[int]) -> int:
    result = 0
    for value in values:
        result |= value
    return result


_NUMBERS7: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _or_all(1 << HIGH[7 * chunk + j] | 1 << LOW[7 * chunk + j]
                for j in range(7) if bits >> j & 1)
        for bits in range(128)
    )
    for chunk in range(4)
)


def numbers_in(hand: Mask) -> int:
    """A 7-bit mask of the numbers a hand carries.

    >>> from tutor.rules.tiles import Tile
    >>> bin(numbers_in(Tile(6, 1).bit | Tile(3, 3).bit))
    '0b1001010'
    """
    n0, n1, n2, n3 = _NUMBERS7
    return n0[hand & 127] | n1[hand >> 7 & 127] | n2[hand >> 14 & 127] | n3[hand >> 21]


def smart_rollout(hands: list[Mask], left: int, right: int, turn: int) -> int | None:
    """Like ``rollout``, with a better policy: each seat weighs the tile's count, the
    variety of numbers it keeps, and whether the next seat can follow (the hands are
    those of the sampled deal). Returns the winner (``None`` for a tied block).

    >>> from tutor.rules.tiles import Tile
    >>> smart_rollout([Tile(6, 6).bit | Tile(1, 0).bit, Tile(6, 5).bit | Tile(5, 5).bit], 6, 4, 0)
    1
    """
    seats = len(hands)
    fits, other, suit, pips = FITS, OTHER, SUIT, PIPS
    passes = 0
    while True:
        hand = hands[turn]
        on_left = fits[left][hand & suit[left]]
        on_right = fits[right][hand & suit[right]]
        if on_left or on_right:
            passes = 0
            if not hand & (hand - 1):
                return turn  # the last tile fits: a domino
            nxt = hands[turn + 1 if turn + 1 < seats else 0]
            best, best_score, at_left = -1, -1.0, True
            for side, candidates in ((True, on_left), (False, on_right)):
                for index in candidates:
                    rest = hand ^ (1 << index)
                    if side:
                        new_left, new_right = other[index][left], right
                    else:
                        new_left, new_right = left, other[index][right]
                    score = pips[index] + 3.0 * numbers_in(rest).bit_count()
                    if not nxt & (suit[new_left] | suit[new_right]):
                        score += 6.0
                    if rest & (suit[new_left] | suit[new_right]):
                        score += 2.0
                    if score > best_score:
                        best, best_score, at_left = index, score, side
            if at_left:
                left = other[best][left]
            else:
                right = other[best][right]
            hand ^= 1 << best
            hands[turn] = hand
        else:
            passes += 1
            if passes >= seats:
                counts = [count_of(h) for h in hands]
                low = min(counts)
                return counts.index(low) if counts.count(low) == 1 else None
        turn = turn + 1 if turn + 1 < seats else 0
