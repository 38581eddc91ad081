"""The interactive quiz: a prompt-toolkit session with completion, keys and a toolbar.

F2 shows the hint, F3 skips, Ctrl-C or Ctrl-D leave (progress is kept).

The first screen needs no prompt-toolkit: lines are written with plain ANSI colours, and
prompt-toolkit (a tenth of a second of imports) is loaded only when the first reply is read,
while the learner already reads the question.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from tutor.quiz.runner import Command, QuizState, UIStyle, pause_text, toolbar_text
from tutor.scenarios.model import Scenario
from tutor.terminal import clean
from tutor.words.i18n import Speaker

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.styles import Style

STYLES = {
    "bottom-toolbar": "bg:#1d3b2a #ffffff",
    "prompt": "bold #e0a030",
    "right": "bold #30b030",
    "wrong": "bold #d04040",
    "hint": "italic #80a0ff",
    "notice": "#d0a000",
    "title": "bold",
}
"""The prompt-toolkit styles of the session."""

SGR = {"right": "1;32", "wrong": "1;31", "hint": "3;34", "notice": "33", "title": "1"}
"""The same styles as ANSI colours, for the lines written before prompt-toolkit runs."""


def style() -> Style:
    """The prompt-toolkit style."""
    from prompt_toolkit.styles import Style

    return Style.from_dict(STYLES)


def key_bindings() -> KeyBindings:
    """F2: hint. F3: skip."""
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

    bindings = KeyBindings()

    @bindings.add("f2")
    def _hint(event: KeyPressEvent) -> None:
        event.app.exit(result=Command.HINT)

    @bindings.add("f3")
    def _skip(event: KeyPressEvent) -> None:
        event.app.exit(result=Command.SKIP)

    return bindings


class PromptUI:
    """A ``QuizUI`` on a prompt-toolkit ``PromptSession`` (made when the first reply is read)."""

    def __init__(
        self, speaker: Speaker, *, color: bool = True, stdout: TextIO | None = None
    ) -> None:
        self.speaker = speaker
        self.color = color
        self.stdout = stdout
        self._session: PromptSession[str | Command] | None = None

    @property
    def session(self) -> PromptSession[str | Command]:
        """The prompt-toolkit session, made on first use."""
        if self._session is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.output import ColorDepth

            self._session = PromptSession(
                key_bindings=key_bindings(),
                style=style(),
                color_depth=None if self.color else ColorDepth.MONOCHROME,
                # No empty rows held below the prompt for a completion menu that is not open:
                # they would push the question's title off the top of a 24-row terminal.
                reserve_space_for_menu=0,
            )
        return self._session

    @property
    def out(self) -> TextIO:
        """Where the lines go."""
        return self.stdout or sys.stdout

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        code = SGR.get(style) if self.color else None
        for line in lines:
            text = clean(line)
            self.out.write(f"\x1b[{code}m{text}\x1b[0m\n" if code and text else text + "\n")
        self.out.flush()

    def ask(self, scenario: Scenario, state: QuizState) -> str | Command:
        from prompt_toolkit.formatted_text import FormattedText

        from tutor.quiz.completer import ReplyCompleter

        sp = self.speaker
        return self.session.prompt(
            FormattedText([("class:prompt", "> ")]),
            completer=ReplyCompleter(scenario, sp),
            complete_while_typing=True,
            bottom_toolbar=lambda: toolbar_text(state, sp, _columns()),
        )

    def pause(self, state: QuizState) -> None:
        """Wait for Enter, so that the verdict and its explanation stay on screen."""
        from prompt_toolkit.formatted_text import FormattedText

        sp = self.speaker
        self.session.prompt(
            FormattedText([("class:hint", pause_text(sp) + " ")]),
            completer=None,
            bottom_toolbar=lambda: toolbar_text(state, sp, _columns()),
        )

    def clear(self) -> bool:
        """A new screen: the next question starts at the top."""
        if self.stdout is None and sys.stdout.isatty():
            self.out.write("\x1b[H\x1b[2J")
            self.out.flush()
        return True


def _columns() -> int:
    from prompt_toolkit.application import get_app

    app: Any = get_app()
    return int(app.output.get_size().columns)
