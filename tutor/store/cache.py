"""The index of scenario folders in the cache: what the quiz needs of each file, between starts.

A teacher's folder (``quiz --scenarios DIR``) and the puzzles made from the learner's mistakes are
indexed in ``$XDG_CACHE_HOME/domino-tutor/index.sqlite3`` (default ``~/.cache/domino-tutor``), not
in the learner's database: it is a cache, made again from the files whenever it is lost. The
folders of one start are kept together, as one ``marshal`` blob under their absolute paths (read
in a few milliseconds, where ten thousand SQL rows took tens); in it each file's row is keyed by
its absolute path and holds its modification time and size, so a changed file is read again, and
its id, game, topic, level and the line of its id, or all five None when the file was found
broken (it is read again at each start, so that it is reported each time). What is
read and when is ``tutor.scenarios.folders``'s business.

Nothing here stops the quiz: a cache that cannot be opened or written (a read-only folder, a
damaged file) gives no rows and keeps none, and a damaged cache file is replaced by a new one.

>>> import tempfile, pathlib
>>> cache = IndexCache(pathlib.Path(tempfile.mkdtemp()) / "index.sqlite3")
>>> cache.keep("/l", {"/l/a.toml": ("/l/a.toml", 10, 99, "t/a", "cutthroat", "hard-ends", 2, 1),
...                   "/l/b.toml": ("/l/b.toml", 11, 5, None, None, None, None, None)})
>>> sorted(cache.rows_of("/l")), cache.rows_of("/m")
(['/l/a.toml', '/l/b.toml'], {})
>>> cache_dir({"XDG_CACHE_HOME": "/c"}).as_posix()
'/c/domino-tutor'
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from tutor.store.files import APP_FOLDER

__all__ = ["CacheRow", "IndexCache", "cache_dir", "default_cache"]

CacheRow = tuple[str, int, int, str | None, str | None, str | None, int | None, int | None]
"""A file's row: path, mtime_ns, size, id, game, topic, level, the id's line (the last five all
None for a broken file: test the id)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS folders (key TEXT PRIMARY KEY, rows BLOB NOT NULL) WITHOUT ROWID
"""
_VERSION = 2
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
                connection.execute("SELECT count(*) FROM folders LIMIT 1").fetchone()
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

    def rows_of(self, key: str) -> dict[str, CacheRow]:
        """The rows kept under ``key`` (the folders of one start), by path; none when unknown."""
        connection = self._connect()
        if connection is None:
            return {}
        try:
            found = connection.execute("SELECT rows FROM folders WHERE key = ?", (key,)).fetchone()
            rows = marshal.loads(found[0]) if found is not None else {}
        except (sqlite3.Error, ValueError, EOFError, TypeError):
            return {}
        return rows if isinstance(rows, dict) else {}

    def keep(self, key: str, rows: dict[str, CacheRow]) -> None:
        """Keep ``rows`` under ``key`` in place of what was there (nothing when the cache
        cannot be written)."""
        connection = self._connect()
        if connection is None:
            return
        with contextlib.suppress(sqlite3.Error, ValueError):
            connection.execute(
                "INSERT OR REPLACE INTO folders VALUES (?, ?)", (key, marshal.dumps(rows))
            )

    def files_of(self, topics: set[str]) -> list[tuple[str, str]]:
        """``(path, topic)`` of every file kept, under any key, whose topic is one of ``topics``
        (for naming a teacher's topics where no scenario is at hand: ``progress``)."""
        connection = self._connect()
        if connection is None:
            return []
        found = []
        try:
            for (blob,) in connection.execute("SELECT rows FROM folders"):
                rows = marshal.loads(blob)
                if not isinstance(rows, dict):
                    continue
                for row in rows.values():
                    if isinstance(row, tuple) and len(row) == 8 and row[5] in topics:
                        found.append((str(row[0]), str(row[5])))
        except (sqlite3.Error, ValueError, EOFError, TypeError):
            return found
        return found

    def close(self) -> None:
        """Close the file (a new use opens it again)."""
        if self._connection is not None:
            self._connection.close()
        self._connection, self._tried = None, False
