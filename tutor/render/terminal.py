"""Drawing a position as terminal text: the line of play, hands and seats.

Tiles are drawn with box characters, three rows high: a tile lies lengthwise,
a double lies crosswise (its two halves one above the other). ``ascii=True``
draws the same shapes with plain ASCII for terminals that cannot show box
characters. Rows wrap to the given width.

>>> from tutor.rules.line import Line
>>> print("\\n".join(draw_tiles(Line.parse(["4-6", "6-6", "6-5"]), width=80)))
┌─┬─┐┌6┐┌─┬─┐
│4│6││─││6│5│
└─┴─┘└6┘└─┴─┘
>>> print("\\n".join(draw_tiles(Line.parse(["4-6", "6-6"]), width=80, ascii=True)))
     +6+
[4|6]|-|
     +6+
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.rules.line import Line, Placed
from tutor.rules.tiles import Tile


def _tile_rows(left: int, right: int, crosswise: bool, ascii: bool) -> tuple[str, str, str]:
    if crosswise:
        if ascii:
            return (f"+{left}+", "|-|", f"+{right}+")
        return (f"┌{left}┐", "│─│", f"└{right}┘")
    if ascii:
        return ("     ", f"[{left}|{right}]", "     ")
    return ("┌─┬─┐", f"│{left}│{right}│", "└─┴─┘")


def _pieces(tiles: Iterable[Placed | Tile], ascii: bool) -> list[tuple[str, str, str]]:
    pieces = []
    for item in tiles:
        tile = item.tile if isinstance(item, Placed) else item
        pieces.append(_tile_rows(*_halves(item), tile.is_double, ascii))
    return pieces


def draw_tiles(
    tiles: Line | Sequence[Tile] | Sequence[Placed],
    *,
    width: int = 80,
    ascii: bool = False,
    gap: str = "",
) -> list[str]:
    """Rows of text that draw ``tiles`` left to right, wrapped to ``width`` columns."""
    pieces = _pieces(list(tiles), ascii)
    rows: list[str] = []
    strip: list[tuple[str, str, str]] = []
    used = 0
    for piece in pieces:
        size = len(piece[0]) + len(gap)
        if strip and used + size > max(width, size):
            rows += _join(strip, gap)
            strip, used = [], 0
        strip.append(piece)
        used += size
    if strip:
        rows += _join(strip, gap)
    return rows


def draw_compact(tiles: Line | Sequence[Tile] | Sequence[Placed], *, width: int = 80,
                 gap: str = "") -> list[str]:
    """The tiles one text row high, ``[6|5]`` each (a double too), wrapped to ``width``:
    for a screen with too few rows for the drawn tiles.

    >>> draw_compact(Line.parse(["4-6", "6-6", "6-5", "5-1"]), width=16)
    ['[4|6][6|6][6|5]', '[5|1]']
    """
    pieces = [_tile_rows(*_halves(item), False, True)[1] for item in tiles]
    rows: list[str] = []
    row = ""
    for piece in pieces:
        if row and len(row) + len(gap) + len(piece) > width:
            rows.append(row)
            row = ""
        row = f"{row}{gap}{piece}" if row else piece
    return [*rows, row] if row else rows


def _halves(item: Placed | Tile) -> tuple[int, int]:
    return (item.left, item.right) if isinstance(item, Placed) else (item.high, item.low)


def _join(strip: list[tuple[str, str, str]], gap: str) -> list[str]:
    return [gap.join(piece[row] for piece in strip).rstrip() for row in range(3)]
