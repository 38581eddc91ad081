"""The fast path plays the same games as the checked API, and plays them like everyone else."""

from __future__ import annotations

import random
import statistics

import pytest

from tutor.rules.fast import BIT, FITS, OTHER, deal_hands, random_game, random_playout
from tutor.rules.game import Game, deal
from tutor.rules.plays import Outcome, Termination, blocked_outcome
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import SUIT, TILES, Tile, iter_indexes


def checked_playout(game: Game, rng: random.Random) -> Outcome:
    """Random legal plays through the public API, choosing as the fast path documents."""
    while (outcome := game.outcome()) is None:
        plays = game.legal_plays()
        if plays:
            game.play(plays[int(rng.random() * len(plays))])
        else:
            game.pass_turn()
    return outcome


def test_tables_follow_the_tiles() -> None:
    for index, tile in enumerate(TILES):
        assert BIT[index] == tile.bit
        for pip in range(7):
            assert OTHER[index][pip] == (tile.other(pip) if tile.has(pip) else -1)
    for pip in range(7):
        assert len(FITS[pip]) == 128
        for sub, indexes in FITS[pip].items():
            assert sub & ~SUIT[pip] == 0
            assert indexes == tuple(iter_indexes(sub))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_hands_is_the_engines_deal(players: int) -> None:
    for seed in range(20):
        dealt = deal(TableRules(players=players), random.Random(seed))
        assert deal_hands(random.Random(seed), players) == list(dealt.hands)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game_as_the_checked_api(players: int) -> None:
    kinds = set()
    for seed in range(300):
        turn = seed % players
        fast_rng, checked_rng = random.Random(seed), random.Random(seed)
        hands = deal_hands(fast_rng, players)
        dealt = deal(TableRules(players=players), checked_rng)
        game = Game(dealt.hands, out=dealt.out, turn=turn)
        placed, winner, left_over = random_playout(hands, fast_rng, turn)
        outcome = checked_playout(game, checked_rng)
        assert placed == len(game.line)
        assert left_over == game.hands
        assert (winner is None) == (outcome.kind is Termination.BLOCKED)
        if winner is None:
            assert blocked_outcome(left_over) == outcome
        else:
            assert winner == outcome.winner
        assert fast_rng.random() == checked_rng.random()  # the same random draws were used
        kinds.add(outcome.kind)
    assert kinds == {Termination.DOMINO, Termination.BLOCKED}


def test_playout_from_a_position_in_a_checked_game() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        game = Game.new(TableRules(players=4), rng)
        for _ in range(1 + seed % 15):  # a few plays and passes first
            plays = game.legal_plays()
            if plays:
                game.play(plays[int(rng.random() * len(plays))])
            else:
                game.pass_turn()
        assert game.line.left is not None and game.line.right is not None
        hands, ends = list(game.hands), (game.line.left, game.line.right)
        before = list(hands)
        state = rng.getstate()
        already = len(game.line)
        placed, winner, left_over = random_playout(hands, rng, game.turn, ends)
        rng.setstate(state)
        outcome = checked_playout(game, rng)
        assert hands == before  # the caller's list is not changed
        assert already + placed == len(game.line)
        assert left_over == game.hands
        assert winner == (outcome.winner if outcome.kind is Termination.DOMINO else None)


def test_a_blocked_position_plays_nothing() -> None:
    # Both ends show 6 and every six is on the table: nobody can play.
    hands = [TILES[1].bit, TILES[3].bit]  # 1-0 and 2-0
    assert random_playout(hands, random.Random(0), 1, (6, 6)) == (0, None, hands)


def test_leading_from_an_empty_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 1 has no tile to lead"):
        random_playout([TILES[1].bit, 0], random.Random(0), 1)


def test_mean_tiles_placed_matches_every_other_engine() -> None:
    # engines.md section 2: every engine averages 22.4 placements in this game.
    rng = random.Random(2024)
    placed = [random_game(rng)[0] for _ in range(10_000)]
    assert abs(statistics.fmean(placed) - 22.4) <= 0.3
    assert min(placed) >= 7 and max(placed) <= 25  # 7 + 3 * 6 at most


@pytest.mark.parametrize("players", [2, 3])
def test_a_random_game_is_dealt_to_the_given_number_of_players(players: int) -> None:
    """Rule: random_game deals to ``players`` seats (2 or 3, not always 4) and plays it out."""
    placed, winner, hands = random_game(random.Random(5), players)
    assert len(hands) == players
    assert random_game(random.Random(5), players) == (placed, winner, hands)
    if players == 3:
        assert all(not hand & BIT[0] for hand in hands)  # 0-0 is out of play with three


def test_a_playout_from_a_position_starts_with_the_seat_to_play() -> None:
    """Rule: with ends given, seat ``turn`` plays first (seat 0 as well as any other)."""
    six_one, six_three = Tile(6, 1).bit, Tile(6, 3).bit
    hands = [six_one, six_three]
    assert random_playout(hands, random.Random(0), 0, (6, 5)) == (1, 0, [0, six_three])
    assert random_playout(hands, random.Random(0), 1, (6, 5)) == (1, 1, [six_one, 0])
