"""Hands between computer players on mirrored deals, and the statistics of a pairing.

A mirrored deal is one shuffle played once for each seat the tested level can
sit in (two players: both seats; four players: one tested seat against three
others, in each of the four seats), so the luck of the deal cancels.

>>> from tutor.rules import TableRules
>>> ft = TableRules(game="fives-and-threes", players=2)
>>> play_hand(ft, deal_seed=3, levels=(2, 1))
(1.0, 0.0)
>>> 0.0 <= mirrored(ft, deal_seed=3, hero=2, villain=1) <= 1.0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.rules.cutthroat import six_six_poser
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.search.players import choose_play

__all__ = ["Interval", "interval", "mirrored", "play_hand"]


def play_hand(
    rules: TableRules, deal_seed: int, levels: Sequence[int], *, seed: int = 0
) -> tuple[float, ...]:
    """Play one hand; each seat's result: 1 won, 0 lost (a Fives & Threes tie: 0.5 each).

    Cutthroat: the holder of 6-6 poses it; a tied block is won by nobody.
    Fives & Threes: seat 0 leads from 0-0 scores; the hand is won on points.
    """
    rng = random.Random(deal_seed)
    game = Game.new(rules, rng, turn=0)
    if not game.is_fives_and_threes:
        seat, tile = six_six_poser(game.hands)
        game.pose, game.turn = tile, seat
    points = [0] * rules.players
    while not game.over:
        seat = game.turn
        if not game.can_play():
            if game.boneyard:
                game.draw()
            else:
                game.pass_turn()
            continue
        view = Position.from_game(
            game, seat, scores=tuple(points) if game.is_fives_and_threes else (), copy=False
        )
        play = choose_play(view, levels[seat], seed=seed)
        assert play is not None
        game.play(play)
        if game.is_fives_and_threes:
            gained = score_play(game.line, not game.hands[seat], points[seat], rules.target)
            points[seat] += gained.credited
            if gained.reached_target:
                break
    if game.is_fives_and_threes:
        if points[0] == points[1]:
            return (0.5, 0.5)
        return (1.0, 0.0) if points[0] > points[1] else (0.0, 1.0)
    outcome = game.outcome()
    assert outcome is not None
    return tuple(1.0 if outcome.winner == s else 0.0 for s in range(rules.players))


def mirrored(rules: TableRules, deal_seed: int, hero: int, villain: int, *, seed: int = 0) -> float:
    """The ``hero`` level's mean result on one deal, sitting once in every seat."""
    total = 0.0
    for seat in range(rules.players):
        levels = [villain] * rules.players
        levels[seat] = hero
        total += play_hand(rules, deal_seed, levels, seed=seed)[seat]
    return total / rules.players


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its 95% interval and the one-sided p-value against ``chance``."""

    mean: float
    low: float
    high: float
    p: float
    n: int


def interval(results: Sequence[float], chance: float) -> Interval:
    """Normal-approximation 95% interval of the mean of per-deal results, and p (mean > chance).

    >>> round(interval([1.0, 0.0, 1.0, 1.0], 0.5).mean, 2)
    0.75
    """
    n = len(results)
    mean = sum(results) / n
    var = sum((r - mean) ** 2 for r in results) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n > 1 else math.inf
    if se == 0:
        p = 0.0 if mean > chance else 1.0
    else:
        z = (mean - chance) / se
        p = 0.5 * math.erfc(z / math.sqrt(2))
    return Interval(mean, mean - 1.96 * se, mean + 1.96 * se, p, n)
