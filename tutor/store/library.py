"""The index of the puzzle library in the learner's database (the ``library`` table): for each
scenario file its modification time and size, and the id, game, topic and level read from its
head (all four None when the head cannot be read the quick way). What a head says and when a
file is read again is ``tutor.scenarios.index``'s business.

>>> import tempfile, pathlib
>>> from tutor.store.database import Database
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> update_library(db, [("/l/a.toml", "t/a", "cutthroat", "hard-ends", 2, 10, 99),
...                     ("/l/b.toml", None, None, None, None, 11, 5)], gone=[])
>>> update_library(db, [], gone=["/l/b.toml"])
>>> library_rows(db)
{'/l/a.toml': ('/l/a.toml', 10, 99, 't/a', 'cutthroat', 'hard-ends', 2)}
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.store.database import Database, guarded

__all__ = ["LibraryRow", "library_rows", "update_library"]

LibraryRow = tuple[str, int, int, str | None, str, str, int]
"""A file's row as ``library_rows`` gives it: path, mtime_ns, size, id, game, topic, level (id,
game, topic and level are all None when the head could not be read: test the id)."""


@guarded
def library_rows(db: Database) -> dict[str, LibraryRow]:
    """Every indexed file's row, by path."""
    # One pass, no copies: ten thousand files go through this at every start.
    return {
        row[0]: row
        for row in db.connection.execute(
            "SELECT path, mtime_ns, size, id, game, topic, level FROM library"
        )
    }


@guarded
def update_library(
    db: Database,
    changed: Iterable[tuple[str, str | None, str | None, str | None, int | None, int, int]],
    gone: Iterable[str],
) -> None:
    """Keep the rows of the files that changed (path, id, game, topic, level, mtime_ns, size)
    and forget the files that went away, in one transaction of its own."""
    with db.write():
        db.connection.executemany("INSERT OR REPLACE INTO library VALUES (?, ?, ?, ?, ?, ?, ?)",
                                  changed)
        db.connection.executemany("DELETE FROM library WHERE path = ?",
                                  [(name,) for name in gone])
