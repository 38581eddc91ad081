"""A series of games: a Cutthroat set (who poses, resuming, whole sets) and a Fives & Threes
match (the deal, the lead, whole matches); the scoring rules they apply are tested in
test_cutthroat.py and test_fives_threes.py."""

from __future__ import annotations

import random

import pytest

from tests.rules.test_cutthroat import FOUR, THREE, TWO, tie, win
from tests.rules.test_fives_threes import FIVES
from tutor.rules.fives_threes import ends_total, points_for_total
from tutor.rules.game import Game
from tutor.rules.plays import Outcome
from tutor.rules.series import CutthroatSet, FivesThreesMatch
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import Tile

# --- a Cutthroat set: who poses -----------------------------------------------------------------


def pose_of(game: Game) -> list[str]:
    return sorted(str(p) for p in game.legal_plays())


def test_winner_poses_any_tile_next() -> None:
    rng = random.Random(11)
    cut = CutthroatSet(FOUR)
    game = cut.new_game(rng)
    assert game.pose == Tile(6, 6)
    cut.record(win(2))
    game = cut.new_game(rng)
    assert game.pose is None and game.turn == 2
    assert pose_of(game) == sorted(f"{t} left" for t in game.hand(2))
    cut.record(win(0))
    game = cut.new_game(rng)
    assert game.pose is None and game.turn == 0
    assert len(game.legal_plays()) == 7


@pytest.mark.parametrize("rules", [FOUR, TableRules(tied_block="void")], ids=["carry", "void"])
def test_six_six_poses_after_a_tied_block(rules: TableRules) -> None:
    rng = random.Random(12)
    cut = CutthroatSet(rules)
    cut.record(win(2))
    cut.record(tie())
    game = cut.new_game(rng)
    assert game.pose == Tile(6, 6)
    assert game.hands[game.turn] & Tile(6, 6).bit
    assert pose_of(game) == ["6-6 left"]


def test_six_six_poses_after_a_bruck() -> None:
    rng = random.Random(13)
    cut = CutthroatSet(TWO, scores=(3, 0))
    assert cut.record(win(1, 2)).result == "bruck"
    game = cut.new_game(rng)
    assert game.pose == Tile(6, 6) and pose_of(game) == ["6-6 left"]


def test_new_game_after_six_love_is_refused() -> None:
    cut = CutthroatSet(FOUR, scores=(5, 0, 0, 0))
    cut.record(win(0))
    with pytest.raises(ValueError, match="six-love"):
        cut.new_game(random.Random(1))


def play_out(game: Game, rng: random.Random) -> Outcome:
    while not game.over:
        plays = game.legal_plays()
        if plays:
            game.play(rng.choice(plays))
        elif game.boneyard:
            game.draw()
        else:
            game.pass_turn()
    outcome = game.outcome()
    assert outcome is not None
    return outcome


@pytest.mark.parametrize(
    "rules",
    [FOUR, THREE, TWO, TableRules(players=2, boneyard=True), TableRules(tied_block="void")],
    ids=["4", "3", "2", "2-boneyard", "4-void"],
)
def test_whole_sets_end_six_love(rules: TableRules) -> None:
    for seed in range(8):
        rng = random.Random(seed)
        cut = CutthroatSet(rules)
        poser: int | None = None
        stake = 1
        while not cut.over:
            assert cut.games < 2000
            game = cut.new_game(rng)
            if poser is None:
                assert game.pose is not None and game.hands[game.turn] & game.pose.bit
            else:
                assert game.pose is None and game.turn == poser
            before = cut.scores
            outcome = play_out(game, rng)
            after = cut.record(outcome)
            if outcome.winner is None:
                assert after.scores == before and after.poser is None
                assert after.stake == (stake + 1 if rules.tied_block == "carry" else 1)
            else:
                assert after.points == stake + (1 if outcome.key_card else 0)
                assert after.stake == 1
            poser, stake = after.poser, after.stake
            assert max(cut.scores) < 6 or cut.over
        assert cut.last is not None and cut.last.result == "six-love"
        assert max(cut.scores) >= 6 and 0 in cut.scores


def test_a_set_resumed_with_a_poser_lets_that_seat_pose_any_tile() -> None:
    """Rule: a set resumed after a win (scores 1-0-0-0, seat 2 to pose) lets seat 2 pose
    any tile of its hand; 6-6 does not have to come first."""
    cut = CutthroatSet(FOUR, scores=(1, 0, 0, 0), poser=2)
    assert (cut.scores, cut.stake, cut.poser) == ((1, 0, 0, 0), 1, 2)
    game = cut.new_game(random.Random(4))
    assert game.pose is None and game.turn == 2
    assert pose_of(game) == sorted(f"{t} left" for t in game.hand(2))


def test_a_set_resumed_with_seat_zero_to_pose() -> None:
    """Rule: seat 0 as the poser is a seat like any other (posing any tile), not 'no poser'."""
    for seed in range(10):
        game = CutthroatSet(FOUR, scores=(1, 0, 0, 0), poser=0).new_game(random.Random(seed))
        assert game.pose is None and game.turn == 0 and len(game.legal_plays()) == 7


def test_a_resumed_set_keeps_its_stake() -> None:
    """Rule: a set resumed after tied blocks plays the next game for the carried stake."""
    cut = CutthroatSet(FOUR, scores=(1, 0, 0, 0), stake=3)
    assert cut.record(win(1)).scores == (1, 3, 0, 0)


def test_a_set_with_no_arguments_is_a_fresh_four_player_set() -> None:
    """Rule: a set without arguments is the default table (four players), everybody on 0,
    stake 1, 6-6 to pose, no game played yet."""
    cut = CutthroatSet()
    assert cut.rules == TableRules()
    assert (cut.scores, cut.stake, cut.poser, cut.last, cut.games) == ((0, 0, 0, 0), 1, None,
                                                                       None, 0)
    assert not cut.over
    game = cut.new_game(random.Random(2))
    assert game.seats == 4 and game.pose == Tile(6, 6)


def test_a_set_needs_cutthroat_rules() -> None:
    """Rule: a Cutthroat set is refused Fives & Threes table rules."""
    with pytest.raises(ValueError, match="needs Cutthroat table rules"):
        CutthroatSet(TableRules(game="fives-and-threes", players=2))


def test_recording_games_counts_them_and_keeps_the_last() -> None:
    """Rule: each recorded game is counted and its result kept as the last one."""
    cut = CutthroatSet(FOUR)
    first = cut.record(tie())
    assert (cut.games, cut.last, cut.stake) == (1, first, 2)
    second = cut.record(win(1, key=True))
    assert (cut.games, cut.last) == (2, second)
    assert (second.points, second.key_card, cut.scores, cut.poser) == (3, True, (0, 3, 0, 0), 1)


@pytest.mark.parametrize("poser", [None, 1])
def test_every_game_of_a_set_is_played_under_the_sets_table_rules(poser: int | None) -> None:
    """Rule: each game of a set is dealt and played under the set's own table rules (here
    2 players with a boneyard and no key-card bonus), whoever poses."""
    rules = TableRules(players=2, boneyard=True, key_card_bonus=0)
    for seed in range(3):
        game = CutthroatSet(rules, scores=(1, 0), poser=poser).new_game(random.Random(seed))
        assert game.rules == rules and len(game.boneyard) == 14


# --- a Fives & Threes match ----------------------------------------------------------------------


def test_default_target_is_61() -> None:
    assert FivesThreesMatch(seed=3).rules.target == 61
    assert FIVES.target == 61


def test_deal_seven_each_and_fourteen_sleep() -> None:
    match = FivesThreesMatch(seed=4)
    game = match.game
    assert [h.bit_count() for h in game.hands] == [7, 7]
    assert game.sleeping.bit_count() == 14 and game.boneyard == []
    assert game.pose is None and len(game.legal_plays()) == 7  # the leader plays any tile


def test_first_lead_is_random_but_seeded() -> None:
    leaders = set()
    for seed in range(40):
        a, b = FivesThreesMatch(seed=seed), FivesThreesMatch(seed=seed)
        assert a.leader == b.leader == a.first_leader
        assert a.game.hands == b.game.hands
        assert a.game.turn == a.leader and a.round == 1
        leaders.add(a.leader)
    assert leaders == {0, 1}


def test_later_rounds_alternate_the_lead() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        match = FivesThreesMatch(seed=seed)
        first = match.leader
        with pytest.raises(ValueError, match="still being played"):
            match.next_round()
        for round_no in range(1, 7):
            assert match.round == round_no
            assert match.leader == (first + round_no - 1) % 2
            assert match.game.turn == match.leader
            while not match.game.over and not match.over:
                plays = match.game.legal_plays()
                if plays:
                    match.play(rng.choice(plays))
                else:
                    match.knock()
            if match.over:
                break
            match.next_round()


def test_whole_matches_reach_the_target_exactly() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        match = FivesThreesMatch(seed=seed)
        rounds = 0
        while not match.over:
            assert rounds < 500
            while not match.game.over and not match.over:
                seat = match.game.turn
                plays = match.game.legal_plays()
                if not plays:
                    match.knock()
                    continue
                before = match.scores
                points = match.play(rng.choice(plays))
                assert match.scores[seat] == before[seat] + points.credited
                assert match.scores[1 - seat] == before[1 - seat]
                assert match.scores[seat] <= 61
                expected = points_for_total(ends_total(match.game.line))
                assert points.score.points == expected
                assert points.chip_out == (1 if match.game.hands[seat] == 0 else 0)
            if not match.over:
                match.next_round()
                rounds += 1
        assert match.winner is not None and match.scores[match.winner] == 61
        assert max(match.scores) == 61


def test_match_needs_fives_and_threes_rules() -> None:
    with pytest.raises(ValueError, match="Fives & Threes table rules"):
        FivesThreesMatch(TableRules())
