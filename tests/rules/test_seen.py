"""What every seat saw of a game (``tutor.rules.seen``): ends as codes, and what passes and
draws told (RULES.md: a seat that cannot play passes, with a boneyard it draws first)."""

from __future__ import annotations

from tutor.rules.game import Game, StepKind
from tutor.rules.plays import Play
from tutor.rules.seen import seen_in
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import Tile


def test_an_end_is_marked_as_a_double_only_where_a_double_lies() -> None:
    game = Game.from_hands([["6-6", "2-2"], ["6-1", "1-3"]], rules=TableRules(players=2))
    game.play(Play.parse("6-6"))
    game.play(Play.parse("6-1 right"))
    game.pass_turn()
    _, steps = seen_in(game)
    assert [s.kind for s in steps] == [StepKind.PLAY, StepKind.PLAY, StepKind.PASS]
    assert (steps[1].left, steps[1].right) == (6 | 8, 6 | 8)  # the 6-6 alone
    assert (steps[2].left, steps[2].right) == (6 | 8, 1)  # 6-6 ... 6-1: the 1 is no double
    assert (steps[2].tile, steps[2].side) == (-1, -1)


def test_the_first_seat_to_pass_lacks_the_numbers_it_passed_on() -> None:
    game = Game.from_hands([["6-6", "2-2"], ["6-1", "1-3"]], rules=TableRules(players=2))
    game.play(Play.parse("6-6"))
    game.play(Play.parse("6-1 right"))
    game.pass_turn()
    lacks, _ = seen_in(game)
    assert lacks == (1 << 6 | 1 << 1, 0)


def test_a_draw_forgets_what_the_seat_lacked_before_it() -> None:
    """Seat 1 draws on 6-6 (it lacks 6), draws the 6-2 and plays it; when it draws again on
    3 and 2 it lacks 3 and 2 only: a drawn tile may have brought a 6."""
    game = Game.from_hands(
        [["6-6", "6-3", "0-0"], ["1-1", "5-5"]],
        rules=TableRules(players=2, boneyard=True),
        boneyard=[Tile.parse("6-2"), Tile.parse("4-4")],
    )
    game.play(Play.parse("6-6"))
    assert game.draw() == Tile.parse("6-2")
    lacks, _ = seen_in(game)
    assert lacks == (0, 1 << 6)
    game.play(Play.parse("6-2 right"))
    game.play(Play.parse("6-3 left"))
    assert game.draw() == Tile.parse("4-4")
    lacks, steps = seen_in(game)
    kinds = [s.kind for s in steps]
    assert kinds == [StepKind.PLAY, StepKind.DRAW, StepKind.PLAY, StepKind.PLAY, StepKind.DRAW]
    assert (steps[4].left, steps[4].right) == (3, 2)
    assert lacks == (0, 1 << 3 | 1 << 2)


def test_a_play_sees_the_outer_number_of_the_tile_at_each_end() -> None:
    """6-6, then 6-1 on the left: the line reads 1-6 6-6, so the next play sees 1 on the left
    (the outer half of 6-1), not the 6 it touches."""
    game = Game.from_hands([["6-6", "1-0"], ["6-1", "3-3"]], rules=TableRules(players=2))
    game.play(Play.parse("6-6"))
    game.play(Play.parse("6-1 left"))
    game.play(Play.parse("1-0 left"))
    _, steps = seen_in(game)
    assert (steps[2].left, steps[2].right) == (1, 6 | 8)
    assert (steps[2].tile, steps[2].side) == (Tile.parse("1-0").index, 0)
    assert (steps[0].left, steps[0].right) == (-1, -1)  # the pose: an empty line


def test_a_pass_on_a_blank_end_tells_the_seat_lacks_blanks() -> None:
    game = Game.from_hands([["6-6", "0-6", "1-4"], ["6-1", "5-5"]], rules=TableRules(players=2))
    game.play(Play.parse("6-6"))
    game.play(Play.parse("6-1 right"))
    game.play(Play.parse("0-6 left"))  # ends 0 and 1
    game.pass_turn()
    lacks, steps = seen_in(game)
    assert (steps[3].left, steps[3].right) == (0, 1)
    assert lacks == (0, 1 << 0 | 1 << 1)


def test_each_pass_adds_to_what_the_seat_lacks() -> None:
    """Seat 1 passes on 6-6, then on 6 and 1, then on 6 and 3: it lacks 6, 1 and 3."""
    game = Game.from_hands(
        [["6-6", "6-1", "1-3", "3-2"], ["5-5", "4-4"]], rules=TableRules(players=2)
    )
    game.play(Play.parse("6-6"))
    game.pass_turn()
    game.play(Play.parse("6-1 right"))
    game.pass_turn()
    game.play(Play.parse("1-3 right"))
    game.pass_turn()
    lacks, _ = seen_in(game)
    assert lacks == (0, 1 << 6 | 1 << 1 | 1 << 3)


def test_another_seats_draw_does_not_make_a_seat_forget_its_own_draw() -> None:
    """Seat 1 draws on 3 and 2, seat 0 then draws on 3 and 4, seat 1 draws again on 5 and 4:
    seat 1 lacks 5 and 4 only (its first draw may have brought it a 3 or a 2), seat 0 lacks
    3 and 4."""
    tiles = ["6-2", "2-4", "5-1", "3-5", "0-2", "4-1"]
    game = Game.from_hands(
        [["6-6", "6-3", "0-0"], ["1-1", "0-1"]],
        rules=TableRules(players=2, boneyard=True),
        boneyard=[Tile.parse(t) for t in tiles],
    )
    game.play(Play.parse("6-6"))
    assert game.draw() == Tile.parse("6-2")
    game.play(Play.parse("6-2 right"))
    game.play(Play.parse("6-3 left"))  # ends 3 and 2
    assert game.draw() == Tile.parse("2-4")
    game.play(Play.parse("2-4 right"))  # ends 3 and 4
    assert (game.draw(), game.draw()) == (Tile.parse("5-1"), Tile.parse("3-5"))
    game.play(Play.parse("3-5 left"))  # ends 5 and 4
    assert (game.draw(), game.draw()) == (Tile.parse("0-2"), Tile.parse("4-1"))
    lacks, _ = seen_in(game)
    assert lacks == (1 << 3 | 1 << 4, 1 << 5 | 1 << 4)
