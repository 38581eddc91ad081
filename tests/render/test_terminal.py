"""The terminal drawing of tiles: shapes, ASCII, wrapping."""

from __future__ import annotations

from tutor.render.terminal import HandTile, draw_compact, draw_tiles, hand_rows, snake, text
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


def test_the_game_screen_and_the_quiz_draw_a_tile_alike() -> None:
    line = Line.parse(["4-6", "6-6", "6-5", "5-1"])
    for ascii in (False, True):
        assert text(snake(line, width=80, ascii=ascii)).split("\n") == [
            row for row in draw_tiles(line, width=80, ascii=ascii)
        ]
    assert text(snake(line, width=80, compact=True)) == draw_compact(line, width=80)[0]


def test_the_snake_turns_back_and_keeps_the_halves_touching() -> None:
    rows = text(snake(LONG, width=20, compact=True)).split("\n")
    assert rows[0] == "[0|1][1|2][2|3][3|4]"
    assert rows[1].strip() == "[0|6][6|6][6|5][5|4]"
    assert all(len(row) <= 20 for row in rows)


def test_the_snake_styles_its_two_ends() -> None:
    rows = snake(Line.parse(["4-6", "6-6", "6-5"]), width=80, compact=True)
    assert [style for style, _ in rows[0]] == ["class:end", "class:tile", "class:end"]


def test_the_hand_is_numbered_and_marks_the_legal_tiles_and_the_cursor() -> None:
    hand = [HandTile(1, Tile(6, 5), True, False), HandTile(2, Tile(4, 4), True, True)]
    rows = hand_rows(hand, width=80)
    assert text(rows).split("\n")[0].split() == ["1", "2"]
    styles = {style for row in rows for style, _ in row}
    assert "class:legal class:selected" in styles
    assert text(hand_rows(hand, width=8, compact=True)).split("\n") == ["1 [6|5]", "2 [4|4]"]


def test_compact_tiles_wrap_with_their_gap_between_them() -> None:
    tiles = [Tile(6, 5), Tile(4, 4), Tile(3, 1)]
    assert draw_compact(tiles, width=11, gap=" ") == ["[6|5] [4|4]", "[3|1]"]
    assert draw_compact(tiles, width=10, gap=" ") == ["[6|5]", "[4|4]", "[3|1]"]
