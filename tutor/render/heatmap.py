"""Drawing a table of chances as an SVG heat map, with its colour legend.

A heat map is a grid of chances (0..1), ``values[x][y]``: ``x`` runs left to right, ``y`` from
the bottom up, as on a chart. Each chance is coloured by the tenth it falls in (ten colours from
a diverging, colour-blind-safe scale: red below one half, blue above), and a dark line is drawn
between the cells under and over one half. Cells of one colour that follow each other in a row
are one rectangle, so a 61 by 61 table stays small.

The functions are pure: numbers and ready-made words (``MapLabels``, in the reader's language)
in, an ``<svg>`` string out, with no fonts, images or scripts from elsewhere. The texts use
``currentColor``, so the drawing follows the page's light or dark theme; the cells keep their
colours in both.

>>> words = MapLabels("Chances", "Each cell is a score.", "You", "They")
>>> svg = heatmap_svg([[0.5, 0.9], [0.1, 0.5]], words, uid="demo", ticks=(0, 1))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), svg.count('class="cell"')
(True, 4)
>>> shade(0.0), shade(0.55), shade(1.0)
(0, 5, 9)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

__all__ = [
    "COLOURS",
    "MapLabels",
    "heatmap_svg",
    "legend_svg",
    "runs",
    "shade",
]

COLOURS = (
    "#67001f",
    "#b2182b",
    "#d6604d",
    "#f4a582",
    "#fddbc7",
    "#d1e5f0",
    "#92c5de",
    "#4393c3",
    "#2166ac",
    "#053061",
)
"""One colour per tenth of a chance, from 0-10% to 90-100% (ColorBrewer's RdBu, reversed)."""
HALF_LINE = "#111111"
"""The line between the cells under and over one half (dark on the light middle colours)."""
FONT = 'font-family="DejaVu Sans, Verdana, Arial, sans-serif"'
CELL = 5
"""Side of one cell, in px."""
LEFT, TOP, RIGHT, BOTTOM = 46, 8, 10, 42
"""Room around the grid: for the numbers and names of the axes."""


@dataclass(frozen=True, slots=True)
class MapLabels:
    """The words of one heat map, in the reader's language."""

    title: str
    """The ``<title>``: what the map shows (read first by a screen reader)."""
    desc: str
    """The ``<desc>``: how to read it."""
    x_axis: str
    y_axis: str


def shade(chance: float) -> int:
    """The colour of a chance: its tenth, 0 (under 10%) to 9 (90% and more).

    >>> [shade(c) for c in (0.099, 0.1, 0.5, 0.999)]
    [0, 1, 5, 9]
    """
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"a chance is between 0 and 1, not {chance}")
    return min(int(chance * 10), 9)


def runs(column: Sequence[int]) -> list[tuple[int, int, int]]:
    """The runs of equal shades in a row: ``(start, length, shade)``.

    >>> runs([1, 1, 2, 2, 2, 1])
    [(0, 2, 1), (2, 3, 2), (5, 1, 1)]
    """
    found: list[tuple[int, int, int]] = []
    for index, value in enumerate(column):
        if found and found[-1][2] == value and found[-1][0] + found[-1][1] == index:
            start, length, _ = found[-1]
            found[-1] = (start, length + 1, value)
        else:
            found.append((index, 1, value))
    return found


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def _text(x: float, y: float, text: str, *, size: int = 11, anchor: str = "middle",
          extra: str = "") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" {FONT} font-size="{size}" text-anchor="{anchor}" '
        f'fill="currentColor"{extra}>{escape(text)}</text>'
    )


def _half_line(shades: Sequence[Sequence[int]], size: int) -> str:
    """The edges between a cell under one half (shade < 5) and its neighbour over it."""
    width, height = len(shades), len(shades[0])
    edges = []
    for x in range(width):
        for y in range(height):
            over = shades[x][y] >= 5
            top = TOP + (height - 1 - y) * size  # the cell's top edge on screen
            left = LEFT + x * size
            if x + 1 < width and (shades[x + 1][y] >= 5) != over:
                edges.append(f"M{_num(left + size)} {_num(top)}v{size}")
            if y + 1 < height and (shades[x][y + 1] >= 5) != over:
                edges.append(f"M{_num(left)} {_num(top)}h{size}")
    if not edges:
        return ""
    return (
        f'<path class="half" d="{"".join(edges)}" fill="none" stroke="{HALF_LINE}" '
        f'stroke-width="1.5" stroke-linecap="square"/>'
    )


def heatmap_svg(
    values: Sequence[Sequence[float]],
    labels: MapLabels,
    *,
    uid: str,
    ticks: Sequence[int] = (0, 10, 20, 30, 40, 50, 60),
    cell: int = CELL,
) -> str:
    """A heat map of ``values[x][y]`` (chances), the axes numbered at ``ticks`` (cell indexes).

    Each cell is a ``<rect class="cell">`` run with ``data-x`` (first index), ``data-y`` and
    ``data-shade`` (``shade``), so a test can read back what the picture shows.
    """
    width, height = len(values), len(values[0])
    if width == 0 or height == 0 or any(len(column) != height for column in values):
        raise ValueError("a heat map needs a rectangular table of chances")
    shades = [[shade(v) for v in column] for column in values]
    parts = [
        f'<title id="{uid}-title">{escape(labels.title)}</title>',
        f'<desc id="{uid}-desc">{escape(labels.desc)}</desc>',
    ]
    cells = []
    for y in range(height):
        top = TOP + (height - 1 - y) * cell
        row = [shades[x][y] for x in range(width)]
        for start, length, colour in runs(row):
            cells.append(
                f'<rect class="cell" data-x="{start}" data-y="{y}" data-shade="{colour}" '
                f'x="{_num(LEFT + start * cell)}" y="{_num(top)}" '
                f'width="{_num(length * cell)}" height="{cell}" fill="{COLOURS[colour]}"/>'
            )
    parts.append(f'<g shape-rendering="crispEdges">{"".join(cells)}</g>')
    parts.append(_half_line(shades, cell))
    grid_w, grid_h = width * cell, height * cell
    axis = []
    for tick in ticks:
        across = LEFT + (tick + 0.5) * cell
        up = TOP + (height - 1 - tick + 0.5) * cell
        axis.append(f'<path d="M{_num(across)} {TOP + grid_h}v4M{LEFT} {_num(up)}h-4"/>')
        parts.append(_text(across, TOP + grid_h + 15, str(tick)))
        parts.append(_text(LEFT - 7, up + 4, str(tick), anchor="end"))
    parts.append(
        f'<g stroke="currentColor" fill="none">'
        f'<rect x="{LEFT}" y="{TOP}" width="{grid_w}" height="{grid_h}" stroke-opacity="0.6"/>'
        f'{"".join(axis)}</g>'
    )
    parts.append(_text(LEFT + grid_w / 2, TOP + grid_h + 34, labels.x_axis, size=12))
    middle = TOP + grid_h / 2
    turn = f' transform="rotate(-90 12 {_num(middle)})"'
    parts.append(_text(12, middle, labels.y_axis, size=12, extra=turn))
    total_w, total_h = LEFT + grid_w + RIGHT, TOP + grid_h + BOTTOM
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="domino-heatmap" role="img" '
        f'aria-labelledby="{uid}-title {uid}-desc" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}">{"".join(parts)}</svg>'
    )


def legend_svg(
    title: str, *, uid: str, chance: Callable[[float], str], strip: float = 61 * CELL
) -> str:
    """The colour scale: the ten colours in a row under ``title``, numbered at 0, one half and 1
    (``chance`` writes a number, such as ``50%``); the dark line of the map at one half. The
    strip is as wide as a map's grid (``strip``), and starts where the grid starts.

    >>> svg = legend_svg("Chance", uid="k", chance=lambda c: f"{round(100 * c)}%")
    >>> svg.count('class="swatch"'), ">50%<" in svg
    (10, True)
    """
    step = strip / len(COLOURS)
    width = round(LEFT + strip + 30)  # room for the last number
    parts = [
        f'<title id="{uid}-title">{escape(title)}</title>',
        _text(LEFT, 14, title, size=12, anchor="start"),
    ]
    for index, colour in enumerate(COLOURS):
        parts.append(
            f'<rect class="swatch" data-shade="{index}" x="{_num(LEFT + index * step)}" y="22" '
            f'width="{_num(step)}" height="16" fill="{colour}"/>'
        )
    parts.append(
        f'<path d="M{_num(LEFT + 5 * step)} 22v16" stroke="{HALF_LINE}" stroke-width="2"/>'
    )
    for value in (0.0, 0.5, 1.0):
        x = LEFT + value * len(COLOURS) * step
        parts.append(f'<path d="M{_num(x)} 38v4" stroke="currentColor"/>')
        parts.append(_text(x, 55, chance(value)))
    height = 62
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="domino-heatmap-legend" role="img" '
        f'aria-labelledby="{uid}-title" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">{"".join(parts)}</svg>'
    )
