"""The sentences about the learner's own files: what the store did with a damaged or foreign
database (a ``tutor.store.notices.Notice``), and what is wrong with the database's place and
how to mend it (a ``tutor.store.database.StoreError``'s ``problem``). ``words`` does not import
the store: these take any object with the same fields.

>>> from pathlib import Path
>>> from types import SimpleNamespace
>>> from tutor.words.i18n import Speaker
>>> en = Speaker("en")
>>> notice = SimpleNamespace(kind="recovered", path=Path("/d/learner.sqlite3"),
...                          aside=Path("/d/learner.sqlite3.damaged-20261203-101500"),
...                          answers=12, games=1)
>>> print(notice_sentence(notice, en))  # doctest: +NORMALIZE_WHITESPACE
Your learning database /d/learner.sqlite3 was damaged: it is kept as
/d/learner.sqlite3.damaged-20261203-101500, and 12 answers and 1 saved game were recovered into a
new one.
>>> problem = SimpleNamespace(problem="read-only", where=Path("/d/learner.sqlite3"), detail="")
>>> path = Path("/d/learner.sqlite3")
>>> print(problem_sentence(problem, path, en))  # doctest: +NORMALIZE_WHITESPACE
domino-tutor: your learning database /d/learner.sqlite3 is read-only, so nothing can be saved
in it: make it writable (chmod u+w /d/learner.sqlite3) and start again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from tutor.words.i18n import Speaker
from tutor.words.system import system_reason

__all__ = ["not_saved_sentence", "notice_sentence", "problem_sentence"]


class NoticeLike(Protocol):
    """What the store did (``tutor.store.notices.Notice``)."""

    @property
    def kind(self) -> str: ...
    @property
    def path(self) -> Path: ...
    @property
    def aside(self) -> Path: ...
    @property
    def answers(self) -> int: ...
    @property
    def games(self) -> int: ...


class ProblemLike(Protocol):
    """What is wrong (``tutor.store.database.StoreError``)."""

    @property
    def problem(self) -> str: ...
    @property
    def where(self) -> Path | None: ...
    @property
    def detail(self) -> str: ...


def notice_sentence(notice: NoticeLike, sp: Speaker) -> str:
    """One sentence on what was done with the file at the database's place."""
    path, aside = str(notice.path), str(notice.aside)
    if notice.kind == "not-ours":
        return sp._(
            "{path} is not a database of domino-tutor: it was moved aside, untouched, to {aside}, "
            "and a new database was made."
        ).format(path=path, aside=aside)
    if notice.kind == "newer":
        return sp._(
            "Your learning database {path} was written by a newer domino-tutor: it is kept as "
            "{aside} for that version, and a new one was started."
        ).format(path=path, aside=aside)
    if not notice.answers and not notice.games:
        return sp._(
            "Your learning database {path} was damaged and nothing in it could be read: it is "
            "kept as {aside}, and a new one was started."
        ).format(path=path, aside=aside)
    answers = sp.ngettext("{n} answer", "{n} answers", notice.answers).format(n=notice.answers)
    games = sp.ngettext("{n} saved game", "{n} saved games", notice.games).format(n=notice.games)
    return sp._(
        "Your learning database {path} was damaged: it is kept as {aside}, and {answers} and "
        "{games} were recovered into a new one."
    ).format(path=path, aside=aside, answers=answers, games=games)


def problem_sentence(error: ProblemLike, path: Path, sp: Speaker) -> str:
    """One sentence on why the learner's database at ``path`` cannot be opened or written,
    and how to mend it."""
    where = str(error.where or path)
    texts = {
        "read-only": sp._(
            "domino-tutor: your learning database {path} is read-only, so nothing can be saved "
            "in it: make it writable (chmod u+w {path}) and start again."
        ),
        "read-only-folder": sp._(
            "domino-tutor: the folder {where} cannot be written, so your learning database "
            "cannot be saved: make the folder writable (chmod u+w {where}) and start again."
        ),
        "folder-is-a-file": sp._(
            "domino-tutor: {where} is a file, but your data are kept in a folder of that name: "
            "move the file away (or set XDG_DATA_HOME to another folder) and start again."
        ),
        "is-a-folder": sp._(
            "domino-tutor: {where} is a folder, but it should be your learning database: move "
            "the folder away and start again."
        ),
        "dangling-link": sp._(
            "domino-tutor: {where} is a link to {detail}, which does not exist: bring that file "
            "back, or remove the link to start a new database."
        ),
        "no-folder": sp._(
            "domino-tutor: the folder for your data cannot be made in {where}: make that folder "
            "writable, or set XDG_DATA_HOME to a folder you can write, and start again."
        ),
        "full": sp._(
            "domino-tutor: the disk is full, so your learning database {path} cannot be saved: "
            "free some space and start again."
        ),
        "busy": sp._(
            "domino-tutor: your learning database {path} is busy with another domino-tutor: "
            "wait a moment, or close the other one, and try again."
        ),
        "damaged": sp._(
            "domino-tutor: your learning database {path} is damaged and could not be recovered "
            "({detail})."
        ),
    }
    other = sp._("domino-tutor: your learning database {path} cannot be opened: {detail}.")
    text = texts.get(error.problem, other)
    return text.format(path=str(path), where=where, detail=system_reason(error.detail, sp))


def not_saved_sentence(sp: Speaker) -> str:
    """Said instead of "Game saved" when the game could not be kept."""
    return sp._("The game could not be saved (see above): it cannot be resumed.")
