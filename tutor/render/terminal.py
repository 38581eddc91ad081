"""Tiles drawn as terminal text: the one drawing of a tile for the quiz and the game screens.

A tile is three rows high, drawn with box characters: it lies lengthwise, a double crosswise
(its two halves one above the other). ``ascii=True`` draws the same shapes with plain ASCII
for terminals that cannot show box characters; ``compact`` draws a tile one row high,
``[6|5]``, for a screen with few rows. Rows wrap to the given width (``tutor.render.table``).

``draw_tiles`` and ``draw_compact`` give plain lines (the quiz). ``snake`` and ``hand_rows``
give rows of styled fragments, ``(style, text)``, the form prompt-toolkit draws (the game
screen): the line of play as a snake, whose first row runs left to right, the next right to
left (each tile turned round, so touching halves still match), and so on, with the two open
ends styled ``end``; and the learner's hand, numbered.

>>> from tutor.rules.line import Line
>>> print("\\n".join(draw_tiles(Line.parse(["4-6", "6-6", "6-5"]), width=80)))
┌─┬─┐┌6┐┌─┬─┐
│4│6││─││6│5│
└─┴─┘└6┘└─┴─┘
>>> print("\\n".join(draw_tiles(Line.parse(["4-6", "6-6"]), width=80, ascii=True)))
     +6+
[4|6]|-|
     +6+
>>> line = Line.parse(["4-6", "6-6", "6-5", "5-1", "1-1", "1-3"])
>>> print(text(snake(line, width=18)))
┌─┬─┐┌6┐┌─┬─┐┌─┬─┐
│4│6││─││6│5││5│1│
└─┴─┘└6┘└─┴─┘└─┴─┘
          ┌─┬─┐┌1┐
          │3│1││─│
          └─┴─┘└1┘
>>> print(text(snake(line, width=18, compact=True)))
[4|6][6|6][6|5]
[3|1][1|1][1|5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.render.table import strips
from tutor.rules.line import Line, Placed
from tutor.rules.tiles import Tile

Fragment = tuple[str, str]
"""Styled text: ``(style, text)``."""
Row = list[Fragment]
"""One row of the screen."""

Pieces = tuple[str, str, str]
"""A tile drawn three rows high."""


def text(rows: Sequence[Row]) -> str:
    """The rows as plain text (for tests and doctests)."""
    return "\n".join("".join(t for _, t in row).rstrip() for row in rows)


def tile_pieces(left: int, right: int, *, crosswise: bool = False, ascii: bool = False) -> Pieces:
    """A tile three rows high: lengthwise, or ``crosswise`` (a double in the line).

    >>> tile_pieces(6, 5), tile_pieces(6, 6, crosswise=True, ascii=True)
    (('┌─┬─┐', '│6│5│', '└─┴─┘'), ('+6+', '|-|', '+6+'))
    """
    if crosswise:
        if ascii:
            return (f"+{left}+", "|-|", f"+{right}+")
        return (f"┌{left}┐", "│─│", f"└{right}┘")
    if ascii:
        return ("     ", compact_piece(left, right), "     ")
    return ("┌─┬─┐", f"│{left}│{right}│", "└─┴─┘")


def compact_piece(left: int, right: int) -> str:
    """A tile one row high (a double too): ``[6|5]``."""
    return f"[{left}|{right}]"


def _halves(item: Placed | Tile) -> tuple[int, int]:
    """A tile's halves as drawn left to right: as placed in the line, or high first."""
    return (item.left, item.right) if isinstance(item, Placed) else (item.high, item.low)


def _is_double(item: Placed | Tile) -> bool:
    return (item.tile if isinstance(item, Placed) else item).is_double


# --- plain lines (the quiz) --------------------------------------------------------------------


def draw_tiles(
    tiles: Line | Sequence[Tile] | Sequence[Placed],
    *,
    width: int = 80,
    ascii: bool = False,
    gap: str = "",
) -> list[str]:
    """Rows of text that draw ``tiles`` left to right, wrapped to ``width`` columns (each tile
    is counted with the gap after it)."""
    pieces = [
        tile_pieces(*_halves(item), crosswise=_is_double(item), ascii=ascii) for item in tiles
    ]
    rows: list[str] = []
    for strip in strips([len(piece[0]) + len(gap) for piece in pieces], width):
        rows += [gap.join(pieces[index][row] for index in strip).rstrip() for row in range(3)]
    return rows


def draw_compact(
    tiles: Line | Sequence[Tile] | Sequence[Placed], *, width: int = 80, gap: str = ""
) -> list[str]:
    """The tiles one text row high, ``[6|5]`` each (a double too), wrapped to ``width``:
    for a screen with too few rows for the drawn tiles.

    >>> draw_compact(Line.parse(["4-6", "6-6", "6-5", "5-1"]), width=16)
    ['[4|6][6|6][6|5]', '[5|1]']
    """
    pieces = [compact_piece(*_halves(item)) for item in tiles]
    cut = strips([len(piece) for piece in pieces], width, len(gap))
    return [gap.join(pieces[index] for index in strip) for strip in cut]


# --- styled rows (the game screen) -------------------------------------------------------------


def snake(line: Line, *, width: int, ascii: bool = False, compact: bool = False) -> list[Row]:
    """The line of play as a snake of rows that fit ``width``; the end tiles styled ``end``."""
    placed: list[Placed] = list(line)
    if not placed:
        return []
    last = len(placed) - 1
    sizes = [5 if compact or not p.tile.is_double else 3 for p in placed]
    cut = strips(sizes, max(width, 5))
    full = max(sum(sizes[i] for i in strip) for strip in cut)
    rows: list[Row] = []
    for number, strip in enumerate(cut):
        backwards = number % 2 == 1
        order = list(reversed(strip)) if backwards else strip
        lead = full - sum(sizes[i] for i in strip) if backwards else 0
        height = 1 if compact else 3
        block: list[Row] = [[("", " " * lead)] if lead else [] for _ in range(height)]
        for index in order:
            item = placed[index]
            left, right = (item.right, item.left) if backwards else (item.left, item.right)
            style = "class:end" if index in (0, last) else "class:tile"
            if compact:
                block[0].append((style, compact_piece(left, right)))
                continue
            pieces = tile_pieces(left, right, crosswise=item.tile.is_double, ascii=ascii)
            for row, piece in zip(block, pieces, strict=True):
                row.append((style, piece))
        rows += block
    return rows


@dataclass(frozen=True, slots=True)
class HandTile:
    """A tile of the learner's hand as the screen shows it."""

    number: int
    tile: Tile
    legal: bool
    selected: bool


def hand_rows(
    tiles: Sequence[HandTile], *, width: int, ascii: bool = False, compact: bool = False
) -> list[Row]:
    """The hand, numbered from 1: tiles drawn lengthwise with their number above, or one line
    of ``1 [6|5]`` pieces when ``compact``; legal plays styled ``legal``, the cursor
    ``selected``.

    >>> hand = [HandTile(1, Tile(6, 5), True, True), HandTile(2, Tile(4, 4), False, False)]
    >>> print(text(hand_rows(hand, width=80, ascii=True)))
      1     2
    [6|5] [4|4]
    >>> print(text(hand_rows(hand, width=80, compact=True)))
    1 [6|5] 2 [4|4]
    """
    if not tiles:
        return []
    rows: list[Row] = []
    size = 8 if compact else 6  # "1 [6|5] " or a tile and a gap
    for strip in strips([size] * len(tiles), max(width, size)):
        if compact:
            row: Row = []
            for index in strip:
                item = tiles[index]
                row += [
                    ("class:number", f"{item.number} "),
                    (_hand_style(item), compact_piece(item.tile.high, item.tile.low)),
                    ("", " "),
                ]
            rows.append(row)
            continue
        block: list[Row] = [[] for _ in range(4)]
        for index in strip:
            item = tiles[index]
            style = _hand_style(item)
            block[0].append(("class:number", f"{item.number:^5} "))
            pieces = tile_pieces(item.tile.high, item.tile.low, ascii=ascii)
            for row, piece in zip(block[1:], pieces, strict=True):
                row += [(style, piece), ("", " ")]
        rows += block if not ascii else [block[0], block[2]]
    return rows


def _hand_style(item: HandTile) -> str:
    style = "class:legal" if item.legal else "class:tile"
    return style + " class:selected" if item.selected else style
