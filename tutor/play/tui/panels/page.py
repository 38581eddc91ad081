"""A page over the board (help, the review, the end of a hand) and, under it, how to leave it
and whether more is below."""

from __future__ import annotations

from tutor.play.tui.pages import Page
from tutor.play.tui.panels.pen import Pen
from tutor.render.terminal import Row


def rows(page: Page | None, pen: Pen) -> list[Row]:
    """The page from its top row (help and review with their title styled)."""
    if page is None:
        return []
    shown = pen.wrapped(page.lines, "class:page")
    if shown and page.kind != "hand":
        shown[0] = [("class:page.title", shown[0][0][1])]
    return shown[page.top :]


def footer(page: Page | None, pen: Pen, room: int) -> list[Row]:
    """What to press under the page, after "more below" when the page's rows do not fit in
    ``room`` (the rows for the page and this footer)."""
    if page is None:
        return []
    sp = pen.sp
    if page.footer:
        keys = pen.wrapped([page.footer], "class:question")
    else:
        keys = pen.wrapped([sp._("↑ ↓ scroll · Enter: back to the game")], "class:number")
    more = pen.wrapped([sp._("↓ more below (↑ ↓ to scroll)")], "class:notice")
    if len(rows(page, pen)) > room - len(keys) - len(more):
        return more + keys
    return keys
