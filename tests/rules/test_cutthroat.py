"""Cutthroat six-love sets: stakes, ties, key card, six-love, bruck, the pose (RULES.md)."""

from __future__ import annotations

import random

import pytest

from tutor.rules import (
    FULL_SET,
    SUIT,
    AfterGame,
    CutthroatSet,
    Game,
    Line,
    Outcome,
    Play,
    TableRules,
    Termination,
    Tile,
    after_game,
)
from tutor.rules.analysis import dead_ends, hard_ends

FOUR = TableRules()
THREE = TableRules(players=3)
TWO = TableRules(players=2)


def win(seat: int, players: int = 4, key: bool = False) -> Outcome:
    counts = tuple(0 if s == seat else 10 for s in range(players))
    return Outcome(Termination.DOMINO, seat, counts, key)


def tie(players: int = 4) -> Outcome:
    return Outcome(Termination.BLOCKED, None, (5, 5) + (9,) * (players - 2))


def blocked_win(seat: int, players: int = 4) -> Outcome:
    counts = tuple(3 if s == seat else 9 for s in range(players))
    return Outcome(Termination.BLOCKED, seat, counts)


# --- stakes and ties --------------------------------------------------------------------------


def test_a_win_scores_the_stake_of_one() -> None:
    after = after_game((0, 0, 0, 0), stake=1, winner=2, rules=FOUR)
    assert after == AfterGame("continue", (0, 0, 1, 0), 1, 2, 1, 2, False)


def test_a_blocked_win_scores_like_a_domino() -> None:
    cut = CutthroatSet(FOUR)
    after = cut.record(blocked_win(3))
    assert after.scores == (0, 0, 0, 1) and after.points == 1 and after.poser == 3


def test_tied_blocks_raise_the_stake_and_a_win_resets_it() -> None:
    cut = CutthroatSet(FOUR)
    first = cut.record(tie())
    assert (first.result, first.scores, first.stake, first.points) == ("continue", (0,) * 4, 2, 0)
    assert first.winner is None and first.poser is None  # 6-6 poses the next game
    second = cut.record(tie())
    assert (second.stake, cut.stake) == (3, 3)
    third = cut.record(win(1))
    assert third.points == 3 and third.scores == (0, 3, 0, 0)
    assert third.stake == 1 and cut.stake == 1
    assert cut.record(win(1)).points == 1


def test_void_ties_keep_the_stake_at_one() -> None:
    void = TableRules(tied_block="void")
    cut = CutthroatSet(void)
    for _ in range(3):
        after = cut.record(tie())
        assert (after.stake, after.scores, after.points) == (1, (0, 0, 0, 0), 0)
        assert after.poser is None
    assert cut.record(win(0)).points == 1
    assert after_game((0, 0, 0), 3, None, TableRules(players=3, tied_block="void")).stake == 1


def test_stake_carries_with_three_and_two_players() -> None:
    assert after_game((0, 0, 0), 1, None, THREE).stake == 2
    assert after_game((1, 0), 2, None, TWO).stake == 3
    assert after_game((1, 0), 3, 0, TWO).scores == (4, 0)


# --- the key-card bonus -------------------------------------------------------------------------


def test_key_card_bonus_is_one_by_default() -> None:
    assert FOUR.key_card_bonus == 1
    assert after_game((0, 0, 0, 0), 1, 0, FOUR, key_card=True).points == 2
    assert after_game((0, 0, 0, 0), 2, 0, FOUR, key_card=True).points == 3
    assert after_game((0, 0, 0, 0), 1, 0, FOUR, key_card=False).points == 1


def test_key_card_bonus_off() -> None:
    off = TableRules(key_card_bonus=0)
    after = after_game((0, 0, 0, 0), 1, 0, off, key_card=True)
    assert after.points == 1 and after.key_card
    assert CutthroatSet(off).record(win(0, key=True)).points == 1


def test_key_card_flag_on_a_block_scores_no_bonus() -> None:
    cut = CutthroatSet(FOUR)
    outcome = Outcome(Termination.BLOCKED, 0, (1, 9, 9, 9), True)
    assert cut.record(outcome).points == 1


# --- six-love and bruck -----------------------------------------------------------------------


def test_six_love_ends_the_set() -> None:
    # the brief's example: 6-2-0-1 ends the set
    after = after_game((5, 2, 0, 1), 1, 0, FOUR)
    assert after.result == "six-love" and after.over
    assert after.scores == (6, 2, 0, 1)
    assert after.losers_on_love == (2,)


def test_six_love_to_everyone_still_on_zero() -> None:
    after = after_game((5, 0, 0, 1), 1, 0, FOUR)
    assert after.over and after.losers_on_love == (1, 2)


def test_six_love_with_a_bigger_stake_or_key_card() -> None:
    assert after_game((4, 0, 0, 0), 2, 0, FOUR).over
    assert after_game((5, 0, 0, 0), 3, 0, FOUR).scores == (8, 0, 0, 0)
    assert after_game((4, 0, 0, 0), 1, 0, FOUR, key_card=True).over


def test_below_six_the_set_goes_on() -> None:
    after = after_game((4, 0, 0, 0), 1, 0, FOUR)
    assert (after.result, after.over, after.scores, after.poser) == (
        "continue",
        False,
        (5, 0, 0, 0),
        0,
    )
    assert after.losers_on_love == ()


def test_bruck_when_everyone_has_a_point() -> None:
    after = after_game((2, 1, 1, 0), 1, 3, FOUR)
    assert after.result == "bruck" and not after.over
    assert after.scores == (0, 0, 0, 0)
    assert after.stake == 1 and after.poser is None  # 6-6 poses after the reset
    assert after.points == 1 and after.winner == 3


def test_six_without_anyone_on_love_is_a_bruck() -> None:
    after = after_game((5, 0, 1, 1), 1, 1, FOUR)  # seat 1 scores: nobody on 0
    assert after.result == "bruck" and after.scores == (0, 0, 0, 0)
    after = after_game((5, 0, 1, 1), 2, 0, FOUR)  # 7-0-1-1: seat 1 still on 0
    assert after.result == "six-love"


def test_three_players_bruck_and_six_love() -> None:
    assert after_game((3, 0, 1), 1, 1, THREE).result == "bruck"
    assert after_game((5, 0, 1), 1, 0, THREE).losers_on_love == (1,)


def test_two_players_need_six_in_a_row() -> None:
    cut = CutthroatSet(TWO)
    for n in range(1, 6):
        after = cut.record(win(0, 2))
        assert after.result == "continue" and after.scores == (n, 0)
    after = cut.record(win(1, 2))  # one win for the other player: bruck
    assert after.result == "bruck" and cut.scores == (0, 0)
    for _ in range(5):
        cut.record(win(1, 2))
    assert not cut.over
    after = cut.record(win(1, 2))
    assert after.over and after.scores == (0, 6) and after.losers_on_love == (0,)
    assert cut.over


def test_two_players_ties_count_toward_six() -> None:
    cut = CutthroatSet(TWO)
    cut.record(tie(2))
    cut.record(tie(2))
    assert cut.record(win(0, 2)).scores == (3, 0)
    cut.record(win(0, 2))
    cut.record(win(0, 2))
    assert cut.record(win(0, 2)).over


def test_after_game_checks_its_input() -> None:
    with pytest.raises(ValueError, match="3 scores for a table of 4"):
        after_game((0, 0, 0), 1, 0, FOUR)
    with pytest.raises(ValueError, match="seat 4 does not exist"):
        after_game((0, 0, 0, 0), 1, 4, FOUR)
    with pytest.raises(ValueError, match="Cutthroat table rules"):
        CutthroatSet(TableRules(game="fives-and-threes", players=2))


# --- the key card in a real position --------------------------------------------------------------

# The seed's example: 4 at the left end, 3 at the right end, and seven of the eight fours
# and seven of the eight threes on the table. The only tile left that can be played is 4-3.
KEY_LINE = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
OTHERS = [
    ["6-6", "6-5", "6-2", "6-1", "6-0"],
    ["5-5", "5-2", "5-1", "5-0", "2-2"],
    ["2-1", "2-0", "1-1", "1-0", "0-0"],
]


def key_game(last: list[str], rules: TableRules = FOUR) -> Game:
    return Game.from_hands([last, *OTHERS], rules=rules, line=Line.parse(KEY_LINE), turn=0)


def test_seed_key_card_position() -> None:
    game = key_game(["4-3"])
    assert [str(e.end) for e in hard_ends(game.line)] == ["left", "right"]
    assert [str(p) for p in game.legal_plays()] == ["4-3 left", "4-3 right"]
    assert not any(game.can_play(seat) for seat in (1, 2, 3))
    # every tile of the set is placed exactly once
    assert sum(h.bit_count() for h in game.hands) + len(game.line) == 28


@pytest.mark.parametrize("end", ["left", "right"])
def test_winning_with_the_key_card(end: str) -> None:
    game = key_game(["4-3"])
    game.play(Play.parse(f"4-3 {end}"))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.kind is Termination.DOMINO and outcome.winner == 0
    assert outcome.key_card is True
    after = CutthroatSet(FOUR).record(outcome)
    assert after.points == 2 and after.scores == (2, 0, 0, 0) and after.key_card
    assert CutthroatSet(TableRules(key_card_bonus=0)).record(outcome).points == 1
    assert CutthroatSet(FOUR, stake=2).record(outcome).points == 3


def test_key_card_undo_and_replay() -> None:
    game = key_game(["4-3"])
    game.play(Play.parse("4-3 left"))
    game.undo()
    assert not game.over and game.outcome() is None
    game.play(Play.parse("4-3 right"))
    outcome = game.outcome()
    assert outcome is not None and outcome.key_card


def test_key_card_with_other_tiles_left_blocks_the_game() -> None:
    others = [list(OTHERS[0][1:]), OTHERS[1], OTHERS[2]]
    game = Game.from_hands([["4-3", "6-6"], *others], rules=FOUR, line=Line.parse(KEY_LINE), turn=0)
    game.play(Play.parse("4-3 left"))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.kind is Termination.BLOCKED and outcome.key_card is False
    assert (game.line.left, game.line.right) == (3, 3)
    assert [f.number for f in dead_ends(game.line)] == [3, 3]
    assert outcome.counts == (12, 32, 32, 8)
    assert outcome.winner == 3
    assert CutthroatSet(FOUR).record(outcome).points == 1


def test_a_last_tile_that_is_not_the_key() -> None:
    # ends 4 and 3, but neither is hard
    game = Game.from_hands(
        [["4-3"], ["6-6", "5-5"]], rules=TWO, line=Line.parse(["4-1", "1-3"]), turn=0
    )
    game.play(Play.parse("4-3 left"))
    outcome = game.outcome()
    assert outcome is not None and outcome.kind is Termination.DOMINO
    assert outcome.key_card is False
    assert CutthroatSet(TWO).record(outcome).points == 1


def test_one_hard_end_is_not_enough_for_a_key_card() -> None:
    line = ["4-0", "0-6", "6-4", "4-4", "4-1", "1-5", "5-4", "4-2", "2-3"]  # 4 hard, 3 not
    game = Game.from_hands([["4-3"], ["6-6", "5-5"]], rules=TWO, line=Line.parse(line), turn=0)
    assert [f.number for f in hard_ends(game.line)] == [4]
    game.play(Play.parse("4-3 left"))
    outcome = game.outcome()
    assert outcome is not None and outcome.kind is Termination.DOMINO and not outcome.key_card


def test_a_last_tile_on_one_hard_end_only_is_not_the_key() -> None:
    # the seed position, but the winner's last tile goes on the 3 only
    line = Line.parse(KEY_LINE[:-1])  # ends 4 and 2
    game = Game.from_hands([["2-6"], ["6-6"]], rules=TWO, line=line, turn=0)
    game.play(Play.parse("6-2 right"))
    outcome = game.outcome()
    assert outcome is not None and not outcome.key_card


# Three players: 0-0 is out, so the blanks have 6 halves in play and 5 of 6 make a hard end.
THREE_LINE = ["0-1", "1-5", "5-5", "5-2", "2-0", "0-3", "3-5", "5-4", "4-0", "0-6", "6-5"]
THREE_OTHERS = [
    ["6-6", "6-4", "6-3", "6-2", "6-1", "4-4", "4-3"],
    ["4-2", "4-1", "3-3", "3-2", "3-1", "2-2", "2-1", "1-1"],
]


def test_three_player_key_card_on_a_blank_end() -> None:
    game = Game.from_hands(
        [["5-0"], *THREE_OTHERS],
        rules=THREE,
        line=Line.parse(THREE_LINE),
        turn=0,
        out=Tile(0, 0).bit,
    )
    assert sum(h.bit_count() for h in game.hands) + len(game.line) == 27
    assert [(f.number, f.on_table, f.in_play) for f in hard_ends(game.line, game.out)] == [
        (0, 5, 6),
        (5, 7, 8),
    ]
    game.play(Play.parse("5-0 right"))
    outcome = game.outcome()
    assert outcome is not None and outcome.kind is Termination.DOMINO
    assert outcome.key_card is True
    assert CutthroatSet(THREE).record(outcome).points == 2


def test_random_games_flag_exactly_the_key_cards() -> None:
    """Key card = the last tile was the only unplayed tile that could go on either end."""
    keys = 0
    for seed in range(1500):
        rng = random.Random(seed)
        rules = (FOUR, THREE, TWO)[seed % 3]
        game = Game.new(rules, rng)
        while not game.over:
            plays = game.legal_plays()
            if not plays:
                game.pass_turn()
                continue
            play = rng.choice(plays)
            left, right = game.line.left, game.line.right
            last = game.hands[game.turn] == play.tile.bit
            expected = False
            if last and left is not None and right is not None and left != right:
                unplayed = FULL_SET & ~game.line.mask & ~game.out
                could_go = unplayed & (SUIT[left] | SUIT[right])
                expected = could_go == play.tile.bit and {left, right} == {
                    play.tile.high,
                    play.tile.low,
                }
            game.play(play)
            outcome = game.outcome()
            if outcome is not None and outcome.kind is Termination.DOMINO:
                assert outcome.key_card is expected
                keys += expected
            elif outcome is not None:
                assert outcome.key_card is False
    assert keys > 0


# --- rules pinned by mutation testing (issue 9) ---------------------------------------------


def test_a_six_love_records_the_winner_points_and_key_card() -> None:
    """Rule: a six-love result records the scores, a stake of 1, 6-6 to pose next, the points
    taken, the winner and whether the key card won it."""
    rules = TableRules()
    assert after_game((5, 0, 2, 0), 1, 0, rules, key_card=True) == AfterGame(
        "six-love", (7, 0, 2, 0), 1, None, 2, 0, True
    )
    assert after_game((4, 0, 2, 0), 2, 0, rules) == AfterGame(
        "six-love", (6, 0, 2, 0), 1, None, 2, 0, False
    )


def test_a_bruck_records_the_winner_points_and_key_card() -> None:
    """Rule: a bruck sets every score back to 0 and records the winner, the points taken and
    the key card; 6-6 poses next."""
    rules = TableRules()
    assert after_game((2, 1, 1, 0), 1, 3, rules, key_card=True) == AfterGame(
        "bruck", (0, 0, 0, 0), 1, None, 2, 3, True
    )
    assert after_game((2, 1, 1, 0), 2, 3, rules) == AfterGame(
        "bruck", (0, 0, 0, 0), 1, None, 2, 3, False
    )


def test_a_win_that_continues_records_the_winner_as_next_poser() -> None:
    """Rule: a win that neither ends the set nor brucks gives the winner the next pose."""
    assert after_game((1, 0, 0, 0), 2, 2, TableRules(), key_card=True) == AfterGame(
        "continue", (1, 0, 3, 0), 1, 2, 3, 2, True
    )


def test_a_win_without_the_key_card_takes_the_stake() -> None:
    """Rule: a Cutthroat win takes the stake; the key-card bonus only comes with the key card
    (it is not assumed when the caller does not say)."""
    from tutor.rules.cutthroat import domino_points

    assert domino_points(2, FOUR) == 2
    assert domino_points(2, FOUR, key_card=True) == 3

