"""Seeded self-play: the computer at one level in every seat, a question asked at each choice.

The calibration benchmark (``benchmarks/calibration.py``) and the fit of the calibration map
(``tools/calibration_map.py``) play the same way: a Fives & Threes match or a Cutthroat set
with ``choose_play`` at one level in every seat, and at every decision with more than one
legal play, ``at_choice(view, play)`` is asked (the coach's chance of the play, or its raw
deal values) and its answer kept with the seat. The answers and the winner are returned, so
each caller pairs them with the outcome as it needs.

>>> from tutor.rules.table_rules import TableRules
>>> rules = TableRules(game="fives-and-threes", players=2, target=11)
>>> match, made = fives_threes_match(rules, 3, 1, lambda view, play: str(play))
>>> match.over, match.winner in (0, 1), all(seat in (0, 1) for seat, _ in made)
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.series import CutthroatSet, FivesThreesMatch
from tutor.rules.table_rules import TableRules
from tutor.search.evaluate import legal_plays
from tutor.search.players import choose_play

__all__ = ["cutthroat_set", "fives_threes_match"]

T = TypeVar("T")
AtChoice = Callable[[Position, Play], T]
"""Asked at each decision with a choice: the seat's view and the play it makes."""


def fives_threes_match(
    rules: TableRules, seed: int, level: int, at_choice: AtChoice[T]
) -> tuple[FivesThreesMatch, list[tuple[int, T]]]:
    """One match to ``rules.target`` dealt from ``seed``: the match played out, and per
    choice the seat and what ``at_choice`` said."""
    match = FivesThreesMatch(rules, seed=seed)
    made: list[tuple[int, T]] = []
    while True:
        game = match.game
        while not game.over and not match.over:
            seat = game.turn
            if not game.can_play():
                match.knock()
                continue
            view = Position.from_game(game, seat, scores=match.scores)
            play = choose_play(view, level, seed=seed)
            assert play is not None
            if len(legal_plays(view)) > 1:
                made.append((seat, at_choice(view, play)))
            match.play(play)
        if match.over:
            break
        match.next_round()
    return match, made


def cutthroat_set(
    rules: TableRules, rng: random.Random, seed: int, level: int, at_choice: AtChoice[T]
) -> tuple[CutthroatSet, list[tuple[int, T]]]:
    """One set to six-love, each game dealt from ``rng``, the players seeded by ``seed``:
    the set played out, and per choice the seat and what ``at_choice`` said."""
    series = CutthroatSet(rules)
    made: list[tuple[int, T]] = []
    while not series.over:
        game = series.new_game(rng)
        while not game.over:
            seat = game.turn
            if not game.can_play():
                game.pass_turn()
                continue
            view = Position.from_game(game, seat, scores=series.scores, stake=series.stake)
            play = choose_play(view, level, seed=seed)
            assert play is not None
            if len(legal_plays(view)) > 1:
                made.append((seat, at_choice(view, play)))
            game.play(play)
        outcome = game.outcome()
        assert outcome is not None
        series.record(outcome)
    return series, made
