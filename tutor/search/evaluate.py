"""The value of each legal play without seeing the hidden hands.

Information-fair: only what the seat to play can know is used (a ``Position`` that
shows its hand: ``Position.from_game(game, seat)``). Deals of the hidden
tiles are drawn uniformly among those consistent with the view
(``DealSampler``); each legal play is valued in each deal and the values are
averaged, with a standard error.

- Cutthroat: the value is the chance to win the hand; and when the view holds
  the set scores and a win by another seat would end the set six-love with
  this seat on love (or this seat's win would end it in its favour), the
  chance to lose (win) the set, which comes first, as the match does in Fives
  & Threes (``match_losses``, ``match_wins``). With few tiles left in
  the hands (``exact_tiles``) each deal is solved exactly with every seat
  playing for itself (``who_wins``); earlier, where an exact solve per deal is
  too slow in Python, each deal is played out once with a fast policy (every
  seat lays its heaviest fitting tile, or with ``smart`` weighs count, variety
  and whether the next seat can follow): a rollout.
  The rollouts are in ``tutor.search.rollouts``.
- Fives & Threes: the value is the expected point difference (the seat minus
  the other) to the end of the hand, solved exactly in every deal (the exact
  target and the end of the match included), and the chance to win (or lose)
  the match in this hand: near the target the best play wins the match first.

With ``keep_deals`` the evaluation also keeps what each deal gave each play
(``Evaluation.outcomes``, with the deals' ``weights``): the coach values the
same deals for every play (common random numbers) and needs them one by one,
to value each outcome in the match and to measure the loss of one play against
another as a paired mean with its own standard error.

Sampling stops after ``samples`` deals, or earlier once every play's standard
error is below ``target_se`` (default 0.05 for a win chance), or when
``time_budget`` seconds have passed. Only a sample budget is deterministic for
a seed; the computer players use sample budgets, the coach's hints may add a
time budget.

>>> import random
>>> from tutor.rules import Game, Line, Position, TableRules
>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "5-5"]], rules=TableRules(players=2),
...                        line=Line.parse(["6-4"]), turn=0)
>>> result = evaluate(Position.from_game(game, 0), random.Random(1), samples=10)
>>> [(str(v.play), v.mean) for v in result.values]
[('6-6 left', 0.0)]
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from tutor.rules.cutthroat import after_game
from tutor.rules.fast import POINTS, ft_play, ft_plays, plays_on
from tutor.rules.plays import Play, placement_matters
from tutor.rules.position import Position
from tutor.rules.tiles import Mask
from tutor.search.deals import DealSampler
from tutor.search.encode import (
    Node,
    ends_of,
    hand_to_play,
    play_of,
    plays_seen,
    pose_of,
    set_scores,
)
from tutor.search.rollouts import (
    MATCH,
    fives_threes_rollouts,
    rollout_winner,
)
from tutor.search.solver.cutthroat import WIN, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

__all__ = [
    "Evaluation", "PlayValue", "evaluate", "legal_plays", "play_likelihood", "resampled",
    "set_at_stake",
]

@dataclass(frozen=True, slots=True)
class PlayValue:
    """One play's average value over the sampled deals, with its standard error."""

    play: Play
    mean: float
    stderr: float
    match_wins: float = 0.0
    """The share of deals in which the seat wins the match (Fives & Threes) or the six-love
    set (Cutthroat, with the set scores known) in this hand."""
    match_losses: float = 0.0
    """The share of deals in which another seat wins the match (Fives & Threes), or wins the
    set six-love with this seat on love (Cutthroat, with the set scores known), in this hand."""

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
    outcomes: tuple[tuple[float, ...], ...] = ()
    """With ``keep_deals``: per deal, each play's outcome in that deal, in the order of
    ``values``. Fives & Threes: the point difference to the end of the hand, ``MATCH``
    more (less) when the seat (the other) reaches the target in it; Cutthroat: the seat
    that wins the hand, -1 for a block that nobody wins."""
    weights: tuple[float, ...] = ()
    """With ``keep_deals``: each deal's weight (1 unless ``infer`` weighs the deals)."""
    nodes: int = 0
    """The positions the solves searched (a rollout counts one per tile it plays out): what
    ``node_budget`` bounds."""

    @property
    def best(self) -> Play:
        """The play with the highest mean (the first of equals)."""
        return max(self.values, key=lambda v: v.rank).play


def legal_plays(p: Position) -> list[tuple[int, int]]:
    """The legal plays of the seat to play as ``(tile index, side)``, in ``Game`` order."""
    hand = hand_to_play(p)
    left, right, _, _ = ends_of(p.line)
    both = left != right or (p.is_fives_and_threes and placement_matters(p.line))
    return plays_on(hand, left, right, pose_of(p), both=both)


def default_exact_tiles(seats: int) -> int:
    """Tiles left in the hands from which a Cutthroat deal is solved exactly, not rolled out."""
    return {2: 14, 3: 13, 4: 12}[seats]


def evaluate(
    view: Position,
    rng: random.Random,
    *,
    samples: int = 64,
    min_samples: int = 8,
    target_se: float | None = None,
    time_budget: float | None = None,
    exact_tiles: int | None = None,
    smart: bool = False,
    infer: float = 0.0,
    resample: int = 0,
    node_budget: int | None = None,
    keep_deals: bool = False,
) -> Evaluation:
    """Value every legal play of the seat to play over consistent deals (see the module).

    ``infer`` (Fives & Threes): weigh each deal by how likely the opponent's plays so
    far were with the hand the deal gives it (``play_likelihood``, this sharpness);
    0 weighs every deal alike. With ``resample`` (and ``infer``), ``resample`` times
    ``samples`` deals are drawn and weighed, and ``samples`` of them are kept in
    proportion to their weights (``resampled``): the solves go to the deals that
    explain the opponent's plays, rather than to many deals of almost no weight.

    ``node_budget``: stop sampling (after ``min_samples``) once the exact solves
    have searched that many positions (a rollout counts one per tile it plays
    out). Unlike ``time_budget`` it gives the same result on every machine: the
    computer players bound their time with it.

    ``keep_deals``: keep every deal's outcomes (``Evaluation.outcomes``); the values,
    and so the plays chosen, are the same with or without.
    """
    hand_to_play(view)
    seat, counts = view.turn, view.counts
    moves = legal_plays(view)
    if not moves:
        return Evaluation((), 0, "none")
    plays = [play_of(i, s) for i, s in moves]
    if len(moves) == 1:
        return Evaluation((PlayValue(plays[0], 0.0, 0.0),), 0, "forced")
    sampler = DealSampler(view)
    if target_se is None:
        target_se = 0.5 if view.is_fives_and_threes else 0.05
    if view.is_fives_and_threes:
        exact = exact_tiles is None or sum(counts) <= exact_tiles
    else:
        if exact_tiles is None:
            exact_tiles = default_exact_tiles(len(counts))
        exact = sum(counts) <= exact_tiles
    method = "exact" if exact else "rollout"
    sums = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    losses = [0.0] * len(moves)
    start = time.perf_counter()
    done = 0
    weight_sum = weight_squares = 0.0
    at_stake = set_at_stake(view)
    infer = infer if view.is_fives_and_threes else 0.0
    seen = plays_seen(view) if infer else ()
    drawn: list[tuple[Node, float]] | None = None
    if infer and resample > 0:
        drawn = resampled(view, sampler, rng, samples, samples * resample, infer)
        if not drawn:  # no deal explains the opponent's plays at all: weigh them alike
            infer = 0.0
            drawn = None
    nodes = 0
    outcomes: list[tuple[float, ...]] = []
    deal_weights: list[float] = []
    while done < (samples if drawn is None else len(drawn)):
        if drawn is not None:
            board, weight = drawn[done]
        else:
            board = sampler.node(rng)
            weight = _likelihood(seen, 1 - seat, board.hands[1 - seat], infer) if infer else 1.0
        if view.is_fives_and_threes:
            if exact:
                values, searched = _fives_threes_values(board, moves)
            else:
                values, searched = fives_threes_rollouts(board, moves)
            nodes += searched
            if keep_deals:
                outcomes.append(tuple(values))
            for k, value in enumerate(values):
                if value > MATCH / 2:
                    wins[k] += weight
                    values[k] = value - MATCH
                elif value < -MATCH / 2:
                    losses[k] += weight
                    values[k] = value + MATCH
        else:
            if exact:
                winners, searched = _exact_winners(board)
                nodes += searched
            else:
                winners = [rollout_winner(board, index, side, smart) for index, side in moves]
                nodes += len(moves) * sum(counts)
            values = [1.0 if winner == seat else 0.0 for winner in winners]
            if keep_deals:
                outcomes.append(tuple(-1.0 if w is None else float(w) for w in winners))
            for k, winner in enumerate(winners):
                if winner is not None:
                    effect = at_stake[winner]
                    if effect > 0:
                        wins[k] += 1
                    elif effect < 0:
                        losses[k] += 1
        for k, value in enumerate(values):
            sums[k] += weight * value
            squares[k] += weight * value * value
        done += 1
        if keep_deals:
            deal_weights.append(weight)
        weight_sum += weight
        weight_squares += weight * weight
        if done >= min_samples:
            errors = (_stderr(sums[k], squares[k], weight_sum, weight_squares)
                      for k in range(len(moves)))
            if max(errors) < target_se:
                break
            if time_budget is not None and time.perf_counter() - start > time_budget:
                break
            if node_budget is not None and nodes >= node_budget:
                break
    if weight_sum <= 0:  # no deal explains the opponent's plays at all: weigh them alike
        return evaluate(view, rng, samples=samples, min_samples=min_samples,
                        target_se=target_se, time_budget=time_budget,
                        exact_tiles=exact_tiles, smart=smart, node_budget=node_budget,
                        keep_deals=keep_deals)
    result = tuple(
        PlayValue(
            plays[k],
            sums[k] / weight_sum,
            _stderr(sums[k], squares[k], weight_sum, weight_squares),
            wins[k] / weight_sum,
            losses[k] / weight_sum,
        )
        for k in range(len(moves))
    )
    return Evaluation(result, done, method, tuple(outcomes), tuple(deal_weights), nodes)


def _stderr(total: float, squares: float, weights: float, weight_squares: float) -> float:
    """The standard error of a weighted mean (equal weights: the usual one), with the
    effective number of deals ``weights ** 2 / weight_squares``."""
    if weights <= 0:
        return math.inf
    n = weights * weights / weight_squares
    if n < 1.5:
        return math.inf
    mean = total / weights
    variance = max(squares / weights - mean * mean, 0.0) * n / (n - 1)
    return math.sqrt(variance / n)


def play_likelihood(view: Position, hand: Mask, sharpness: float) -> float:
    """How likely the other seat's plays so far were, if it holds ``hand`` now.

    Fives & Threes, two players: the other seat's hand before each of its plays
    is ``hand`` with the tiles it played since; it is modelled as choosing each
    legal play with a chance growing with the points it scores at once,
    ``exp(sharpness * points)`` (a greedy player at high sharpness). The product
    over its plays weighs a sampled deal against the others.

    >>> from tutor.rules import Game, Line, Play, TableRules
    >>> from tutor.rules.tiles import Tile
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> game = Game.from_hands([["6-6", "2-1"], ["3-2", "1-0"]], rules=ft,
    ...                        line=Line.parse(["6-3"]), turn=1)
    >>> game.play(Play.parse("3-2 right"))  # ends 6 and 2: no points
    >>> view = Position.from_game(game, 0)
    >>> play_likelihood(view, Tile(1, 0).bit, 1.0)  # 3-2 was its only play
    1.0
    >>> play_likelihood(view, Tile(3, 3).bit, 1.0) < 0.05  # 3-3 would have scored 4
    True
    """
    return _likelihood(plays_seen(view), 1 - view.turn, hand, sharpness)


def _likelihood(
    plays: tuple[tuple[int, int, int, int, int], ...], other: int, hand: Mask, sharpness: float
) -> float:
    """``play_likelihood`` on the plays seen (``plays_seen``), made once per evaluation."""
    weight = 1.0
    for seat, index, side, left, right in reversed(plays):
        if seat != other:
            continue
        hand |= 1 << index
        chosen = POINTS[ft_play(index, side, left, right)[2]]  # no chip-out, no target
        total = 0.0
        for *_, after in ft_plays(hand, left, right):
            total += math.exp(sharpness * POINTS[after])
        weight *= math.exp(sharpness * chosen) / total
    return weight


def resampled(
    view: Position, sampler: DealSampler, rng: random.Random, keep: int, draws: int,
    sharpness: float,
) -> list[tuple[Node, float]]:
    """``draws`` consistent deals weighed by ``play_likelihood``, ``keep`` kept in proportion.

    Systematic resampling: each deal is kept as often as its share of the total
    weight says (at most ``keep`` in all); a deal kept ``k`` times comes once,
    with weight ``k``. Empty when no deal explains the opponent's plays.

    >>> from tutor.rules import Game, Line, Play, TableRules
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> game = Game.from_hands([["6-6", "2-1", "4-4"], ["3-2", "1-0", "5-5"]], rules=ft,
    ...                        line=Line.parse(["6-3"]), turn=1)
    >>> game.play(Play.parse("3-2 right"))
    >>> view = Position.from_game(game, 0)
    >>> deals = resampled(view, DealSampler(view), random.Random(1), 8, 64, 3.0)
    >>> sum(weight for _, weight in deals)
    8.0
    """
    if sampler.seats != [1 - view.turn]:
        raise ValueError("resampling weighs the one other hand of a two-player game")
    deals = [sampler.sample_groups(rng) for _ in range(draws)]
    seen, other = plays_seen(view), 1 - view.turn
    weights = [_likelihood(seen, other, groups[0], sharpness) for groups in deals]
    total = sum(weights)
    if total <= 0:
        return []
    step = total / keep
    mark = rng.random() * step
    kept: list[tuple[Node, float]] = []
    reached = 0.0
    taken = 0
    for groups, weight in zip(deals, weights, strict=True):
        reached += weight
        times = 0
        while mark < reached and taken < keep:
            times += 1
            taken += 1
            mark += step
        if times:
            kept.append((sampler.node_of(groups, rng), float(times)))
    return kept


def _fives_threes_values(board: Node, moves: list[tuple[int, int]]) -> tuple[list[float], int]:
    solution = solve_fives_threes(board, match_bonus=MATCH)
    by_play = dict(solution.values)
    return [float(by_play[play_of(index, side)]) for index, side in moves], solution.nodes


def set_at_stake(view: Position) -> tuple[int, ...]:
    """Per seat, what its winning this hand does to the viewing seat's six-love set.

    1: the viewing seat wins the set; -1: the set ends six-love with the viewing
    seat on love; 0: neither (or the set scores are not known, or Fives & Threes).
    The stake of the hand counts; a key-card bonus is not foreseen.

    >>> from tutor.rules import Line, TableRules
    >>> from tutor.rules.tiles import TILES
    >>> view = Position(Line(), (TILES[1].bit, None, None), TableRules(players=3),
    ...                 sizes=(1, 1, 1), scores=(0, 5, 2))
    >>> set_at_stake(view)
    (0, -1, 0)
    """
    seats = len(view.hands)
    scores = set_scores(view)
    if not scores:
        return (0,) * seats
    effects = []
    for winner in range(seats):
        after = after_game(scores, view.stake, winner, view.rules)
        if not after.over:
            effects.append(0)
        elif winner == view.turn:
            effects.append(1)
        else:
            effects.append(-1 if view.turn in after.losers_on_love else 0)
    return tuple(effects)


def _exact_winners(board: Node) -> tuple[list[int | None], int]:
    solution = who_wins(board)
    return [
        next((s for s, u in enumerate(utilities) if u >= WIN), None)
        for _, utilities in solution.values
    ], solution.nodes
