"""The review of a game on a full screen: step through it with the arrow keys and see, at each
play, the table as it was, the learner's hand, what was known, and the coach's grade.

The table is drawn by the game screen's own panels (``tutor.play.tui.panels``): each step
keeps the session as it was (``tutor.play.model.review``), and a ``Screen`` over it gives the
panels what they draw (the score, the seats with their counts and the numbers they lack, the
line, the hand with the tiles that could be played highlighted and the one played marked).
The words under it are ``tutor.play.review``'s.

Keys: ← → one step, ↑ ↓ the previous or next play where the learner chose, PgUp PgDn a hand,
Home End the first or last step, F1 help, q or Esc to leave. ``review ID``, ``play --replay``
and F5 in the game open it (F5 over the game, which waits meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Dimension, HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth, Output

from tutor.play.model.practice import PracticeGame
from tutor.play.model.review import Jump, step_to
from tutor.play.review import Review
from tutor.play.tui.layout import rows_text
from tutor.play.tui.panels import board, hand, seats, small, status
from tutor.play.tui.panels.keys import Key, key_bar
from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.panels.small import MIN_COLUMNS
from tutor.play.tui.state import Screen
from tutor.play.tui.style import style
from tutor.render.terminal import Row
from tutor.words.i18n import Speaker
from tutor.words.review import help_lines

Size = Callable[[], tuple[int, int]]


class ReviewScreen:
    """What the review screen shows at its step, and the moves of its keys (no prompt-toolkit:
    the tests and the application share it)."""

    def __init__(self, game: PracticeGame, sp: Speaker, *, ascii: bool = False) -> None:
        self.review = Review(game, sp)
        self.game, self.sp, self.ascii = game, sp, ascii
        self.at = self.review.start()
        self.help = False
        self.skip = 0
        """Rows of the step's words scrolled off (Space, when they do not fit)."""
        self.cut = False
        """True when the words of the step did not fit at the last drawing."""
        self._screens: dict[int, Screen] = {}

    def move(self, jump: Jump, direction: int) -> None:
        """Go to another step (``tutor.play.model.review.step_to``); help closes."""
        self.help, self.skip = False, 0
        self.at = step_to(self.review.steps, self.at, jump, direction)

    def more(self) -> None:
        """Space: the rest of the step's words, when they did not fit (then back to the top)."""
        self.skip = self.skip + 1 if self.cut else 0  # past the end: ``rows`` starts again

    def screen(self) -> Screen:
        """The game screen's state at this step, for its panels."""
        if self.at not in self._screens:
            step = self.review.steps[self.at]
            game = PracticeGame(self.game.options, coach="off", session=step.session)
            screen = Screen(game, self.sp)
            screen.mode = "play" if step.learner else "wait"
            played = self.review.played(self.at)
            screen.cursor = played if played is not None else 0
            self._screens[self.at] = screen
        return self._screens[self.at]

    def rows(self, width: int, height: int) -> list[Row]:
        """The screen above the key bar at ``width`` by ``height``: the score, the seats, the
        line, the hand, then the step's words; the line and hand drawn small when rows are
        few, the words cut with a sign when even that does not fit."""
        pen = Pen(self.sp, width, self.ascii)
        if self.help:
            options = self.game.options
            deal = self.sp._("Deal {id} (seed {seed}), computer level {level}.").format(
                id=options.deal_id, seed=options.seed, level=options.level
            )
            return _fit(pen.wrapped(
                [*help_lines(self.sp, fives=self.review.fives), "", deal], "class:page"
            ), height, pen)
        screen = self.screen()
        said = self.review.text(self.at)
        words = pen.wrapped([said.heading], "class:number")
        words += pen.wrapped(said.done, "class:turn")
        tone = said.tone or "coach"
        for line in said.coach:
            marked = line in self._known_lines(said.coach)
            words += pen.wrapped([line], "class:number" if marked else f"class:{tone}")
        top = status.rows(screen, pen)
        if len(top) + len(words) + 8 > height:  # the deal's line goes first (F1 shows it)
            top = [row for row in top if row and row[0][0] != "class:number"]
        top += seats.rows(screen, pen)
        held = hand.rows(screen, pen, height)
        if len(top) + len(held) + len(words) + 3 > height:
            held = hand.rows(screen, pen, 0)  # one row of tiles

        def room() -> int:
            return height - len(top) - len(held) - len(words)

        table = board.rows(screen, pen, room)
        shown = top + table + held
        free = height - len(shown)
        more = pen.wrapped([self.sp._("… Space: more")], "class:notice")
        self.cut = len(words) > free
        first = max(0, free - len(more))  # the words shown under the board
        start = (self.skip - 1) * max(1, height - len(more)) if self.skip else 0
        if not self.cut or start >= len(words):
            self.skip = 0
            if not self.cut:
                return shown + words
        if self.skip:  # the board gives way to the words, from their top
            rest = words[start:]
            if len(rest) > height:
                return rest[: max(0, height - len(more))] + more
            return rest
        return shown + words[:first] + more

    def _known_lines(self, coach: list[str]) -> list[str]:
        """The lines of the value with every hand known (styled apart, as the marked value)."""
        step = self.review.steps[self.at]
        if step.grade is None:
            return []
        from tutor.words.review import known_lines

        lead = not len(step.session.game.line)
        return known_lines(step.grade, step.knowable, self.review.names, self.sp, lead=lead)

    def keys(self, width: int) -> list[Row]:
        """The key bar."""
        sp = self.sp
        hand = sp._("Round") if self.review.fives else sp._("Game")  # a Cutthroat hand is a game
        # TRANSLATORS: the review's key bar; the short forms are for a 40-column terminal.
        keys: list[Key] = [
            ("← →", sp._("Step"), sp._("Step")),
            ("↑ ↓", sp._("Your plays"), sp._("Plays")),
            ("PgUp PgDn", hand, hand),
            ("F1", sp._("Help"), sp._("Help")),
            ("q", sp._("Leave"), sp._("Leave")),
        ]
        if self.ascii:
            keys[:2] = [("<- ->", *keys[0][1:]), ("^ v", *keys[1][1:])]
        return key_bar(keys, width)


def _fit(rows: list[Row], height: int, pen: Pen) -> list[Row]:
    """``rows`` in ``height``: the last row says more is cut (F1 and the arrows stay)."""
    if len(rows) <= height:
        return rows
    more = pen.wrapped([pen.sp._("… (cut: the window is too small)")], "class:notice")
    return rows[: max(0, height - len(more))] + more[:height]


def review_bindings(state: ReviewScreen, leave: Callable[[], None]) -> KeyBindings:
    """The keys of the review screen."""
    bindings = KeyBindings()
    moves: list[tuple[str, Jump, int]] = [
        ("left", "play", -1),
        ("right", "play", +1),
        ("enter", "play", +1),
        ("up", "choice", -1),
        ("down", "choice", +1),
        ("pageup", "hand", -1),
        ("pagedown", "hand", +1),
        ("home", "edge", -1),
        ("end", "edge", +1),
    ]
    for key, jump, direction in moves:

        def move(event: KeyPressEvent, jump: Jump = jump, direction: int = direction) -> None:
            state.move(jump, direction)

        bindings.add(key)(move)

    @bindings.add("space")
    def _more(event: KeyPressEvent) -> None:
        state.more()

    @bindings.add("f1")
    def _help(event: KeyPressEvent) -> None:
        state.help = not state.help

    @bindings.add("q")
    @bindings.add("Q")
    @bindings.add("escape", eager=True)
    @bindings.add("f5")
    @bindings.add("f10")
    @bindings.add("c-c")
    @bindings.add("c-d")
    def _leave(event: KeyPressEvent) -> None:
        if state.help:
            state.help = False
        else:
            leave()

    return bindings


class ReviewApp:
    """The review screen as a prompt-toolkit ``Application``."""

    def __init__(
        self,
        game: PracticeGame,
        sp: Speaker,
        *,
        ascii: bool = False,
        color: bool = True,
        input: Input | None = None,
        output: Output | None = None,
    ) -> None:
        self.state = ReviewScreen(game, sp, ascii=ascii)
        self.app: Application[None] = Application(
            layout=self._layout(),
            key_bindings=review_bindings(self.state, self.leave),
            style=style(),
            color_depth=None if color else ColorDepth.MONOCHROME,
            full_screen=True,
            mouse_support=False,
            input=input,
            output=output,
        )

    def _size(self) -> tuple[int, int]:
        size = self.app.output.get_size()
        return max(size.columns, 20), size.rows

    def _layout(self) -> Layout:
        def keys() -> list[Row]:
            if self.app.output.get_size().columns < MIN_COLUMNS:
                return []  # the body says how wide to make the window
            return self.state.keys(self._size()[0] - 1)

        def body() -> list[Row]:
            columns = self.app.output.get_size().columns
            if columns < MIN_COLUMNS:  # as the game screen: how wide, never a cut board
                return small.rows(self.state.sp, (MIN_COLUMNS, None), columns)
            width, height = self._size()
            return self.state.rows(width, max(1, height - len(keys())))

        return Layout(
            HSplit(
                [
                    Window(FormattedTextControl(rows_text(body)), wrap_lines=False),
                    Window(
                        FormattedTextControl(rows_text(keys)),
                        height=lambda: Dimension.exact(len(keys())),
                        style="class:bar",
                    ),
                ]
            )
        )

    def leave(self) -> None:
        """Close the review."""
        if self.app.is_running and not self.app.future.done():  # type: ignore[union-attr]
            self.app.exit()

    def run(self) -> None:
        """Run until the learner leaves."""
        self.app.run()

    async def run_async(self) -> None:
        """``run`` inside a running event loop (F5 over the game; the tests)."""
        await self.app.run_async()


def run_review(game: PracticeGame, sp: Speaker, stdout: TextIO, **options: object) -> None:
    """``review ID`` and ``play --replay`` on a terminal."""
    ReviewApp(game, sp, **options).run()  # type: ignore[arg-type]


async def review_over(screen: Screen, app: Application[None], **options: object) -> None:
    """F5 in the game: the review of the game so far over the game screen, which waits under
    its review page meanwhile and comes back when the learner leaves."""
    from prompt_toolkit.application import in_terminal

    async with in_terminal():
        review = ReviewApp(
            screen.game, screen.sp, input=app.input, output=app.output, **options  # type: ignore[arg-type]
        )
        await review.run_async()
    if screen.page is not None and screen.page.kind == "review":
        screen.close_page()
    app.invalidate()
