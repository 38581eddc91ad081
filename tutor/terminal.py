r"""Text for the terminal and the page: the one sanitiser of text the tutor did not write (a
scenario's title, story, hint, seat names, id and file name; a game record's names), wrapping
paragraphs at word boundaries (never inside a word, never at a tile's hyphen), telling whether
a stream is a terminal and can show box characters, and printing sentences to it (``tell``).

Scenario files, progress files and game records come from elsewhere: a title written with
escape sequences must not set the terminal's title or clear the screen, a newline in a seat
name must not print a line of the file's choosing (a fake "Correct answer: ..."), and a
zero-width or direction-changing character must not hide or reorder what the learner reads.
Every such character is *hidden* (``is_hidden``): the control characters, the line and
paragraph separators, the invisible formatting characters (zero-width spaces and joiners, the
bidi marks, embeddings, overrides and isolates, the byte-order mark, soft hyphens, tags), the
private-use, surrogate and unassigned code points, and the letters that draw nothing (the
Hangul fillers, the blank braille pattern). A run of more than ``MAX_MARKS`` combining marks on
one letter, and a combining mark with no letter under it, draw over the text around them and
are treated the same.

- ``one_line`` makes a single-line field safe for a message or a screen: every hidden character
  written as an escape (``\u200b``, ``\n``), a tab as a space, cut to a length.
- ``clean`` makes a sentence safe for a terminal: hidden characters dropped, newlines kept (the
  tutor's own sentences may hold several lines), tabs as spaces.
- ``paragraphs`` reads a story: paragraphs apart where an empty line is, a single newline inside
  a paragraph read as a space, each paragraph made safe with ``one_line``.

>>> clean("\x1b]0;PWNED\x07\x1b[2JHard ends\x1b[31m")
']0;PWNED[2JHard ends[31m'
>>> has_control("Marcia\x1b[31m"), has_control("Line one\nline two"), has_control("Aña")
(True, False, False)
>>> print(one_line("Marcia\nCorrect answer: 6-6\u200b\u202e"))
Marcia\nCorrect answer: 6-6\u200b\u202e
>>> one_line("x" * 50, limit=10)
'xxxxxxxxxx...'
>>> paragraphs("One line\nand its end.\n\nA second\u2028paragraph.")
['One line and its end.', 'A second\\u2028paragraph.']
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
import unicodedata
from collections.abc import Callable
from typing import TextIO

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 control characters and DEL (tab and newline are kept), and the bidi overrides."""

LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Every character that ends a line somewhere (``str.splitlines`` breaks at each of them)."""
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The Unicode categories that draw nothing of their own or change what is around them:
control, format (zero-width, bidi, byte-order mark, soft hyphen, tags), surrogate, private
use, unassigned, line and paragraph separators."""
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
"""Characters of other categories that draw nothing: the Hangul fillers, the blank braille
pattern, the Khmer inherent vowels."""
MAX_MARKS = 4
"""The most combining marks one letter may carry (Vietnamese stacks two; decomposed text a few
more); more than this draws over the lines above and below."""
LINE_LIMIT = 200
"""``one_line`` cuts a text to this many characters (a one-million-character title is never
printed whole)."""
_SUSPECT = re.compile(r"[^\x20-\x7e]")
"""Every character that is not printable ASCII: the only ones that can be hidden."""


def is_hidden(char: str) -> bool:
    r"""True for a character that must not reach a terminal or a page as it is.

    >>> [is_hidden(c) for c in ("a", " ", "\t", "\n", "\u200b", "\u202e", "\ufeff", "\u3164")]
    [False, False, True, True, True, True, True, True]
    """
    return unicodedata.category(char) in HIDDEN_CATEGORIES or char in BLANK_LETTERS


def is_mark(char: str) -> bool:
    """True for a combining mark (drawn on the letter before it)."""
    return unicodedata.category(char) in ("Mn", "Me")


def escape(char: str) -> str:
    r"""A character written as Python writes it in a string: ``\n``, ``\x1b``, ``\u200b``.

    >>> print(escape("\n"), escape("\x1b"), escape("\u200b"), escape("\U000e0041"))
    \n \x1b \u200b \U000e0041
    """
    short = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if char in short:
        return short[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def excess_mark(text: str, index: int) -> bool:
    """True when the combining mark at ``index`` has no letter under it (it starts the text or
    follows a hidden character) or is past the ``MAX_MARKS``-th on its letter."""
    start = index
    while start > 0 and is_mark(text[start - 1]):
        start -= 1
    if start == 0 or is_hidden(text[start - 1]):
        return True
    return index - start >= MAX_MARKS


def _sanitise(text: str, hidden: Callable[[str], str], keep: str) -> str:
    """``text`` with each hidden character or excess mark replaced by ``hidden(char)``;
    characters in ``keep`` stay, tabs become spaces."""
    if text.isascii() and text.isprintable():
        return text

    def replace(match: re.Match[str]) -> str:
        char = match.group()
        if char in keep:
            return char
        if char == "\t":
            return " "
        if is_hidden(char) or (is_mark(char) and excess_mark(text, match.start())):
            return hidden(char)
        return char

    return _SUSPECT.sub(replace, text)


def has_control(text: str) -> bool:
    """True when ``text`` holds a control character (other than a tab or a newline)."""
    return _CONTROL.search(text) is not None


def clean(text: str) -> str:
    r"""``text`` without hidden characters (see ``is_hidden``); tabs become spaces, newlines
    stay.

    >>> clean("Mar\u200bcia\tand\u2028Ann\u202e\nnext")
    'Marcia andAnn\nnext'
    """
    return _sanitise(text, lambda char: "", "\n")


def one_line(text: str, limit: int = LINE_LIMIT) -> str:
    r"""``text`` on one line, safe to show: every hidden character (a newline too) and every
    excess combining mark written as an escape, tabs as spaces, and cut to ``limit``
    characters (``...`` then says that more was there).

    >>> print(one_line("Ann\r\nCorrect answer: 6-6"), one_line("\u0301x"), one_line("a\tb"))
    Ann\r\nCorrect answer: 6-6 \u0301x a b
    """
    cut = text[:limit]
    shown = _sanitise(cut, escape, "")
    return shown + "..." if len(text) > limit else shown


def visible(text: str) -> str:
    r"""``text`` without its hidden characters and the spaces around it: empty when nothing of
    it shows.

    >>> visible(" \u200b\u200b "), visible(" Ann\u200b ")
    ('', 'Ann')
    """
    if text.isascii():
        return text.strip()
    return "".join(char for char in text if not is_hidden(char)).strip()


def paragraphs(text: str, limit: int = 10 * LINE_LIMIT) -> list[str]:
    """A story's paragraphs: apart where an empty line is, a single newline inside one read as
    a space, each one on one line and safe (``one_line``); none that is empty."""
    found = [" ".join(part.split("\n")).strip() for part in re.split(r"\n[ \t]*\n", text)]
    return [one_line(part, limit) for part in found if visible(part)]


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
