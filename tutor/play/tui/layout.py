"""The game screen's layout: what each window shows, at the terminal's width and height.

From the top: the score and the deal, the computer seats, the line of play (a snake with
its ends), the learner's hand, the question of the moment, the coach's words, the log of
plays, the reply being typed and the key bar. A page (help, review, the end of a hand)
takes the place of the board. Every sentence is wrapped at word boundaries
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

from tutor.play.model.session import LEARNER_SEAT, HandStarted
from tutor.play.tui.draw import Row, hand_rows, key_bar, snake
from tutor.play.tui.state import Screen
from tutor.questions.facts import EndsShow
from tutor.quiz.screen import side_by_side
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.rules.tiles import hand_count
from tutor.terminal import clean, wrap
from tutor.words.i18n import Speaker
from tutor.words.narrate import say
from tutor.words.play import event_lines, name, seat_line

ASCII_SIGNS = str.maketrans({"←": "<-", "→": "->", "↑": "^", "↓": "v", "…": "...", "▶": ">"})
"""With ``--ascii`` (or a terminal that cannot draw boxes) the arrows in sentences as well."""

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

    def wrapped(self, lines: list[str], style: str = "") -> list[Row]:
        """Sentences wrapped at word boundaries, as rows of one style."""
        rows: list[Row] = []
        for line in lines:
            line = clean(line).translate(ASCII_SIGNS) if self.ascii else clean(line)
            rows += [[(style, text)] for text in wrap(line, self.width)]
        return rows

    # --- the windows ---------------------------------------------------------------------------

    @per_render
    def status(self) -> list[Row]:
        """The score (set table and stake, or match points and target) and the deal."""
        screen, sp = self.screen, self.sp
        session = screen.game.session
        rules = session.rules
        started = HandStarted(session.hand, LEARNER_SEAT, None, session.stake, session.scores)
        head = event_lines(started, screen.names, sp, first=False, rules=rules)[0]
        if rules.game == FIVES_AND_THREES:
            head += " " + sp._("Target: {target} points.").format(target=rules.target)
        options = screen.game.options
        deal = sp._("Deal {id} (seed {seed}), computer level {level}.").format(
            id=session.deal_id, seed=options.seed, level=options.level
        )
        return self.wrapped([head], "class:status") + self.wrapped([deal], "class:number")

    @per_render
    def seats(self) -> list[Row]:
        """Each computer seat: its tile count and the numbers it is known to lack."""
        session = self.screen.game.session
        view = self.screen.view()
        marker = "* " if self.ascii else "▶ "
        lines = []
        for seat in range(1, session.seats):
            to_play = session.game.turn == seat and not (
                session.hand_over or session.over or self.screen.retrying
            )
            prefix = marker if to_play else "  "
            lines.append(prefix + seat_line(view, seat, self.screen.names, self.sp))
        blocks = [wrap(line, self.width, indent="    ") for line in lines]
        return [[("", text)] for text in side_by_side(blocks, self.width)]

    @per_render
    def board(self) -> list[Row]:
        """The ends and the line of play as a snake; a short form when rows are few."""
        sp = self.sp
        line = self.screen.line()
        if not len(line):
            session = self.screen.game.session
            pose = None if self.screen.retrying else session.game.pose
            if pose is not None:
                text = sp._("The table is empty. This game is posed with {tile}.").format(tile=pose)
                return self.wrapped([text])
            return self.wrapped([say(EndsShow(None, None), sp)])
        ends = sp._("Left end: {left} · right end: {right}").format(
            left=line.left, right=line.right
        )
        rows = self.wrapped([ends], "class:end")
        full = snake(line, width=self.width, ascii=self.ascii)
        others = sum(
            len(part()) for part in (self.status, self.seats, self.hand, self.question, self.coach)
        )
        # the reply, the key bar and two rows of log
        room = self.size()[1] - others - len(rows) - len(self.keys()) - 3
        if len(full) > room:
            full = snake(line, width=self.width, compact=True)
        return rows + full

    @per_render
    def hand(self) -> list[Row]:
        """The learner's hand, numbered; legal plays highlighted."""
        screen, sp = self.screen, self.sp
        tiles = screen.hand_tiles()
        session = screen.game.session
        to_play = bool(screen.choices())
        head = sp._("Your hand (count {count})").format(count=hand_count(screen.hand()))
        marker = ("* " if self.ascii else "▶ ") if to_play else "  "
        rows = self.wrapped([marker + head], "class:turn" if to_play else "")
        if not tiles:
            return rows
        compact = 6 * len(tiles) > self.width or self.size()[1] < 20
        del session
        return rows + hand_rows(tiles, width=self.width, ascii=self.ascii, compact=compact)

    @per_render
    def question(self) -> list[Row]:
        """What the learner may do now, and a notice (a reply not understood)."""
        screen, sp = self.screen, self.sp
        game = screen.game
        lines: list[str] = []
        style = "class:question"
        if screen.thinking:
            lines.append(screen.thinking)
            style = "class:coach"
        elif screen.mode == "ends" and screen.pending is not None:
            lines.append(
                sp._(
                    "{tile} fits both ends: press ← for the left end, → for the right end."
                ).format(tile=screen.pending)
            )
        elif screen.mode == "wait":
            lines.append(sp._("Press Enter to go on."))
        elif screen.mode == "retry" or (screen.mode == "play" and game.learner_to_play):
            lines.append(sp._("Your turn: type a number or a tile, or use ← → and Enter."))
        elif screen.mode == "play" and not game.over and not game.session.hand_over:
            seat = game.session.game.turn
            if seat == LEARNER_SEAT:  # a forced pass, or a draw from the boneyard
                lines.append(sp._("No tile of yours fits the ends…"))
            else:
                lines.append(sp._("{seat} to play…").format(seat=name(seat, screen.names, sp)))
            style = ""
        rows = self.wrapped(lines, style)
        if screen.notice:
            rows += self.wrapped([screen.notice], "class:notice")
        return rows

    @per_render
    def coach(self) -> list[Row]:
        """The coach's words: they stay until the learner goes on."""
        tone = self.screen.tone or "coach"
        return self.wrapped(self.screen.coach, f"class:{tone}")

    @per_render
    def log(self) -> list[Row]:
        """The newest plays, as many as the rows left by the other windows hold."""
        used = sum(
            len(part())
            for part in (self.status, self.seats, self.board, self.hand, self.question, self.coach)
        )
        room = self.size()[1] - used - len(self.keys()) - 1  # the reply's row
        # Whole sentences from the newest back: never the tail of a sentence without its head.
        rows: list[Row] = []
        for line in reversed(self.screen.log()):
            sentence = self.wrapped([line], "class:log")
            if len(rows) + len(sentence) > room:
                break
            rows[:0] = sentence
        return rows

    @per_render
    def page(self) -> list[Row]:
        """The page from its top row, then how to leave it."""
        page = self.screen.page
        if page is None:
            return []
        rows = self.wrapped(page.lines, "class:page")
        if rows and page.kind != "hand":
            rows[0] = [("class:page.title", rows[0][0][1])]
        return rows[page.top :]

    @per_render
    def page_keys(self) -> list[Row]:
        page = self.screen.page
        if page is None:
            return []
        if page.footer:
            rows = self.wrapped([page.footer], "class:question")
        else:
            rows = self.wrapped(
                [self.sp._("↑ ↓ scroll · Enter: back to the game")], "class:number"
            )
        more = self.wrapped([self.sp._("↓ more below (↑ ↓ to scroll)")], "class:notice")
        # The page's room: the rows less the status, the key bar, the reply and this footer.
        room = self.size()[1] - len(self.status()) - len(self.keys()) - 1 - len(rows) - len(more)
        if len(self.page()) > room:
            return more + rows
        return rows

    @per_render
    def keys(self) -> list[Row]:
        """The key bar (a short one on a narrow terminal; the keys always stay)."""
        sp = self.sp
        keys = [
            ("F1", sp._("Help"), sp._("Help")),
            ("F2", sp._("Hint"), sp._("Hint")),
            ("F5", sp._("Review"), sp._("Review")),
            # TRANSLATORS: the key bar: Ctrl-Z takes back the learner's last play.
            ("^Z", sp._("Take back"), sp._("Back")),
            # TRANSLATORS: the key bar: F10 stops the game (it is saved); the short form
            # is for a 40-column terminal.
            ("F10", sp._("Save and quit"), sp._("Quit")),
        ]
        return key_bar(keys, self.width - 1)


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
