"""The schema of the learner's database: its tables, the migrations that make them, the
version (``PRAGMA user_version``) and the mark that says a file is ours (``PRAGMA
application_id``).

``TABLES`` names each table's columns with what they may hold, so that rows read off the pages
of a damaged file (``tutor.store.pages``) are told apart and checked before they are written
into a fresh database (``tutor.store.recover``).

>>> import sqlite3
>>> connection = sqlite3.connect(":memory:", isolation_level=None)
>>> migrate(connection)
>>> connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
True
>>> fits("learn", ("cutthroat", 3)), fits("learn", ("cutthroat", "three"))
(True, False)
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "APPLICATION_ID",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "TABLES",
    "NewerDatabaseError",
    "fits",
    "migrate",
    "read_only_uri",
]

APPLICATION_ID = 0x446F6D54
"""``PRAGMA application_id`` of every learner's database: "DomT". A file at the database's
place with another id (or none, and tables that are not ours) is not written into."""

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

# What a column may hold: "key" is the INTEGER PRIMARY KEY (the rowid: NULL in the record),
# "text", "int", "real" (a real that is whole is stored as an integer), "?" also NULL.
TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    "meta": (("key", "text"), ("value", "text")),
    "cards": (
        ("id", "text"), ("topic", "text"), ("right", "int"), ("wrong", "int"), ("box", "int"),
        ("due", "real"), ("last", "real"),
    ),
    "learn": (("game", "text"), ("step", "int")),
    "answers": (
        ("n", "key"), ("card", "text"), ("topic", "text"), ("game", "text?"), ("right", "int"),
        ("hints", "int"), ("at", "real"),
    ),
    "games": (
        ("id", "text"), ("game", "text?"), ("seed", "int?"), ("deal", "text?"), ("saved", "real"),
        ("record", "text"), ("finished", "int"),
    ),
    "graded_plays": (
        ("game_id", "text"), ("number", "int"), ("seat", "int?"), ("play", "text?"),
        ("grade", "text?"), ("loss", "real?"),
    ),
    "ratings": (
        ("subject", "text"), ("rating", "real"), ("rd", "real"), ("vol", "real"),
        ("games", "int"), ("updated", "real"),
    ),
    "rating_history": (
        ("n", "key"), ("subject", "text"), ("at", "real"), ("rating", "real"), ("rd", "real"),
    ),
}
"""The tables a damaged file's rows are recovered into, in the order they are written (a
graded play after its game). The library's index is left out: it is made again from the files."""
ADDED_LATER = {"games": 1}
"""Columns at the end of a table that older rows do not hold (``ALTER TABLE ... ADD COLUMN``
leaves them out of the record: their default applies)."""


class NewerDatabaseError(sqlite3.DatabaseError):
    """A database written by a newer domino-tutor (a schema version this one does not know)."""


def fits(table: str, values: Sequence[object]) -> bool:
    """True when ``values`` (a row as its record holds it) can be a row of ``table``."""
    columns = TABLES[table]
    if not len(columns) - ADDED_LATER.get(table, 0) <= len(values) <= len(columns):
        return False
    for (_, kind), value in zip(columns, values, strict=False):
        if value is None:
            if kind == "key" or kind.endswith("?"):
                continue
            return False
        base = kind.rstrip("?")
        if base == "key" or (base == "text" and not isinstance(value, str)):
            return False
        if base == "int" and not isinstance(value, int):
            return False
        if base == "real" and not isinstance(value, (int, float)):
            return False
    return True


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the database on ``connection`` (in autocommit mode) to ``SCHEMA_VERSION``, in one
    transaction; ``NewerDatabaseError`` for a newer one. A database made or migrated here gets
    the ``APPLICATION_ID``."""
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
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


def read_only_uri(path: Path) -> str:
    """The URI that opens ``path`` read-only (nothing is ever written into it).

    >>> read_only_uri(Path("/data/a b?.sqlite3"))
    'file:/data/a%20b%3F.sqlite3?mode=ro'
    """
    return f"file:{urllib.parse.quote(str(Path(path).absolute()))}?mode=ro"
