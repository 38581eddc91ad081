"""The sentences for a file the tutor would not read, or read and found wrong: a game record
(``review FILE``, ``play --replay FILE``, a saved game), an old ``progress.json``, the old
``games/`` folder. Each is one sentence that names the file and, where it can, the line and
column or the field (``hints: expected a whole number, got "many"``).

What is wrong comes in no language from below (``tutor.store.files.FileRefused``,
``tutor.store.json_check``, ``tutor.play.model.record_schema.RecordError``): this module sees
it through the protocols here, and says it.

>>> from dataclasses import dataclass
>>> from tutor.words.i18n import Speaker
>>> @dataclass
... class Found:
...     kind: str
...     text: str = ""
>>> @dataclass
... class Field:
...     path: str
...     expected: str
...     found: Found
...     bound: str = ""
...     choices: tuple[str, ...] = ()
>>> field_text(Field("hints", "whole-number", Found("text", "many")), Speaker("en"))
'hints: expected a whole number, got "many"'
>>> field_text(Field("grades[0].loss", "finite", Found("nan")), Speaker("en"))
'grades[0].loss: expected a finite number, got NaN'
>>> size_text(300 * 1024 * 1024)
'300 MB'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from tutor.words.i18n import Speaker
from tutor.words.system import system_reason

__all__ = [
    "field_text",
    "found_text",
    "json_text",
    "old_games_sentence",
    "record_sentence",
    "refused_sentence",
    "size_text",
]


class FoundLike(Protocol):
    """What a field held (``tutor.store.json_check.Found``)."""

    kind: str
    text: str


class FieldLike(Protocol):
    """A field that does not match its schema (``tutor.store.json_check.FieldProblem``)."""

    path: str
    expected: str
    found: Any
    bound: str
    choices: tuple[str, ...]


def size_text(size: int) -> str:
    """A file size in the units a learner reads (MB from one megabyte, else KB)."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.0f} MB"
    return f"{max(1, round(size / 1024))} KB"


def refused_sentence(refused: Any, sp: Speaker) -> str:
    """A file ``read_limited`` would not read (``FileRefused``), in one sentence."""
    path = str(refused.path)
    if refused.reason == "missing":
        return sp._("domino-tutor: there is no file {path}.").format(path=path)
    if refused.reason == "not-a-file":
        return sp._(
            "domino-tutor: {path} is not a regular file (it is a folder, a device or a pipe), "
            "so it was not read."
        ).format(path=path)
    if refused.reason == "too-large":
        return sp._(
            "domino-tutor: {path} is {size}, more than the {limit} the tutor reads of such a "
            "file, so it was not read."
        ).format(path=path, size=size_text(refused.size), limit=size_text(refused.limit))
    return sp._("domino-tutor: cannot read {path}: {reason}.").format(
        path=path, reason=system_reason(refused.detail or None, sp)
    )


def _syntax(detail: str, sp: Speaker) -> str:
    """The JSON parser's words (Python's ``json``) in the learner's language."""
    known = {
        "Expecting value": sp._("a value was expected"),
        "Expecting ',' delimiter": sp._("a comma was expected"),
        "Expecting ':' delimiter": sp._("a colon was expected"),
        "Expecting property name enclosed in double quotes": sp._(
            "a field name in double quotes was expected"
        ),
        "Unterminated string starting at": sp._("a text in quotes is not closed"),
        "Invalid control character at": sp._("a text in quotes holds a control character"),
        "Extra data": sp._("more follows after the end of the JSON"),
        "Invalid \\escape": sp._("a text in quotes holds an invalid escape"),
        "Invalid \\uXXXX escape": sp._("a text in quotes holds an invalid escape"),
    }
    return known.get(detail, sp._("the JSON is not well formed"))


def json_text(problem: Any, sp: Speaker) -> str:
    """What is wrong with a file's JSON (``JsonProblem``), after the file's name."""
    where = {"line": problem.line, "column": problem.column}
    if problem.reason == "bom":
        return sp._(
            "it begins with a byte-order mark (BOM), which JSON does not allow: save it as "
            "UTF-8 without a BOM"
        )
    if problem.reason == "utf-16":
        return sp._("it is UTF-16 text, and JSON files are read as UTF-8: save it as UTF-8")
    if problem.reason == "not-utf8":
        return sp._(
            "it is not UTF-8 text: the byte {byte} at line {line}, column {column} is not UTF-8"
        ).format(byte=problem.detail, **where)
    if problem.reason == "too-many":
        return sp._(
            "it opens more than {limit} lists and objects, more than any such file holds"
        ).format(limit=problem.detail)
    if problem.reason == "too-deep":
        return sp._(
            "its lists and objects are nested more than {limit} deep (line {line}, column "
            "{column})"
        ).format(limit=problem.detail, **where)
    return sp._("it is not valid JSON: line {line}, column {column}: {what}").format(
        what=_syntax(problem.detail, sp), **where
    )


def found_text(found: FoundLike, sp: Speaker) -> str:
    """What a field held, as a message shows it."""
    kind, text = found.kind, found.text
    if kind == "text":
        return f'"{text}"'
    if kind in ("number", "bool"):
        return text
    if kind == "huge":
        digits = int(text)
        return sp.ngettext("a number of {n} digit", "a number of {n} digits", digits).format(
            n=digits
        )
    if kind == "nan":
        return "NaN"
    if kind == "infinite":
        return sp._("an infinite number")
    if kind == "null":
        return "null"
    if kind == "list":
        return sp._("a list")
    return sp._("an object")


def _expected(field: FieldLike, sp: Speaker) -> str:
    kind, bound = field.expected, field.bound
    texts = {
        "whole-number": sp._("expected a whole number, got {found}"),
        "number": sp._("expected a number, got {found}"),
        "true-false": sp._("expected true or false, got {found}"),
        "text": sp._("expected a text in quotes, got {found}"),
        "list": sp._("expected a list, got {found}"),
        "table": sp._("expected an object, got {found}"),
        "pair": sp._("expected a pair of a play and a number, got {found}"),
        "at-least": sp._("expected at least {bound}, got {found}"),
        "at-most": sp._("expected at most {bound}, got {found}"),
        "finite": sp._("expected a finite number, got {found}"),
        "missing": sp._("is missing"),
        "needed": sp._("is missing"),
        "too-short": sp._("has too few entries"),
        "form": sp._("is not of the right form, got {found}"),
        "play": sp._('expected a play such as "6-5 left", got {found}'),
        "tile": sp._('expected a tile such as "6-5", got {found}'),
        "wrong": sp._("does not match the seed (expected {bound}), got {found}"),
    }
    shown = found_text(field.found, sp)
    if kind == "one-of":
        choices = sp.join([f'"{choice}"' for choice in field.choices], "or")
        return sp._("expected one of {choices}, got {found}").format(
            choices=choices, found=shown
        )
    if kind == "too-long":
        if field.found.kind == "text":
            return sp._("is longer than {bound} characters").format(bound=bound)
        return sp._("has more than {bound} entries").format(bound=bound)
    if kind == "past-the-end":
        return sp._(
            "expected the index of one of the {count} actions (0 to {last}), got {found}"
        ).format(count=bound, last=int(bound) - 1, found=shown)
    if kind == "no-such-seat":
        return sp._("expected a seat of the table (0 to {last}), got {found}").format(
            last=int(bound) - 1, found=shown
        )
    text = texts.get(kind, sp._("is not valid, got {found}"))
    return text.format(bound=bound, found=shown)


def field_text(field: FieldLike, sp: Speaker) -> str:
    """A field at fault: its path, what was expected and what was found."""
    return f"{field.path}: {_expected(field, sp)}"


def _misfit(misfit: Any, sp: Speaker) -> str:
    why = getattr(misfit, "why", "")
    if why == "over":
        return sp._("the game is already over")
    if why == "turn":
        return sp._(
            "seat {seat} acts in hand {hand}, but it is seat {turn_seat}'s turn in hand "
            "{turn_hand}"
        ).format(seat=misfit.seat, hand=misfit.hand, turn_seat=misfit.turn_seat,
                 turn_hand=misfit.turn_hand)
    if why == "kind":
        return sp._('the record says "{kind}", but the rules give another action here').format(
            kind=misfit.kind
        )
    return sp._("{play} is not a legal play there").format(play=getattr(misfit, "play", "?"))


def record_sentence(error: Any, where: Path | str, sp: Speaker) -> str:
    """A game record that cannot be read or replayed (``RecordError``), in one sentence that
    names the file (or the saved game's id) and what is wrong with it."""
    path = str(where)
    problem = error.problem
    if problem == "refused":
        return refused_sentence(error.cause, sp)
    if problem == "not-json":
        return sp._("domino-tutor: {path} is not a game record: {why}.").format(
            path=path, why=json_text(error.cause, sp)
        )
    if problem == "not-a-record":
        return sp._("domino-tutor: {path} is not a game record of domino-tutor.").format(
            path=path
        )
    if problem == "newer":
        return sp._("domino-tutor: {path} was written by a newer version of domino-tutor.").format(
            path=path
        )
    if problem == "damaged" and error.field is not None:
        return sp._("domino-tutor: the game record {path} is damaged: {field}.").format(
            path=path, field=field_text(error.field, sp)
        )
    if problem == "does-not-replay" and error.index is not None:
        return sp._(
            "domino-tutor: the game record {path} does not replay by the rules: at "
            "actions[{index}], {why}."
        ).format(path=path, index=error.index, why=_misfit(error.why, sp))
    return sp._("domino-tutor: the game record {path} is damaged.").format(path=path)


def old_games_sentence(names: list[str], folder: Path, sp: Speaker) -> str:
    """The game files of an earlier version that were not brought in, named in one sentence."""
    text = sp.ngettext(
        "domino-tutor: {n} game file of an earlier version could not be brought in and is "
        "kept in {folder}: {names} (domino-tutor review FILE says what is wrong with it).",
        "domino-tutor: {n} game files of an earlier version could not be brought in and are "
        "kept in {folder}: {names} (domino-tutor review FILE says what is wrong with each).",
        len(names),
    )
    return text.format(n=len(names), folder=folder, names=", ".join(names))


def _refusal_text(refused: Any, sp: Speaker) -> str:
    if refused.reason == "not-a-file":
        return sp._("it is not a regular file (it is a folder, a device or a pipe)")
    if refused.reason == "too-large":
        return sp._("it is {size}, more than the {limit} the tutor reads of such a file").format(
            size=size_text(refused.size), limit=size_text(refused.limit)
        )
    return system_reason(refused.detail or None, sp)


NAMED = 5
"""The most cards an old progress file's sentence names (then "and N more")."""


def old_progress_lines(store: Any, sp: Speaker) -> list[str]:
    """What became of an old ``progress.json`` that could not be brought in whole, one
    sentence each (a ``ProgressStore``'s ``json_problem``, ``refused``, ``left_out``)."""
    lines = []
    aside = str(store.moved_aside)
    if store.json_problem is not None and store.moved_aside is not None:
        lines.append(
            sp._(
                "Your old progress file could not be read ({why}); it was kept as {path} and "
                "a new one started."
            ).format(why=json_text(store.json_problem, sp), path=aside)
        )
    if store.refused is not None and store.moved_aside is not None:
        lines.append(
            sp._(
                "Your old progress file was not read ({why}); it was kept as {path} and a new "
                "one started."
            ).format(why=_refusal_text(store.refused, sp), path=aside)
        )
    if store.left_out:
        names = [f'"{key}"' for key, _ in store.left_out[:NAMED]]
        more = len(store.left_out) - NAMED
        if more > 0:
            names.append(sp.ngettext("{n} more", "{n} more", more).format(n=more))
        text = sp.ngettext(
            "{n} entry of your old progress file could not be brought in: {names} "
            "({problem}); the file is kept whole as {path}.",
            "{n} entries of your old progress file could not be brought in: {names} "
            "({problem}); the file is kept whole as {path}.",
            len(store.left_out),
        )
        lines.append(
            text.format(
                n=len(store.left_out),
                names=sp.join(names),
                problem=field_text(store.left_out[0][1], sp),
                path=store.backup,
            )
        )
    return lines
