"""JSON that someone else made, read and checked against a schema with every fault named.

``parse_json(raw)`` turns a file's bytes into JSON values or raises ``JsonProblem``, whose
``reason`` says what is wrong in no language: a byte-order mark (``bom``, ``utf-16``), bytes
that are not UTF-8 (``not-utf8``, with the offending byte), a syntax error (``syntax``, with
the parser's message), nesting deeper than the tutor reads (``too-deep``); each with the line
and column where it is; more lists and objects than any file of the tutor holds
(``too-many``, counted before parsing, so that memory stays bounded). A number of more than
``MAX_DIGITS`` digits becomes a ``HugeNumber``
(Python would refuse to read it, or read it slowly), so the schema names the field that holds
it. ``NaN`` and ``Infinity`` are read as floats: the schema refuses them by field.

``field_problems(error)`` turns pydantic's ``ValidationError`` into ``FieldProblem`` values:
the field's path as the learner reads it (``grades[3].chances[0][1]``), what was expected
(``whole-number``, ``at-most``, ...; see ``EXPECTED``), the bound or the choices, and what was
found (``Found``). ``words`` makes the sentences.

>>> parse_json(b'{"hints": 2}')
{'hints': 2}
>>> try:
...     parse_json(b'{"hints":\\n  2,,}')
... except JsonProblem as problem:
...     print(problem.reason, problem.line, problem.column, problem.detail)
syntax 2 5 Expecting property name enclosed in double quotes
>>> parse_json(b'[' + b'9' * 5000 + b']')
[HugeNumber(digits=5000)]
>>> found(float("nan")), found("many"), found([1]), found(True)
(Found(kind='nan', text=''), Found(kind='text', text='many'), Found(kind='list', text=''), \
Found(kind='bool', text='true'))
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "EXPECTED",
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "FieldProblem",
    "Found",
    "HugeNumber",
    "JsonProblem",
    "field_path",
    "field_problems",
    "found",
    "parse_json",
]

MAX_DIGITS = 40
"""The longest number read as a number (a seed has at most 19 digits); a longer one is a
``HugeNumber``."""
MAX_DEPTH = 64
"""How deep arrays and objects may nest (a game record nests 5 deep)."""
TEXT_SHOWN = 40
"""The most characters of a found text a message shows."""

MAX_CONTAINERS = 500_000
"""The most lists and objects a file may open (counted before parsing: each costs about 60
bytes of memory, so a 16 MB file of ``{}`` would take 450 MB). A long Cutthroat set's record
of 1.7 MB opens about 50,000."""

JsonReason = Literal["bom", "utf-16", "not-utf8", "syntax", "too-deep", "too-many"]


@dataclass(eq=False)
class JsonProblem(Exception):
    """Bytes that are not JSON the tutor reads; ``reason`` says why (see the module)."""

    reason: JsonReason
    line: int = 1
    column: int = 1
    detail: str = ""
    """The parser's own words (``syntax``), or the offending byte as ``0xff`` (``not-utf8``)."""

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.reason} {self.detail}".rstrip()


@dataclass(frozen=True, slots=True)
class HugeNumber:
    """A number in the JSON with more digits than ``MAX_DIGITS``."""

    digits: int


def _line_column(text: str | bytes, offset: int) -> tuple[int, int]:
    before = text[:offset]
    newline = "\n" if isinstance(before, str) else b"\n"
    line = before.count(newline) + 1  # type: ignore[arg-type]
    start = before.rfind(newline) + 1  # type: ignore[arg-type]
    return line, offset - start + 1


def _depth_at(text: str) -> int | None:
    """The offset where arrays and objects first nest deeper than ``MAX_DEPTH`` (strings
    skipped), or None."""
    depth = 0
    for match in re.finditer(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', text):
        char = match.group()
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif char in "]}":
            depth -= 1
    return None


def _number(text: str) -> int | HugeNumber:
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else HugeNumber(len(text.lstrip("-")))


def parse_json(raw: bytes) -> Any:
    """The JSON value in ``raw`` (UTF-8 without a byte-order mark), or ``JsonProblem``."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raise JsonProblem("bom")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise JsonProblem("utf-16")
    if raw.count(b"{") + raw.count(b"[") > MAX_CONTAINERS:
        raise JsonProblem("too-many", detail=str(MAX_CONTAINERS))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _line_column(raw, error.start)
        raise JsonProblem("not-utf8", line, column, f"0x{raw[error.start]:02x}") from None
    try:
        value = json.loads(text, parse_int=_number)
    except json.JSONDecodeError as error:
        deep = _depth_at(text[: error.pos])
        if deep is not None:  # too deep before the fault: that is what to say
            raise JsonProblem("too-deep", *_line_column(text, deep), str(MAX_DEPTH)) from None
        raise JsonProblem("syntax", error.lineno, error.colno, error.msg) from None
    except RecursionError:  # the parser's own limit (about a thousand deep)
        value = None
    deep = _depth_at(text) if value is None or _deeper(value) else None
    if deep is not None:
        raise JsonProblem("too-deep", *_line_column(text, deep), detail=str(MAX_DEPTH))
    return value


def _deeper(value: Any, depth: int = 1) -> bool:
    """True when ``value`` nests lists and objects more than ``MAX_DEPTH`` deep."""
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        return any(_deeper(item, depth + 1) for item in value.values()
                   if isinstance(item, dict | list))
    if isinstance(value, list):
        return any(_deeper(item, depth + 1) for item in value if isinstance(item, dict | list))
    return False


# --- what a schema found wrong ---------------------------------------------------------------

FoundKind = Literal["text", "number", "huge", "nan", "infinite", "bool", "null", "list", "table"]


@dataclass(frozen=True, slots=True)
class Found:
    """What a field held, for a message: its kind and, for a text, a number or a truth value,
    its text (a text cut to ``TEXT_SHOWN`` characters; ``huge``: the number of digits)."""

    kind: FoundKind
    text: str = ""


def _escaped(text: str) -> str:
    """``text`` with every control, format (zero-width, bidi) and separator character written
    as an escape, so that a found text never moves the terminal or hides what it holds.

    >>> _escaped('many\\n"\u202e"')
    'many\\\\u000a"\\\\u202e"'
    """
    return "".join(
        f"\\u{ord(char):04x}" if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs")
        else char
        for char in text
    )


def found(value: Any) -> Found:
    """What ``value`` is, for a message (see ``Found``)."""
    if isinstance(value, bool):
        return Found("bool", "true" if value else "false")
    if value is None:
        return Found("null")
    if isinstance(value, HugeNumber):
        return Found("huge", str(value.digits))
    if isinstance(value, float) and math.isnan(value):
        return Found("nan")
    if isinstance(value, float) and math.isinf(value):
        return Found("infinite", "-" if value < 0 else "")
    if isinstance(value, int | float):
        return Found("number", repr(value))
    if isinstance(value, str):
        shown = _escaped(value[:TEXT_SHOWN]) + ("…" if len(value) > TEXT_SHOWN else "")
        return Found("text", shown)
    if isinstance(value, list | tuple):
        return Found("list")
    return Found("table")


Expected = Literal[
    "whole-number", "number", "true-false", "text", "list", "table", "pair", "at-least",
    "at-most", "finite", "one-of", "missing", "too-long", "too-short", "form", "play", "tile",
    "past-the-end", "no-such-seat", "wrong", "needed",
]
EXPECTED: tuple[str, ...] = Expected.__args__  # type: ignore[attr-defined]
"""Every kind of ``FieldProblem.expected``."""

_TYPES: dict[str, Expected] = {
    "int_type": "whole-number", "int_parsing": "whole-number", "int_from_float": "whole-number",
    "float_type": "number", "float_parsing": "number", "bool_type": "true-false",
    "bool_parsing": "true-false", "string_type": "text", "list_type": "list",
    "tuple_type": "pair", "model_type": "table", "model_attributes_type": "table",
    "dict_type": "table", "greater_than_equal": "at-least", "greater_than": "at-least",
    "less_than_equal": "at-most", "less_than": "at-most", "finite_number": "finite",
    "literal_error": "one-of", "union_tag_invalid": "one-of", "union_tag_not_found": "missing",
    "enum": "one-of", "missing": "missing", "string_too_long": "too-long",
    "too_long": "too-long", "too_short": "too-short", "string_pattern_mismatch": "form",
    "play": "play", "tile": "tile",
}


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """One field that does not match its schema: ``path`` (``grades[3].action``), what was
    ``expected`` (see ``EXPECTED``), the ``bound`` (a number, for ``at-least``, ``at-most``,
    ``too-long``, ``past-the-end``, ``no-such-seat``) or the ``choices`` (``one-of``), and what
    was ``found``."""

    path: str
    expected: Expected
    found: Found
    bound: str = ""
    choices: tuple[str, ...] = ()


def field_path(loc: Sequence[str | int], unions: Mapping[str, frozenset[str]] | None = None) -> str:
    """A field's path as the learner reads it. ``unions`` names the lists of a tagged union
    and their members' tags, which pydantic puts in the path after the index (a learner never
    wrote them).

    >>> field_path(("grades", 3, "chances", 0, 1))
    'grades[3].chances[0][1]'
    >>> field_path(("grades", 0, "reasons", 1, "chances", "best"),
    ...            {"reasons": frozenset({"chances"})})
    'grades[0].reasons[1].best'
    """
    text = ""
    for at, part in enumerate(loc):
        if isinstance(part, int):
            text += f"[{part}]"
            continue
        owner = loc[at - 2] if at >= 2 and isinstance(loc[at - 1], int) else None
        if unions and isinstance(owner, str) and part in unions.get(owner, ()):
            continue
        text += f".{part}" if text else str(part)
    return text


def _bound(ctx: dict[str, Any]) -> str:
    for key in ("ge", "gt", "le", "lt", "max_length", "min_length"):
        if key in ctx:
            value = ctx[key]
            whole = isinstance(value, float) and value.is_integer()
            return str(int(value)) if whole else str(value)
    return ""


def field_problems(
    error: Any, unions: Mapping[str, frozenset[str]] | None = None
) -> list[FieldProblem]:
    """The problems of a pydantic ``ValidationError``, in its order (the first is told)."""
    problems = []
    for item in error.errors(include_url=False):
        kind = item["type"]
        ctx = item.get("ctx") or {}
        expected = _TYPES.get(kind, "wrong")
        choices: tuple[str, ...] = ()
        if expected == "one-of":
            listed = str(ctx.get("expected", ctx.get("expected_tags", "")))
            choices = tuple(re.findall(r"'([^']*)'", listed))
        if expected == "too-short" and kind == "too_short" and item["loc"]:
            expected = "pair"
        path, value = field_path(item["loc"], unions), item.get("input")
        if kind in ("union_tag_invalid", "union_tag_not_found"):  # the tag's own field
            name = str(ctx.get("discriminator", "")).strip("'")
            path, value = f"{path}.{name}" if path else name, ctx.get("tag")
        problems.append(FieldProblem(path, expected, found(value), _bound(ctx), choices))
    return problems
