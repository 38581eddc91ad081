"""The interactive quiz: a prompt-toolkit session with completion, keys and a toolbar.

F2 shows the hint, F3 skips, Ctrl-C or Ctrl-D leave (progress is kept).
"""

from __future__ import annotations

from collections.abc import Sequence

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from tutor.i18n import Speaker
from tutor.quiz.completer import ReplyCompleter
from tutor.quiz.runner import Command, QuizState, UIStyle, toolbar_text
from tutor.scenarios import Scenario

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
        event.app.exit(result=Command.HINT)

    @bindings.add("f3")
    def _skip(event: KeyPressEvent) -> None:
        event.app.exit(result=Command.SKIP)

    return bindings


class PromptUI:
    """A ``QuizUI`` on a prompt-toolkit ``PromptSession``."""

    def __init__(self, speaker: Speaker, *, color: bool = True) -> None:
        self.speaker = speaker
        self.color = color
        self.session: PromptSession[str | Command] = PromptSession(
            key_bindings=key_bindings(),
            style=STYLE,
            color_depth=None if color else ColorDepth.MONOCHROME,
        )

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        css = f"class:{style}" if style and self.color else ""
        for line in lines:
            print_formatted_text(FormattedText([(css, line)]), style=STYLE)

    def ask(self, scenario: Scenario, state: QuizState) -> str | Command:
        sp = self.speaker
        return self.session.prompt(
            FormattedText([("class:prompt", "> ")]),
            completer=ReplyCompleter(scenario, sp),
            complete_while_typing=True,
            bottom_toolbar=lambda: toolbar_text(state, sp),
        )
