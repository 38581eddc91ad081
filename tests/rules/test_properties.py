"""Properties of random games (hypothesis): what must hold at every step of every game.

Games are dealt and played from a seed: every turn a random legal play, a draw
when the boneyard allows one, a pass otherwise. The tables cover 2, 3 and 4
players, the 2-player boneyard option and Fives & Threes (14 tiles sleeping).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.rules.analysis import hard_ends, is_hard, last_tile, unplayed
from tutor.rules.cutthroat import six_six_poser
from tutor.rules.fives_threes import ends_total, points_for_total, score_play
from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import Play, Termination
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import FULL_SET, SUIT, TILES, mask_of

TABLES = [
    TableRules(players=2),
    TableRules(players=3),
    TableRules(players=4),
    TableRules(players=2, boneyard=True),
    TableRules(game="fives-and-threes", players=2),
]
MOST_STEPS = 200
"""28 plays, 14 draws and fewer than a round of passes between plays: far below this."""

tables = st.sampled_from(TABLES)
seeds = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=300, deadline=None)


def new_game(rules: TableRules, seed: int, pose_six_six: bool) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    game = Game.new(rules, rng, turn=rng.randrange(rules.players))
    if pose_six_six and rules.game == "cutthroat":
        game.turn, game.pose = six_six_poser(game.hands)
    return game, rng


def steps(game: Game, rng: random.Random) -> Iterator[str]:
    """Play the game out at random, yielding after each step what it was."""
    for _ in range(MOST_STEPS):
        if game.over:
            return
        plays = game.legal_plays()
        if plays:
            game.play(rng.choice(plays))
            yield "play"
        elif game.boneyard:
            game.draw()
            yield "draw"
        else:
            game.pass_turn()
            yield "pass"
    raise AssertionError(f"the game did not end in {MOST_STEPS} steps")


def check_tiles_conserved(game: Game) -> None:
    parts = [*game.hands, game.line.mask, mask_of(game.boneyard), game.out, game.sleeping]
    union = 0
    for part in parts:
        assert union & part == 0, "a tile is in two places"
        union |= part
    assert union == FULL_SET
    assert len(game.boneyard) == len(set(game.boneyard))


def fits_anywhere(game: Game, hand: int) -> bool:
    left, right = game.line.left, game.line.right
    assert left is not None and right is not None
    return bool(hand & (SUIT[left] | SUIT[right]))


@SETTINGS
@given(tables, seeds, st.booleans())
def test_tiles_are_conserved_and_every_game_ends(
    rules: TableRules, seed: int, pose_six_six: bool
) -> None:
    game, rng = new_game(rules, seed, pose_six_six)
    check_tiles_conserved(game)
    for _ in steps(game, rng):
        check_tiles_conserved(game)
        if not game.over:  # somebody can still play, or draw
            assert game.boneyard or any(fits_anywhere(game, hand) for hand in game.hands)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.counts == tuple(game.count(seat) for seat in range(game.seats))


@SETTINGS
@given(tables, seeds, st.booleans())
def test_a_block_means_nobody_can_play(rules: TableRules, seed: int, pose_six_six: bool) -> None:
    game, rng = new_game(rules, seed, pose_six_six)
    for _ in steps(game, rng):
        pass
    outcome = game.outcome()
    assert outcome is not None
    if outcome.kind is Termination.BLOCKED:
        assert not game.boneyard
        assert not any(fits_anywhere(game, hand) for hand in game.hands)
        assert all(not game.can_play(seat) for seat in range(game.seats))
        low = min(outcome.counts)
        lowest = [seat for seat, count in enumerate(outcome.counts) if count == low]
        assert outcome.winner == (lowest[0] if len(lowest) == 1 else None)
    else:
        assert outcome.winner is not None and game.hands[outcome.winner] == 0


@SETTINGS
@given(tables, seeds, st.booleans())
def test_a_key_card_domino_follows_two_hard_ends(
    rules: TableRules, seed: int, pose_six_six: bool
) -> None:
    game, rng = new_game(rules, seed, pose_six_six)
    for _ in steps(game, rng):
        pass
    outcome = game.outcome()
    assert outcome is not None
    if outcome.kind is not Termination.DOMINO:
        return
    last = game.history[-1][2]
    assert isinstance(last, Play)
    tile = last.tile
    game.undo()  # back to just before the winning tile
    line = game.line
    hard = hard_ends(line, game.out)
    both_hard = (
        len(hard) == 2
        and not tile.is_double
        and {line.left, line.right} == {tile.high, tile.low}
    )
    assert outcome.key_card == both_hard
    if outcome.key_card:
        assert all(last_tile(line, fact.number, game.out) == tile for fact in hard)
    game.play(last)
    assert game.outcome() == outcome


@SETTINGS
@given(tables, seeds, st.booleans())
def test_a_hard_end_has_exactly_one_tile_left_and_never_a_double(
    rules: TableRules, seed: int, pose_six_six: bool
) -> None:
    game, rng = new_game(rules, seed, pose_six_six)
    for _ in steps(game, rng):
        line = game.line
        for fact in hard_ends(line, game.out):
            rest = unplayed(fact.number, line.mask, game.out)
            assert len(rest) == 1
            assert not rest[0].is_double
            assert last_tile(line, fact.number, game.out) == rest[0]
            assert is_hard(line.mask, fact.number, game.out)
            assert fact.number == line.end_number(fact.end)


def rule_points(total: int) -> int:
    """RULES.md: total/3 when a multiple of 3, plus total/5 when a multiple of 5."""
    return (total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0)


def lines_up_to(size: int) -> Iterator[Line]:
    """Every line of play of up to ``size`` tiles from the full set (the empty one too)."""
    line = Line()

    def grow() -> Iterator[Line]:
        yield line
        if len(line) == size:
            return
        for tile in TILES:
            if line.mask & tile.bit:
                continue
            for end in (LEFT, RIGHT) if len(line) else (LEFT,):
                if line.fits(tile, end):
                    line.place(tile, end)
                    yield from grow()
                    line.unplace(end)

    yield from grow()


REACHABLE_TOTALS = set(range(19)) | {20, 22}
"""Open-end totals that can occur.

An end counts 0-6, or 0-12 (even) for a double; a lone tile counts its pips (0-12). The largest
is 6-6 ... 5-5 = 22. An odd total needs an odd non-double end (at most 5) beside an even end (at
most 12), so 19 and 21 never occur; 24 would need 6-6 at both ends.
"""


def test_fives_and_threes_totals_and_their_points() -> None:
    # Four tiles are enough for every pair of ends (6-6 ... 5-5 needs three, a-a ... a needs four).
    totals = {ends_total(line) for line in lines_up_to(4)}
    assert totals == REACHABLE_TOTALS
    for total in totals:
        assert points_for_total(total) == rule_points(total)
    scoring = {total: rule_points(total) for total in sorted(totals) if rule_points(total)}
    assert scoring == {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}


@SETTINGS
@given(seeds)
def test_fives_and_threes_points_after_every_play(seed: int) -> None:
    game, rng = new_game(TableRules(game="fives-and-threes", players=2), seed, False)
    for step in steps(game, rng):
        if step != "play":
            continue
        seat, _, _ = game.history[-1]
        points = score_play(game.line, not game.hands[seat], 0, 61)
        total = ends_total(game.line)
        assert total in REACHABLE_TOTALS
        assert points.score.points == rule_points(total)
        assert points.chip_out == (1 if game.hands[seat] == 0 else 0)
