"""What each play is worth, deal by deal, on the deals the coach sampled; paired losses.

The coach values every legal play on the same sampled deals (common random numbers:
``evaluate`` with ``keep_deals``). Each deal's outcome for a play becomes a chance to win
(``deal_value``); a play's chance is their (weighted) mean, with its standard error, and the
loss of one play against another is the mean of their differences deal by deal, with the
standard error of that *paired* mean: much smaller than either play's own error, since the
luck of a deal touches both plays alike.

>>> table = PlayChances((), (), (), ((1.0, 0.0), (1.0, 1.0), (0.0, 0.0)), (1.0, 1.0, 1.0))
>>> round(table.loss(0, 1), 3), round(table.loss_error(0, 1), 3)
(0.333, 0.333)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.search.evaluate import Evaluation
from tutor.search.rollouts import MATCH

__all__ = [
    "FT_SCALE",
    "PlayChances",
    "deal_value",
    "ft_win_chance",
    "mean_and_error",
    "play_chances",
]

FT_SCALE = 10.0
"""Fives & Threes: a lead of this many points is worth a win chance of about 0.73."""


def ft_win_chance(mean: float, mine: int, theirs: int, wins: float, losses: float) -> float:
    """A Fives & Threes chance to win the match from a play's expected point difference.

    ``wins``/``losses``: the share of deals in which the match ends in this hand; the
    rest counts the lead after the hand on a logistic curve (``FT_SCALE``).

    >>> round(ft_win_chance(0.0, 0, 0, 0.0, 0.0), 2), round(ft_win_chance(10.0, 0, 0, 0.0, 0.0), 2)
    (0.5, 0.73)
    """
    rest = max(0.0, 1.0 - wins - losses)
    lead = mine - theirs + mean
    return wins + rest / (1.0 + math.exp(-lead / FT_SCALE))


def deal_value(view: Position, outcome: float) -> float:
    """One deal's outcome for a play (``Evaluation.outcomes``) as the seat's chance to win.

    Fives & Threes: 1 when the seat reaches the target in the hand, 0 when the other does,
    else the lead after the hand on the logistic curve. Cutthroat: 1 when the seat wins
    the hand, else 0.
    """
    seat = view.turn
    if view.is_fives_and_threes:
        if outcome > MATCH / 2:
            return 1.0
        if outcome < -MATCH / 2:
            return 0.0
        return ft_win_chance(outcome, view.score(seat), view.score(1 - seat), 0.0, 0.0)
    return 1.0 if outcome == seat else 0.0


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


def play_chances(view: Position, evaluation: Evaluation) -> PlayChances:
    """Each play's chance to win from an evaluation made with ``keep_deals``."""
    plays = tuple(v.play for v in evaluation.values)
    if not evaluation.outcomes:  # a forced play: nothing was sampled
        means = tuple(_unsampled(view, v.mean) for v in evaluation.values)
        return PlayChances(plays, means, (0.0,) * len(plays), (), ())
    deals = tuple(
        tuple(deal_value(view, outcome) for outcome in outcomes)
        for outcomes in evaluation.outcomes
    )
    weights = evaluation.weights
    pairs = [mean_and_error([deal[k] for deal in deals], weights) for k in range(len(plays))]
    return PlayChances(
        plays, tuple(m for m, _ in pairs), tuple(e for _, e in pairs), deals, weights
    )


def _unsampled(view: Position, mean: float) -> float:
    if view.is_fives_and_threes:
        seat = view.turn
        return ft_win_chance(mean, view.score(seat), view.score(1 - seat), 0.0, 0.0)
    return mean
