"""Plain mode: questions printed as text, replies read line by line.

For scripts, screen readers, pipes and tests: no cursor movement, no colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from tutor.quiz.runner import QuizState, UIStyle
from tutor.scenarios import Scenario


class PlainUI:
    """A ``QuizUI`` over two text streams."""

    def __init__(self, input: TextIO, output: TextIO) -> None:
        self.input, self.output = input, output

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        for line in lines:
            print(line, file=self.output)
        self.output.flush()

    def ask(self, scenario: Scenario, state: QuizState) -> str:
        self.output.write("> ")
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            raise EOFError
        return line.rstrip("\n")
