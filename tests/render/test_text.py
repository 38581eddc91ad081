"""The terminal drawing of tiles: shapes, ASCII, wrapping."""

from __future__ import annotations

from tutor.render.terminal import draw_tiles
from tutor.rules.line import Line
from tutor.rules.tiles import Tile

LONG = Line.parse(["0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-6", "6-0", "0-0", "0-2"])


def test_a_tile_is_three_rows_and_a_double_lies_crosswise() -> None:
    rows = draw_tiles(Line.parse(["5-6", "6-6"]), width=80)
    assert rows == ["┌─┬─┐┌6┐", "│5│6││─│", "└─┴─┘└6┘"]


def test_ascii_draws_the_same_shapes() -> None:
    rows = draw_tiles(Line.parse(["5-6", "6-6"]), width=80, ascii=True)
    assert rows == ["     +6+", "[5|6]|-|", "     +6+"]
    assert all(ch.isascii() for row in rows for ch in row)


def test_rows_wrap_to_the_width_and_keep_every_tile() -> None:
    rows = draw_tiles(LONG, width=20)
    assert len(rows) > 3 and len(rows) % 3 == 0
    assert all(len(row) <= 20 for row in rows)
    halves = "".join(rows[1::3])
    assert sum(halves.count(str(n)) for n in range(7)) == 2 * (len(LONG) - 2)  # not the 2 doubles


def test_loose_tiles_are_drawn_as_a_hand() -> None:
    rows = draw_tiles([Tile(6, 5), Tile(4, 4)], width=80, gap=" ")
    assert rows[1].startswith("│6│5│ ")
