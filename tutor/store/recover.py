"""The one recovery path of the learner's database: whatever SQLite says is damaged (at the
opening or at any statement later) comes here.

``salvage`` moves the damaged file aside (with its write-ahead log), never deleting it
(``learner.sqlite3.damaged-YYYYMMDD-HHMMSS``), reads what can be read out of it, and writes
that into a fresh database at the old place. Reading is done twice and the two joined: SQLite
reads each table row by row as far as it can (stopping at the first malformed page), and
``tutor.store.pages`` reads every whole page of the file without SQLite (SQLite's ``.recover``
approach: rows under a damaged interior page, or after it, are found too). Each row is checked
against the schema (``schema.fits``) and a game's record must be JSON; what does not fit is
left out. A ``Notice`` says what was kept: how many answers and games were recovered.

>>> import tempfile
>>> from tutor.store.database import Database
>>> from tutor.store import notices
>>> path = Path(tempfile.mkdtemp()) / "learner.sqlite3"
>>> db = Database(path)
>>> with db.write():
...     _ = db.connection.execute(
...         "INSERT INTO answers (card, topic, right, at) VALUES ('a', 'hard-ends', 1, 5.0)")
>>> db.close()
>>> notice = salvage(path, "database disk image is malformed")
>>> notice.kind, notice.answers, notice.games, notice.aside.name[:24]
('recovered', 1, 0, 'learner.sqlite3.damaged-')
>>> Database(path).connection.execute("SELECT card, topic FROM answers").fetchall()
[('a', 'hard-ends')]
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from pathlib import Path

from tutor.store.notices import Kind, Notice
from tutor.store.pages import PageRow, read_rows
from tutor.store.schema import TABLES, fits, migrate, read_only_uri

__all__ = ["COMPANIONS", "move_aside", "rebuild", "recovered_rows", "salvage"]

COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database, moved with it."""
DEFAULTS = {("games", 6): 0}
"""The default of a column that older rows do not hold (see ``schema.ADDED_LATER``)."""
OURS = frozenset({"cards", "answers", "games"})
"""A file whose schema names one of these tables was ours."""

Key = tuple[object, ...]
Found = dict[str, dict[Key, tuple[object, ...]]]


def move_aside(path: Path, why: str) -> Path:
    """Move ``path`` and its companions to ``path.WHY-YYYYMMDD-HHMMSS`` (a number added when
    that is taken) and return the new place. ``OSError`` when it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{why}-{stamp}")
    number = 1
    while aside.exists() or aside.is_symlink():
        number += 1
        aside = path.with_name(f"{path.name}.{why}-{stamp}-{number}")
    os.replace(path, aside)
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        with contextlib.suppress(FileNotFoundError):
            os.replace(companion, aside.with_name(aside.name + suffix))
    return aside


def salvage(path: Path, reason: str) -> Notice:
    """Move the damaged database at ``path`` aside and recover what can be read of it into a
    fresh one at ``path``. The notice is ``recovered`` (with the counts), or ``not-ours`` when
    nothing in the file was ever a table of ours. ``OSError`` when the file cannot be moved
    (then nothing is changed) or the fresh one cannot be written."""
    aside = move_aside(path, "damaged")
    found, ours = recovered_rows(aside)
    kind: Kind = "recovered" if ours else "not-ours"
    written = rebuild(path, found)
    return Notice(kind, path, aside, written.get("answers", 0), written.get("games", 0), reason)


def recovered_rows(path: Path) -> tuple[Found, bool]:
    """The rows of each of our tables that can be read out of ``path`` (by key, SQLite's reading
    first, then the pages'), and whether the file was ours at all."""
    found: Found = {table: {} for table in TABLES}
    ours = _sql_rows(path, found)
    try:
        rows = read_rows(path)
    except (OSError, MemoryError):
        rows = []
    ours = ours or any(r.table in OURS for r in rows)
    ours = ours or any(r.table == "sqlite_master" and r.values[1] in OURS for r in rows)
    for row in rows:
        if row.table in TABLES:
            _keep(found, row.table, row.rowid, row.values)
    for table, page_rows in _orphans(rows).items():
        ours = True
        for row in page_rows:
            _keep(found, table, row.rowid, row.values)
    return found, ours


def _sql_rows(path: Path, found: Found) -> bool:
    """Each table read by SQLite, row by row, up to the first row it cannot read; True when the
    file's schema has a table of ours."""
    try:
        connection = sqlite3.connect(read_only_uri(path), uri=True)
    except (sqlite3.Error, UnicodeDecodeError):
        return False
    ours = False
    try:
        try:
            names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        except (sqlite3.Error, UnicodeDecodeError):
            names = set(TABLES)
        else:
            ours = bool(names & OURS)
        for table, columns in TABLES.items():
            if table not in names:
                continue
            query = f"SELECT rowid, {', '.join(name for name, _ in columns)} FROM {table}"
            try:
                for rowid, *values in connection.execute(query):
                    pairs = zip(columns, values, strict=True)
                    record = tuple(None if kind == "key" else v for (_, kind), v in pairs)
                    _keep(found, table, rowid, record)
            except (sqlite3.Error, UnicodeDecodeError):
                continue  # the rows after a damaged page come from the pages' reading
    finally:
        connection.close()
    return ours


def _keep(found: Found, table: str, rowid: int, values: tuple[object, ...]) -> None:
    """Keep a row read off the file (as its record holds it) when it fits and is new."""
    if not fits(table, values):
        return
    columns = TABLES[table]
    row = list(values) + [DEFAULTS.get((table, i)) for i in range(len(values), len(columns))]
    for i, (_, kind) in enumerate(columns):
        if kind == "key":
            row[i] = rowid
    if table == "games" and not _is_record(row[5]):
        return
    key: Key = (row[0], row[1]) if table == "graded_plays" else (row[0],)
    found[table].setdefault(key, tuple(row))


def _is_record(text: object) -> bool:
    try:
        return isinstance(text, str) and isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


def _orphans(rows: list[PageRow]) -> dict[str, list[PageRow]]:
    """The rows of the pages no tree reaches, by the one table all the rows of a page fit."""
    by_page: dict[int, list[PageRow]] = {}
    for row in rows:
        if row.table is None:
            by_page.setdefault(row.pages[0], []).append(row)
    tables: dict[str, list[PageRow]] = {}
    for page_rows in by_page.values():
        matches = [t for t in TABLES if all(fits(t, r.values) for r in page_rows)]
        if len(matches) == 1:
            tables.setdefault(matches[0], []).extend(page_rows)
    return tables


def rebuild(path: Path, found: Found) -> dict[str, int]:
    """A fresh database at ``path`` holding the rows ``found``; how many of each table went in.

    Made under a temporary name and linked into place only when nothing is there (another
    tutor may have made a fresh database meanwhile: the rows then go into that one)."""
    temp = path.with_name(f"{path.name}.recovering-{os.getpid()}")
    for suffix in ("", *COMPANIONS):
        Path(f"{temp}{suffix}").unlink(missing_ok=True)
    connection = sqlite3.connect(temp, isolation_level=None)
    try:
        # No journal and no syncing while it is made: a half-made file is never linked into
        # place; it is synced to the disk once, whole, before it is.
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        migrate(connection)
        written = _write(connection, found)
    finally:
        connection.close()
    with temp.open("rb+") as handle:
        os.fsync(handle.fileno())
    try:
        os.link(temp, path)
    except FileExistsError:
        written = _merge(path, temp)
    except OSError:  # a file system without hard links
        if path.exists():
            written = _merge(path, temp)
        else:
            os.replace(temp, path)
    temp.unlink(missing_ok=True)
    return written


def _write(connection: sqlite3.Connection, found: Found) -> dict[str, int]:
    written: dict[str, int] = {}
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("BEGIN IMMEDIATE")
    for table, rows in found.items():
        columns = ", ".join(name for name, _ in TABLES[table])
        marks = ", ".join("?" for _ in TABLES[table])
        count = 0
        for row in rows.values():
            try:
                cursor = connection.execute(
                    f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})", row
                )
            except (sqlite3.Error, OverflowError):
                continue
            count += max(cursor.rowcount, 0)
        written[table] = count
    connection.execute("COMMIT")
    return written


def _merge(path: Path, temp: Path) -> dict[str, int]:
    """The recovered rows of ``temp`` added to the database another tutor made at ``path``."""
    connection = sqlite3.connect(path, isolation_level=None, timeout=10.0)
    try:
        migrate(connection)
        connection.execute("ATTACH DATABASE ? AS recovered", (str(temp),))
        connection.execute("BEGIN IMMEDIATE")
        written = {}
        for table, columns in TABLES.items():
            names = ", ".join(name for name, _ in columns)
            cursor = connection.execute(
                f"INSERT OR IGNORE INTO main.{table} ({names}) "
                f"SELECT {names} FROM recovered.{table}"
            )
            written[table] = max(cursor.rowcount, 0)
        connection.execute("COMMIT")
        connection.execute("DETACH DATABASE recovered")
    finally:
        connection.close()
    return written

