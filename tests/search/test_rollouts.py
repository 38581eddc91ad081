"""The rollouts compiled by ``make compiled`` agree with their source."""

from __future__ import annotations

import doctest
import random

import pytest

from tests.search.reference import TABLES, random_position
from tests.search.test_solver import interpreted
from tutor.rules.position import Position
from tutor.search import rollouts
from tutor.search.encode import encode
from tutor.search.evaluate import legal_plays
from tutor.search.solver.fives_threes import _ft_state


def test_compiled_rollouts_agree_with_their_source() -> None:
    """A mypyc build must come from the current source: the same playouts and winners."""
    if not rollouts.COMPILED:
        pytest.skip("the rollouts run as pure Python (no `make compiled`)")
    source = interpreted(rollouts)
    assert not source.COMPILED
    rng = random.Random("compiled rollouts")
    for name in ("ft", "ct2", "ct3", "ct4"):
        for _ in range(40):
            game = random_position(TABLES[name], rng, 12)
            board = encode(Position.from_game(game))
            moves = legal_plays(Position.from_game(game, game.turn))
            if name == "ft":
                if moves:
                    assert rollouts.fives_threes_rollouts(board, moves) == (
                        source.fives_threes_rollouts(board, moves))
                me, opp, sme, sopp, left, right = _ft_state(board)
                assert rollouts.ft_rollout(me, opp, left, right, sme, sopp, 61) == (
                    source.ft_rollout(me, opp, left, right, sme, sopp, 61))
                continue
            for index, side in moves:
                for smart in (False, True):
                    assert rollouts.rollout_winner(board, index, side, smart) == (
                        source.rollout_winner(board, index, side, smart))


def test_source_doctests_when_compiled() -> None:
    """With a mypyc build, conftest.py leaves the source out of the collection: run them here."""
    if not rollouts.COMPILED:
        pytest.skip("pytest collects the rollouts' doctests itself")
    result = doctest.testmod(interpreted(rollouts))
    assert result.attempted >= 3 and result.failed == 0
