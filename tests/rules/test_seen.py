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
