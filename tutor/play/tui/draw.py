"""What the game screen draws, as styled text fragments: the snake, the hand, the key bar.

Pure functions of the state and the width (no prompt-toolkit), so that they can be tested
and read as doctests. A fragment is ``(style, text)``, the form prompt-toolkit draws.

The line of play is drawn as a snake: the first row runs left to right, the next right to
left (each tile turned round, so touching halves still match), and so on, so that a long
line fits the width. The two open ends are marked with the ``end`` style.

>>> from tutor.rules.line import Line
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

from tutor.rules.line import Line, Placed
from tutor.rules.tiles import Tile

Fragment = tuple[str, str]
Row = list[Fragment]


def text(rows: Sequence[Row]) -> str:
    """The rows as plain text (for tests and doctests)."""
    return "\n".join("".join(t for _, t in row).rstrip() for row in rows)


def _tile(left: int, right: int, *, double: bool, ascii: bool) -> tuple[str, str, str]:
    """A tile three rows high: lengthwise, or crosswise for a double."""
    if double:
        if ascii:
            return (f"+{left}+", "|-|", f"+{right}+")
        return (f"┌{left}┐", "│─│", f"└{right}┘")
    if ascii:
        return ("     ", f"[{left}|{right}]", "     ")
    return ("┌─┬─┐", f"│{left}│{right}│", "└─┴─┘")


def _strips(sizes: Sequence[int], width: int) -> list[list[int]]:
    """Indexes of the pieces, cut into strips of at most ``width`` columns (one piece at least).

    >>> _strips([5, 5, 3, 5], 10)
    [[0, 1], [2, 3]]
    """
    strips: list[list[int]] = []
    used = 0
    for index, size in enumerate(sizes):
        if strips and used + size <= width:
            strips[-1].append(index)
            used += size
        else:
            strips.append([index])
            used = size
    return strips


def snake(line: Line, *, width: int, ascii: bool = False, compact: bool = False) -> list[Row]:
    """The line of play as a snake of rows that fit ``width``; the end tiles styled ``end``."""
    placed: list[Placed] = list(line)
    if not placed:
        return []
    last = len(placed) - 1
    sizes = [5 if compact or not p.tile.is_double else 3 for p in placed]
    strips = _strips(sizes, max(width, 5))
    full = max(sum(sizes[i] for i in strip) for strip in strips)
    rows: list[Row] = []
    for number, strip in enumerate(strips):
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
                block[0].append((style, f"[{left}|{right}]"))
                continue
            pieces = _tile(left, right, double=item.tile.is_double, ascii=ascii)
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
    for strip in _strips([size] * len(tiles), max(width, size)):
        if compact:
            row: Row = []
            for index in strip:
                item = tiles[index]
                style = _hand_style(item)
                row += [
                    ("class:number", f"{item.number} "),
                    (style, f"[{item.tile.high}|{item.tile.low}]"),
                    ("", " "),
                ]
            rows.append(row)
            continue
        block: list[Row] = [[] for _ in range(4)]
        for index in strip:
            item = tiles[index]
            style = _hand_style(item)
            block[0].append(("class:number", f"{item.number:^5} "))
            pieces = _tile(item.tile.high, item.tile.low, double=False, ascii=ascii)
            for row, piece in zip(block[1:], pieces, strict=True):
                row += [(style, piece), ("", " ")]
        rows += block if not ascii else [block[0], block[2]]
    return rows


def _hand_style(item: HandTile) -> str:
    style = "class:legal" if item.legal else "class:tile"
    return style + " class:selected" if item.selected else style


def key_bar(keys: Sequence[tuple[str, str, str]], width: int) -> list[Row]:
    """The keys with their long labels on one row when they fit ``width``, else on two rows,
    else the short labels, else the keys alone: the keys always stay.

    >>> keys = [("F1", "help", "help"), ("F2", "hint", "hint"), ("F10", "save and quit", "quit")]
    >>> print(text(key_bar(keys, 80)))
    F1 help · F2 hint · F10 save and quit
    >>> print(text(key_bar(keys, 30)))
    F1 help · F2 hint
    F10 save and quit
    >>> print(text(key_bar(keys, 12)))
    F1 F2 F10
    """
    for label in (1, 2):
        parts = [len(f"{key[0]} {key[label]}") for key in keys]
        for rows in (1, 2):
            strips = _strips([size + 3 for size in parts], width + 3)
            if len(strips) <= rows:
                return [_bar([keys[i] for i in strip], label) for strip in strips]
    return [_bar(keys, 0)]


def _bar(keys: Sequence[tuple[str, str, str]], label: int) -> Row:
    row: Row = []
    for index, key in enumerate(keys):
        if index:
            row.append(("class:bar", " · " if label else " "))
        row.append(("class:bar.key", key[0]))
        if label:
            row.append(("class:bar", " " + key[label]))
    return row
