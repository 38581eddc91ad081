"""argparse's help laid out for a terminal: wrapped between words only, and the main help's
examples split into shell continuation lines where the terminal is narrower than a command."""

from __future__ import annotations

import argparse
from typing import Any


class Formatter(argparse.HelpFormatter):
    """argparse's help, wrapped between words only (never at a hyphen, never inside a word)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        text = " ".join(text.split())
        return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))


def shell_wrap(line: str, width: int) -> list[str]:
    r"""An example command in rows of at most ``width`` (a single word longer than that
    excepted): split between words, every row but the last ending in `` \`` so that the
    shell still reads one command, the rows after the first indented four more.

    >>> shell_wrap("  domino-tutor check scenarios/key-cards/last-three.toml 2", 30)
    ['  domino-tutor check \\', '      scenarios/key-cards/last-three.toml \\', '      2']
    >>> shell_wrap("  domino-tutor list", 30)
    ['  domino-tutor list']
    """
    if len(line) <= width:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    words = line.split()
    rows: list[str] = []
    row = lead + words[0]
    for word in words[1:]:
        if len(row) + len(word) + 3 > width:  # the word, its space and " \\" to come
            rows.append(row + " \\")
            row = f"{lead}    {word}"
        else:
            row += " " + word
    return [*rows, row]


class MainFormatter(Formatter):
    r"""The main help keeps its examples (indented lines) as written, split between words
    into shell continuation lines where the terminal is narrower; its sentences are wrapped
    between words to the terminal's width.

    >>> f = MainFormatter("domino-tutor")
    >>> print(f._fill_text("examples:\n  a b c\n\nOne two three four.", 12, ""))
    examples:
      a b c
    <BLANKLINE>
    One two
    three four.
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.strip("\n").split("\n\n"):
            lines = paragraph.splitlines()
            if any(line.startswith(" ") for line in lines):
                rows = [row for line in lines for row in shell_wrap(line, width - len(indent))]
                paragraphs.append("\n".join(indent + row for row in rows))
            else:
                paragraphs.append(super()._fill_text(paragraph, width, indent))
        return "\n\n".join(paragraphs)


class CommandParser(argparse.ArgumentParser):
    """A sub-command's parser, with the help wrapped between words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
