"""What the game screen shows in a window smaller than the smallest it can draw: how large the
window must be, and that F10 still saves and quits (the other keys wait).

>>> from tutor.render.terminal import text
>>> from tutor.words.i18n import Speaker
>>> print(text(rows(Speaker("en"), (20, 14), 16)))
The window is
too small for
the game: make
it at least 20
columns wide and
14 rows high.
F10: save and
quit.
"""

from __future__ import annotations

from tutor.render.terminal import Row
from tutor.terminal import wrap
from tutor.words.i18n import Speaker

MIN_COLUMNS = 20
"""The narrowest window the game and the review draw in (the key bar's keys, a hand's tiles
one row high)."""


def rows(sp: Speaker, least: tuple[int, int | None], width: int) -> list[Row]:
    """The sentences at ``width`` (the window's own, however narrow): the ``least`` columns
    and rows the game needs; with no rows (the review, which pages its words), the columns.

    >>> from tutor.render.terminal import text
    >>> print(text(rows(Speaker("en"), (20, None), 19)))
    The window is too
    narrow: make it at
    least 20 columns
    wide.
    """
    columns, height = least
    if height is None:
        said = sp._("The window is too narrow: make it at least {columns} columns wide.")
    else:
        said = sp._(
            "The window is too small for the game: make it at least {columns} columns wide "
            "and {rows} rows high."
        )
    lines = [said.format(columns=columns, rows=height)]
    if height is not None:
        # TRANSLATORS: under "the window is too small": the one key that still acts.
        lines.append(sp._("F10: save and quit."))
    shown: list[Row] = []
    for line in lines:
        shown += [[("class:notice", text)] for text in wrap(line, max(width, 1))]
    return shown
