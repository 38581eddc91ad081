"""The index of scenario folders in the cache: what the quiz needs of each file, between starts.

A teacher's folder (``quiz --scenarios DIR``) and the puzzles made from the learner's mistakes are
indexed in ``$XDG_CACHE_HOME/domino-tutor/index.sqlite3`` (default ``~/.cache/domino-tutor``), not
in the learner's database: it is a cache, made again from the files whenever it is lost. Each row
is keyed by the file's absolute path and holds its modification time and size, so a changed file
is read again; its id, game, topic, level and the line of its id, or all five None when the file
was found broken (it is read again at each start, so that it is reported each time). What is
read and when is ``tutor.scenarios.folders``'s business.

Nothing here stops the quiz: a cache that cannot be opened or written (a read-only folder, a
damaged file) gives no rows and keeps none, and a damaged cache file is replaced by a new one.

>>> import tempfile, pathlib
>>> cache = IndexCache(pathlib.Path(tempfile.mkdtemp()) / "index.sqlite3")
>>> cache.update([("/l/a.toml", 10, 99, "t/a", "cutthroat", "hard-ends", 2, 1),
...               ("/l/b.toml", 11, 5, None, None, None, None, None),
...               ("/m/c.toml", 12, 5, "t/c", "cutthroat", "hard-ends", 1, 1)], gone=[])
>>> sorted(cache.rows_under("/l"))
['/l/a.toml', '/l/b.toml']
>>> cache.update([], gone=["/l/b.toml"])
>>> cache.rows_under("/l")
{'/l/a.toml': ('/l/a.toml', 10, 99, 't/a', 'cutthroat', 'hard-ends', 2, 1)}
>>> cache_dir({"XDG_CACHE_HOME": "/c"}).as_posix()
'/c/domino-tutor'
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path

from tutor.store.files import APP_FOLDER

__all__ = ["CacheRow", "IndexCache", "cache_dir", "default_cache"]

CacheRow = tuple[str, int, int, str | None, str | None, str | None, int | None, int | None]
"""A file's row: path, mtime_ns, size, id, game, topic, level, the id's line (the last five all
None for a broken file: test the id)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
    id TEXT, game TEXT, topic TEXT, level INTEGER, id_line INTEGER
) WITHOUT ROWID
"""
_VERSION = 1
"""The cache's ``user_version``: a cache of another version is made again."""


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/domino-tutor`` (default ``~/.cache/domino-tutor``)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / APP_FOLDER


def default_cache() -> IndexCache:
    """The index cache in the cache folder."""
    return IndexCache(cache_dir() / "index.sqlite3")


class IndexCache:
    """The index of scenario files in one SQLite file; opened on first use, never raising."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._tried = False

    def _connect(self) -> sqlite3.Connection | None:
        if self._tried:
            return self._connection
        self._tried = True
        for _ in range(2):  # a damaged or foreign file is removed and made again, once
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                connection = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
            except (OSError, sqlite3.Error):
                return None
            try:
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if version not in (0, _VERSION):
                    raise sqlite3.DatabaseError("another version of the cache")
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute(_SCHEMA)
                connection.execute(f"PRAGMA user_version = {_VERSION}")
                connection.execute("SELECT count(*) FROM files LIMIT 1").fetchone()
            except sqlite3.OperationalError:  # busy, read-only: no cache this time
                connection.close()
                return None
            except sqlite3.DatabaseError:  # not a database of ours: it is only a cache
                connection.close()
                for suffix in ("", "-wal", "-shm"):
                    with contextlib.suppress(OSError):
                        Path(f"{self.path}{suffix}").unlink()
                continue
            self._connection = connection
            return connection
        return None

    def rows_under(self, root: str) -> dict[str, CacheRow]:
        """The rows of the files at ``root`` (an absolute path) or below it, by path."""
        connection = self._connect()
        if connection is None:
            return {}
        below = root.rstrip(os.sep) + os.sep
        # A range on the key: the rows below ``root`` sort between "root/" and "root0".
        upper = below[:-1] + chr(ord(os.sep) + 1)
        try:
            return {
                row[0]: row
                for row in connection.execute(
                    "SELECT path, mtime_ns, size, id, game, topic, level, id_line FROM files "
                    "WHERE path = ? OR (path >= ? AND path < ?)",
                    (root, below, upper),
                )
            }
        except sqlite3.Error:
            return {}

    def update(self, changed: Iterable[CacheRow], gone: Iterable[str]) -> None:
        """Keep the rows of the files that changed and forget the files that went away, in one
        transaction; nothing is kept when the cache cannot be written."""
        connection = self._connect()
        if connection is None:
            return
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.executemany(
                    "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?)", changed
                )
                connection.executemany(
                    "DELETE FROM files WHERE path = ?", [(name,) for name in gone]
                )
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
        except sqlite3.Error:
            return

    def close(self) -> None:
        """Close the file (a new use opens it again)."""
        if self._connection is not None:
            self._connection.close()
        self._connection, self._tried = None, False
