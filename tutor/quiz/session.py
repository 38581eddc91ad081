"""The interactive quiz: a prompt-toolkit session with completion, keys and a toolbar.

F2 shows the hint, F3 skips, Ctrl-C or Ctrl-D leave (progress is kept).
"""

from __future__ import annotations

from collections.abc import Sequence

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import get_app
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from tutor.i18n import Speaker
from tutor.quiz.completer import ReplyCompleter
from tutor.quiz.runner import HINT, SKIP, QuizState, pause_text, toolbar_text
from tutor.scenarios import Scenario
from tutor.text import clean

STYLE = Style.from_dict(
    {
        "bottom-toolbar": "bg:#1d3b2a #ffffff",
        "prompt": "bold #e0a030",
        "right": "bold #30b030",
        "wrong": "bold #d04040",
        "hint": "italic #80a0ff",
        "notice": "#d0a000",
        "title": "bold",
    }
)


def key_bindings() -> KeyBindings:
    """F2: hint. F3: skip."""
    bindings = KeyBindings()

    @bindings.add("f2")
    def _hint(event: KeyPressEvent) -> None:
        event.app.exit(result=HINT)

    @bindings.add("f3")
    def _skip(event: KeyPressEvent) -> None:
        event.app.exit(result=SKIP)

    return bindings


class PromptUI:
    """A ``QuizUI`` on a prompt-toolkit ``PromptSession``."""

    def __init__(self, speaker: Speaker, *, color: bool = True) -> None:
        self.speaker = speaker
        self.color = color
        self.session: PromptSession[str] = PromptSession(
            key_bindings=key_bindings(),
            style=STYLE,
            color_depth=None if color else ColorDepth.MONOCHROME,
            # No empty rows held below the prompt for a completion menu that is not open: they
            # would push the question's title off the top of a 24-row terminal.
            reserve_space_for_menu=0,
        )

    def show(self, lines: Sequence[str], style: str = "") -> None:
        css = f"class:{style}" if style and self.color else ""
        for line in lines:
            print_formatted_text(FormattedText([(css, clean(line))]), style=STYLE)

    def ask(self, scenario: Scenario, state: QuizState) -> str:
        sp = self.speaker
        return self.session.prompt(
            FormattedText([("class:prompt", "> ")]),
            completer=ReplyCompleter(scenario, sp),
            complete_while_typing=True,
            bottom_toolbar=lambda: toolbar_text(state, sp, _columns()),
        )

    def pause(self, state: QuizState) -> None:
        """Wait for Enter, so that the verdict and its explanation stay on screen."""
        sp = self.speaker
        self.session.prompt(
            FormattedText([("class:hint", pause_text(sp) + " ")]),
            completer=None,
            bottom_toolbar=lambda: toolbar_text(state, sp, _columns()),
        )

    def clear(self) -> bool:
        """A new screen: the next question starts at the top."""
        self.session.output.erase_screen()
        self.session.output.cursor_goto(0, 0)
        self.session.output.flush()
        return True


def _columns() -> int:
    return get_app().output.get_size().columns
