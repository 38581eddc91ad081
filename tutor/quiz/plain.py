"""Plain mode: questions printed as text, replies read line by line.

For scripts, screen readers, pipes and tests: no cursor movement, no colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from tutor.quiz.runner import QuizState, UIStyle
from tutor.scenarios.model import Scenario
from tutor.terminal import clean


class PlainUI:
    """A ``QuizUI`` over two text streams."""

    def __init__(self, input: TextIO, output: TextIO) -> None:
        self.input, self.output = input, output

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        for line in lines:
            print(clean(line), file=self.output)
        self.output.flush()

    def ask(self, scenario: Scenario, state: QuizState) -> str:
        self.output.write("> ")
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            raise EOFError
        reply = line.rstrip("\n")
        if not _is_terminal(self.input):
            # A piped reply is not echoed by a terminal: print it, so the transcript reads
            # as a dialogue.
            self.output.write(clean(reply) + "\n")
        return reply

    def pause(self, state: QuizState) -> None:
        """Plain mode reads replies only: the text stays where it was printed."""

    def clear(self) -> bool:
        """Plain mode never clears: a transcript keeps everything."""
        return False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
