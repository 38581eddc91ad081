"""The log of plays under the board: the newest sentences, as many as the rows left hold."""

from __future__ import annotations

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import Row


def rows(screen: Screen, pen: Pen, room: int) -> list[Row]:
    """Whole sentences from the newest back, in at most ``room`` rows: never the tail of a
    sentence without its head."""
    shown: list[Row] = []
    for line in reversed(screen.log()):
        sentence = pen.wrapped([line], "class:log")
        if len(shown) + len(sentence) > room:
            break
        shown[:0] = sentence
    return shown
