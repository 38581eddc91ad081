"""The learner's database: one SQLite file in the data directory for everything the tutor keeps
about a learner (progress cards, the learn path, answers, ratings, game records and their graded
plays, the index of the puzzle library).

The standard library's ``sqlite3`` in WAL mode with a busy timeout, so that two tutors running at
once wait for each other instead of failing or corrupting the file; every write is one
``BEGIN IMMEDIATE`` transaction. The schema carries a version (``PRAGMA user_version``) and
migrates forward step by step; a file of a newer version, or one that is not a database, is moved
aside (never deleted) and a fresh one made, and the caller is told where it went.

Every SQL statement of the tutor is in ``tutor.store``: this module opens the file and keeps
its schema; ``games``, ``cards``, ``ratings`` and ``library`` read and write their tables. What
goes wrong in SQLite reaches the rest of the tutor as a ``StoreError`` (``DamagedError`` when the
file turned out damaged), with SQLite's words as its message.

>>> import tempfile, pathlib
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> db.version == SCHEMA_VERSION, db.moved_aside
(True, None)
>>> db.set_meta("greeting", "hello")
>>> db.get_meta("greeting")
'hello'
"""

from __future__ import annotations

import functools
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ParamSpec, TypeVar

from tutor.store.files import data_dir

BUSY_TIMEOUT = 10.0
"""Seconds a writer waits for another tutor's transaction before giving up."""

DATABASE_NAME = "learner.sqlite3"

MIGRATIONS: tuple[str, ...] = (
    # 1: progress cards, the learn path, every answer, game records and their graded plays.
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE cards (
        id TEXT PRIMARY KEY, topic TEXT NOT NULL,
        right INTEGER NOT NULL DEFAULT 0, wrong INTEGER NOT NULL DEFAULT 0,
        box INTEGER NOT NULL DEFAULT 0, due REAL NOT NULL DEFAULT 0, last REAL NOT NULL DEFAULT 0
    );
    CREATE TABLE learn (game TEXT PRIMARY KEY, step INTEGER NOT NULL);
    CREATE TABLE answers (
        n INTEGER PRIMARY KEY, card TEXT NOT NULL, topic TEXT NOT NULL, game TEXT,
        right INTEGER NOT NULL, hints INTEGER NOT NULL DEFAULT 0, at REAL NOT NULL
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY, game TEXT, seed INTEGER, deal TEXT, saved REAL NOT NULL,
        record TEXT NOT NULL
    );
    CREATE TABLE graded_plays (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, number INTEGER NOT NULL,
        seat INTEGER, play TEXT, grade TEXT, loss REAL, PRIMARY KEY (game_id, number)
    );
    """,
    # 2: Glicko-2 ratings of the learner (per game and per topic) and of each puzzle, and the
    # learner's ratings after each answer, for the course over recent days.
    """
    CREATE TABLE ratings (
        subject TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL DEFAULT 0
    );
    CREATE TABLE rating_history (
        n INTEGER PRIMARY KEY, subject TEXT NOT NULL, at REAL NOT NULL, rating REAL NOT NULL,
        rd REAL NOT NULL
    );
    CREATE INDEX rating_history_subject ON rating_history (subject, at);
    """,
    # 3: the index of the puzzle library (see tutor.scenarios.index).
    """
    CREATE TABLE library (
        path TEXT PRIMARY KEY, id TEXT, game TEXT, topic TEXT, level INTEGER,
        mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL
    );
    """,
    # 4: whether a saved game is finished (``play --resume`` takes the newest that is not).
    """
    ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_saved ON games (saved);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def is_busy(error: sqlite3.Error) -> bool:
    """True when SQLite said the file is busy or locked by another connection (try later).

    >>> is_busy(sqlite3.OperationalError("database is locked"))
    True
    >>> is_busy(sqlite3.OperationalError("unable to open database file"))
    False
    """
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return True
    return str(error).startswith(("database is locked", "database table is locked"))


class NewerDatabaseError(sqlite3.DatabaseError):
    """A database written by a newer domino-tutor (a schema version this one does not know)."""


class StoreError(Exception):
    """The learner's database cannot be read or written now: busy for longer than
    ``BUSY_TIMEOUT``, unreachable, read-only, full. The message is SQLite's."""


class DamagedError(StoreError):
    """The learner's database turned out damaged after it was opened (a malformed page):
    ``Database.recover`` moves it aside."""


def store_error(error: sqlite3.Error) -> StoreError:
    """The store's error for one of SQLite's, with the same message.

    >>> store_error(sqlite3.OperationalError("database is locked"))
    StoreError('database is locked')
    >>> store_error(sqlite3.DatabaseError("database disk image is malformed"))
    DamagedError('database disk image is malformed')
    """
    damaged = isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.OperationalError
    )
    return (DamagedError if damaged else StoreError)(str(error))


@contextmanager
def translated() -> Iterator[None]:
    """SQLite's errors inside raised as the store's (``store_error``)."""
    try:
        yield
    except sqlite3.Error as error:
        raise store_error(error) from error


_P = ParamSpec("_P")
_R = TypeVar("_R")


def guarded(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` with SQLite's errors raised as the store's (every public function of the
    store that touches the database is guarded)."""

    @functools.wraps(function)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with translated():
            return function(*args, **kwargs)

    return run


class Database:
    """The learner's database at ``path``, opened (and created or migrated) at once.

    ``moved_aside`` is where a damaged or newer file was moved (None when all was well),
    ``other_version`` says it was a newer schema, and ``reason`` what SQLite said.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.moved_aside: Path | None = None
        self.reason: str | None = None
        self.other_version = False
        with translated():
            self.connection = self._connect()

    # --- opening ------------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                return self._open()
            except NewerDatabaseError as error:
                self.other_version = True
                return self._start_afresh(error)
            except sqlite3.OperationalError as error:
                # Busy or locked (another tutor is creating or migrating it; SQLite does not
                # always wait for that on its own), unreachable or read-only: not damaged, so
                # nothing is moved aside. A busy file is tried again, the rest is raised.
                if not is_busy(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
            except sqlite3.DatabaseError as error:
                return self._start_afresh(error)

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: every write below is its own explicit BEGIN IMMEDIATE ... COMMIT.
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            self._migrate(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    def _migrate(self, connection: sqlite3.Connection) -> None:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return
        connection.execute("BEGIN IMMEDIATE")
        try:
            # Read again inside the lock: another tutor may have migrated meanwhile.
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise NewerDatabaseError(f"schema version {version}, newer than {SCHEMA_VERSION}")
            for number in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    def _start_afresh(self, error: Exception) -> sqlite3.Connection:
        """Move the unreadable file (and its WAL companions) aside and make a new one."""
        why = "other-version" if self.other_version else "damaged"
        aside = self.path.with_name(f"{self.path.name}.{why}-{int(time.time())}")
        self.reason = str(error)
        if self.path.exists():
            os.replace(self.path, aside)
            self.moved_aside = aside
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                os.replace(companion, aside.with_name(aside.name + suffix))
        return self._open()

    def recover(self, error: DamagedError) -> None:
        """Damage found after opening (a malformed page): move the file aside, start afresh.

        ``moved_aside`` says where it went, ``reason`` is the error's message."""
        with translated():
            self.connection.close()
            self.connection = self._start_afresh(error)

    @property
    def version(self) -> int:
        """The schema version of the open database."""
        with translated():
            return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        """Close the connection (the object is unusable afterwards)."""
        with translated():
            self.connection.close()

    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction: taken at once (other tutors wait), committed or rolled back.
        The store's functions that say they write "inside the caller's transaction" are called
        inside one; the others take their own."""
        with translated():
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self.connection.execute("ROLLBACK")
                raise
            self.connection.execute("COMMIT")

    def set_meta(self, key: str, value: str) -> None:
        """Set a value of the ``meta`` table (its own transaction)."""
        with self.write():
            self.connection.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value)
            )

    def get_meta(self, key: str) -> str | None:
        """A value of the ``meta`` table."""
        with translated():
            row = self.connection.execute(
                "SELECT value FROM meta WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else str(row[0])


def default_path() -> Path:
    """The learner's database in the data directory."""
    return data_dir() / DATABASE_NAME

