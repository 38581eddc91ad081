"""The game screen as a prompt-toolkit ``Application``: the layout, the keys, the style, and a
timer that shows the computer plays one at a time at the learner's pace.

The coach's grades and hints and the computer players' thinking run on a worker thread, on a
fork of the game (``PracticeGame.fork``) that the screen adopts when the work is done: the
event loop meanwhile draws the screen, says what is being thought about, and answers the keys
(help, review, quit). The result is the one the same work on the game itself gives.

Started by ``domino-tutor play`` when stdin and stdout are terminals and ``--plain`` is not
given. F10, Ctrl-D, Ctrl-C, SIGTERM and SIGHUP stop the game and give the terminal back; it
is saved for ``play --resume`` (and after every play, so that any other end resumes at that
play). The worker is a daemon thread: a search still under way when the learner stops is
dropped, and the tutor ends at once rather than when the search would have (up to a second
and more at level 5).
"""

from __future__ import annotations

import asyncio
import errno
import queue
import signal
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
from tutor.words.store import not_saved_sentence

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop the game as F10 does (saved, the terminal given back)."""

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
        save: Callable[[PracticeGame], object] = lambda game: None,
        on_review: Callable[[PracticeGame, HandReview], object] = lambda game, review: None,
        input: Input | None = None,
        output: Output | None = None,
        guard: EnterGuard | None = None,
        checkpoint: Callable[[PracticeGame], object] = lambda game: None,
    ) -> None:
        self.screen = Screen(
            game, sp, save=save, on_review=on_review, think=self._think,
            guard=guard or EnterGuard(), checkpoint=checkpoint,
        )  # fmt: skip
        self.sp, self.pace, self.save = sp, pace, save
        self.screen.open_review = self._review
        self.ascii, self.color = ascii, color
        self.worker = Worker()
        self.gone = False
        """True when the terminal went away under the game (closed)."""
        self.saved = True
        """False when the last save could not keep the game (the closing words say so)."""
        self._caught: list[tuple[asyncio.AbstractEventLoop, int]] = []
        """The signals caught while the screen runs (``_catch_signals``)."""
        self.shown = time.monotonic()
        """When the game last changed on screen (the next computer play waits for the pace)."""
        self.buffer = Buffer(
            completer=PlayCompleter(self._offered), complete_while_typing=True, multiline=False
        )
        self.view = View(self.screen, sp, self._size, ascii=ascii, stamp=self._drawing)
        self.app: Application[None] = Application(
            layout=build_layout(self.view, self.buffer),
            key_bindings=key_bindings(self.screen, self.buffer, self.quit, self.view.too_small),
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
            if screen.can_step() and not self.view.too_small():  # the learner could not see it
                screen.tick()

    def _start(self) -> None:
        self.app.create_background_task(self._timer())
        self._catch_signals()

    def _catch_signals(self) -> None:
        """SIGTERM (a kill) and SIGHUP (the terminal closed) save the game and close the screen
        as F10 does, so the terminal is given back as it was (Python's default ends the
        process at once, the terminal left raw and on the other screen)."""
        loop = asyncio.get_running_loop()
        for signal_number in STOP_SIGNALS:
            try:
                loop.add_signal_handler(signal_number, self._stop_on_signal)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
                continue
            self._caught.append((loop, signal_number))

    def _stop_on_signal(self) -> None:
        try:
            self.save(self.screen.game)
        finally:
            self.quit()

    def _release_signals(self) -> None:
        for loop, signal_number in self._caught:
            if not loop.is_closed():
                loop.remove_signal_handler(signal_number)
        self._caught = []

    def run(self) -> bool:
        """Run until the game is over (True) or the learner stops (False); saves either way.
        A terminal that went away (closed: the input ends, the output fails) stops it too."""
        try:
            self.app.run(pre_run=self._start)
        except (EOFError, OSError) as error:
            if not terminal_gone(error):
                raise
            self.gone = True
        finally:
            self._release_signals()
            self.worker.shutdown()
            self.saved = self.save(self.screen.game) is not False
        return self.screen.game.over

    async def run_async(self) -> bool:
        """``run`` inside a running event loop (the tests drive it through a pipe)."""
        try:
            await self.app.run_async(pre_run=self._start)
        finally:
            self._release_signals()
            self.worker.shutdown()
            self.saved = self.save(self.screen.game) is not False
        return self.screen.game.over

    def closing_lines(self) -> list[str]:
        """What is printed after the screen closes."""
        if self.screen.game.over:
            return []
        if not self.saved:
            return [not_saved_sentence(self.sp)]
        return [self.sp._("Game saved: continue it with domino-tutor play --resume.")]


def run_screen(game: PracticeGame, sp: Speaker, stdout: TextIO, **options: object) -> bool:
    """Run the game screen, then print the closing words on ``stdout``."""
    screen = GameScreen(game, sp, **options)  # type: ignore[arg-type]
    over = screen.run()
    if not screen.gone:
        tell(screen.closing_lines(), stdout)
    return over


def terminal_gone(error: BaseException) -> bool:
    """True when ``error`` says the terminal is no longer there (closed under the game).

    >>> import errno
    >>> terminal_gone(EOFError()), terminal_gone(OSError(errno.EIO, "I/O error"))
    (True, True)
    >>> terminal_gone(OSError(errno.ENOSPC, "No space left on device"))
    False
    """
    if isinstance(error, EOFError):
        return True
    return isinstance(error, OSError) and error.errno in (errno.EIO, errno.EPIPE, errno.ENXIO)
