"""Text for the terminal: strip control characters from text the tutor did not write, wrap
paragraphs at word boundaries (never inside a word, never at a tile's hyphen), tell whether a
stream is a terminal and can show box characters, and print sentences to it (``tell``).

Scenario files, progress files and game records come from elsewhere: a title written
with escape sequences must not set the terminal's title or clear the screen.

>>> clean("\\x1b]0;PWNED\\x07\\x1b[2JHard ends\\x1b[31m")
']0;PWNED[2JHard ends[31m'
>>> has_control("Marcia\\x1b[31m"), has_control("Line one\\nline two"), has_control("Aña")
(True, False, False)
>>> wrap("Play the 6-5 on the left end and the 5-5 on the right.", 20)
['Play the 6-5 on the', 'left end and the 5-5', 'on the right.']
>>> wrap("- a long rule text", 10, indent="  ")
['- a long', '  rule', '  text']
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from typing import TextIO

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 control characters and DEL (tab and newline are kept), and the bidi overrides."""


def has_control(text: str) -> bool:
    """True when ``text`` holds a control character (other than a tab or a newline)."""
    return _CONTROL.search(text) is not None


def clean(text: str) -> str:
    """``text`` without control characters; tabs become spaces, newlines stay."""
    return _CONTROL.sub("", text).replace("\t", " ")


def wrap(text: str, width: int, *, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken only between words.

    Each paragraph (separated by a newline) is wrapped on its own; continuation
    lines start with ``indent``. A single word longer than the width stays whole.
    """
    width = max(width, 10)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            lines.append("")
            continue
        lead = paragraph[: len(paragraph) - len(paragraph.lstrip(" "))]
        lines += textwrap.wrap(
            paragraph,
            width=width,
            subsequent_indent=indent or lead,
            break_long_words=False,
            break_on_hyphens=False,
        ) or [""]
    return lines


def fill(text: str, width: int, *, indent: str = "") -> str:
    """``wrap`` joined with newlines."""
    return "\n".join(wrap(text, width, indent=indent))


def can_draw_boxes(stream: TextIO) -> bool:
    """True when the stream's encoding can show the box characters of the tiles."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "┌─┬┐│└┘▶·".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return os.environ.get("TERM") != "linux"


def is_terminal(stream: TextIO) -> bool:
    """True when ``stream`` is a terminal (not a pipe, a file or a closed stream)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def tell(lines: list[str], stdout: TextIO) -> None:
    """Sentences on ``stdout``, wrapped between words to the terminal's width (a pipe or a
    file gets them whole, one a line)."""
    width = shutil.get_terminal_size().columns if is_terminal(stdout) else 0
    for line in lines:
        for part in wrap(clean(line), width) if width else [clean(line)]:
            print(part, file=stdout)
