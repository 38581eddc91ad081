"""Drawing a position as SVG: the line of play, the hands and the boneyard.

The line runs left to right and wraps into rows like text (an arrow marks where a
row goes on); doubles lie crosswise. The learner's hand is drawn face up at the
bottom, hidden hands and the boneyard as face-down tiles with their counts. The
picture carries a ``<title>`` and a ``<desc>`` that says the whole position in
words, for screen readers.

The function is pure: the engine's ``Position`` and ready-made words (``Labels``,
made by ``tutor.words.describe`` in the reader's language) in, one ``<svg>`` string out,
with no external fonts, images or scripts. It imports nothing above the engine.

Every element of a drawing costs the browser style and layout time, and a docs page shows
many drawings (the Cutthroat page 18, 323 tiles): a face-up tile is four elements, its frame,
its divider and one ``<path>`` with all its pips (it was a ``<circle>`` a pip and two groups),
which halves the elements of that page and makes it a tenth shorter (issue 25: its load
blocked the browser's main thread).

>>> from tutor.rules import Line, TableRules, Tile
>>> p = Position(Line.parse(["5-6", "6-6"]), (Tile(6, 1).bit | Tile(4, 4).bit, None),
...              TableRules(players=2, boneyard=True), hidden_boneyard=19, sizes=(2, 5))
>>> words = Labels("Early", "Two tiles.", "", "5 · 6", ("you: 2", "Ann: 5"), "19", "")
>>> svg = position_svg(p, words, learner=0, uid="demo")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), svg.count('class="tile"')
(True, 4)
>>> svg.count('class="face-down"')
24
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from tutor.rules.position import Position
from tutor.rules.tiles import Mask, tiles_of

U = 30
"""Side of one half of a tile in the line (a tile is U by 2U): about 60 by 30 px, pips 7 px."""
GAP = 4
"""Space between two tiles."""
ROW_UNITS = 12
"""How wide a row of the line may grow before it wraps, in halves (6 lengthwise tiles):
narrow enough that a phone shows the drawing at nearly full size."""
END_MARK = "#d9480f"
"""Colour of the frame around each open end of the line."""
END_ROOM = 3.0
"""Space left of the line for the frame around its left end."""
SMALL = 0.62
"""Scale of face-down tiles."""
KNOWN = 0.8
"""Scale of the face-up hands of other seats."""
FONT = 'font-family="DejaVu Sans, Verdana, Arial, sans-serif"'

# Pip places on a 3 x 3 grid inside one half: (column, row).
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}


@dataclass
class _Canvas:
    """Collects SVG elements and the size they need."""

    parts: list[str]
    width: float = 0.0
    height: float = 0.0

    def add(self, element: str, right: float, bottom: float) -> None:
        self.parts.append(element)
        self.width = max(self.width, right)
        self.height = max(self.height, bottom)


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def _half(number: int, x: float, y: float, side: float, turn: bool) -> list[str]:
    """The pips of one square half whose top-left corner is (x, y), as path data: each pip a
    line of no length ("M x y h0"), which the round caps of a stroke as wide as a pip draw as
    a dot (all the pips of a tile are one ``<path>``, see ``_face``)."""
    out = []
    for col, row in _PIPS[number]:
        if turn and number == 6:  # a six runs along the tile: two rows across a crosswise half
            col, row = row, col
        cx = x + side * (0.25 + 0.25 * col)
        cy = y + side * (0.25 + 0.25 * row)
        out.append(f"M{_num(cx)} {_num(cy)}h0")
    return out


def _face(x: float, y: float, a: int, b: int, *, upright: bool, side: float = U) -> str:
    """A face-up tile: ``a`` on the left (or top when ``upright``), ``b`` on the right/bottom."""
    w, h = (side, 2 * side) if upright else (2 * side, side)
    bx, by = (x, y + side) if upright else (x + side, y)
    x1, y1, x2, y2 = (x + 3, by, x + w - 3, by) if upright else (bx, y + 3, bx, y + h - 3)
    divider = (
        f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" stroke="#8a8a8a"/>'
    )
    pips = "".join(_half(a, x, y, side, upright) + _half(b, bx, by, side, upright))
    return (
        f'<g class="tile" data-tile="{a}-{b}">'
        f'<rect x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{_num(w - 1)}" '
        f'height="{_num(h - 1)}" rx="{_num(side * 0.18)}" fill="#fffdf4" stroke="#3a3a3a"/>'
        f"{divider}"
        + (
            f'<path class="pips" d="{pips}" stroke="#1d1d1d" stroke-width="{_num(side * 0.24)}" '
            f'stroke-linecap="round"/>'
            if pips
            else ""
        )
        + "</g>"
    )


def _back(x: float, y: float, side: float) -> str:
    """A face-down tile, upright."""
    return (
        f'<rect class="face-down" x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" '
        f'width="{_num(side - 1)}" height="{_num(2 * side - 1)}" rx="{_num(side * 0.18)}" '
        f'fill="#2e5d4b" stroke="#173226"/>'
    )


def _text(x: float, y: float, text: str, *, size: int = 13, weight: str = "normal") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" {FONT} font-size="{size}" font-weight="{weight}" '
        f'fill="currentColor">{escape(text)}</text>'
    )


WRAP = 48
"""Characters per line of a label: longer texts wrap instead of widening the picture."""


def _label(
    canvas: _Canvas, y: float, text: str, *, size: int = 13, weight: str = "normal"
) -> float:
    """Add a label at ``y`` (its top), wrapped at word boundaries; returns its bottom."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= WRAP:
            lines[-1] += " " + word
        else:
            lines.append(word)
    step = size + 4
    for number, line in enumerate(lines):
        base = y + size + number * step
        canvas.add(_text(0, base, line, size=size, weight=weight), len(line) * size * 0.6, base + 4)
    return y + len(lines) * step


def _arrow(x: float, y: float) -> str:
    """A small arrow that says "the line goes on"."""
    return (
        f'<path d="M{_num(x)} {_num(y - 5)} L{_num(x + 8)} {_num(y)} L{_num(x)} {_num(y + 5)} Z" '
        f'fill="currentColor" opacity="0.55"/>'
    )


def _open_end(end: str, x: float, y: float, w: float, h: float) -> str:
    """A frame around the half (or crosswise double) that shows an open end of the line."""
    return (
        f'<rect class="open-end" data-end="{end}" x="{_num(x - 2.5)}" y="{_num(y - 2.5)}" '
        f'width="{_num(w + 5)}" height="{_num(h + 5)}" rx="{_num(U * 0.22)}" fill="none" '
        f'stroke="{END_MARK}" stroke-width="3"/>'
    )


def _line_rows(p: Position) -> list[list[tuple[int, int, bool]]]:
    """The placed tiles as (left, right, crosswise), split into rows no wider than ROW_UNITS."""
    rows: list[list[tuple[int, int, bool]]] = [[]]
    used = 0
    for placed in p.line:
        size = 1 if placed.tile.is_double else 2
        if rows[-1] and used + size > ROW_UNITS:
            rows.append([])
            used = 0
        rows[-1].append((placed.left, placed.right, placed.tile.is_double))
        used += size
    return rows if rows[0] else []


def _draw_hand(
    canvas: _Canvas, tiles: Iterable[tuple[int, int]], x: float, y: float, side: float
) -> float:
    """Face-up tiles standing side by side; returns the bottom."""
    for a, b in tiles:
        canvas.add(_face(x, y, a, b, upright=True, side=side), x + side, y + 2 * side)
        x += side + GAP
    return y + 2 * side


def _draw_backs(canvas: _Canvas, count: int, x: float, y: float) -> float:
    side = U * SMALL
    for _ in range(count):
        canvas.add(_back(x, y, side), x + side, y + 2 * side)
        x += side + 2
    return y + 2 * side


@dataclass(frozen=True)
class Labels:
    """The words of one drawing, ready-made in the reader's language.

    ``seats`` holds one label per seat in turn order; ``table`` is shown when the
    line is empty, ``ends`` under the line; an empty ``boneyard`` or ``score`` is
    not shown.
    """

    title: str
    desc: str
    table: str
    ends: str
    seats: tuple[str, ...]
    boneyard: str
    score: str


def position_svg(p: Position, words: Labels, *, learner: int, uid: str) -> str:
    """Position ``p`` as an inline ``<svg>`` element, seat ``learner`` at the bottom.

    ``uid`` makes the ids of ``<title>`` and ``<desc>`` unique on a page that shows
    several positions.
    """
    canvas = _Canvas([])
    y = 4.0
    marker = "▶ "
    # The other seats, in turn order after the learner, across the top.
    for seat in [seat for seat in range(len(p.hands)) if seat != learner]:
        prefix = marker if seat == p.turn else ""
        y = _label(canvas, y, prefix + words.seats[seat]) + 4
        hand = p.hands[seat]
        if hand is None:
            y = _draw_backs(canvas, p.size(seat), 0, y) + 12
        elif hand:
            y = _draw_hand(canvas, _pairs(hand), 0, y, U * KNOWN) + 12
        else:
            y += 4
    # The line of play.
    y += 6
    rows = _line_rows(p)
    if not rows:
        y = _label(canvas, y, words.table, weight="bold") + 10
    for number, row in enumerate(rows):
        x = 14.0 + END_ROOM if number else END_ROOM  # room for the frame of the left end
        if number:
            canvas.add(_arrow(2, y + U), 10, y + U + 5)
        for index, (left, right, crosswise) in enumerate(row):
            # Both open ends get a frame: the first half of the line and the last one.
            first = number == 0 and index == 0
            last = number == len(rows) - 1 and index == len(row) - 1
            if crosswise:
                canvas.add(_face(x, y, left, right, upright=True), x + U, y + 2 * U)
                ends = [end for end, here in (("left", first), ("right", last)) if here]
                for end in ends:  # a crosswise double shows its number at its whole length
                    canvas.add(_open_end(end, x, y, U, 2 * U), x + U + 3, y + 2 * U + 3)
                x += U + GAP
            else:
                canvas.add(_face(x, y + U / 2, left, right, upright=False), x + 2 * U, y + 1.5 * U)
                if first:
                    canvas.add(_open_end("left", x, y + U / 2, U, U), x + U, y + 1.5 * U + 3)
                if last:
                    canvas.add(
                        _open_end("right", x + U, y + U / 2, U, U), x + 2 * U + 3, y + 1.5 * U + 3
                    )
                x += 2 * U + GAP
        if number < len(rows) - 1:
            canvas.add(_arrow(x + 1, y + U), x + 10, y + U + 5)
        y += 2 * U + 10
    if rows:
        y = _label(canvas, y - 6, words.ends, size=12) + 10
    # The boneyard or the sleeping tiles.
    face_down = p.hidden_boneyard + (p.boneyard | p.sleeping).bit_count()
    if face_down:
        y = _label(canvas, y, words.boneyard) + 4
        y = _draw_backs(canvas, face_down, 0, y) + 12
    # The learner's hand, face up at the bottom.
    y += 6
    prefix = marker if learner == p.turn else ""
    y = _label(canvas, y, prefix + words.seats[learner], weight="bold") + 4
    hand = p.hands[learner]
    if hand is None:
        y = _draw_backs(canvas, p.size(learner), 0, y)
    elif hand:
        y = _draw_hand(canvas, _pairs(hand), 0, y, U)
    if words.score:
        _label(canvas, y + 10, words.score, size=12)
    width = max(canvas.width, 200.0) + 2
    height = canvas.height + 4
    ident, title, desc = uid, words.title, words.desc
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="domino-position" role="img" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" width="{_num(width)}" '
        f'height="{_num(height)}" aria-labelledby="{ident}-title {ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>'
        f"{''.join(canvas.parts)}</svg>"
    )


def tile_svg(a: int, b: int) -> str:
    """One tile standing upright, ``a`` on top, as a small ``<svg>`` hidden from screen readers
    (the control that shows it carries the words): the Play page's tiles to play.

    >>> svg = tile_svg(6, 2)
    >>> svg.count('class="tile"'), 'aria-hidden="true"' in svg
    (1, True)
    """
    side = U * KNOWN
    width, height = side + 1, 2 * side + 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="domino-tile" aria-hidden="true" '
        f'focusable="false" viewBox="0 0 {_num(width)} {_num(height)}" width="{_num(width)}" '
        f'height="{_num(height)}">{_face(0, 0, a, b, upright=True, side=side)}</svg>'
    )


def _pairs(hand: Mask) -> list[tuple[int, int]]:
    return [(t.high, t.low) for t in tiles_of(hand)]
