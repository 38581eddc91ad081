"""The coach's words (a verdict, a hint, a retried mistake): they stay until the learner goes
on, in the tone of the verdict."""

from __future__ import annotations

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import Row


def rows(screen: Screen, pen: Pen, most: int | None = None) -> list[Row]:
    """The coach's lines (the first ``most`` of them), styled by their tone."""
    tone = screen.tone or "coach"
    return pen.wrapped(screen.coach[:most], f"class:{tone}")
