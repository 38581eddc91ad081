"""The exact solver against a naive minimax over ``Game``, pinned node counts, worked positions."""

from __future__ import annotations

import doctest
import importlib.util
import random
import sys
import types
from collections.abc import Sequence
from dataclasses import astuple
from pathlib import Path

import pytest

from tests.search.reference import (
    TABLES,
    naive_can_win,
    naive_ft,
    naive_ft_play,
    naive_maxn,
    random_position,
    random_scores,
)
from tutor.rules.game import Game
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.search.encode import Node, encode
from tutor.search.solver import cutthroat, fives_threes
from tutor.search.solver.cutthroat import WIN, can_win, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

FT = TableRules(game="fives-and-threes", players=2)

# Positions per table: 2,400 in all, every table of RULES.md (both games, 2, 3 and 4 players,
# the boneyard option, no key-card bonus with the void tie rule).
COUNTS = {"ft": 800, "ct2": 350, "ct2-boneyard": 300, "ct3": 300, "ct4": 350,
          "ct4-nobonus-void": 300}


def node_of(game: Game, *, scores: Sequence[int] = ()) -> Node:
    """The solver's node of a game with every hand known (the boneyard in its order)."""
    position = Position.from_game(game, scores=tuple(scores))
    return encode(position, boneyard=[tile.index for tile in game.boneyard])


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_solver_agrees_with_naive_minimax(name: str) -> None:
    rules = TABLES[name]
    rng = random.Random(f"solver-{name}")
    disagreements = []
    for k in range(COUNTS[name]):
        game = random_position(rules, rng, 10)
        if name == "ft":
            scores = random_scores(rules, rng)
            bonus = 1000 if k % 2 else 0  # half the positions count winning the match
            board = node_of(game, scores=scores)
            solution = solve_fives_threes(board, match_bonus=bonus)
            value = naive_ft(game, scores, rules.target, bonus)
            best = [p for p in game.legal_plays()
                    if naive_ft_play(game, p, scores, rules.target, bonus) == value]
            if (solution.value, list(solution.best)) != (value, best):
                disagreements.append((str(game.line), scores, solution, value, best))
            continue
        board = node_of(game)
        seat = rng.randrange(rules.players)
        wins = can_win(board, seat)
        mover = can_win(board, game.turn)
        winning = []
        for play in game.legal_plays():
            game.play(play)
            if naive_can_win(game, mover.seat):
                winning.append(play)
            game.undo()
        maxn = who_wins(board)
        utilities = naive_maxn(game)
        best = []
        for play in game.legal_plays():
            game.play(play)
            if naive_maxn(game)[mover.seat] == utilities[mover.seat]:
                best.append(play)
            game.undo()
        got = (wins.wins, list(mover.plays), maxn.utilities, list(maxn.best))
        want = (naive_can_win(game, seat), winning, utilities, best)
        if got != want:
            disagreements.append((str(game.line), game.hands, got, want))
    assert disagreements == []


def _deal(rules: TableRules, seed: int, down: int) -> Game:
    """A seeded deal with ``down`` tiles played at random (seat 0 leads)."""
    rng = random.Random(seed)
    game = Game.new(rules, rng)
    while len(game.line) < down:
        plays = game.legal_plays()
        if plays:
            game.play(plays[rng.randrange(len(plays))])
        else:
            game.pass_turn()
    return game


def test_pinned_node_counts() -> None:
    """Like perft: a change in move generation, ordering or the table shows here."""
    ft = solve_fives_threes(node_of(_deal(FT, 1, 0)))
    end8 = who_wins(node_of(_deal(TableRules(players=4), 2, 8)))
    full = can_win(node_of(_deal(TableRules(players=4), 3, 0)), 0)
    three = who_wins(node_of(_deal(TableRules(players=3), 4, 14)))
    assert (ft.value, ft.nodes) == (FT_PIN[0], FT_PIN[1])
    assert (end8.utilities, end8.nodes) == (END8_PIN[0], END8_PIN[1])
    assert (full.wins, full.nodes) == (FULL_PIN[0], FULL_PIN[1])
    assert (three.utilities, three.nodes) == (THREE_PIN[0], THREE_PIN[1])


FT_PIN: tuple[int, int] = (6, 3038)
END8_PIN: tuple[tuple[int, ...], int] = ((990, 992, 994, 994), 5651)
FULL_PIN: tuple[bool, int] = (False, 2083)
THREE_PIN: tuple[tuple[int, ...], int] = ((-2, 3000, -3), 156)


def test_greedy_play_loses_the_match_to_the_exact_target() -> None:
    """Both on 59 of 61. Seat 1's 4-0 scores 1 now (60) but leaves 6-3 for seat 0's 61;
    4-4 scores nothing now and wins the match with 4-0 next turn (6 = 2 points, 61)."""
    line = Line.parse(["3-1", "1-1", "1-5", "5-3", "3-2", "2-2", "2-1", "1-6", "6-4"])
    game = Game.from_hands([["6-3", "6-2"], ["6-5", "4-4", "4-0"]], rules=FT, line=line, turn=1)
    solution = solve_fives_threes(node_of(game, scores=(59, 59)))
    values = {str(p): v for p, v in solution.values}
    assert values == {"4-0 right": -1, "4-4 right": 2}
    assert [str(p) for p in solution.best] == ["4-4 right"]
    match = solve_fives_threes(node_of(game, scores=(59, 59)), match_bonus=1000)
    assert {str(p): v for p, v in match.values} == {"4-0 right": -1001, "4-4 right": 1002}


def test_only_one_play_still_wins() -> None:
    line = Line.parse(["0-0", "0-3", "3-2", "2-0", "0-6", "6-6", "6-3", "3-4", "4-2", "2-2",
                       "2-5", "5-0", "0-1", "1-1", "1-2", "2-6", "6-1", "1-4", "4-5"])
    hands = [["6-4", "4-4"], ["6-5", "5-3", "4-0"], ["5-5", "3-1"], ["5-1", "3-3"]]
    game = Game.from_hands(hands, rules=TableRules(players=4), line=line, turn=1)
    assert [str(p) for p in game.legal_plays()] == ["4-0 left", "5-3 right", "6-5 right"]
    result = can_win(node_of(game), 1)
    assert result.wins
    assert [str(p) for p in result.plays] == ["5-3 right"]


def test_a_block_won_on_the_count() -> None:
    """Seat 1 holds 5-3 and 2-2 (4 after the play); seat 0 holds 3-3 and 0-0 (6).
    5-3 on the 3 shuts both ends on 5: blocked, seat 1 wins on the count. On the 5
    it opens a 3 for 3-3, and seat 0 blocks on 0-0 with a count of 0."""
    line = Line.parse(["5-0", "0-6", "6-3", "3-2", "2-4", "4-6", "6-6", "6-2", "2-1", "1-0",
                       "0-3", "3-1", "1-1", "1-5", "5-4", "4-1", "1-6", "6-5", "5-5", "5-2",
                       "2-0", "0-4", "4-4", "4-3"])
    game = Game.from_hands([["3-3", "0-0"], ["5-3", "2-2"]], rules=TableRules(players=2),
                           line=line, turn=1)
    board = node_of(game)
    result = can_win(board, 1)
    assert [str(p) for p in result.plays] == ["5-3 right"]
    maxn = who_wins(board)
    assert maxn.winner == 1
    assert maxn.utilities == (-6, WIN)
    game.play(Play.parse("5-3 right"))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.counts == (6, 4)


def interpreted(module: types.ModuleType) -> types.ModuleType:
    """A solver module's source run as pure Python, whether or not ``make compiled`` built it."""
    name = module.__name__.rsplit(".", 1)[-1]
    source = Path(module.__file__ or "").with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"tutor.search.solver._{name}_source", source)
    assert spec is not None and spec.loader is not None
    pure = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = pure  # dataclasses look their module up
    spec.loader.exec_module(pure)
    return pure


SOLVERS = (fives_threes, cutthroat)


@pytest.mark.parametrize("module", SOLVERS, ids=lambda m: m.__name__)
def test_compiled_solver_agrees_with_its_source(module: types.ModuleType) -> None:
    """A mypyc build (``make compiled``) must come from the current source: same answers, nodes."""
    if not module.COMPILED:
        pytest.skip(f"{module.__name__} runs as pure Python (no `make compiled`)")
    source = interpreted(module)
    assert not source.COMPILED
    rng = random.Random("compiled")
    names = ("ft",) if module is fives_threes else ("ct2", "ct2-boneyard", "ct3", "ct4")
    for name in names:
        for _ in range(40):
            board = node_of(random_position(TABLES[name], rng, 12))
            # Field by field: the two modules' result classes are not the same class.
            if name == "ft":
                assert astuple(solve_fives_threes(board)) == astuple(
                    source.solve_fives_threes(board)
                )
            else:
                assert astuple(who_wins(board)) == astuple(source.who_wins(board))
                assert astuple(can_win(board, 0)) == astuple(source.can_win(board, 0))


@pytest.mark.parametrize("module", SOLVERS, ids=lambda m: m.__name__)
def test_source_doctests_when_compiled(module: types.ModuleType) -> None:
    """With a mypyc build, conftest.py leaves the source out of the collection: run them here."""
    if not module.COMPILED:
        pytest.skip("pytest collects the solver's doctests itself")
    result = doctest.testmod(interpreted(module))
    assert result.attempted > 5 and result.failed == 0
