"""The learner's hand, numbered (the numbers a typed reply uses), legal plays highlighted."""

from __future__ import annotations

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import Row, hand_rows
from tutor.rules.tiles import hand_count


def rows(screen: Screen, pen: Pen, height: int) -> list[Row]:
    """The head (the count, marked when it is the learner's turn) and the tiles, one row high
    when they would not fit the width or the screen has fewer than 20 rows."""
    tiles = screen.hand_tiles()
    to_play = bool(screen.choices())
    head = pen.sp._("Your hand (count {count})").format(count=hand_count(screen.hand()))
    marker = pen.marker if to_play else "  "
    head_rows = pen.wrapped([marker + head], "class:turn" if to_play else "")
    if not tiles:
        return head_rows
    compact = 6 * len(tiles) > pen.width or height < 20
    return head_rows + hand_rows(tiles, width=pen.width, ascii=pen.ascii, compact=compact)
