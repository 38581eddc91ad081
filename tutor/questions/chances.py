"""What each play is worth, deal by deal, on the deals the coach sampled; paired losses.

Each outcome is valued in the match (``tutor.search.equity``): the whole distribution of
the deals' results, not its mean through a curve.

The coach values every legal play on the same sampled deals (common random numbers:
``evaluate`` with ``keep_deals``). Each deal's outcome for a play becomes a chance to win
(``deal_value``); a play's chance is their (weighted) mean, with its standard error, and the
loss of one play against another is the mean of their differences deal by deal, with the
standard error of that *paired* mean: much smaller than either play's own error, since the
luck of a deal touches both plays alike.

A Cutthroat hand played inside a six-love set is also valued by what it can *swing*: the
seat's set chance if it wins the hand less its set chance if it does not (``hand_swing``).
The coach grades a loss of set chance against it (``tutor.questions.coach``).

>>> table = PlayChances((), (), (), ((1.0, 0.0), (1.0, 1.0), (0.0, 0.0)), (1.0, 1.0, 1.0))
>>> round(table.loss(0, 1), 3), round(table.loss_error(0, 1), 3)
(0.333, 0.333)
>>> table.swing, table.scope
(1.0, 'hand')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES
from tutor.search.calibration import calibration_map
from tutor.search.encode import set_scores
from tutor.search.equity import (
    FT_TILES,
    cutthroat_after_game,
    expected_rest_points,
    fives_threes_after_hand,
)
from tutor.search.evaluate import Evaluation
from tutor.search.rollouts import MATCH

__all__ = [
    "PlayChances",
    "Scope",
    "deal_value",
    "ft_deal_value",
    "hand_reach",
    "hand_swing",
    "mean_and_error",
    "play_chances",
    "scope_of",
]

Scope = Literal["hand", "set", "match"]
"""What a chance is a chance to win: the hand (a Cutthroat scenario without set scores), the
six-love set (Cutthroat with them) or the match (Fives & Threes)."""


def scope_of(view: Position) -> Scope:
    """What ``deal_value`` gives the chance to win of, for this view."""
    if view.is_fives_and_threes:
        return "match"
    return "set" if set_scores(view) else "hand"

def ft_deal_value(view: Position, outcome: float) -> float:
    """Fives & Threes: the seat's chance to win the match after one deal's hand is solved.

    ``outcome`` is the solver's: the point difference to the end of the hand (the seat
    minus the other), ``MATCH`` more (less) when the seat (the other) reaches the target in
    it: then 1 (0). Otherwise the difference is split into the two players' points with the
    mean points both still score in a hand with this many tiles left
    (``expected_rest_points``: each gets half of it, plus or minus half the difference, no
    one less than nothing), added to the scores, kept below the target (the solver says
    nobody reached it) and read in the match equity table after the hand
    (``fives_threes_after_hand``; the other player leads the next hand), between whole
    scores by linear interpolation.

    The split is an estimate: the solver's value is a difference, and the many lines that
    reach it score different totals, so no one line's split is the deal's; the mean total
    of the hands measured for the table is the fair guess. It matters only near the target.

    >>> from tutor.rules import Line, TableRules
    >>> from tutor.rules.tiles import TILES
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> view = Position(Line(), (TILES[0].bit, None), ft, hidden_boneyard=14, sizes=(7, 7),
    ...                 scores=(0, 0))
    >>> 0.5 < ft_deal_value(view, 3.0) < 0.6 < ft_deal_value(view, 20.0) < 1.0
    True
    >>> ft_deal_value(view, MATCH + 2.0), ft_deal_value(view, -MATCH)
    (1.0, 0.0)
    """
    if outcome > MATCH / 2:
        return 1.0
    if outcome < -MATCH / 2:
        return 0.0
    seat, target = view.turn, view.rules.target
    rest = expected_rest_points(min(sum(view.counts), FT_TILES))
    mine_gain, their_gain = (rest + outcome) / 2, (rest - outcome) / 2
    if their_gain < 0:
        mine_gain, their_gain = outcome, 0.0
    elif mine_gain < 0:
        mine_gain, their_gain = 0.0, -outcome
    top = target - 1
    mine = min(top, view.score(seat) + mine_gain)
    theirs = min(top, view.score(1 - seat) + their_gain)
    led = view.history[0].seat == seat if view.history else not len(view.line)
    return _between(mine, theirs, led, target)


def _between(mine: float, theirs: float, led: bool, target: int) -> float:
    """The equity after the hand at fractional scores, bilinear between whole ones."""
    low_m, low_t = math.floor(mine), math.floor(theirs)
    up_m, up_t = min(low_m + 1, target - 1), min(low_t + 1, target - 1)
    fm, ft = mine - low_m, theirs - low_t

    def at(m: int, t: int) -> float:
        return fives_threes_after_hand(m, t, led_this_hand=led, target=target)

    return (
        (1 - fm) * (1 - ft) * at(low_m, low_t)
        + fm * (1 - ft) * at(up_m, low_t)
        + (1 - fm) * ft * at(low_m, up_t)
        + fm * ft * at(up_m, up_t)
    )


def deal_value(view: Position, outcome: float, *, calibrated: bool = True) -> float:
    """One deal's outcome for a play (``Evaluation.outcomes``) as the seat's chance to win.

    Fives & Threes: the chance to win the match after the hand (``ft_deal_value``).
    Cutthroat with the set scores known: the seat's chance to win the six-love set after the
    deal's winner takes the game (``cutthroat_after_game``; a key card is not foreseen);
    without them (a scenario): 1 when the seat wins the hand, else 0. The match and set
    chances go through the committed calibration map (``tutor.search.calibration``) unless
    ``calibrated`` is False (the raw value the map was fitted on).
    """
    seat = view.turn
    if view.is_fives_and_threes:
        raw = ft_deal_value(view, outcome)
        return calibration_map(FIVES_AND_THREES, 2)(raw) if calibrated else raw
    scores = set_scores(view)
    winner = None if outcome < 0 else int(outcome)
    if scores:
        raw = cutthroat_after_game(scores, view.stake, winner, view.rules)[seat]
        return calibration_map(CUTTHROAT, len(scores))(raw) if calibrated else raw
    return 1.0 if winner == seat else 0.0


def mean_and_error(values: Sequence[float], weights: Sequence[float]) -> tuple[float, float]:
    """The weighted mean and its standard error (effective count ``sum(w)**2 / sum(w*w)``).

    >>> [round(x, 4) for x in mean_and_error([1.0, 0.0, 1.0, 0.0], [1.0] * 4)]
    [0.5, 0.2887]
    >>> mean_and_error([0.3], [1.0])
    (0.3, 0.0)
    """
    total = sum(weights)
    if total <= 0:
        return 0.0, math.inf
    mean = sum(w * v for v, w in zip(values, weights, strict=True)) / total
    squares = sum(w * w for w in weights)
    n = total * total / squares
    if n < 1.5:
        return mean, 0.0
    spread = sum(w * (v - mean) ** 2 for v, w in zip(values, weights, strict=True)) / total
    return mean, math.sqrt(spread * n / (n - 1) / n)


@dataclass(frozen=True, slots=True)
class PlayChances:
    """Every legal play's chance to win (``Game`` order) and the deals behind it."""

    plays: tuple[Play, ...]
    means: tuple[float, ...]
    errors: tuple[float, ...]
    """The standard error of each mean (0 when nothing was sampled)."""
    deals: tuple[tuple[float, ...], ...]
    """Per deal, each play's chance to win in it (empty for a forced play)."""
    weights: tuple[float, ...]
    swing: float = 1.0
    """What the hand can swing the chance by, for the best play (``hand_swing``)."""
    scope: Scope = "hand"
    reach: float = 1.0
    """The most this hand can move the chance: its best outcome's value less its worst's
    (``hand_reach``). No play loses more than that; ``swing`` is a mean and can be less."""

    def loss(self, best: int, other: int) -> float:
        """What play ``other`` loses against play ``best`` (indexes), deal by deal."""
        if not self.deals:
            return self.means[best] - self.means[other]
        differences = [deal[best] - deal[other] for deal in self.deals]
        return mean_and_error(differences, self.weights)[0]

    def loss_error(self, best: int, other: int) -> float:
        """The standard error of ``loss(best, other)``: the paired one."""
        if not self.deals or best == other:
            return 0.0
        differences = [deal[best] - deal[other] for deal in self.deals]
        return mean_and_error(differences, self.weights)[1]


def hand_swing(
    win: float, others: Sequence[float], weights: Sequence[float], fallback: float
) -> float:
    """What winning the hand is worth: the chance ``win`` after a win less the (weighted) mean
    chance over the deals the seat does not win (``others``, with their ``weights``), or
    less ``fallback`` when it wins them all. Never below 0.

    Over the best play's deals its chance is ``p * win + (1 - p) * mean(others)``, ``p`` the
    share of the deals it wins: ``mean(others) + p * swing``. A play that only changes how
    often the hand is won changes the chance by the change of ``p`` times the swing; so a loss
    of chance divided by the swing is the loss of *hand*-winning chance it is worth, the
    measure the grade thresholds were set on (GNU Backgammon's normalised equity: a loss of
    match winning chance divided by the value of the game at stake). Without set scores a
    win is 1 and anything else 0: the swing is 1 and nothing changes. A tied block is among
    the deals not won (the stake carries: worth less than a win).

    >>> hand_swing(0.8, [0.3, 0.1, 0.3], [1.0, 2.0, 1.0], 0.0)
    0.6
    >>> hand_swing(1.0, [], [], 0.25), hand_swing(0.2, [0.5], [1.0], 0.0)
    (0.75, 0.0)
    """
    total = sum(weights)
    lose = fallback if total <= 0 else sum(v * w for v, w in zip(others, weights, strict=True))
    if total > 0:
        lose /= total
    return round(max(0.0, win - lose), 12)


def hand_reach(values: Sequence[float]) -> float:
    """The most a hand can move the chance: the best of the values its outcomes leave (a
    win of each seat, a block) less the worst. Every play's chance is a mean of these values,
    so no play can lose more than this against another; ``hand_swing`` can be less (a play
    that hands the hand to the leader instead of a trailer loses more than winning is worth
    over the mean of not winning).

    >>> hand_reach([0.62, 0.31, 0.18, 0.40])
    0.44
    """
    return round(max(values) - min(values), 12)


def _swing(view: Position, best: int, outcomes: Sequence[Sequence[float]],
           weights: Sequence[float], calibrated: bool = True) -> tuple[float, float]:
    """Cutthroat: ``hand_swing`` for play ``best`` over the sampled outcomes (winners), and
    the ``hand_reach`` of the hand."""
    seat, seats = view.turn, len(view.hands)
    values = {float(s): deal_value(view, float(s), calibrated=calibrated)
              for s in range(-1, seats)}
    win = values[float(seat)]
    others = [(values[o[best]], w)
              for o, w in zip(outcomes, weights, strict=True) if o[best] != seat]
    fallback = sum(values[float(s)] for s in range(seats) if s != seat) / (seats - 1)
    swing = hand_swing(win, [v for v, _ in others], [w for _, w in others], fallback)
    return swing, hand_reach(list(values.values()))


def play_chances(
    view: Position, evaluation: Evaluation, *, calibrated: bool = True
) -> PlayChances:
    """Each play's chance to win from an evaluation made with ``keep_deals``, and (Cutthroat)
    what the hand can swing it by after the best play. Fives & Threes keeps a swing of 1:
    a hand there ends in a point difference, not in a win or a loss, and its thresholds are
    on the match chance itself. ``calibrated``: through the calibration map (``deal_value``)."""
    plays = tuple(v.play for v in evaluation.values)
    scope = scope_of(view)
    if not evaluation.outcomes:  # a forced play: nothing was sampled
        means = tuple(_unsampled(view, v.mean, calibrated) for v in evaluation.values)
        return PlayChances(plays, means, (0.0,) * len(plays), (), (), scope=scope)
    known: dict[float, float] = {}  # few distinct outcomes: each valued once

    def value(outcome: float) -> float:
        found = known.get(outcome)
        if found is None:
            found = known[outcome] = deal_value(view, outcome, calibrated=calibrated)
        return found

    deals = tuple(tuple(value(outcome) for outcome in outcomes) for outcomes in evaluation.outcomes)
    weights = evaluation.weights
    pairs = [mean_and_error([deal[k] for deal in deals], weights) for k in range(len(plays))]
    means = tuple(m for m, _ in pairs)
    swing = reach = 1.0
    if scope == "set":
        top = max(range(len(plays)), key=lambda k: means[k])
        swing, reach = _swing(view, top, evaluation.outcomes, weights, calibrated)
    return PlayChances(
        plays, means, tuple(e for _, e in pairs), deals, weights, swing=swing, scope=scope,
        reach=reach,
    )


def _unsampled(view: Position, mean: float, calibrated: bool = True) -> float:
    if view.is_fives_and_threes:
        return deal_value(view, 0.0, calibrated=calibrated)
    return mean
