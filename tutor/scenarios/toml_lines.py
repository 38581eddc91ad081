r"""TOML text with its line numbers: parsing that says ``path:line`` when the text is broken.

``tomllib`` keeps no positions, so ``line_numbers`` scans the text as TOML is written: section
headers, ``key =`` statements (bare, quoted with their escapes read, and dotted keys) and the keys
of inline tables, skipping strings (a line inside a multi-line string is no key) and comments.
The reader and the Babel extractor point at a key's line with it.

>>> line_numbers('id = "x"\n[question]\nask = "hard-ends"\n')
{'id': 1, 'question': 2, 'question.ask': 3}
>>> line_numbers('"ti\\u0074le" = "x"\n[hands]\n"Mar\\ncia" = 5\nscore.you = 2\n')
{'title': 1, 'hands': 2, 'hands.Mar\ncia': 3, 'hands.score': 4, 'hands.score.you': 4}
>>> line_numbers("story = '''\nid = 'not a key'\n'''\nid = 'x'\nhands = { you = 5 }\n")
{'story': 1, 'id': 4, 'hands': 5, 'hands.you': 5}
>>> parse_toml('id = "x"\nlevel = \n', "a.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: a.toml:2: this is not valid TOML: Invalid value
>>> parse_toml('id = "x"\nseats = ["you",\n  "Ann"', "a.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: a.toml:2: this is not valid TOML: Unclosed array
>>> parse_toml("id = 'x'\nstory = '''never closed\n\n\n", "a.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: a.toml:2: this is not valid TOML: Expected "'''"
"""

from __future__ import annotations

import re
import tomllib
from bisect import bisect_left
from pathlib import Path
from typing import Any

from tutor.scenarios.model import ScenarioError, ScenarioFileError
from tutor.store.files import FileRefused, read_limited

BOM = "\ufeff"
"""The byte-order mark: an invisible character that some editors write first in a file."""
BOM_PROBLEM = "an invisible byte-order mark (U+FEFF) stands in this line; delete it"
_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_TOML_END = re.compile(r"\(at end of document\)")
_LONG_NUMBER = re.compile(r"[0-9_]{4000,}")
_DEEP_NESTING = re.compile(r"(?:[\[{]\s*){40}")

_GAP = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*")
"""Spaces, newlines and comments: what may stand between statements, and inside an array."""
_SPACE = re.compile(r"[ \t]*")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_LITERAL = re.compile(r"'[^'\n]*'")
_MULTI_BASIC = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*""""{0,2}', re.S)
_MULTI_LITERAL = re.compile(r"'''(?:[^']|'(?!''))*''''{0,2}", re.S)
_STRINGS = (('"""', _MULTI_BASIC), ("'''", _MULTI_LITERAL), ('"', _BASIC), ("'", _LITERAL))
_BARE_VALUE = re.compile(r"""[^\s,\[\]{}#"']+(?: (?=\d\d:)[^\s,\[\]{}#"']+)?""")
"""A number, a boolean or a date (a date and its time may stand apart by a space)."""
MAX_DEPTH = 100
"""Arrays and inline tables nested deeper than this are not scanned (tomllib refuses them)."""


class _Stop(Exception):
    """The text is not TOML from here on: the scan keeps what it found."""


class _Scanner:
    """One pass over a TOML text: the line of each key, and of the last statement begun."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.newlines = [match.start() for match in re.finditer("\n", text)]
        self.numbers: dict[str, int] = {}
        self.last = 1
        """The line where the last statement (a header or a ``key =``) began."""

    def line(self, pos: int) -> int:
        return bisect_left(self.newlines, pos) + 1

    def record(self, keys: tuple[str, ...], pos: int) -> None:
        line = self.line(pos)
        for length in range(1, len(keys) + 1):
            self.numbers.setdefault(".".join(keys[:length]), line)

    def gap(self, pos: int, *, lines: bool = True) -> int:
        match = (_GAP if lines else _SPACE).match(self.text, pos)
        return match.end() if match else pos

    def expect(self, pos: int, token: str) -> int:
        pos = self.gap(pos, lines=False)
        if not self.text.startswith(token, pos):
            raise _Stop
        return pos + len(token)

    def key(self, pos: int) -> tuple[tuple[str, ...], int]:
        """A key (dotted parts, quoted parts read as TOML reads them) and the index after it."""
        parts: list[str] = []
        while True:
            pos = self.gap(pos, lines=False)
            match = _BARE_KEY.match(self.text, pos) or _BASIC.match(self.text, pos)
            match = match or _LITERAL.match(self.text, pos)
            if not match:
                raise _Stop
            parts.append(_key_text(match.group()))
            pos = self.gap(match.end(), lines=False)
            if not self.text.startswith(".", pos):
                return tuple(parts), pos
            pos += 1

    def value(self, pos: int, prefix: tuple[str, ...], depth: int = 0) -> int:
        """The index after the value at ``pos``; the keys of its inline tables recorded."""
        if depth > MAX_DEPTH:
            raise _Stop
        text = self.text
        pos = self.gap(pos, lines=False)
        for opener, pattern in _STRINGS:
            if text.startswith(opener, pos):
                match = pattern.match(text, pos)
                if not match:
                    raise _Stop
                return match.end()
        if text.startswith("[", pos):
            return self.items(pos + 1, prefix, depth, close="]")
        if text.startswith("{", pos):
            return self.items(pos + 1, prefix, depth, close="}")
        match = _BARE_VALUE.match(text, pos)
        if not match:
            raise _Stop
        return match.end()

    def items(self, pos: int, prefix: tuple[str, ...], depth: int, *, close: str) -> int:
        """The items of an array (``close`` is ``]``) or an inline table (``}``) up to its end."""
        table = close == "}"
        while True:
            pos = self.gap(pos, lines=not table)
            if self.text.startswith(close, pos):
                return pos + 1
            inner = prefix
            if table:
                keys, after = self.key(pos)
                inner = prefix + keys
                self.record(inner, pos)
                pos = self.expect(after, "=")
            pos = self.gap(self.value(pos, inner, depth + 1), lines=not table)
            if self.text.startswith(",", pos):
                pos += 1
            elif not self.text.startswith(close, pos):
                raise _Stop

    def scan(self) -> _Scanner:
        """Read the statements until the text ends or stops being TOML."""
        text, pos = self.text, 0
        section: tuple[str, ...] = ()
        try:
            while (pos := self.gap(pos)) < len(text):
                self.last = self.line(pos)
                if text.startswith("[", pos):
                    double = text.startswith("[[", pos)
                    section, after = self.key(pos + (2 if double else 1))
                    self.record(section, pos)
                    pos = self.expect(after, "]]" if double else "]")
                else:
                    keys, after = self.key(pos)
                    self.record(section + keys, pos)
                    pos = self.value(self.expect(after, "="), section + keys)
        except _Stop:
            pass
        return self


def _key_text(written: str) -> str:
    """A key as TOML reads it: a quoted key without its quotes and with its escapes read."""
    if written[0] == "'":
        return written[1:-1]
    if written[0] != '"':
        return written
    if "\\" not in written:
        return written[1:-1]
    try:
        return str(tomllib.loads(f"k = {written}")["k"])
    except tomllib.TOMLDecodeError:
        return written[1:-1]


def line_numbers(text: str) -> dict[str, int]:
    """Map ``key`` and ``section.key`` to the line where they are written (the first time).

    tomllib keeps no positions, so the text is scanned (see the module's text); a byte-order
    mark at the start is read past."""
    return _Scanner(text.removeprefix(BOM)).scan().numbers


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """``tomllib.loads``, with every way it can fail turned into a ``ScenarioError`` at a line
    (an error at the end of the text: the line where the last statement began).

    A byte-order mark at the start (some editors write one) is read past; one anywhere else
    is named.

    >>> parse_toml(BOM + 'id = "x"\\n', "a.toml")
    {'id': 'x'}
    >>> parse_toml('id = "x"\\n' + BOM + 'level = 1\\n', "a.toml")
    Traceback (most recent call last):
    ...
    tutor.scenarios.model.ScenarioError: a.toml:2: this is not valid TOML: an invisible \
byte-order mark (U+FEFF) stands in this line; delete it
    """
    text = text.removeprefix(BOM)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = _TOML_LINE.search(message)
        line = int(match.group(1)) if match else _Scanner(text).scan().last
        reason = _TOML_END.sub("", _TOML_LINE.sub("", message)).strip().rstrip(".")
        lines = text.split("\n")
        if line <= len(lines) and BOM in lines[line - 1]:
            reason = BOM_PROBLEM
        raise ScenarioError(path, line, f"this is not valid TOML: {reason}") from None
    except ValueError:  # tomllib's int() refuses numbers of more than 4300 digits
        line = _line_of_match(text, _LONG_NUMBER)
        raise ScenarioError(path, line, "this is not valid TOML: a number is too long") from None
    except RecursionError:
        line = _line_of_match(text, _DEEP_NESTING)
        raise ScenarioError(
            path, line, "this is not valid TOML: lists or tables are nested too deeply"
        ) from None


def read_toml_text(path: Path, limit: int) -> str:
    """The text of a TOML file someone wrote (a scenario, a ``topics.toml``): a regular file of
    at most ``limit`` bytes, in UTF-8, or a ``ScenarioError`` that says why not."""
    try:
        raw = read_limited(path, limit=limit)
    except FileRefused as refused:
        raise ScenarioFileError.of(str(path), refused) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ScenarioError(str(path), line, "the file is not UTF-8 text") from None


def _line_of_match(text: str, pattern: re.Pattern[str]) -> int:
    """The line of the first match of ``pattern``, else of the last statement begun."""
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else _Scanner(text).scan().last
