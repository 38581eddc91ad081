"""The fast path plays the same games as the checked API, and plays them like everyone else."""

from __future__ import annotations

import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.rules.fast import (
    BIT,
    END_VALUE,
    FITS,
    HIGH,
    IS_DOUBLE,
    LOW,
    NEXT_END,
    OTHER,
    POINTS,
    block_winner,
    count_of,
    counts_of,
    deal_hands,
    end_codes,
    ft_credit,
    ft_play,
    ft_plays,
    numbers_in,
    plays_on,
    random_game,
    random_playout,
)
from tutor.rules.fives_threes import ends_total, score_play
from tutor.rules.game import Game, deal
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import (
    Outcome,
    Play,
    Termination,
    blocked_outcome,
    placement_matters,
    plays_for,
)
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import (
    FULL_SET,
    PIPS_OF,
    SUIT,
    TILES,
    Mask,
    Tile,
    hand_count,
    iter_indexes,
    tiles_of,
)


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


# --- every kernel pinned to its plain twin (hypothesis) ------------------------------------------

masks = st.integers(0, FULL_SET)
KERNEL = settings(max_examples=400, deadline=None)


@st.composite
def lines_and_hands(draw: st.DrawFn) -> tuple[Line, Mask]:
    """A line of a random game after some plays, and a hand of tiles not on it."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    line = Line()
    for _ in range(draw(st.integers(0, 27))):
        hand = FULL_SET & ~line.mask
        plays = plays_for(line, hand, fives_and_threes=True)
        if not plays:
            break
        play = rng.choice(plays)
        line.place(play.tile, play.end)
    hand = draw(masks) & ~line.mask
    return line, hand


def numbers_of(line: Line) -> tuple[int, int]:
    left, right = line.left, line.right
    return (-1, -1) if left is None or right is None else (left, right)


def side_of(play: Play) -> tuple[int, int]:
    return play.tile.index, 0 if play.end is LEFT else 1


@KERNEL
@given(masks)
def test_count_of_is_hand_count(hand: Mask) -> None:
    assert count_of(hand) == hand_count(hand)


@KERNEL
@given(masks)
def test_numbers_in_is_the_suits_the_hand_touches(hand: Mask) -> None:
    assert numbers_in(hand) == sum(1 << n for n in range(7) if hand & SUIT[n])


@KERNEL
@given(st.lists(masks, min_size=1, max_size=4))
def test_counts_and_block_winner_are_blocked_outcome(hands: list[Mask]) -> None:
    outcome = blocked_outcome(hands)
    assert counts_of(hands) == list(outcome.counts)
    assert block_winner(hands) == outcome.winner


def test_block_winner_on_ties_and_lone_lows() -> None:
    six_six, one_zero, two_zero = Tile(6, 6).bit, Tile(1, 0).bit, Tile(2, 0).bit
    assert block_winner([six_six, one_zero, two_zero]) == 1
    assert block_winner([two_zero, six_six, one_zero]) == 2
    assert block_winner([Tile(2, 0).bit, Tile(1, 1).bit]) is None
    assert block_winner([Tile(3, 0).bit, Tile(2, 1).bit, Tile(6, 6).bit]) is None


@KERNEL
@given(lines_and_hands(), st.booleans(), st.integers(-1, 27))
def test_plays_on_is_plays_for(case: tuple[Line, Mask], fives: bool, pose_index: int) -> None:
    line, hand = case
    left, right = numbers_of(line)
    pose = TILES[pose_index] if pose_index >= 0 and not line else None
    both = left != right or (fives and placement_matters(line))
    plain = [side_of(p) for p in plays_for(line, hand, pose=pose, fives_and_threes=fives)]
    fast = plays_on(hand, left, right, pose.index if pose else -1, both=both)
    assert fast == plain


@KERNEL
@given(lines_and_hands())
def test_ends_of_reads_the_line(case: tuple[Line, Mask]) -> None:
    line, _ = case
    left, right = end_codes(line)
    if not line:
        assert (left, right) == (-1, -1)
        return
    assert (left & 7, right & 7) == numbers_of(line)
    placed = list(line)
    first, last = placed[0], placed[-1]
    assert bool(left & 8) is first.tile.is_double and bool(right & 8) is last.tile.is_double
    if len(line) > 1:
        assert END_VALUE[left] + END_VALUE[right] == ends_total(line)


@KERNEL
@given(lines_and_hands(), st.integers(0, 61), st.sampled_from([61, 31, 121]))
def test_fives_threes_kernels_are_score_play(
    case: tuple[Line, Mask], score: int, target: int
) -> None:
    line, hand = case
    left, right = end_codes(line)
    plays = ft_plays(hand, left, right)
    plain = plays_for(line, hand, fives_and_threes=True)
    assert [(index, side) for index, side, *_ in plays] == [side_of(p) for p in plain]
    for (index, side, new_left, new_right, total), play in zip(plays, plain, strict=True):
        after = line.copy()
        after.place(play.tile, play.end)
        assert (new_left, new_right) == end_codes(after)
        assert total == ends_total(after)
        assert ft_play(index, side, left, right) == (new_left, new_right, total)
        hand_after = hand & ~play.tile.bit
        points = score_play(after, not hand_after, score, target)
        assert ft_credit(total, hand_after, score, target) == points.credited
        assert POINTS[total] == points.score.points


@KERNEL
@given(lines_and_hands())
def test_ft_play_at_either_end(case: tuple[Line, Mask]) -> None:
    """``ft_play`` at the right end too, where ``plays_for`` lists a tile once (same number
    and same count at both ends)."""
    line, hand = case
    if not line:
        return
    left, right = end_codes(line)
    for tile in tiles_of(hand):
        for end, side in ((LEFT, 0), (RIGHT, 1)):
            if line.fits(tile, end):
                after = line.copy()
                after.place(tile, end)
                assert ft_play(tile.index, side, left, right) == (
                    *end_codes(after), ends_total(after)
                )


def test_index_tables_follow_the_tiles() -> None:
    for index, tile in enumerate(TILES):
        assert (HIGH[index], LOW[index], IS_DOUBLE[index]) == (tile.high, tile.low,
                                                                tile.is_double)
        assert PIPS_OF[index] == tile.pips
        for number in range(7):
            code = NEXT_END[number][index]
            if tile.has(number):
                assert code == tile.other(number) | (8 if tile.is_double else 0)
            else:
                assert code == -1
    assert [END_VALUE[code] for code in (0, 5, 8, 13, 14)] == [0, 5, 0, 10, 12]
