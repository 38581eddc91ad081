"""A small bar chart of a rating's course for the terminal: one column per day of practice, eight
steps per row in block characters (or ASCII), the highest and lowest rating on the left axis and
the first and last day below. It fits the width it is given: with fewer columns it shows fewer
(the most recent) days.

>>> course = [("2026-11-28", 1500.0), ("2026-11-29", 1560.0), ("2026-11-30", 1540.0),
...           ("2026-12-01", 1620.0)]
>>> print("\\n".join(rating_chart(course, width=40, height=3)))
1620 ┤   █
     ┤ ▅▁█
1500 ┤▁███
      11-28  12-01
>>> print("\\n".join(rating_chart(course, width=40, height=2, ascii=True)))
1620 | . #
1500 |.#=#
      11-28  12-01
>>> print("\\n".join(rating_chart(course[:1], width=40, height=2)))
     ┤
1500 ┤█
      11-28
"""

from __future__ import annotations

from collections.abc import Sequence

BLOCKS = " ▁▂▃▄▅▆▇█"
ASCII_BLOCKS = " ..::==##"


def rating_chart(
    course: Sequence[tuple[str, float]],
    *,
    width: int,
    height: int = 4,
    ascii: bool = False,
    scale: tuple[float, float] | None = None,
    dates: bool = True,
) -> list[str]:
    """The chart's lines (none when there is no day), each at most ``width`` columns wide;
    ``scale``: the lowest and highest value the bars span (default: the course's own), and
    the axis names them; ``dates=False`` leaves out the line of the first and last date.

    >>> print("\\n".join(rating_chart([("2026-12-01", 50.0), ("2026-12-02", 100.0)], width=20,
    ...                               height=2, scale=(0.0, 100.0), dates=False)))
    100 ┤▁█
      0 ┤██
    """
    if not course:
        return []
    low, high = scale or (min(r for _, r in course), max(r for _, r in course))
    label = max(len(f"{round(low)}"), len(f"{round(high)}"))
    days = max(1, width - label - 2)
    shown = list(course)[-days:]
    if scale is None:
        low, high = min(r for _, r in shown), max(r for _, r in shown)
    span = high - low
    blocks = ASCII_BLOCKS if ascii else BLOCKS
    axis = "|" if ascii else "┤"
    # Each day's bar in eighths of a row: the lowest rating still gets one eighth; a course
    # that stayed level is drawn at half height.
    if span < 0.5:
        eighths = [height * 4] * len(shown)
    else:
        eighths = [1 + round((r - low) / span * (height * 8 - 1)) for _, r in shown]
    lines = []
    for row in range(height - 1, -1, -1):
        cells = "".join(blocks[min(8, max(0, e - row * 8))] for e in eighths)
        if row == height - 1 and span >= 0.5:
            name = f"{round(high)}"
        elif row == 0:
            name = f"{round(low)}"
        else:
            name = ""
        lines.append(f"{name:>{label}} {axis}{cells}".rstrip())
    first, last = shown[0][0][5:], shown[-1][0][5:]
    days_text = first if len(shown) == 1 else f"{first}  {last}"
    if dates and label + 2 + len(days_text) <= width:
        lines.append(" " * (label + 2) + days_text)
    return lines
