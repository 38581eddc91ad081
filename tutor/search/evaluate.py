"""The value of each legal play without seeing the hidden hands.

Information-fair: only the seat's ``SeatView`` is used. Deals of the hidden
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

from tutor.rules.cutthroat import after_game
from tutor.rules.fast import FITS, OTHER
from tutor.rules.plays import Play
from tutor.rules.tiles import SUIT, Mask
from tutor.search.board import HIGH, IS_DOUBLE, LOW, PIPS, Board, after_play, play_of, plays_on
from tutor.search.deals import DealSampler
from tutor.search.solver.cutthroat import WIN, count_of, who_wins
from tutor.search.solver.fives_threes import (
    _END_VALUE,
    _NEXT_END,
    _POINTS,
    _ft_state,
    solve_fives_threes,
)
from tutor.search.view import SeatView, view_of

__all__ = [
    "DENY", "MATCH", "Evaluation", "PlayValue", "evaluate", "ft_rollout", "legal_plays",
    "play_likelihood", "resampled", "rollout", "set_at_stake",
    "view_of",
]

MATCH = 1000
"""The solver's bonus for winning the match: it outweighs any points of one hand."""


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
    infer: float = 0.0,
    resample: int = 0,
    node_budget: int | None = None,
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
    """
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
    if view.is_fives_and_threes:
        exact = exact_tiles is None or sum(view.counts) <= exact_tiles
    else:
        if exact_tiles is None:
            exact_tiles = default_exact_tiles(len(view.counts))
        exact = sum(view.counts) <= exact_tiles
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
    drawn: list[tuple[Board, float]] | None = None
    if infer and resample > 0:
        drawn = resampled(view, sampler, rng, samples, samples * resample, infer)
        if not drawn:  # no deal explains the opponent's plays at all: weigh them alike
            infer = 0.0
            drawn = None
    nodes = 0
    while done < (samples if drawn is None else len(drawn)):
        if drawn is not None:
            board, weight = drawn[done]
        else:
            board = sampler.board(rng)
            weight = play_likelihood(view, board.hands[1 - view.seat], infer) if infer else 1.0
        if view.is_fives_and_threes:
            if exact:
                values, searched = _fives_threes_values(board, moves)
            else:
                values, searched = _fives_threes_rollouts(board, moves)
            nodes += searched
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
                winners = [_rollout_winner(board, index, side, smart) for index, side in moves]
                nodes += len(moves) * sum(view.counts)
            values = [1.0 if winner == view.seat else 0.0 for winner in winners]
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
                        exact_tiles=exact_tiles, smart=smart, node_budget=node_budget)
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
    return Evaluation(result, done, method)


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


def play_likelihood(view: SeatView, hand: Mask, sharpness: float) -> float:
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
    >>> view = view_of(game, 0)
    >>> play_likelihood(view, Tile(1, 0).bit, 1.0)  # 3-2 was its only play
    1.0
    >>> play_likelihood(view, Tile(3, 3).bit, 1.0) < 0.05  # 3-3 would have scored 4
    True
    """
    other = 1 - view.seat
    weight = 1.0
    for seat, index, side, left, right in reversed(view.plays):
        if seat != other:
            continue
        hand |= 1 << index
        chosen = _points_of(index, side, left, right)
        total = 0.0
        options = plays_on(hand, left & 7 if left >= 0 else -1, right & 7, -1,
                           both=left != right)
        for tile, end in options:
            total += math.exp(sharpness * _points_of(tile, end, left, right))
        weight *= math.exp(sharpness * chosen) / total
    return weight


def _points_of(index: int, side: int, left: int, right: int) -> int:
    """Points of laying tile ``index`` at ``side`` on end codes ``left``/``right`` (no
    chip-out, no target)."""
    if left < 0:
        return _POINTS[PIPS[index]]
    if side == 0:
        return _POINTS[_END_VALUE[_NEXT_END[left & 7][index]] + _END_VALUE[right]]
    return _POINTS[_END_VALUE[left] + _END_VALUE[_NEXT_END[right & 7][index]]]


def resampled(
    view: SeatView, sampler: DealSampler, rng: random.Random, keep: int, draws: int,
    sharpness: float,
) -> list[tuple[Board, float]]:
    """``draws`` consistent deals weighed by ``play_likelihood``, ``keep`` kept in proportion.

    Systematic resampling: each deal is kept as often as its share of the total
    weight says (at most ``keep`` in all); a deal kept ``k`` times comes once,
    with weight ``k``. Empty when no deal explains the opponent's plays.

    >>> from tutor.rules import Game, Line, Play, TableRules
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> game = Game.from_hands([["6-6", "2-1", "4-4"], ["3-2", "1-0", "5-5"]], rules=ft,
    ...                        line=Line.parse(["6-3"]), turn=1)
    >>> game.play(Play.parse("3-2 right"))
    >>> view = view_of(game, 0)
    >>> deals = resampled(view, DealSampler(view), random.Random(1), 8, 64, 3.0)
    >>> sum(weight for _, weight in deals)
    8.0
    """
    if sampler.seats != [1 - view.seat]:
        raise ValueError("resampling weighs the one other hand of a two-player game")
    deals = [sampler.sample_groups(rng) for _ in range(draws)]
    weights = [play_likelihood(view, groups[0], sharpness) for groups in deals]
    total = sum(weights)
    if total <= 0:
        return []
    step = total / keep
    mark = rng.random() * step
    kept: list[tuple[Board, float]] = []
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
            kept.append((sampler.board_of(groups, rng), float(times)))
    return kept


def _fives_threes_rollouts(
    board: Board, moves: list[tuple[int, int]]
) -> tuple[list[float], int]:
    """Each play's point difference (with ``MATCH`` for the match) in one playout each."""
    me, opp, sme, sopp, left, right = _ft_state(board)
    target = board.rules.target
    children = _ft_children(me, left, right)
    if [child[0] for child in children] != [index for index, _ in moves]:
        raise AssertionError("the plays of the rollout and of the game differ")
    values: list[float] = []
    for index, new_left, new_right, total in children:
        hand = me ^ (1 << index)
        gain = _POINTS[total] + (0 if hand else 1)
        credited = gain if sme + gain <= target else 0
        if sme + credited == target:
            values.append(float(credited + MATCH))
        elif not hand:
            values.append(float(credited))
        else:
            values.append(float(credited - ft_rollout(
                opp, hand, new_left, new_right, sopp, sme + credited, target)))
    return values, len(moves) * (me | opp).bit_count()


def _ft_children(me: Mask, left: int, right: int) -> list[tuple[int, int, int, int]]:
    """Plays of ``me`` on end codes ``left``/``right`` as (tile, new left, new right, total
    of the ends after), in ``Game`` order."""
    if left < 0:
        children = []
        for index in range(28):
            if me >> index & 1:
                double = 8 if IS_DOUBLE[index] else 0
                children.append((index, HIGH[index] | double, LOW[index] | double, PIPS[index]))
        return children
    ln, rn = left & 7, right & 7
    lv, rv = _END_VALUE[left], _END_VALUE[right]
    nexts = _NEXT_END[ln]
    children = [(i, nexts[i], right, _END_VALUE[nexts[i]] + rv) for i in FITS[ln][me & SUIT[ln]]]
    if ln != rn or (left ^ right) & 8:
        nexts = _NEXT_END[rn]
        children += [
            (i, left, nexts[i], lv + _END_VALUE[nexts[i]]) for i in FITS[rn][me & SUIT[rn]]
        ]
    return children


DENY = 0.5
"""The rollout policy's weight on the opponent's best reply (points now minus this much)."""


def ft_rollout(me: Mask, opp: Mask, left: int, right: int, sme: int, sopp: int,
               target: int) -> int:
    """Play a Fives & Threes hand out, both seats seeing both hands: the point difference.

    ``me`` is the seat to play (end codes as in the solver: the number, plus 8 for a
    double at that end; -1 on an empty line). Each seat takes the play that scores most
    now less ``DENY`` times the opponent's best reply, going out or reaching the target
    first; the difference is ``me``'s points minus the other's, ``MATCH`` more for the
    seat that reaches the target.

    >>> from tutor.rules.tiles import Tile
    >>> ft_rollout(Tile(1, 0).bit | Tile(5, 5).bit, Tile(6, 6).bit | Tile(2, 2).bit,
    ...            5, 1, 0, 0, 61)  # 1-0 on the 1: 5 + 0 = 5, one point; then 5-5: 10, 2+1
    4
    """
    sign = 1
    diff = 0
    points, suit = _POINTS, SUIT
    while True:
        children = _ft_children(me, left, right)
        if not children:
            if not opp & (suit[left & 7] | suit[right & 7]):
                return diff  # both knock: blocked
            me, opp, sme, sopp, sign = opp, me, sopp, sme, -sign
            continue
        best = children[0]
        best_score = -1e9
        best_credit = 0
        for child in children:
            index, new_left, new_right, total = child
            hand = me ^ (1 << index)
            gain = points[total] + (0 if hand else 1)
            credited = gain if sme + gain <= target else 0
            if not hand or sme + credited == target:
                score = 1e6 + credited
            else:
                score = credited - DENY * _best_reply(opp, new_left, new_right, sopp, target)
                score += 0.01 * PIPS[index]  # of equals, shed the heavier tile
            if score > best_score:
                best, best_score, best_credit = child, score, credited
        index, left, right, _ = best
        diff += sign * best_credit
        me ^= 1 << index
        if sme + best_credit == target:
            return diff + sign * MATCH
        if not me:
            return diff
        me, opp, sme, sopp, sign = opp, me, sopp, sme + best_credit, -sign


def _best_reply(hand: Mask, left: int, right: int, score: int, target: int) -> int:
    """The most points ``hand`` can be credited with in one play on these ends."""
    best = 0
    for index, _, _, total in _ft_children(hand, left, right):
        gain = _POINTS[total] + (0 if hand ^ (1 << index) else 1)
        if gain > best and score + gain <= target:
            best = gain
    return best


def _fives_threes_values(board: Board, moves: list[tuple[int, int]]) -> tuple[list[float], int]:
    solution = solve_fives_threes(board, match_bonus=MATCH)
    by_play = dict(solution.values)
    return [float(by_play[play_of(index, side)]) for index, side in moves], solution.nodes


def set_at_stake(view: SeatView) -> tuple[int, ...]:
    """Per seat, what its winning this hand does to the viewing seat's six-love set.

    1: the viewing seat wins the set; -1: the set ends six-love with the viewing
    seat on love; 0: neither (or the set scores are not known, or Fives & Threes).
    The stake of the hand counts; a key-card bonus is not foreseen.

    >>> from tutor.rules import TableRules
    >>> from tutor.rules.tiles import TILES
    >>> view = SeatView(rules=TableRules(players=3), seat=0, hand=TILES[1].bit, turn=0,
    ...                 counts=(1, 1, 1), voids=(0, 0, 0), set_scores=(0, 5, 2))
    >>> set_at_stake(view)
    (0, -1, 0)
    """
    seats = len(view.counts)
    if view.is_fives_and_threes or not view.set_scores:
        return (0,) * seats
    effects = []
    for winner in range(seats):
        after = after_game(view.set_scores, view.stake, winner, view.rules)
        if not after.over:
            effects.append(0)
        elif winner == view.seat:
            effects.append(1)
        else:
            effects.append(-1 if view.seat in after.losers_on_love else 0)
    return tuple(effects)


def _exact_winners(board: Board) -> tuple[list[int | None], int]:
    solution = who_wins(board)
    return [
        next((s for s, u in enumerate(utilities) if u >= WIN), None)
        for _, utilities in solution.values
    ], solution.nodes


def _rollout_winner(board: Board, index: int, side: int, smart: bool) -> int | None:
    child = after_play(board, index, side)
    if child is None:
        return board.turn
    play_out = smart_rollout if smart else rollout
    return play_out(list(child.hands), child.left, child.right, child.turn)


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
