"""Computer players: legal, deterministic for a seed, blind to hidden hands; a quick ladder."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.search.reference import TABLES, random_position
from tutor.rules.game import Game
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import PIPS_OF
from tutor.search.deals import DealSampler
from tutor.search.ladder import interval, mirrored
from tutor.search.players import LEVELS, choose_play, points_now


def twin_games(rules: TableRules, seed: int) -> tuple[Game, Game, int]:
    """Two games that look the same from the seat to play, with other hidden hands."""
    rng = random.Random(seed)
    while True:
        game = Game.new(rules, rng, turn=0)
        dealt = list(game.hands)
        steps = rng.randint(4, 14)
        while not game.over and steps:
            plays = game.legal_plays()
            if plays:
                game.play(plays[rng.randrange(len(plays))])
            else:
                game.pass_turn()
            steps -= 1
        if game.over or len(game.legal_plays()) < 2:
            continue
        seat = game.turn
        view = Position.from_game(game, seat)
        sampler = DealSampler(view)
        for _ in range(20):
            groups = sampler.sample_groups(rng)
            if groups[:-1] != [game.hands[s] for s in sampler.seats]:
                break
        else:
            continue
        hands = list(game.hands)
        for g, s in enumerate(sampler.seats):
            hands[s] = groups[g]
        played = [dealt[s] & ~game.hands[s] for s in range(rules.players)]
        twin = Game([hands[s] | played[s] for s in range(rules.players)], rules=rules,
                    out=game.out, sleeping=groups[-1], turn=0)
        for who, kind, what in game.history:
            assert twin.turn == who
            if kind == "play":
                twin.play(what)  # type: ignore[arg-type]
            else:
                twin.pass_turn()
        return game, twin, seat


@pytest.mark.parametrize("name", ["ft", "ct3", "ct4"])
def test_same_view_same_play_whatever_the_hidden_hands(name: str) -> None:
    rules = TABLES[name]
    for seed in range(3):
        game, twin, seat = twin_games(rules, seed)
        assert game.hands != twin.hands and game.hands[seat] == twin.hands[seat]
        mine, theirs = Position.from_game(game, seat), Position.from_game(twin, seat)
        assert str(mine.line) == str(theirs.line) and replace(mine, line=theirs.line) == theirs
        for level in LEVELS:
            for player_seed in (1, 2):
                mine = choose_play(Position.from_game(game, seat), level, seed=player_seed)
                theirs = choose_play(Position.from_game(twin, seat), level, seed=player_seed)
                assert mine == theirs


@pytest.mark.parametrize("name", ["ft", "ct2", "ct2-boneyard", "ct3", "ct4"])
def test_every_level_plays_legally(name: str) -> None:
    rules = TABLES[name]
    rng = random.Random(f"legal-{name}")
    for k in range(40):
        game = random_position(rules, rng, 20)
        if not game.can_play():
            assert choose_play(Position.from_game(game, game.turn), 1) is None
            continue
        for level in LEVELS if k < 6 else (1, 2, 3):
            play = choose_play(Position.from_game(game, game.turn), level, seed=k)
            assert play in game.legal_plays()


def test_greedy_plays() -> None:
    rng = random.Random(4)
    for _ in range(60):
        game = random_position(TABLES["ct4"], rng, 24)
        if game.can_play():
            play = choose_play(Position.from_game(game, game.turn), 2)
            assert play is not None
            doubles = [p for p in game.legal_plays() if p.tile.is_double]
            assert play.tile.is_double == bool(doubles)
            assert play.tile.pips == max(PIPS_OF[p.tile.index] for p in doubles
                                         or game.legal_plays())
        game = random_position(TABLES["ft"], rng, 12)
        if game.can_play():
            view = Position.from_game(game, game.turn)
            play = choose_play(view, 2)
            assert play is not None
            best = max(points_now(view, p.tile.index, 0 if str(p.end) == "left" else 1)
                       for p in game.legal_plays())
            assert points_now(view, play.tile.index, 0 if str(play.end) == "left" else 1) == best


def test_wrong_level_or_seat_is_refused() -> None:
    game = random_position(TABLES["ct4"], random.Random(1), 20)
    with pytest.raises(ValueError, match="level 6 does not exist"):
        choose_play(Position.from_game(game, game.turn), 6)
    with pytest.raises(ValueError, match="is not to play"):
        choose_play(Position.from_game(game, (game.turn + 1) % 4), 1)


def test_quick_ladder() -> None:
    """The ladder's quick form; the full figures come from benchmarks/strength.py."""
    ft, ct4 = TABLES["ft"], TABLES["ct4"]
    greedy_vs_random = interval([mirrored(ft, d, 2, 1) for d in range(100)], 0.5)
    assert greedy_vs_random.mean > 0.6 and greedy_vs_random.p < 0.01
    greedy_vs_random_4 = interval([mirrored(ct4, d, 2, 1) for d in range(100)], 0.25)
    assert greedy_vs_random_4.mean > 0.3 and greedy_vs_random_4.p < 0.01
    heuristic_vs_greedy = interval([mirrored(ct4, d, 3, 2) for d in range(300)], 0.25)
    assert heuristic_vs_greedy.mean > 0.3 and heuristic_vs_greedy.p < 0.01
    search_vs_greedy = interval([mirrored(ct4, d, 5, 2) for d in range(16)], 0.25)
    assert search_vs_greedy.mean > 0.3
