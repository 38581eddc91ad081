"""Information-fair evaluation: exact when nothing is hidden, the match first near the target."""

from __future__ import annotations

import random

import pytest

from tests.search.reference import TABLES, random_position
from tutor.rules.game import Game
from tutor.rules.line import Line
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import FULL_SET, mask_of, parse_tiles
from tutor.search.board import Board
from tutor.search.evaluate import evaluate, rollout
from tutor.search.solver import WIN, who_wins
from tutor.search.view import view_of

FT = TableRules(game="fives-and-threes", players=2)


def test_nothing_hidden_gives_the_exact_values() -> None:
    """Two-player Cutthroat deals out every tile: late in the hand the view pins the deal."""
    rng = random.Random(3)
    checked = 0
    while checked < 20:
        game = random_position(TABLES["ct2"], rng, 10)
        if len(game.legal_plays()) < 2:
            continue
        view = view_of(game, game.turn)
        result = evaluate(view, random.Random(1), samples=8, min_samples=8)
        exact = who_wins(Board.from_game(game))
        assert result.method == "exact"
        assert [(v.play, v.mean, v.stderr) for v in result.values] == [
            (play, 1.0 if u[game.turn] >= WIN else 0.0, 0.0) for play, u in exact.values
        ]
        checked += 1


def test_near_the_target_the_match_comes_first() -> None:
    """The worked position of test_solver, with the sleeping tiles known to be out."""
    line = Line.parse(["3-1", "1-1", "1-5", "5-3", "3-2", "2-2", "2-1", "1-6", "6-4"])
    hands = [["6-3", "6-2"], ["6-5", "4-4", "4-0"]]
    held = line.mask | mask_of(parse_tiles(hands[0] + hands[1]))
    game = Game.from_hands(hands, rules=FT, line=line, turn=1, out=FULL_SET & ~held)
    result = evaluate(view_of(game, 1, scores=(59, 59)), random.Random(1), samples=4)
    by_play = {str(v.play): v for v in result.values}
    assert by_play["4-4 right"].match_wins == 1.0
    assert by_play["4-0 right"].match_losses == 1.0
    assert by_play["4-0 right"].mean == -1.0 and by_play["4-4 right"].mean == 2.0
    assert str(result.best) == "4-4 right"


def test_sampling_stops_at_the_standard_error() -> None:
    game = random_position(TABLES["ct4"], random.Random(8), 26)
    while len(game.legal_plays()) < 2:
        game = random_position(TABLES["ct4"], random.Random(len(game.line)), 26)
    view = view_of(game, game.turn)
    loose = evaluate(view, random.Random(2), samples=400, target_se=0.2)
    assert loose.samples < 400
    assert all(v.stderr < 0.2 for v in loose.values)


def test_only_the_seat_to_play_is_evaluated() -> None:
    game = random_position(TABLES["ct4"], random.Random(1), 20)
    with pytest.raises(ValueError, match="is not to play"):
        evaluate(view_of(game, (game.turn + 1) % 4), random.Random(1))


def test_rollout_counts_a_block() -> None:
    """Nobody can play on 6 and 4: the lowest count wins."""
    hands = [mask_of(parse_tiles(["1-0"])), mask_of(parse_tiles(["2-2"]))]
    assert rollout(hands, 6, 4, 0) == 0
