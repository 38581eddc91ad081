"""A page and its footer: the title styled, scrolling, "more below" when it does not fit."""

from __future__ import annotations

from tutor.play.tui.pages import Page
from tutor.play.tui.panels.page import footer, rows
from tutor.play.tui.panels.pen import Pen
from tutor.render.terminal import text
from tutor.words.i18n import Speaker

PEN = Pen(Speaker("en"), 40)


def test_help_and_review_have_a_styled_title_and_scroll_from_their_top() -> None:
    page = Page("help", ["Title", "one", "two"])
    assert rows(page, PEN)[0] == [("class:page.title", "Title")]
    page.top = 1
    assert text(rows(page, PEN)) == "one\ntwo"
    assert rows(None, PEN) == [] and footer(None, PEN, 10) == []


def test_more_below_shows_only_when_the_page_does_not_fit() -> None:
    page = Page("hand", [f"line {k}" for k in range(10)], "Press Enter to go on.")
    assert text(footer(page, PEN, 12)) == "Press Enter to go on."
    assert text(footer(page, PEN, 11)).startswith("↓ more below")
