"""Sentences about scenario folders: a limit reached, a file refused, an id used twice, progress.

The caller passes paths and ids as they are and cleans the sentence for the terminal
(``tutor.terminal.clean``); ``where`` is a path, or ``path:line`` (``where_of``).

>>> from tutor.words.i18n import Speaker
>>> en = Speaker("en")
>>> print(over_limit("lib", 50000, en))
lib: more than 50000 scenario files; only the first 50000 found are used.
>>> print(duplicate_id(where_of("b.toml", 1), "t/a", where_of("a.toml", 1), en))
b.toml:1: the id 't/a' is already used by a.toml:1
>>> print(duplicate_left_out(where_of("b.toml", 1), "t/a", where_of("a.toml", 1), en))
b.toml:1: the id 't/a' is already used by a.toml:1; this file is left out.
>>> print(refused_text("big.toml", "too-large", en, size=300 * 1024, limit=256 * 1024))
big.toml: the file is larger than the limit of 256 KB (300 KB)
>>> print(checked(40, 10000, en))
Checked 40 of 10000 files
"""

from __future__ import annotations

from tutor.words.i18n import Speaker

__all__ = [
    "checked",
    "duplicate_id",
    "duplicate_left_out",
    "over_limit",
    "refused_text",
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


def _kilobytes(size: int) -> int:
    return -(-size // 1024)


def refused_text(
    path: str, reason: str, sp: Speaker, *, size: int = 0, limit: int = 0, detail: str = ""
) -> str:
    """Why a file was not read (``tutor.store.files.FileRefused``'s reason and figures)."""
    if reason == "too-large":
        problem = sp._("the file is larger than the limit of {limit} KB ({size} KB)").format(
            limit=_kilobytes(limit), size=_kilobytes(size)
        )
    elif reason == "not-a-file":
        problem = sp._("not a regular file (a folder, a pipe or a device), so it is not read")
    elif reason == "missing":
        problem = sp._("no such file")
    else:
        problem = sp._("cannot read the file ({reason})").format(reason=detail or reason)
    return f"{path}: {problem}"


def checked(done: int, total: int, sp: Speaker) -> str:
    """``validate``'s progress on a terminal."""
    return sp.ngettext(
        "Checked {done} of {total} file", "Checked {done} of {total} files", total
    ).format(done=done, total=total)
