"""The game screen as a prompt-toolkit ``Application``: the layout, the keys, the style, and a
timer that shows the computer plays one at a time at the learner's pace.

The coach's grades and hints and the computer players' thinking run on a worker thread, on a
fork of the game (``PracticeGame.fork``) that the screen adopts when the work is done: the
event loop meanwhile draws the screen, says what is being thought about, and answers the keys
(help, review, quit). The result is the one the same work on the game itself gives.

Started by ``domino-tutor play`` when stdin and stdout are terminals and ``--plain`` is not
given. F10, Ctrl-D or Ctrl-C stop the game; it is saved for ``play --resume``. The worker
is a daemon thread: a search still under way when the learner stops is dropped, and the
tutor ends at once rather than when the search would have (up to a second and more at
level 5).
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TextIO

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output

from tutor.play.model.practice import HandReview, PracticeGame
from tutor.play.tui.completer import PlayCompleter, words
from tutor.play.tui.keys import key_bindings
from tutor.play.tui.layout import View, build_layout
from tutor.play.tui.settle import EnterGuard
from tutor.play.tui.state import Screen
from tutor.play.tui.style import style
from tutor.play.tui.thinking import Done, Job
from tutor.rules.tiles import tiles_of
from tutor.terminal import tell
from tutor.words.i18n import Speaker

TICK = 0.02
"""Seconds between looks at the game when computer plays come at once (``--fast``)."""


class Worker:
    """Jobs run one at a time, in order, on one daemon thread.

    Like a one-thread ``ThreadPoolExecutor``, except that Python does not wait for it at
    exit: the executor's threads are joined when the interpreter ends, so a learner who
    stopped during a level-5 search waited for the search to finish.

    >>> worker = Worker()
    >>> worker.submit(lambda: 6 * 7).result(timeout=5)
    42
    >>> worker.shutdown()
    """

    def __init__(self, name: str = "domino-tutor-coach") -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = (
            queue.SimpleQueue()
        )
        self._thread: threading.Thread | None = None

    def submit(self, job: Callable[[], Any]) -> Future[Any]:
        """Run ``job`` after the jobs before it; its result (or error) comes in the future."""
        future: Future[Any] = Future()
        self._jobs.put((job, future))
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        return future

    def shutdown(self) -> None:
        """Take no more jobs and drop those not started; the one under way is left to end (or
        to be dropped at exit)."""
        while True:
            try:
                item = self._jobs.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[1].cancel()
        self._jobs.put(None)

    def _run(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except BaseException as error:  # handed to the screen, which raises it
                future.set_exception(error)


class GameScreen:
    """A ``PracticeGame`` on a full-screen prompt-toolkit application."""

    def __init__(
        self,
        game: PracticeGame,
        sp: Speaker,
        *,
        pace: float = 0.4,
        ascii: bool = False,
        color: bool = True,
        save: Callable[[PracticeGame], None] = lambda game: None,
        on_review: Callable[[PracticeGame, HandReview], None] = lambda game, review: None,
        input: Input | None = None,
        output: Output | None = None,
        guard: EnterGuard | None = None,
    ) -> None:
        self.screen = Screen(
            game, sp, save=save, on_review=on_review, think=self._think, guard=guard or EnterGuard()
        )
        self.sp, self.pace, self.save = sp, pace, save
        self.screen.open_review = self._review
        self.ascii, self.color = ascii, color
        self.worker = Worker()
        self.shown = time.monotonic()
        """When the game last changed on screen (the next computer play waits for the pace)."""
        self.buffer = Buffer(
            completer=PlayCompleter(self._offered), complete_while_typing=True, multiline=False
        )
        self.app: Application[None] = Application(
            layout=build_layout(
                View(self.screen, sp, self._size, ascii=ascii, stamp=self._drawing), self.buffer
            ),
            key_bindings=key_bindings(self.screen, self.buffer, self.quit),
            style=style(),
            color_depth=None if color else ColorDepth.MONOCHROME,
            full_screen=True,
            mouse_support=False,
            input=input,
            output=output,
        )

    def _size(self) -> tuple[int, int]:
        size = self.app.output.get_size()
        return size.columns, size.rows

    def _drawing(self) -> int:
        """The number of the drawing of the screen under way (windows are made once in it)."""
        return self.app.render_counter

    def _offered(self) -> list[str]:
        screen = self.screen
        return words(tiles_of(screen.hand()), screen.choices(), self.sp)

    def quit(self) -> None:
        """Stop: the game is saved (``play --resume`` goes on with it)."""
        if self.app.is_running and not self.app.future.done():  # type: ignore[union-attr]
            self.app.exit()

    def _review(self) -> None:
        """F5: the full-screen review over the game (``tutor.play.tui.review``)."""
        from tutor.play.tui.review import review_over

        task = review_over(self.screen, self.app, ascii=self.ascii, color=self.color)
        self.app.create_background_task(task)

    def _think(self, job: Job, done: Done, paced: bool) -> None:
        """The screen's thinker: ``job`` on a worker thread (see the module docstring)."""
        self.app.create_background_task(self._thought(job, done, paced))

    async def _thought(self, job: Job, done: Done, paced: bool) -> None:
        game = self.screen.game
        self.app.invalidate()  # show what is being thought about

        def work() -> tuple[Any, Any]:
            fork = game.fork()
            return fork, job(fork)

        try:
            fork, result = await asyncio.wrap_future(self.worker.submit(work))
            if paced:  # a computer play comes no sooner than the pace after the last change
                await asyncio.sleep(max(0.0, self.shown + self.pace - time.monotonic()))
        except BaseException:
            self.screen.thinking = None
            raise
        game.adopt(fork)
        self.shown = time.monotonic()
        done(result)
        self.app.invalidate()

    async def _timer(self) -> None:
        screen = self.screen
        while True:
            await asyncio.sleep(TICK)
            if screen.finished:
                self.quit()
                return
            if screen.can_step():
                screen.tick()

    def _start(self) -> None:
        self.app.create_background_task(self._timer())

    def run(self) -> bool:
        """Run until the game is over (True) or the learner stops (False); saves either way."""
        try:
            self.app.run(pre_run=self._start)
        finally:
            self.worker.shutdown()
            self.save(self.screen.game)
        return self.screen.game.over

    async def run_async(self) -> bool:
        """``run`` inside a running event loop (the tests drive it through a pipe)."""
        try:
            await self.app.run_async(pre_run=self._start)
        finally:
            self.worker.shutdown()
            self.save(self.screen.game)
        return self.screen.game.over

    def closing_lines(self) -> list[str]:
        """What is printed after the screen closes."""
        if self.screen.game.over:
            return []
        return [self.sp._("Game saved: continue it with domino-tutor play --resume.")]


def run_screen(game: PracticeGame, sp: Speaker, stdout: TextIO, **options: object) -> bool:
    """Run the game screen, then print the closing words on ``stdout``."""
    screen = GameScreen(game, sp, **options)  # type: ignore[arg-type]
    over = screen.run()
    tell(screen.closing_lines(), stdout)
    return over
