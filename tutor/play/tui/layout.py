"""The game screen's layout: its windows, and the rows each may take at the terminal's size.

From the top: the score and the deal, the computer seats, the line of play (a snake with
its ends), the learner's hand, the question of the moment, the coach's words, the log of
plays, the reply being typed and the key bar. A page (help, review, the end of a hand)
takes the place of the board. The line and the hand are drawn one row high when rows are
few; a window too small even for that (or under ``MIN_COLUMNS`` wide) shows how large it
must be instead of a cut board (``View.least_size``), and only F10 acts until it grows.
What each window shows is made by its panel (``tutor.play.tui.panels``); every sentence is
wrapped at word boundaries (``tutor.terminal.wrap``) before prompt-toolkit sees it, so no word
is broken in half.
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
from prompt_toolkit.utils import get_cwidth

from tutor.play.tui.panels import (
    board,
    coach,
    hand,
    keys,
    log,
    page,
    question,
    seats,
    small,
    status,
)
from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.panels.small import MIN_COLUMNS
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
        return max(self.size()[0], MIN_COLUMNS)

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
    def small_board(self) -> list[Row]:
        """The board one row high (the least it takes)."""
        return board.rows(self.screen, self.pen, lambda: 0)

    @per_render
    def hand(self) -> list[Row]:
        """The learner's hand, numbered; legal plays highlighted; one row high when the tiles
        drawn whole leave no room for the small board and 2 rows of log."""
        height = self.size()[1]
        shown = hand.rows(self.screen, self.pen, height)
        others = (self.status, self.seats, self.small_board, self.question, self.coach)
        room = height - sum(len(part()) for part in others) - len(self.keys()) - 3
        return shown if len(shown) <= room else hand.rows(self.screen, self.pen, 0)

    @per_render
    def small_hand(self) -> list[Row]:
        """The hand one row high (the least it takes)."""
        return hand.rows(self.screen, self.pen, 0)

    def least_size(self) -> tuple[int, int]:
        """The columns and rows the screen needs at this width: every window that must stay
        whole (the score, the seats, the board and the hand one row high, the question, the
        coach's words; on a page, its footer and one row of it), the reply and the key bar;
        the columns the widest of their rows (a word is never broken), at least
        ``MIN_COLUMNS``."""
        if self.screen.page is not None:
            parts = [self.status(), self.page_keys(), self.page()[:1], self.keys()]
        else:
            parts = [
                self.status(), self.seats(), self.small_board(), self.small_hand(),
                self.question(), self.least_coach(), self.keys(),
            ]  # fmt: skip
        texts = ["".join(text for _, text in row).rstrip() for part in parts for row in part]
        widest = max((get_cwidth(text) for text in texts), default=0)
        return max(MIN_COLUMNS, widest), sum(len(part) for part in parts) + 1  # the reply

    def too_small(self) -> bool:
        """True when the window is smaller than ``least_size``: it says how large to make it."""
        columns, rows = self.size()
        least = self.least_size()
        return columns < least[0] or rows < least[1]

    def small(self) -> list[Row]:
        """How large to make the window (wrapped at its own width, however narrow)."""
        return small.rows(self.sp, self.least_size(), self.size()[0])

    @per_render
    def question(self) -> list[Row]:
        """What the learner may do now, and a notice (a reply not understood)."""
        return question.rows(self.screen, self.pen)

    @per_render
    def coach(self) -> list[Row]:
        """The coach's words: they stay until the learner goes on. When the rows are too few
        for all of them, the first sentence (the verdict) and as many more whole sentences as
        fit, with a sign that the rest is cut (the review has it all)."""
        words = coach.rows(self.screen, self.pen)
        others = (self.status, self.seats, self.small_board, self.small_hand, self.question)
        room = self.size()[1] - sum(len(part()) for part in others) - len(self.keys()) - 1
        if len(words) <= room:
            return words
        first = coach.rows(self.screen, self.pen, 1)
        sign = self.least_coach()[len(first) :]
        most = len(first)
        for count in range(2, len(self.screen.coach)):  # whole sentences only
            rows = len(coach.rows(self.screen, self.pen, count))
            if rows > room - len(sign):
                break
            most = rows
        return words[:most] + sign

    @per_render
    def least_coach(self) -> list[Row]:
        """The least of the coach's words: the first sentence whole, and a sign when more is
        cut."""
        words = coach.rows(self.screen, self.pen)
        first = coach.rows(self.screen, self.pen, 1)
        if len(first) == len(words):
            return words
        cut = self.sp._("… (cut: the window is too small)")
        return first + self.pen.wrapped([cut], "class:notice")

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


def rows_text(get: Callable[[], list[Row]]) -> Callable[[], StyleAndTextTuples]:
    """The formatted text of some rows, one row a line, read anew at every render."""
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
        FormattedTextControl(rows_text(get)),
        height=lambda: Dimension(min=0, preferred=len(get())),
        dont_extend_height=True,
        wrap_lines=False,
    )


def build_layout(view: View, buffer: Buffer) -> Layout:
    """The screen's layout around ``view``; ``buffer`` holds the reply being typed."""
    screen = view.screen
    on_page = Condition(lambda: screen.page is not None)
    too_small = Condition(view.too_small)

    log = Window(FormattedTextControl(rows_text(view.log)), height=Dimension(min=0, preferred=0))
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
    page = HSplit([Window(FormattedTextControl(rows_text(view.page))), _window(view.page_keys)])
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
                FormattedTextControl(rows_text(view.keys)),
                height=lambda: Dimension.exact(len(view.keys())),
                style="class:bar",
            ),
        ]
    )
    whole = HSplit(
        [
            ConditionalContainer(body, filter=~too_small),
            ConditionalContainer(Window(FormattedTextControl(rows_text(view.small))), too_small),
        ]
    )
    root = FloatContainer(
        whole,
        floats=[Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=6))],
    )
    return Layout(root, focused_element=buffer)
