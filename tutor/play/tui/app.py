"""The game screen as a prompt-toolkit ``Application``: the layout, the keys, the style, and a
timer that shows the computer plays one at a time at the learner's pace.

Started by ``domino-tutor play`` when stdin and stdout are terminals and ``--plain`` is not
given. F10, Ctrl-D or Ctrl-C stop the game; it is saved for ``play --resume``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TextIO

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output

from tutor.i18n import Speaker
from tutor.play.practice import HandReview, PracticeGame
from tutor.play.tui.completer import PlayCompleter, words
from tutor.play.tui.keys import key_bindings
from tutor.play.tui.layout import View, build_layout
from tutor.play.tui.state import Screen
from tutor.play.tui.style import style
from tutor.rules.tiles import tiles_of

TICK = 0.02
"""Seconds between looks at the game when computer plays come at once (``--fast``)."""


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
    ) -> None:
        self.screen = Screen(game, sp, save=save, on_review=on_review)
        self.sp, self.pace, self.save = sp, pace, save
        self.buffer = Buffer(
            completer=PlayCompleter(self._offered), complete_while_typing=True, multiline=False
        )
        self.app: Application[None] = Application(
            layout=build_layout(View(self.screen, sp, self._size, ascii=ascii), self.buffer),
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

    def _offered(self) -> list[str]:
        screen = self.screen
        return words(tiles_of(screen.hand()), screen.choices(), self.sp)

    def quit(self) -> None:
        """Stop: the game is saved (``play --resume`` goes on with it)."""
        if self.app.is_running and not self.app.future.done():  # type: ignore[union-attr]
            self.app.exit()

    async def _timer(self) -> None:
        screen = self.screen
        while True:
            await asyncio.sleep(TICK)
            if screen.finished:
                self.quit()
                return
            if screen.can_step():
                # A new deal comes at once; a computer play after the learner's pace.
                if self.pace and not screen.game.session.hand_over:
                    await asyncio.sleep(self.pace)
                    if not screen.can_step():
                        continue
                screen.tick()
            self.app.invalidate()

    def _start(self) -> None:
        self.app.create_background_task(self._timer())

    def run(self) -> bool:
        """Run until the game is over (True) or the learner stops (False); saves either way."""
        try:
            self.app.run(pre_run=self._start)
        finally:
            self.save(self.screen.game)
        return self.screen.game.over

    async def run_async(self) -> bool:
        """``run`` inside a running event loop (the tests drive it through a pipe)."""
        try:
            await self.app.run_async(pre_run=self._start)
        finally:
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
    for line in screen.closing_lines():
        print(line, file=stdout)
    return over
