"""TOML text with its line numbers: parsing that says ``path:line`` when the text is broken.

``tomllib`` keeps no positions, so ``line_numbers`` scans the text for section headers and
``key =`` lines; the reader and the Babel extractor point at a key's line with it.

>>> line_numbers('id = "x"\\n[question]\\nask = "hard-ends"\\n')
{'id': 1, 'question': 2, 'question.ask': 3}
>>> parse_toml('id = "x"\\nlevel = \\n', "a.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: a.toml:2: this is not valid TOML: Invalid value
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from tutor.scenarios.model import ScenarioError

BOM = "\ufeff"
"""The byte-order mark: an invisible character that some editors write first in a file."""
BOM_PROBLEM = "an invisible byte-order mark (U+FEFF) stands in this line; delete it"
_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_LONG_NUMBER = re.compile(r"[0-9_]{4000,}")
_DEEP_NESTING = re.compile(r"(?:[\[{]\s*){40}")
_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\s*(#.*)?$")
_ASSIGNMENT = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")


def _line_of_match(text: str, pattern: re.Pattern[str]) -> int | None:
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def line_numbers(text: str) -> dict[str, int]:
    """Map ``key`` and ``section.key`` to the line where they are written.

    tomllib keeps no positions, so the text is scanned: section headers and
    ``key =`` lines (dotted and quoted keys are read as written).
    """
    numbers: dict[str, int] = {}
    section = ""
    lines = text.removeprefix(BOM).split("\n")  # TOML: only \n ends a line
    for number, raw in enumerate(lines, start=1):
        if match := _HEADER.match(raw):
            section = match.group(1).strip("\"' ")
            numbers.setdefault(section, number)
        elif match := _ASSIGNMENT.match(raw):
            key = match.group(1).strip("\"'")
            numbers.setdefault(f"{section}.{key}" if section else key, number)
    return numbers


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """``tomllib.loads``, with every way it can fail turned into a ``ScenarioError`` at a line.

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
        line = int(match.group(1)) if match else None
        reason = _TOML_LINE.sub("", message).strip().rstrip(".")
        lines = text.split("\n")
        if line is not None and line <= len(lines) and BOM in lines[line - 1]:
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
