"""The learner's database: one SQLite file in the data directory for everything the tutor keeps
about a learner (progress cards, the learn path, answers, ratings, game records and their graded
plays, the index of the puzzle library).

The standard library's ``sqlite3`` in WAL mode with a busy timeout, so that two tutors running at
once wait for each other instead of failing or corrupting the file; every write is one
``BEGIN IMMEDIATE`` transaction. The schema (``tutor.store.schema``) carries a version
(``PRAGMA user_version``) and migrates forward step by step, and a mark that the file is ours
(``PRAGMA application_id``). Nothing is written into a file that is not ours: a file of another
application (or none, with tables that are not ours) is moved aside untouched, and so is a
newer domino-tutor's database; a database of ours from before the mark is adopted.

Damage (SQLite's ``DatabaseError``) found at the opening or by any statement later goes to one
path, ``recover``: the damaged file is kept beside the database, what can be read of it goes
into a fresh one (``tutor.store.recover``), and a ``Notice`` says what was kept
(``tutor.store.notices``); the statement that found it is then run again on the fresh one.

Every SQL statement of the tutor is in ``tutor.store``: this module opens the file;
``games``, ``cards``, ``ratings`` and ``library`` read and write their tables. What else goes
wrong reaches the rest of the tutor as a ``StoreError`` whose ``problem`` says what it is (a
read-only file, a folder where the file should be, ...) and ``where`` the place to mend.

>>> import tempfile, pathlib
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> db.version == SCHEMA_VERSION, db.moved_aside
(True, None)
>>> db.set_meta("greeting", "hello")
>>> db.get_meta("greeting")
'hello'
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, ParamSpec, TypeVar

from tutor.store import notices
from tutor.store.files import data_dir
from tutor.store.recover import move_aside, salvage
from tutor.store.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    TABLES,
    NewerDatabaseError,
    migrate,
    read_only_uri,
)

__all__ = [
    "BUSY_TIMEOUT",
    "DATABASE_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DamagedError",
    "Database",
    "NewerDatabaseError",
    "Problem",
    "StoreError",
    "default_path",
    "diagnose",
    "guarded",
    "is_busy",
    "is_damage",
]

BUSY_TIMEOUT = 10.0
"""Seconds a writer waits for another tutor's transaction before giving up."""

DATABASE_NAME = "learner.sqlite3"
SQLITE_MAGIC = b"SQLite format 3\x00"


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


def is_damage(error: BaseException) -> bool:
    """True when SQLite said the file is damaged or not a database (a constraint that failed,
    a busy file or a read-only one is not damage).

    >>> is_damage(sqlite3.DatabaseError("database disk image is malformed"))
    True
    >>> is_damage(sqlite3.IntegrityError("NOT NULL constraint failed: learn.step"))
    False
    >>> is_damage(sqlite3.OperationalError("Could not decode to UTF-8 column 'record'"))
    True
    """
    if not isinstance(error, sqlite3.DatabaseError) or isinstance(error, NewerDatabaseError):
        return False
    if isinstance(error, sqlite3.OperationalError):  # a text column that is not UTF-8
        return str(error).startswith("Could not decode to UTF-8")
    name = getattr(error, "sqlite_errorname", "") or ""
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
    if type(error) is not sqlite3.DatabaseError:
        return False
    return any(word in str(error) for word in ("malformed", "not a database", "corrupt"))


Problem = Literal[
    "busy", "read-only", "read-only-folder", "folder-is-a-file", "is-a-folder",
    "dangling-link", "no-folder", "full", "damaged", "unreachable",
]
"""What is wrong with the database's place: another tutor holds it too long (``busy``); the file
cannot be written (``read-only``) or the folder cannot (``read-only-folder``: SQLite writes its
log beside the file); a file where a folder of the path should be (``folder-is-a-file``); a
folder where the file should be (``is-a-folder``); a symbolic link to nothing
(``dangling-link``); a folder that is missing and cannot be made (``no-folder``); the disk is
full (``full``); damaged past recovering (``damaged``); anything else (``unreachable``: the
system's words in ``detail``)."""


class StoreError(Exception):
    """The learner's database cannot be read or written now; ``problem`` says why, ``where``
    the file or folder to mend, ``detail`` the system's or SQLite's words."""

    def __init__(
        self, message: str, problem: Problem = "unreachable", where: Path | None = None,
        detail: str = "",
    ) -> None:
        super().__init__(message)
        self.problem: Problem = problem
        self.where = where
        self.detail = detail or message


class DamagedError(StoreError):
    """The learner's database turned out damaged (a malformed page): ``Database.recover``
    keeps it aside and recovers what can be read."""

    def __init__(self, message: str, problem: Problem = "damaged", where: Path | None = None,
                 detail: str = "") -> None:
        super().__init__(message, problem, where, detail)


def diagnose(path: Path, error: BaseException) -> StoreError:
    """What is wrong with the database's place ``path``, after ``error`` (SQLite's or the
    system's) said it could not be opened or written.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "data").write_text("a file")
    6
    >>> found = diagnose(folder / "data" / "learner.sqlite3", OSError("unable to open"))
    >>> found.problem, found.where == folder / "data"
    ('folder-is-a-file', True)
    """
    path = Path(path)
    message = str(error)
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return StoreError(message, "folder-is-a-file", parent)
        if not parent.exists():
            break
    if path.is_symlink() and not path.exists():
        return StoreError(message, "dangling-link", path, os.readlink(path))
    if path.is_dir():
        return StoreError(message, "is-a-folder", path)
    if not path.parent.is_dir():
        existing = next((p for p in path.parents if p.is_dir()), path.parent)
        return StoreError(message, "no-folder", existing)
    if isinstance(error, sqlite3.Error) and is_busy(error):
        return StoreError(message, "busy", path)
    if "disk is full" in message or getattr(error, "errno", None) == errno.ENOSPC:
        return StoreError(message, "full", path.parent)
    denied = isinstance(error, PermissionError) or "readonly" in message or "read-only" in message
    if denied or "unable to open" in message:
        file_denied = not os.access(path, os.W_OK) or "readonly" in message
        if path.exists() and file_denied and os.access(path.parent, os.W_OK):
            return StoreError(message, "read-only", path)
        if not os.access(path.parent, os.W_OK) or denied:
            return StoreError(message, "read-only-folder", path.parent)
    detail = getattr(error, "strerror", None) or message
    return StoreError(message, "unreachable", path, detail)


def store_error(error: sqlite3.Error, path: Path | None = None) -> StoreError:
    """The store's error for one of SQLite's, with the same message (and, given the
    database's ``path``, what is wrong with it).

    >>> store_error(sqlite3.OperationalError("database is locked"))
    StoreError('database is locked')
    >>> store_error(sqlite3.DatabaseError("database disk image is malformed"))
    DamagedError('database disk image is malformed')
    """
    if is_damage(error):
        return DamagedError(str(error), where=path)
    if path is not None and not is_busy(error):
        return diagnose(path, error)
    return StoreError(str(error), "busy" if is_busy(error) else "unreachable", path)


@contextmanager
def translated(path: Path | None = None) -> Iterator[None]:
    """SQLite's errors inside raised as the store's (``store_error``)."""
    try:
        yield
    except sqlite3.Error as error:
        raise store_error(error, path) from error
    except UnicodeDecodeError as error:  # SQLite's words about a damaged schema, not UTF-8
        raise DamagedError("malformed database schema", where=path) from error


_P = ParamSpec("_P")
_R = TypeVar("_R")


def guarded(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` with SQLite's errors raised as the store's; every public function of the
    store that touches the database is guarded. Given a ``Database`` first, damage goes to
    ``Database.recover`` and the function runs once more on the fresh database (unless it runs
    inside a transaction: the transaction's owner runs it again, ``Database.transaction``)."""

    @functools.wraps(function)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        db = args[0] if args and isinstance(args[0], Database) else None
        path = None if db is None else db.path
        try:
            with translated(path):
                return function(*args, **kwargs)
        except DamagedError as error:
            if db is None or db.depth:
                raise
            db.recover(error)
        with translated(path):
            return function(*args, **kwargs)

    return run


class _NotOurs(Exception):
    """The file at the database's place is not a database of ours."""


class Database:
    """The learner's database at ``path``, opened (and created, migrated or recovered) at once.

    ``moved_aside`` is where a damaged, foreign or newer file was moved (None when all was
    well), ``other_version`` says it was a newer schema, ``reason`` what SQLite said, and
    ``notice`` what the learner is told of it (also posted to ``tutor.store.notices``).
    ``StoreError`` (with its ``problem``) when the database cannot be opened at all.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.moved_aside: Path | None = None
        self.reason: str | None = None
        self.other_version = False
        self.notice: notices.Notice | None = None
        self.depth = 0
        """Transactions open now (``write``): damage inside one is its owner's to retry."""
        try:
            self.connection = self._connect()
        except StoreError:
            raise
        except (sqlite3.Error, OSError) as error:
            raise diagnose(self.path, error) from error

    # --- opening ------------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        deadline = time.monotonic() + BUSY_TIMEOUT
        tries = 0
        while True:
            try:
                return self._open()
            except NewerDatabaseError as error:
                self.other_version = True
                self._set_aside("newer", "other-version", str(error))
            except _NotOurs:
                self._set_aside("not-ours", "not-ours", "not a database of domino-tutor")
            except sqlite3.OperationalError as error:
                # Busy or locked (another tutor is creating or migrating it; SQLite does not
                # always wait for that on its own), unreachable or read-only: not damaged, so
                # nothing is moved aside. A busy file is tried again, the rest is raised.
                if not is_busy(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
                continue
            except sqlite3.DatabaseError as error:
                if not is_damage(error):
                    raise
                self._salvage(str(error))
            except UnicodeDecodeError:  # SQLite's words about a damaged schema, not UTF-8
                self._salvage("malformed database schema")
            tries += 1
            if tries > 3:
                raise DamagedError("the database cannot be made afresh", where=self.path)

    def _open(self) -> sqlite3.Connection:
        for parent in reversed(self.path.parents):  # a file in the way: say so, make nothing
            if parent.exists() and not parent.is_dir():
                raise diagnose(self.path, NotADirectoryError(errno.ENOTDIR, "not a folder"))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        adopt = self._inspect()
        # Autocommit mode: every write below is its own explicit BEGIN IMMEDIATE ... COMMIT.
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            migrate(connection)
            if adopt:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        except BaseException:
            connection.close()
            raise
        return connection

    def _inspect(self) -> bool:
        """Look at the file before SQLite writes anything into it: True when it is a database of
        ours from before the application id (to be adopted); ``_NotOurs`` for another's file;
        ``sqlite3.DatabaseError`` for one that is not a database at all."""
        if self.path.is_symlink() and not self.path.exists():
            raise diagnose(self.path, FileNotFoundError(errno.ENOENT, "dangling link"))
        if self.path.is_dir():
            raise diagnose(self.path, IsADirectoryError(errno.EISDIR, "a folder"))
        try:
            with self.path.open("rb") as handle:
                header = handle.read(100)
        except FileNotFoundError:
            return False
        if not header:
            return True  # an empty file: SQLite makes a database of it
        if len(header) < 100 or header[:16] != SQLITE_MAGIC:
            raise sqlite3.DatabaseError("file is not a database")
        found = int.from_bytes(header[68:72], "big")
        if found == APPLICATION_ID:
            return False
        if found:
            raise _NotOurs
        look = sqlite3.connect(read_only_uri(self.path), uri=True)
        try:
            tables = {row[0] for row in look.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            found = look.execute("PRAGMA application_id").fetchone()[0]
        finally:
            look.close()
        if found == APPLICATION_ID:
            return False
        if found or (tables and not ({"cards", "games"} <= tables <= {*TABLES, "library"})):
            raise _NotOurs
        return True

    def _set_aside(self, kind: notices.Kind, why: str, reason: str) -> None:
        """Move a file that is not to be written into aside, untouched, and say so."""
        aside = move_aside(self.path, why)
        self._told(notices.Notice(kind, self.path, aside, reason=reason))

    def _salvage(self, reason: str) -> None:
        try:
            notice = salvage(self.path, reason)
        except FileNotFoundError:
            return  # another tutor moved it aside first
        self._told(notice)

    def _told(self, notice: notices.Notice) -> None:
        self.notice, self.moved_aside, self.reason = notice, notice.aside, notice.reason
        notices.post(notice)

    def recover(self, error: StoreError | sqlite3.DatabaseError) -> None:
        """Damage found after opening (a malformed page): keep the file aside, recover what can
        be read into a fresh one, and go on with that. ``moved_aside`` says where it went,
        ``reason`` is the error's message."""
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()
        self.depth = 0
        try:
            self._salvage(str(error))
            self.connection = self._connect()
        except StoreError:
            raise
        except (sqlite3.Error, OSError) as failure:
            raise diagnose(self.path, failure) from failure

    @property
    def version(self) -> int:
        """The schema version of the open database."""
        return _version(self)

    def close(self) -> None:
        """Close the connection (the object is unusable afterwards)."""
        with translated():
            self.connection.close()

    def check_writable(self) -> None:
        """``StoreError`` (``read-only``, ...) now when nothing could be written into the
        database later; a database busy with another tutor's write counts as writable."""
        connection = self.connection
        try:
            connection.execute("PRAGMA busy_timeout = 100")
            connection.execute("BEGIN IMMEDIATE")
            try:  # a write that changes nothing, rolled back: SQLite tries the file only then
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                connection.execute(f"PRAGMA user_version = {int(version)}")
            finally:
                connection.execute("ROLLBACK")
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise store_error(error, self.path) from error
        finally:
            with contextlib.suppress(sqlite3.Error):
                connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")

    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction: taken at once (other tutors wait), committed or rolled back.
        The store's functions that say they write "inside the caller's transaction" are called
        inside one; the others take their own. Damage inside is raised (``DamagedError``) for
        the owner: ``transaction`` recovers and runs the work again."""
        with translated(self.path):
            self.connection.execute("BEGIN IMMEDIATE")
            self.depth += 1
            try:
                yield
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self.connection.execute("ROLLBACK")
                raise
            finally:
                self.depth -= 1
            try:
                self.connection.execute("COMMIT")
            except sqlite3.Error:
                with contextlib.suppress(sqlite3.Error):
                    self.connection.execute("ROLLBACK")
                raise

    def transaction(self, work: Callable[[], _R]) -> _R:
        """``work()`` inside one write transaction; when the database turns out damaged, it is
        recovered (``recover``) and the work done once more on the fresh one."""
        try:
            with self.write():
                return work()
        except DamagedError as error:
            if self.depth:
                raise
            self.recover(error)
        with self.write():
            return work()

    def set_meta(self, key: str, value: str) -> None:
        """Set a value of the ``meta`` table (its own transaction)."""
        _set_meta(self, key, value)

    def get_meta(self, key: str) -> str | None:
        """A value of the ``meta`` table."""
        return _get_meta(self, key)


@guarded
def _version(db: Database) -> int:
    return int(db.connection.execute("PRAGMA user_version").fetchone()[0])


@guarded
def _set_meta(db: Database, key: str, value: str) -> None:
    with db.write():
        db.connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value)
        )


@guarded
def _get_meta(db: Database, key: str) -> str | None:
    row = db.connection.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def default_path() -> Path:
    """The learner's database in the data directory."""
    return data_dir() / DATABASE_NAME

