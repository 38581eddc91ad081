"""The game screen's layout: its windows, and the rows each may take at the terminal's size.

From the top: the score and the deal, the computer seats, the line of play (a snake with
its ends), the learner's hand, the question of the moment, the coach's words, the log of
plays, the reply being typed and the key bar. A page (help, review, the end of a hand)
takes the place of the board. What each window shows is made by its panel
(``tutor.play.tui.panels``); every sentence is wrapped at word boundaries
(``tutor.terminal.wrap``) before prompt-toolkit sees it, so no word is broken in half.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu

from tutor.play.tui.panels import (
    board,
    coach,
    hand,
    keys,
    log,
    page,
    question,
    seats,
    status,
)
from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import Row
from tutor.words.i18n import Speaker

Size = Callable[[], tuple[int, int]]
"""The terminal's columns and rows."""

Rows = TypeVar("Rows", bound=Callable[["View"], list[Row]])


def per_render(method: Rows) -> Rows:
    """Make a window's rows once per drawing of the screen (``View.stamp``): the windows ask
    each other's heights, and prompt-toolkit asks each one more than once while it draws."""
    name = method.__name__

    @functools.wraps(method)
    def rows(self: View) -> list[Row]:
        stamp = self.stamp()
        if stamp is None:
            return method(self)
        key = (stamp, self.size())
        if self._memo_key != key:
            self._memo, self._memo_key = {}, key
        if name not in self._memo:
            self._memo[name] = method(self)
        return self._memo[name]

    return rows  # type: ignore[return-value]


class View:
    """The text of each window of the screen."""

    def __init__(
        self,
        screen: Screen,
        sp: Speaker,
        size: Size,
        *,
        ascii: bool = False,
        stamp: Callable[[], object] = lambda: None,
    ) -> None:
        self.screen, self.sp, self.size, self.ascii = screen, sp, size, ascii
        self.stamp = stamp
        """Changes with each drawing of the screen (``None``: make the rows on every call)."""
        self._memo: dict[str, list[Row]] = {}
        self._memo_key: object = None

    @property
    def width(self) -> int:
        return max(self.size()[0], 20)

    @property
    def pen(self) -> Pen:
        """What the panels write with, at the terminal's width now."""
        return Pen(self.sp, self.width, self.ascii)

    def wrapped(self, lines: list[str], style: str = "") -> list[Row]:
        """Sentences wrapped at word boundaries, as rows of one style."""
        return self.pen.wrapped(lines, style)

    # --- the windows (tutor.play.tui.panels), and the rows each may take ----------------------

    @per_render
    def status(self) -> list[Row]:
        """The score and the deal."""
        return status.rows(self.screen, self.pen)

    @per_render
    def seats(self) -> list[Row]:
        """Each computer seat: its tile count and the numbers it is known to lack."""
        return seats.rows(self.screen, self.pen)

    @per_render
    def board(self) -> list[Row]:
        """The ends and the line of play as a snake; a short form when rows are few."""

        def room() -> int:  # less the other windows, the reply, the key bar and 2 rows of log
            others = (self.status, self.seats, self.hand, self.question, self.coach)
            return self.size()[1] - sum(len(part()) for part in others) - len(self.keys()) - 3

        return board.rows(self.screen, self.pen, room)

    @per_render
    def hand(self) -> list[Row]:
        """The learner's hand, numbered; legal plays highlighted."""
        return hand.rows(self.screen, self.pen, self.size()[1])

    @per_render
    def question(self) -> list[Row]:
        """What the learner may do now, and a notice (a reply not understood)."""
        return question.rows(self.screen, self.pen)

    @per_render
    def coach(self) -> list[Row]:
        """The coach's words: they stay until the learner goes on."""
        return coach.rows(self.screen, self.pen)

    @per_render
    def log(self) -> list[Row]:
        """The newest plays, as many as the rows left by the other windows hold."""
        used = sum(
            len(part())
            for part in (self.status, self.seats, self.board, self.hand, self.question, self.coach)
        )
        room = self.size()[1] - used - len(self.keys()) - 1  # the reply's row
        return log.rows(self.screen, self.pen, room)

    @per_render
    def page(self) -> list[Row]:
        """The page from its top row."""
        return page.rows(self.screen.page, self.pen)

    @per_render
    def page_keys(self) -> list[Row]:
        """How to leave the page (and "more below" when it does not fit)."""
        if self.screen.page is None:
            return []
        # The page's room: the rows less the status, the key bar and the reply.
        room = self.size()[1] - len(self.status()) - len(self.keys()) - 1
        return page.footer(self.screen.page, self.pen, room)

    @per_render
    def keys(self) -> list[Row]:
        """The key bar (a short one on a narrow terminal; the keys always stay)."""
        return keys.rows(self.sp, self.width - 1)


def _lines(get: Callable[[], list[Row]]) -> Callable[[], StyleAndTextTuples]:
    def text() -> StyleAndTextTuples:
        fragments: StyleAndTextTuples = []
        for index, row in enumerate(get()):
            if index:
                fragments.append(("", "\n"))
            fragments += row
        return fragments

    return text


def _window(get: Callable[[], list[Row]]) -> Window:
    """A window as high as its rows: it gets them before the log gets any."""
    return Window(
        FormattedTextControl(_lines(get)),
        height=lambda: Dimension(min=0, preferred=len(get())),
        dont_extend_height=True,
        wrap_lines=False,
    )


def build_layout(view: View, buffer: Buffer) -> Layout:
    """The screen's layout around ``view``; ``buffer`` holds the reply being typed."""
    screen = view.screen
    on_page = Condition(lambda: screen.page is not None)

    log = Window(FormattedTextControl(_lines(view.log)), height=Dimension(min=0, preferred=0))
    game = HSplit(
        [
            _window(view.seats),
            _window(view.board),
            _window(view.hand),
            _window(view.question),
            _window(view.coach),
            log,
        ]
    )
    page = HSplit([Window(FormattedTextControl(_lines(view.page))), _window(view.page_keys)])
    reply = VSplit(
        [
            Window(FormattedTextControl([("class:prompt", "> ")]), width=2),
            Window(BufferControl(buffer), height=1),
        ],
        height=1,
    )
    body = HSplit(
        [
            _window(view.status),
            ConditionalContainer(game, filter=~on_page),
            ConditionalContainer(page, filter=on_page),
            reply,
            Window(
                FormattedTextControl(_lines(view.keys)),
                height=lambda: Dimension.exact(len(view.keys())),
                style="class:bar",
            ),
        ]
    )
    root = FloatContainer(
        body,
        floats=[Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=6))],
    )
    return Layout(root, focused_element=buffer)
