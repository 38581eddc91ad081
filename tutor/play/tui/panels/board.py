"""The line of play: its ends (in Fives & Threes with their count, a double at an end counted
whole), and the tiles as a snake; one row high when rows are few."""

from __future__ import annotations

from collections.abc import Callable

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.questions.facts import EndsShow
from tutor.render.terminal import Row, snake
from tutor.words.describe import ends_line
from tutor.words.narrate import say


def rows(screen: Screen, pen: Pen, room: Callable[[], int]) -> list[Row]:
    """The ends and the snake; ``room`` gives the rows the board may take (asked only when
    there is a line to draw)."""
    sp = pen.sp
    line = screen.line()
    if not len(line):
        session = screen.game.session
        pose = None if screen.retrying else session.game.pose
        if pose is not None:
            text = sp._("The table is empty. This game is posed with {tile}.").format(tile=pose)
            return pen.wrapped([text])
        return pen.wrapped([say(EndsShow(None, None), sp)])
    head = pen.wrapped([ends_line(screen.view(), line, sp)], "class:end")
    full = snake(line, width=pen.width, ascii=pen.ascii)
    if len(full) > room() - len(head):
        full = snake(line, width=pen.width, compact=True)
    return head + full
