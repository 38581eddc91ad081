"""Sentences about scenario folders: a limit reached, an id used twice, validate's progress.

The caller passes paths and ids as they are and cleans the sentence for the terminal
(``tutor.terminal.clean``); ``where`` is a path, or ``path:line`` (``where_of``).

>>> from typing import Any

from tutor.words.i18n import Speaker
>>> en = Speaker("en")
>>> print(over_limit("lib", 50000, en))
lib: more than 50000 scenario files; only the first 50000 found are used.
>>> print(duplicate_id(where_of("b.toml", 1), "t/a", where_of("a.toml", 1), en))
b.toml:1: the id 't/a' is already used by a.toml:1
>>> print(duplicate_left_out(where_of("b.toml", 1), "t/a", where_of("a.toml", 1), en))
b.toml:1: the id 't/a' is already used by a.toml:1; this file is left out.
>>> print(checked(40, 10000, en))
Checked 40 of 10000 files
"""

from __future__ import annotations

import errno
from typing import Any

from tutor.words.i18n import Speaker
from tutor.words.system import system_reason

__all__ = [
    "checked",
    "duplicate_id",
    "duplicate_left_out",
    "over_limit",
    "scenario_error",
    "where_of",
]


def where_of(path: str, line: int | None) -> str:
    """``path:line``, or the path alone when the line is not known."""
    return f"{path}:{line}" if line else path


def over_limit(folder: str, limit: int, sp: Speaker) -> str:
    """The listing of ``folder`` stopped at the limit of files one start takes."""
    return sp.ngettext(
        "{folder}: more than {limit} scenario file; only the first {limit} found is used.",
        "{folder}: more than {limit} scenario files; only the first {limit} found are used.",
        limit,
    ).format(folder=folder, limit=limit)


def duplicate_id(where: str, scenario_id: str, first: str, sp: Speaker) -> str:
    """``validate``: a file whose id an earlier file already has."""
    return sp._("{where}: the id {id} is already used by {first}").format(
        where=where, id=repr(scenario_id), first=first
    )


def duplicate_left_out(where: str, scenario_id: str, first: str, sp: Speaker) -> str:
    """The quiz: a file whose id an earlier file already has, not asked."""
    return sp._("{where}: the id {id} is already used by {first}; this file is left out.").format(
        where=where, id=repr(scenario_id), first=first
    )


def checked(done: int, total: int, sp: Speaker) -> str:
    """``validate``'s progress on a terminal."""
    return sp.ngettext(
        "Checked {done} of {total} file", "Checked {done} of {total} files", total
    ).format(done=done, total=total)


def scenario_error(error: Any, sp: Speaker) -> str:
    """A scenario error (``tutor.scenarios.model.ScenarioError``) for the learner, ``where:
    problem``: a file that could not be read at all (a ``ScenarioFileError``: too large, not a
    regular file, missing or unreadable) is said in their language; the other problems are the
    scenario contract's sentences, for teachers, in English.

    >>> class Refused:
    ...     shown_path, line, reason, size, limit = "big.toml", None, "not-a-file", 0, 0
    ...     problem = "this is not a regular file (it is a folder, a device or a pipe), ..."
    >>> print(scenario_error(Refused(), Speaker("de")))  # doctest: +ELLIPSIS
    big.toml: das ist keine gewöhnliche Datei (sondern ein Ordner, ein Gerät oder eine ...
    """
    problem = str(error.problem)
    prefix = "cannot read the file"
    reason = getattr(error, "reason", "")
    if reason == "too-large":
        problem = sp._(
            "the file is {size} bytes, more than the {limit} bytes the tutor reads of a scenario "
            "file, so it was not read"
        ).format(size=error.size, limit=error.limit)
    elif reason == "not-a-file":
        problem = sp._(
            "this is not a regular file (it is a folder, a device or a pipe), so it was not read"
        )
    elif reason == "missing":  # the system's words would be English: said in the learner's
        problem = sp._("cannot read the file ({reason})").format(
            reason=system_reason(errno.ENOENT, sp)
        )
    elif reason and problem.startswith(prefix):
        detail = problem[len(prefix) :].strip(" ()")
        problem = sp._("cannot read the file ({reason})").format(
            reason=system_reason(detail, sp)
        )
    return f"{where_of(error.shown_path, error.line)}: {problem}"
