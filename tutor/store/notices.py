"""What the store has to tell the learner: a damaged database recovered, a file that is not ours
moved aside, a newer database kept. The store says nothing itself (it has no words): it posts a
``Notice`` here, and the command takes them (``take``) and says each in one sentence
(``tutor.words.store``), once.

>>> from pathlib import Path
>>> post(Notice("recovered", Path("learner.sqlite3"), Path("learner.sqlite3.damaged-1"), 3, 1))
>>> [(n.kind, n.answers, n.games) for n in take()], take()
([('recovered', 3, 1)], [])
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ["Kind", "Notice", "post", "take"]

Kind = Literal["recovered", "not-ours", "newer"]
"""``recovered``: the database was damaged; it is kept aside and what could be read is in a new
one (``answers`` and ``games`` say how many were recovered). ``not-ours``: the file at the
database's place is not a database of domino-tutor; it is kept aside, untouched, and a new one
made. ``newer``: a newer domino-tutor's database, kept aside, and a new one made."""


@dataclass(frozen=True)
class Notice:
    """One thing the store did to the learner's files that the learner should hear of."""

    kind: Kind
    path: Path
    """The database's place."""
    aside: Path
    """Where the file that was there is kept."""
    answers: int = 0
    games: int = 0
    reason: str = ""
    """SQLite's words, for the record (not for the learner)."""


_pending: list[Notice] = []


def post(notice: Notice) -> None:
    """Keep ``notice`` until a command takes it."""
    _pending.append(notice)


def take() -> list[Notice]:
    """The notices posted since the last ``take``, oldest first."""
    taken = list(_pending)
    _pending.clear()
    return taken
