r"""The texts of a scenario file: what the contract lets a title, story, hint, id or seat name hold.

A scenario's texts reach the learner's terminal and the docs' pages, so the reader refuses, with
the key's line, what would not show as written there (``tutor.terminal`` says which characters
those are):

- a text with nothing visible in it (empty, spaces, or only invisible characters);
- a text longer than its limit (``LIMITS``);
- a line break in a one-line text (every text but the story); in a story, any line break but a
  newline (an empty line starts a paragraph, a single newline is read as a space);
- a control character, an invisible character (zero-width, bidi, byte-order mark, soft hyphen,
  private use, unassigned, the fillers that draw nothing);
- a combining mark with no letter under it, or more than ``MAX_MARKS`` on one letter.

Each problem is one English sentence, with the character written as an escape (``\u200b``):

>>> text_problem("Both ends are hard", "title")
>>> print(text_problem("Ann\nCorrect answer: 6-6", "title"))
'title' must be one line: it holds a line break (\n) at character 4
>>> print(text_problem("\u200b\u200b", "title"))
'title' must be a non-empty text in quotes: nothing of it shows (it holds only \u200b)
>>> print(text_problem("x" * 1_000_000, "title"))
'title' is too long: 1000000 characters, at most 120
>>> print(text_problem("Hard\u200bends", "title"))
'title' holds an invisible character (\u200b ZERO WIDTH SPACE) at character 5; write plain text
>>> text_problem("A first paragraph.\n\nAnd a second one,\nwith a line break.", "story")
"""

from __future__ import annotations

import unicodedata

from tutor.terminal import MAX_MARKS, escape, excess_mark, is_hidden, is_mark, visible

LIMITS: dict[str, int] = {
    "id": 120,
    "title": 120,
    "story": 1000,
    "question.hint": 500,
    "seats": 30,
}
"""The most characters each text may hold (the library's longest: an id of 48, a title of 47,
a story of 151, a hint of 141, a seat name of 9)."""
OTHER_LIMIT = 120
"""The limit of the other texts (``game``, ``topic``, ``question.ask``, ``origin.game``)."""
PARAGRAPHS = frozenset({"story"})
"""The texts that may hold paragraphs (newlines)."""
NO_TABS = frozenset({"seats"})
"""The texts that may not hold a tab (a seat name stands in columns)."""


def limit_of(where: str) -> int:
    """The most characters the text at ``where`` may hold.

    >>> limit_of("title"), limit_of("topic")
    (120, 120)
    """
    return LIMITS.get(where, OTHER_LIMIT)


def text_problem(value: str, where: str) -> str | None:
    """What is wrong with the text ``value`` of the key ``where``, or ``None``."""
    if not visible(value):
        empty = f"'{where}' must be a non-empty text in quotes"
        hidden = sorted({escape(char) for char in value if is_hidden(char)})
        if hidden:
            empty += f": nothing of it shows (it holds only {' '.join(hidden[:5])})"
        return empty
    limit = limit_of(where)
    if len(value) > limit:
        return f"'{where}' is too long: {len(value)} characters, at most {limit}"
    paragraphs = where in PARAGRAPHS
    for index, char in enumerate(value):
        plain = char.isprintable() or (char == "\t" and where not in NO_TABS)
        if not (char.isascii() and plain):
            problem = _char_problem(value, index, where, paragraphs=paragraphs)
            if problem:
                return problem
    return None


def _char_problem(value: str, index: int, where: str, *, paragraphs: bool) -> str | None:
    """What is wrong with the character at ``index`` of ``value``, or ``None``."""
    char, at = value[index], f"at character {index + 1}"
    shown = escape(char)
    category = unicodedata.category(char)
    if char == "\n" or category in ("Zl", "Zp"):  # the others are control characters too
        if paragraphs and char == "\n":
            return None
        if paragraphs:
            return (
                f"'{where}' may break its lines only with a newline: "
                f"it holds a line break ({shown}) {at}"
            )
        return f"'{where}' must be one line: it holds a line break ({shown}) {at}"
    if category == "Cc":
        return (
            f"'{where}' holds a control character ({shown}, an escape sequence or the like) "
            f"{at}; write plain text"
        )
    if is_hidden(char):
        name = unicodedata.name(char, "")
        named = f"{shown} {name}" if name else shown
        return f"'{where}' holds an invisible character ({named}) {at}; write plain text"
    if is_mark(char) and excess_mark(value, index):
        return (
            f"'{where}' holds a combining mark ({shown}) {at} with no letter under it, or more "
            f"than {MAX_MARKS} on one letter; write plain text"
        )
    return None
