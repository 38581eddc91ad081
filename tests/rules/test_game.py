"""A game from the pose to a domino or a block (RULES.md: deal, turns, passing, drawing, ends)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tutor.rules import (
    FULL_SET,
    LEFT,
    RIGHT,
    SUIT,
    CutthroatSet,
    Game,
    IllegalPlayError,
    Line,
    Outcome,
    Play,
    TableRules,
    Termination,
    Tile,
    blocked_outcome,
    deal,
    hand_count,
    mask_of,
    six_six_poser,
    tiles_of,
)
from tutor.rules.analysis import halves_in_play, halves_on_table
from tutor.rules.plays import placement_matters, plays_for

FOUR = TableRules()
THREE = TableRules(players=3)
TWO = TableRules(players=2)
TWO_BONEYARD = TableRules(players=2, boneyard=True)
FIVES = TableRules(game="fives-and-threes", players=2)
ALL_RULES = [FOUR, THREE, TWO, TWO_BONEYARD, FIVES]
RULE_IDS = ["4", "3", "2", "2-boneyard", "fives-threes"]

Snapshot = tuple[object, ...]


def snapshot(game: Game) -> Snapshot:
    """Everything a request may change."""
    return (
        tuple(game.hands),
        tuple(game.line),
        game.line.mask,
        game.turn,
        game.passes,
        tuple(game.boneyard),
        game.pose,
        game.outcome(),
        len(game.history),
    )


def step(game: Game, rng: random.Random) -> None:
    """One legal action: a random play, else a draw, else a pass."""
    plays = game.legal_plays()
    if plays:
        game.play(rng.choice(plays))
    elif game.boneyard:
        game.draw()
    else:
        game.pass_turn()


def play_out(game: Game, rng: random.Random, check: Callable[[Game], None] | None = None) -> None:
    for _ in range(200):
        if game.over:
            return
        if check is not None:
            check(game)
        step(game, rng)
    raise AssertionError("the game did not end")


def expect_illegal(game: Game, action: Callable[[], object], *parts: str) -> str:
    """The action raises IllegalPlayError naming ``parts`` and changes nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalPlayError) as info:
        action()
    assert snapshot(game) == before
    message = str(info.value)
    for part in parts:
        assert part in message, (part, message)
    return message


# --- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "sizes", "boneyard", "sleeping", "out"),
    [
        (FOUR, [7, 7, 7, 7], 0, 0, 0),
        (THREE, [9, 9, 9], 0, 0, Tile(0, 0).bit),
        (TWO, [14, 14], 0, 0, 0),
        (TWO_BONEYARD, [7, 7], 14, 0, 0),
        (FIVES, [7, 7], 0, 14, 0),
    ],
    ids=RULE_IDS,
)
def test_deal_sizes(
    rules: TableRules, sizes: list[int], boneyard: int, sleeping: int, out: int
) -> None:
    for seed in range(30):
        dealt = deal(rules, random.Random(seed))
        assert [h.bit_count() for h in dealt.hands] == sizes
        assert len(dealt.boneyard) == boneyard
        assert dealt.sleeping.bit_count() == sleeping
        assert dealt.out == out
        parts = [*dealt.hands, mask_of(dealt.boneyard), dealt.sleeping, dealt.out]
        assert sum(p.bit_count() for p in parts) == 28  # disjoint ...
        union = 0
        for part in parts:
            union |= part
        assert union == FULL_SET  # ... and the whole set


def test_three_players_never_deal_double_blank() -> None:
    for seed in range(50):
        game = Game.new(THREE, random.Random(seed))
        assert not any(hand & Tile(0, 0).bit for hand in game.hands)
        assert game.out == Tile(0, 0).bit


def test_deal_is_random_but_seeded() -> None:
    a = deal(FOUR, random.Random(5))
    b = deal(FOUR, random.Random(5))
    c = deal(FOUR, random.Random(6))
    assert a == b
    assert a != c


def test_fives_and_threes_sleeping_tiles_are_never_drawn() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(FIVES, rng)
        sleeping = game.sleeping
        assert game.boneyard == []
        held = [h.bit_count() for h in game.hands]

        def check(g: Game) -> None:
            assert not g.can_play()
            expect_illegal(g, g.draw, "boneyard is empty")

        while not game.over:
            if not game.can_play():
                check(game)
            step(game, rng)
            assert game.sleeping == sleeping
            assert not (game.line.mask & sleeping)
            assert not any(h & sleeping for h in game.hands)
        assert sum(h.bit_count() for h in game.hands) + len(game.line) == sum(held)


# --- turns ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_seats_play_in_turn_order(rules: TableRules) -> None:
    for seed in range(30):
        rng = random.Random(seed)
        game = Game.new(rules, rng, turn=seed % rules.players)
        assert game.seats == rules.players
        assert game.turn == seed % rules.players
        while not game.over:
            seat = game.turn
            plays = game.legal_plays()
            if plays:
                game.play(rng.choice(plays))
                if game.over:
                    break
                assert game.turn == (seat + 1) % rules.players
            elif game.boneyard:
                game.draw()
                assert game.turn == seat  # drawing does not end the turn
            else:
                game.pass_turn()
                assert game.turn == (seat + 1) % rules.players


def test_pose_holder_plays_first_and_may_pose_only_that_tile() -> None:
    game = Game.from_hands(
        [["4-3", "1-0"], ["6-5", "2-2"], ["6-6", "5-3"], ["0-0", "1-1"]],
        rules=FOUR,
        pose=Tile(6, 6),
    )
    assert game.turn == 2
    assert [str(p) for p in game.legal_plays()] == ["6-6 left"]
    assert game.can_play()
    expect_illegal(game, lambda: game.play(Play.parse("5-3")), "6-6", "5-3")
    game.play(Play.parse("6-6 left"))
    assert game.turn == 3
    assert (game.line.left, game.line.right) == (6, 6)


def test_pose_must_be_held_by_the_seat_to_play() -> None:
    with pytest.raises(ValueError, match="seat 1 must pose 6-6"):
        Game.from_hands([["6-6"], ["1-0"]], rules=TWO, pose=Tile(6, 6), turn=1)


def test_without_a_pose_rule_the_first_player_poses_any_tile() -> None:
    game = Game.from_hands([["4-3", "1-0", "6-6"], ["6-5", "2-2"]], rules=TWO, turn=0)
    assert sorted(str(p) for p in game.legal_plays()) == ["1-0 left", "4-3 left", "6-6 left"]
    game.play(Play.parse("1-0"))
    assert str(game.line) == "1-0"


def test_cutthroat_first_game_six_six_holder_poses() -> None:
    for players in (2, 3, 4):
        for seed in range(10):
            cut = CutthroatSet(TableRules(players=players))
            game = cut.new_game(random.Random(seed))
            assert game.pose == Tile(6, 6)
            assert game.hands[game.turn] & Tile(6, 6).bit
            assert [str(p) for p in game.legal_plays()] == ["6-6 left"]
            assert six_six_poser(game.hands) == (game.turn, Tile(6, 6))


def test_boneyard_without_six_six_the_highest_double_poses() -> None:
    found = 0
    for seed in range(60):
        cut = CutthroatSet(TWO_BONEYARD)
        game = cut.new_game(random.Random(seed))
        dealt = game.hands[0] | game.hands[1]
        doubles = [t for t in tiles_of(dealt) if t.is_double]
        if dealt & Tile(6, 6).bit:
            assert game.pose == Tile(6, 6)
            continue
        found += 1
        assert Tile(6, 6) in game.boneyard
        best = max(doubles, key=lambda t: t.high)
        assert game.pose == best
        assert game.hands[game.turn] & best.bit
        assert [str(p) for p in game.legal_plays()] == [f"{best} left"]
    assert found >= 10


def test_six_six_poser_rules() -> None:
    def hands(*texts: list[str]) -> list[int]:
        return [mask_of(Tile.parse(t) for t in hand) for hand in texts]

    assert six_six_poser(hands(["1-0", "3-3"], ["6-6", "0-0"])) == (1, Tile(6, 6))
    # 6-6 not dealt: the highest double held
    assert six_six_poser(hands(["6-5", "2-2"], ["4-4", "6-4"])) == (1, Tile(4, 4))
    assert six_six_poser(hands(["0-0", "6-5"], ["6-4", "5-4"])) == (0, Tile(0, 0))
    # no double dealt: the heaviest tile
    assert six_six_poser(hands(["6-3", "1-0"], ["5-4", "2-1"])) == (0, Tile(6, 3))
    assert six_six_poser(hands(["6-3", "1-0"], ["6-5", "2-1"])) == (1, Tile(6, 5))


# --- a seat that can play must play; passing ------------------------------------------------


def small_game() -> Game:
    return Game.from_hands(
        [["6-6", "1-0", "2-1"], ["6-5", "2-2", "5-3"]], rules=TWO, pose=Tile(6, 6)
    )


def test_a_seat_that_can_play_must_play() -> None:
    game = small_game()
    game.play(Play.parse("6-6"))
    assert game.can_play()
    msg = expect_illegal(game, game.pass_turn, "seat 1 can play 6-5 left", "the ends show 6 and 6")
    assert "must not pass" in msg


def test_passing_moves_the_turn_and_counts_passes() -> None:
    game = small_game()
    game.play(Play.parse("6-6"))
    game.play(Play.parse("6-5 right"))
    assert (game.turn, game.passes) == (0, 0)
    assert not game.can_play() and game.legal_plays() == []
    game.pass_turn()
    assert (game.turn, game.passes) == (1, 1)
    assert not game.over
    game.play(Play.parse("5-3 right"))
    assert game.passes == 0
    assert (game.line.left, game.line.right) == (6, 3)


def test_can_play_for_another_seat() -> None:
    game = small_game()
    game.play(Play.parse("6-6"))
    assert game.can_play(1) and not game.can_play(0)


def test_legal_plays_list_each_fitting_tile_and_end() -> None:
    game = Game.from_hands(
        [["4-1", "6-6"], ["6-4", "5-1", "4-4", "1-1", "2-3"]],
        rules=TWO,
        line=Line.parse(["4-0", "0-1"]),
        turn=1,
    )
    plays = sorted(str(p) for p in game.legal_plays())
    assert plays == ["1-1 right", "4-4 left", "5-1 right", "6-4 left"]
    # both ends the same number: each fitting tile once, at the left
    same = Game.from_hands([["6-6"], ["6-4", "2-3"]], rules=TWO, line=Line.parse(["4-4"]), turn=1)
    assert [str(p) for p in same.legal_plays()] == ["6-4 left"]
    same.play(Play.parse("6-4 right"))  # the right end is just as good
    assert str(same.line) == "4-4 4-6"


# --- drawing (2 players with a boneyard) -------------------------------------------------------


def boneyard_game() -> Game:
    return Game.from_hands(
        [["6-6", "1-0"], ["2-2", "3-1"]],
        rules=TWO_BONEYARD,
        boneyard=[Tile(4, 3), Tile(6, 2), Tile(5, 5)],
        pose=Tile(6, 6),
    )


def test_draw_until_a_tile_fits_then_play() -> None:
    game = boneyard_game()
    game.play(Play.parse("6-6"))
    assert game.turn == 1 and not game.can_play()
    expect_illegal(game, game.pass_turn, "must draw")
    assert game.draw() == Tile(4, 3)  # the top tile, which does not fit
    assert game.turn == 1 and game.hands[1] & Tile(4, 3).bit
    expect_illegal(game, game.pass_turn, "must draw")
    assert game.draw() == Tile(6, 2)  # fits: the drawing stops
    expect_illegal(game, game.draw, "seat 1 can play 6-2 left", "must not draw")
    expect_illegal(game, game.pass_turn, "must not pass")
    game.play(Play.parse("6-2 right"))
    assert (game.turn, game.line.left, game.line.right) == (0, 6, 2)


def test_pass_after_the_boneyard_is_empty() -> None:
    game = boneyard_game()
    game.play(Play.parse("6-6"))
    game.draw()
    game.draw()
    game.play(Play.parse("6-2 right"))
    assert game.draw() == Tile(5, 5)
    assert game.boneyard == [] and not game.can_play()
    expect_illegal(game, game.draw, "boneyard is empty")
    game.pass_turn()
    assert game.turn == 1 and not game.over
    game.play(Play.parse("2-2 right"))
    assert game.passes == 0


def test_draws_in_random_boneyard_games() -> None:
    for seed in range(100):
        rng = random.Random(seed)
        game = Game.new(TWO_BONEYARD, rng)
        while not game.over:
            if game.can_play() and game.boneyard:
                expect_illegal(game, game.draw, "must not draw")
            elif game.boneyard:
                expect_illegal(game, game.pass_turn, "must draw")
                seat, size = game.turn, len(game.boneyard)
                top = game.boneyard[0]
                assert game.draw() == top
                assert game.turn == seat and len(game.boneyard) == size - 1
                continue
            step(game, rng)


# --- the end of the game -------------------------------------------------------------------


def test_domino_outcome() -> None:
    game = Game.from_hands([["6-6", "6-1"], ["6-5", "4-4"]], rules=TWO, pose=Tile(6, 6))
    game.play(Play.parse("6-6"))
    game.play(Play.parse("6-5 right"))
    assert not game.over
    game.play(Play.parse("6-1 left"))
    assert game.over
    assert game.outcome() == Outcome(Termination.DOMINO, 0, (0, 8), False)
    assert game.legal_plays() == []


def test_block_goes_to_the_lowest_count() -> None:
    # seat 0 is left with the seed's 3-2 and 5-5 (15), seat 1 with 4-1 and 1-1 (7)
    game = Game.from_hands(
        [["6-0", "3-2", "5-5"], ["4-1", "1-1"]], rules=TWO, line=Line.parse(["6-6"]), turn=0
    )
    game.play(Play.parse("6-0 right"))
    outcome = game.outcome()
    assert outcome == Outcome(Termination.BLOCKED, 1, (15, 7))
    assert outcome.lowest == (1,)


def test_tied_block_has_no_winner() -> None:
    game = Game.from_hands(
        [["6-0", "3-2", "5-5"], ["4-4", "4-3"], ["2-1", "1-1", "2-2", "3-3"]],
        rules=THREE,
        line=Line.parse(["6-6"]),
        turn=0,
    )
    game.play(Play.parse("6-0 right"))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.kind is Termination.BLOCKED
    assert outcome.counts == (15, 15, 15)
    assert outcome.winner is None
    assert outcome.lowest == (0, 1, 2)


def test_blocked_outcome_function() -> None:
    two_low = blocked_outcome([Tile(3, 2).bit, Tile(4, 1).bit, Tile(6, 6).bit])
    assert two_low.winner is None and two_low.lowest == (0, 1)
    one_low = blocked_outcome([Tile(3, 2).bit, Tile(4, 0).bit, Tile(6, 6).bit])
    assert one_low.winner == 1 and one_low.counts == (5, 4, 12)


def test_block_is_detected_when_nobody_can_play_even_with_different_ends() -> None:
    # Fives & Threes: the other sixes and fives sleep, so 6 and 5 can block
    game = Game.from_hands(
        [["6-5", "1-1"], ["2-2", "3-3"]],
        rules=FIVES,
        line=Line.parse(["6-6"]),
        turn=0,
        sleeping=mask_of(t for t in map(Tile.parse, ["6-4", "5-5", "5-4"])),
    )
    game.play(Play.parse("6-5 right"))
    outcome = game.outcome()
    assert outcome is not None and outcome.kind is Termination.BLOCKED
    assert (game.line.left, game.line.right) == (6, 5)
    assert outcome.winner == 0 and outcome.counts == (2, 10)


def end_checker(game: Game) -> None:
    """While a game goes on, somebody can still play or draw."""
    assert game.boneyard or any(game.can_play(seat) for seat in range(game.seats))


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_every_game_ends_on_a_domino_or_a_block(rules: TableRules) -> None:
    kinds = set()
    for seed in range(150):
        rng = random.Random(seed)
        game = Game.new(rules, rng, turn=seed % rules.players)
        play_out(game, rng, end_checker)
        outcome = game.outcome()
        assert outcome is not None
        kinds.add(outcome.kind)
        assert outcome.counts == tuple(hand_count(h) for h in game.hands)
        if outcome.kind is Termination.DOMINO:
            assert outcome.winner is not None and game.hands[outcome.winner] == 0
        else:
            assert game.boneyard == []
            left, right = game.line.left, game.line.right
            assert left is not None and right is not None
            for seat in range(game.seats):
                assert not game.hands[seat] & (SUIT[left] | SUIT[right])
                assert not game.can_play(seat)
            low = min(outcome.counts)
            lowest = [s for s, c in enumerate(outcome.counts) if c == low]
            assert outcome.winner == (lowest[0] if len(lowest) == 1 else None)
        for action in (game.pass_turn, game.draw):
            expect_illegal(game, action, "the game is over")
    assert kinds == {Termination.DOMINO, Termination.BLOCKED}


@pytest.mark.parametrize("rules", [FOUR, THREE, TWO, TWO_BONEYARD], ids=RULE_IDS[:4])
def test_blocked_board_shows_one_dead_number_at_both_ends(rules: TableRules) -> None:
    """No boneyard left and all tiles dealt: a block shows n at both ends, all n on the table."""
    blocks = 0
    for seed in range(400):
        rng = random.Random(seed)
        game = Game.new(rules, rng)
        play_out(game, rng)
        outcome = game.outcome()
        assert outcome is not None
        if outcome.kind is not Termination.BLOCKED:
            continue
        blocks += 1
        number = game.line.left
        assert number is not None and game.line.right == number
        assert halves_on_table(game.line.mask, number) == halves_in_play(number, game.out)
    assert blocks >= 10


def test_fives_and_threes_blocks_may_show_different_ends() -> None:
    different = 0
    for seed in range(300):
        rng = random.Random(seed)
        game = Game.new(FIVES, rng)
        play_out(game, rng)
        if game.outcome() is not None and game.line.left != game.line.right:
            outcome = game.outcome()
            assert outcome is not None
            if outcome.kind is Termination.BLOCKED:
                different += 1
    assert different > 0


# --- illegal requests -------------------------------------------------------------------------


def middle_game() -> Game:
    """Four seats, the line 4-1 1-5 (ends 4 and 5), seat 2 to play."""
    return Game.from_hands(
        [["6-6", "3-3"], ["2-2", "0-0"], ["5-3", "6-4", "2-1", "5-5"], ["6-1", "3-2"]],
        rules=FOUR,
        line=Line.parse(["4-1", "1-5"]),
        turn=2,
    )


def test_illegal_tile_not_in_hand() -> None:
    game = middle_game()
    msg = expect_illegal(game, lambda: game.play(Play.parse("6-6 left")), "6-6", "seat 2")
    assert "not in the hand" in msg and "the ends show 4 and 5" in msg


def test_illegal_tile_fitting_neither_end() -> None:
    game = middle_game()
    expect_illegal(
        game,
        lambda: game.play(Play.parse("2-1 right")),
        "2-1 does not fit",
        "the ends show 4 and 5",
    )


def test_illegal_tile_fitting_only_the_other_end() -> None:
    game = middle_game()
    msg = expect_illegal(
        game, lambda: game.play(Play.parse("5-3 left")), "5-3", "left end, which shows 4"
    )
    assert "right end, which shows 5" in msg
    msg = expect_illegal(
        game, lambda: game.play(Play.parse("6-4 right")), "6-4", "right end, which shows 5"
    )
    assert "left end, which shows 4" in msg


def test_illegal_play_after_the_game_is_over() -> None:
    game = Game.from_hands([["6-1"], ["6-5", "4-4"]], rules=TWO, line=Line.parse(["6-6"]))
    game.play(Play.parse("6-1 right"))
    assert game.over
    expect_illegal(
        game, lambda: game.play(Play.parse("6-5 left")), "game is over", "6-5", "6 and 1"
    )
    expect_illegal(game, game.pass_turn, "game is over")
    expect_illegal(game, game.draw, "game is over")


def test_illegal_errors_are_value_errors() -> None:
    assert issubclass(IllegalPlayError, ValueError)


def test_illegal_requests_in_random_games_change_nothing() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        rules = ALL_RULES[seed % len(ALL_RULES)]
        game = Game.new(rules, rng)
        while not game.over:
            hand = game.hands[game.turn]
            legal = {(p.tile, p.end) for p in game.legal_plays()}
            line = game.line
            for tile in tiles_of(FULL_SET):
                for end in (LEFT, RIGHT):
                    if (tile, end) in legal:
                        continue
                    if line.left is not None and line.left == line.right and (tile, LEFT) in legal:
                        continue  # the same play at the other, equal end
                    if line.left is None and (tile, LEFT) in legal:
                        continue  # on an empty line the end does not matter
                    parts = [str(tile)] if hand & tile.bit else [str(tile), "not in the hand"]
                    expect_illegal(game, lambda g=game, t=tile, e=end: g.play(Play(t, e)), *parts)
            step(game, rng)


# --- undo -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_undo_restores_exactly(rules: TableRules) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        cut_pose = Tile(6, 6) if rules.game == "cutthroat" and not rules.boneyard else None
        game = Game.new(rules, rng, pose=cut_pose)
        snapshots = []
        while not game.over:
            snapshots.append((snapshot(game), [str(p) for p in game.legal_plays()]))
            step(game, rng)
        assert len(game.history) == len(snapshots)
        while snapshots:
            game.undo()
            before, plays = snapshots.pop()
            assert snapshot(game) == before
            assert [str(p) for p in game.legal_plays()] == plays
        with pytest.raises(IllegalPlayError, match="nothing to undo"):
            game.undo()


def test_undo_a_draw_puts_the_tile_back_on_top() -> None:
    game = boneyard_game()
    game.play(Play.parse("6-6"))
    before = snapshot(game)
    game.draw()
    game.undo()
    assert snapshot(game) == before
    assert game.boneyard[0] == Tile(4, 3)


def test_history_records_plays_passes_and_draws() -> None:
    game = boneyard_game()
    game.play(Play.parse("6-6"))
    game.draw()
    assert game.history == [(0, "play", Play(Tile(6, 6), LEFT)), (1, "draw", Tile(4, 3))]


def test_copy_is_independent() -> None:
    game = middle_game()
    other = game.copy()
    other.play(Play.parse("5-5 right"))
    assert str(game.line) == "4-1 1-5" and game.turn == 2
    assert str(other.line) == "4-1 1-5 5-5" and other.turn == 3


def test_tiles_may_not_appear_twice() -> None:
    with pytest.raises(ValueError, match="twice: 4-1"):
        Game.from_hands([["4-1"], ["6-6"]], rules=TWO, line=Line.parse(["4-1"]))
    with pytest.raises(ValueError, match="3 hands for a table of 2"):
        Game.from_hands([["4-1"], ["6-6"], ["1-1"]], rules=TWO)


def test_play_parse() -> None:
    assert Play.parse("5-6 RIGHT") == Play(Tile(6, 5), RIGHT)
    assert Play.parse("[3|4]") == Play(Tile(4, 3), LEFT)
    assert str(Play(Tile(3, 4), LEFT)) == "4-3 left"
    with pytest.raises(ValueError, match="is not a play"):
        Play.parse("6-5 left now")


# --- rules pinned by mutation testing (issue 9) ---------------------------------------------


def test_the_same_tile_may_not_lie_in_two_hands_far_apart() -> None:
    """Rule: a tile is in one place only, also when the two hands holding it are not
    neighbours (6-6 in seats 0 and 2)."""
    with pytest.raises(ValueError, match="tiles appear twice: 6-6"):
        Game.from_hands([["6-6"], ["1-0"], ["6-6"], ["2-1"]], rules=FOUR)


def test_the_same_tile_may_not_be_out_of_play_and_in_the_boneyard() -> None:
    """Rule: every place a tile can be (line, hands, boneyard, out, sleeping) is checked."""
    four_three = Tile(4, 3)
    with pytest.raises(ValueError, match="tiles appear twice: 4-3"):
        Game.from_hands([["6-6"], ["1-0"]], rules=TWO_BONEYARD, boneyard=[four_three],
                        out=four_three.bit)
    with pytest.raises(ValueError, match="tiles appear twice: 4-3"):
        Game.from_hands([["6-6"], ["1-0"]], rules=FIVES, out=four_three.bit,
                        sleeping=four_three.bit)
    with pytest.raises(ValueError, match="a tile appears twice in the boneyard"):
        Game.from_hands([["6-6"], ["1-0"]], rules=TWO_BONEYARD, boneyard=[four_three] * 2)


def test_a_position_blocked_when_built_is_over() -> None:
    """Rule: a game built from a position where nobody can play is over at once, blocked,
    with every seat's count and the lowest count winning."""
    line = Line.parse(["6-6", "6-5", "5-5"])
    sleeping = mask_of(Tile.parse(t) for t in ["6-4", "6-3", "6-2", "6-1", "6-0"])
    sleeping |= mask_of(Tile.parse(t) for t in ["5-4", "5-3", "5-2", "5-1", "5-0"])
    game = Game.from_hands(
        [["1-1", "2-0"], ["4-4", "3-3"]], rules=FIVES, line=line, turn=1, sleeping=sleeping
    )
    assert game.over
    assert game.outcome() == Outcome(Termination.BLOCKED, 0, (4, 14))
    assert game.legal_plays() == []
    with pytest.raises(IllegalPlayError, match="the game is over"):
        game.pass_turn()


def test_a_position_with_a_boneyard_is_not_blocked() -> None:
    """Rule: while tiles are left to draw, a game is not blocked."""
    game = Game.from_hands(
        [["1-1"], ["2-2"]], rules=TWO_BONEYARD, line=Line.parse(["6-6"]), boneyard=[Tile(6, 5)]
    )
    assert not game.over


@pytest.mark.parametrize("turn", [4, 5, -1])
def test_the_seat_to_play_must_exist(turn: int) -> None:
    """Rule: the seat to play is one of the table's seats (0..3 at four seats)."""
    with pytest.raises(ValueError, match=f"seat {turn} does not exist at a table of 4"):
        Game.from_hands([["6-6"], ["1-0"], ["2-1"], ["3-2"]], rules=FOUR, turn=turn)


def test_the_last_seat_may_be_the_one_to_play() -> None:
    """Rule: seat 3 exists at a four-seat table."""
    game = Game.from_hands([["6-6"], ["1-0"], ["2-1"], ["3-2"]], rules=FOUR, turn=3)
    assert game.turn == 3


FIVES_ONE_DOUBLE_END = ["3-3", "3-1", "1-5", "5-3"]


def test_fives_and_threes_equal_ends_with_one_double_list_both_ends() -> None:
    """Rule: in Fives & Threes, when both ends show the same number but only one end tile is
    a double, a tile that fits is listed at both ends (they score differently)."""
    game = Game.from_hands(
        [["4-3", "6-6"], ["2-2"]], rules=FIVES, line=Line.parse(FIVES_ONE_DOUBLE_END)
    )
    assert [str(p) for p in game.legal_plays()] == ["4-3 left", "4-3 right"]


def test_plays_for_lists_equal_ends_once_unless_told_fives_and_threes() -> None:
    """Rule: plays_for counts as Cutthroat unless told the table plays Fives & Threes."""
    line, hand = Line.parse(FIVES_ONE_DOUBLE_END), Tile(4, 3).bit
    assert [str(p) for p in plays_for(line, hand)] == ["4-3 left"]
    assert [str(p) for p in plays_for(line, hand, fives_and_threes=True)] == [
        "4-3 left",
        "4-3 right",
    ]


def test_cutthroat_equal_ends_list_a_fitting_tile_once() -> None:
    """Rule: in Cutthroat both ends showing the same number are one choice: listed at left."""
    game = Game.from_hands(
        [["4-3", "6-6"], ["2-2"]], rules=TWO, line=Line.parse(FIVES_ONE_DOUBLE_END)
    )
    assert [str(p) for p in game.legal_plays()] == ["4-3 left"]


@pytest.mark.parametrize(
    ("tiles", "matters"),
    [
        (FIVES_ONE_DOUBLE_END, True),  # equal ends, a double at the left only
        (["3-1", "1-5", "5-3", "3-3"], True),  # equal ends, a double at the right only
        (["3-1", "1-2", "2-3"], False),  # equal ends, no double
        (["3-3", "3-1", "1-5"], False),  # a double at one end but the ends differ
        (["3-3", "3-1"], False),
        (["3-3"], False),  # one tile: both ends are the same double
        ([], False),
    ],
)
def test_placement_matters_only_for_equal_ends_with_one_double(
    tiles: list[str], matters: bool
) -> None:
    """Rule: the end chosen matters (Fives & Threes) only when the ends show the same number
    and exactly one end tile is a double."""
    assert placement_matters(Line.parse(tiles)) is matters


def test_a_hand_without_the_pose_tile_has_no_play_on_an_empty_table() -> None:
    """Rule: before the pose only the pose tile can be laid; a hand without it has no play."""
    assert plays_for(Line(), Tile(6, 5).bit | Tile(1, 0).bit, pose=Tile(6, 6)) == []
    assert plays_for(Line(), Tile(6, 6).bit | Tile(1, 0).bit, pose=Tile(6, 6)) == [
        Play(Tile(6, 6), LEFT)
    ]
    game = Game.from_hands([["6-5", "1-0"], ["6-6"]], rules=TWO, pose=Tile(6, 6), turn=1)
    assert not game.can_play(0) and game.can_play(1)


def test_a_position_with_tiles_on_the_table_has_no_pose_to_make() -> None:
    """Rule: once tiles lie on the table the pose is over; a pose given with such a position
    only picks the seat to play (the pose tile's holder)."""
    game = Game.from_hands(
        [["1-0", "2-1"], ["6-6", "5-3"]], rules=TWO, line=Line.parse(["6-5"]), pose=Tile(6, 6)
    )
    assert game.pose is None and game.turn == 1
    assert game.copy().pose is None
    assert [str(p) for p in game.legal_plays()] == ["6-6 left", "5-3 right"]


def test_a_new_game_honours_the_pose() -> None:
    """Rule: Game.new(pose=tile) makes the tile's holder pose it."""
    for seed in range(5):
        game = Game.new(FOUR, random.Random(seed), pose=Tile(3, 3), turn=0)
        assert game.pose == Tile(3, 3)
        assert game.turn == game.holder(Tile(3, 3))
        assert game.legal_plays() == [Play(Tile(3, 3), LEFT)]


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_a_new_game_is_dealt_and_played_by_the_table_rules(rules: TableRules) -> None:
    """Rule: Game.new plays by the table's rules and keeps what the deal put aside: 0-0 out
    of play with three players, a boneyard with 2-player Cutthroat and a boneyard, 14
    sleeping tiles in Fives & Threes."""
    game = Game.new(rules, random.Random(7))
    dealt = deal(rules, random.Random(7))
    assert game.rules == rules and game.is_fives_and_threes == (rules is FIVES)
    assert (tuple(game.hands), tuple(game.boneyard), game.out, game.sleeping) == (
        dealt.hands,
        dealt.boneyard,
        dealt.out,
        dealt.sleeping,
    )
    assert (game.out == Tile(0, 0).bit) == (rules is THREE)
    assert len(game.boneyard) == (14 if rules is TWO_BONEYARD else 0)
    assert len(tiles_of(game.sleeping)) == (14 if rules is FIVES else 0)


def test_a_new_game_starts_at_seat_zero_by_default() -> None:
    """Rule: Game.new without a pose or a seat lets seat 0 lay any tile."""
    game = Game.new(FOUR, random.Random(1))
    assert game.pose is None and game.turn == 0
    assert len(game.legal_plays()) == 7


def test_a_new_game_without_a_pose_starts_at_the_given_seat() -> None:
    """Rule: Game.new without a pose lets seat ``turn`` lay any tile."""
    game = Game.new(FOUR, random.Random(1), turn=2)
    assert game.pose is None and game.turn == 2
    assert len(game.legal_plays()) == 7


def test_two_passes_in_a_row_count_two() -> None:
    """Rule: passes are counted until somebody plays; two passes in a row count two, and each
    is recorded as a pass of its seat."""
    game = Game.from_hands(
        [["6-5", "1-1"], ["2-2", "3-3"], ["5-4", "0-0"]],
        rules=THREE,
        line=Line.parse(["6-6"]),
        turn=1,
    )
    game.pass_turn()
    game.pass_turn()
    assert (game.turn, game.passes) == (0, 2)
    assert game.history == [(1, "pass", None), (2, "pass", None)]
    game.undo()
    assert (game.turn, game.passes) == (2, 1)


def test_a_copy_keeps_every_field() -> None:
    """Rule: a copy of a game is the same position (rules, hands, line, boneyard, tiles out
    and sleeping, pose, passes, turn, outcome) with no undo history."""
    game = boneyard_game()
    game.play(Play.parse("6-6"))
    game.draw()
    game.out = Tile(0, 0).bit
    game.sleeping = Tile(4, 4).bit
    game.passes = 1
    other = game.copy()
    assert snapshot(other)[:-1] == snapshot(game)[:-1]
    assert (other.rules, other.out, other.sleeping) == (game.rules, game.out, game.sleeping)
    assert other.history == []
    posed = Game.from_hands([["6-6"], ["1-0"]], rules=TWO, pose=Tile(6, 6)).copy()
    assert posed.pose == Tile(6, 6)
    over = Game.from_hands([["6-6"], ["1-0"]], rules=TWO)
    over.play(Play.parse("6-6"))
    assert over.copy().outcome() == over.outcome() is not None


def test_the_placed_tiles_are_the_line_left_to_right() -> None:
    """Rule: a game's placed tiles are the line as laid, left end first, each turned so
    touching halves match."""
    game = middle_game()
    game.play(Play.parse("5-5 right"))
    placed = game.placed()
    assert [str(p) for p in placed] == ["4-1", "1-5", "5-5"]
    assert placed == list(game.line)
    placed.clear()
    assert len(game.line) == 3  # a list of its own


def test_a_dealt_game_starts_with_the_poser_or_the_seat_asked_for() -> None:
    """Rule: a game dealt with a pose starts with the pose's holder, whatever seat was named;
    without a pose the named seat starts (and may lay any tile), and without either seat 0."""
    for seed in range(4):
        dealt = deal(FOUR, random.Random(seed))
        holder = next(s for s, hand in enumerate(dealt.hands) if hand & Tile(6, 6).bit)
        posed = Game.from_deal(dealt, FOUR, pose=Tile(6, 6), turn=(holder + 1) % 4)
        assert posed.turn == holder and posed.pose == Tile(6, 6)
        free = Game.from_deal(dealt, FOUR, turn=(holder + 1) % 4)
        assert free.turn == (holder + 1) % 4 and len(free.legal_plays()) == 7
        assert Game.from_deal(dealt, FOUR).turn == 0
