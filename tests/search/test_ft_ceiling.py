"""The bounds of benchmarks/ft_ceiling.py rest on its model of level 2 and of the rules.

Its best reply to level 2 is only a bound if its model plays as level 2 does and
scores as the engine does; these tests hold it to both, on random positions
(scores near the target included, so that the exact 61 and the match matter).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from tests.search.reference import TABLES, random_position, random_scores
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.position import Position
from tutor.search.encode import encode, play_of
from tutor.search.evaluate import legal_plays
from tutor.search.players import choose_play


def _ceiling() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "ft_ceiling.py"
    spec = importlib.util.spec_from_file_location("ft_ceiling", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ft_ceiling"] = module
    spec.loader.exec_module(module)
    return module


CEILING = _ceiling()


def _position(seed: int) -> tuple[Game, list[int]]:
    rng = random.Random(seed)
    while True:
        game = random_position(TABLES["ft"], rng, 10)
        if not game.over and game.can_play():
            return game, list(random_scores(game.rules, rng))


def test_the_model_of_level_2_plays_as_level_2() -> None:
    """Rule: the model's greedy play is the play ``choose_play(view, 2)`` makes."""
    for seed in range(300):
        game, scores = _position(seed)
        view = Position.from_game(game, game.turn, scores=(scores[0], scores[1]))
        state = CEILING.state_of(encode(Position.from_game(game, scores=tuple(scores))))
        kids = CEILING.children(state, game.rules.target)
        assert [key[0] for key, *_ in kids] == [index for index, _ in legal_plays(view)]
        chosen = kids.index(CEILING.greedy(kids))
        assert play_of(*legal_plays(view)[chosen]) == choose_play(view, 2, seed=seed), seed


def test_the_best_reply_to_level_2_scores_as_the_engine_does() -> None:
    """Rule: playing the model's best reply against the real level 2 in the engine gives
    exactly the point difference the model computed (chip-out, knocks, the exact target)."""
    for seed in range(150):
        game, scores = _position(seed)
        hero = game.turn
        target = game.rules.target
        memo: dict[object, int] = {}
        node = encode(Position.from_game(game, scores=tuple(scores)))
        promised = CEILING.against_greedy(CEILING.state_of(node), True, target, memo)
        start = scores[hero] - scores[1 - hero]
        reached = None
        while not game.over and reached is None:
            seat = game.turn
            if not game.can_play():
                game.pass_turn()
                continue
            view = Position.from_game(game, seat, scores=(scores[0], scores[1]))
            if seat == hero:
                state = CEILING.state_of(encode(Position.from_game(game, scores=tuple(scores))))
                values = [end if end is not None else
                          credited + CEILING.against_greedy(after, False, target, memo)
                          for _, credited, end, after in CEILING.children(state, target)]
                play = play_of(*legal_plays(view)[values.index(max(values))])
            else:
                chosen = choose_play(view, 2)
                assert chosen is not None
                play = chosen
            game.play(play)
            gained = score_play(game.line, not game.hands[seat], scores[seat], target)
            scores[seat] += gained.credited
            if gained.reached_target:
                reached = seat
        bonus = 0 if reached is None else (CEILING.MATCH if reached == hero else -CEILING.MATCH)
        assert scores[hero] - scores[1 - hero] - start + bonus == promised, seed
