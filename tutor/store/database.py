"""The learner's database: one SQLite file in the data directory for everything the tutor keeps
about a learner (progress cards, the learn path, answers, ratings, game records and their graded
plays, the index of the puzzle library).

The standard library's ``sqlite3`` in WAL mode with a busy timeout, so that two tutors running at
once wait for each other instead of failing or corrupting the file; every write is one
``BEGIN IMMEDIATE`` transaction. The schema carries a version (``PRAGMA user_version``) and
migrates forward step by step; a file of a newer version, or one that is not a database, is moved
aside (never deleted) and a fresh one made, and the caller is told where it went.

>>> import tempfile, pathlib
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> db.version == SCHEMA_VERSION, db.moved_aside
(True, None)
>>> game_id = db.save_game({"game": "cutthroat", "seed": 7, "deal": "k3f9",
...                         "plays": [{"seat": 0, "play": "6-6", "grade": "best", "loss": 0.0}]})
>>> [(g.id == game_id, g.game, g.seed, g.deal, g.graded) for g in db.games()]
[(True, 'cutthroat', 7, 'k3f9', 1)]
>>> db.load_game(game_id)["plays"][0]["play"]
'6-6'
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


@dataclass(frozen=True)
class GameSummary:
    """One line of the list of saved games."""

    id: str
    game: str | None
    seed: int | None
    deal: str | None
    saved: float
    graded: int
    finished: bool = False


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
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                self.connection = self._open()
            except NewerDatabaseError as error:
                self.other_version = True
                self.connection = self._start_afresh(error)
            except sqlite3.OperationalError as error:
                # Busy or locked (another tutor is creating or migrating it; SQLite does not
                # always wait for that on its own), unreachable or read-only: not damaged, so
                # nothing is moved aside. A busy file is tried again, the rest is raised.
                if not is_busy(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
                continue
            except sqlite3.DatabaseError as error:
                self.connection = self._start_afresh(error)
            break

    # --- opening ------------------------------------------------------------------------------

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

    def _start_afresh(self, error: sqlite3.DatabaseError) -> sqlite3.Connection:
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

    def recover(self, error: sqlite3.DatabaseError) -> None:
        """Damage found after opening (a malformed page): move the file aside, start afresh."""
        self.connection.close()
        self.connection = self._start_afresh(error)

    @property
    def version(self) -> int:
        """The schema version of the open database."""
        return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        """Close the connection (the object is unusable afterwards)."""
        self.connection.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: taken at once (other tutors wait), committed or rolled back."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield self.connection
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def set_meta(self, key: str, value: str) -> None:
        """Set a value of the ``meta`` table (its own transaction)."""
        with self.write() as db:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def get_meta(self, key: str) -> str | None:
        """A value of the ``meta`` table."""
        row = self.connection.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    # --- game records ---------------------------------------------------------------------------

    def save_game(self, record: dict[str, Any], *, saved: float | None = None) -> str:
        """Keep a game record (a JSON-able dict) and return its id.

        The record is kept whole, as JSON. A few keys are also indexed when present: ``id``
        (kept when given: saving a record again replaces it; else a new one is made), ``game``
        (or ``rules["game"]``), ``seed``, ``deal`` (or ``deal_id``: the short deal id),
        ``finished``, and the graded plays: either ``plays``, a list whose dict entries with a
        ``grade`` are graded (``seat``, ``play``, ``grade``, ``loss``; the number is the entry's
        place in the list), or ``grades`` as ``domino-tutor play`` writes them (``action``:
        the number, ``played``, ``verdict``, ``loss``; the learner's seat, 0). ``saved`` is the
        time it was saved (default now; the list of games is ordered by it).
        """
        text = json.dumps(record, ensure_ascii=False, sort_keys=True)
        game_id = str(record.get("id") or uuid.uuid4().hex[:12])
        rules = record.get("rules")
        game = record.get("game") or (rules.get("game") if isinstance(rules, dict) else None)
        seed = record.get("seed")
        deal = record.get("deal", record.get("deal_id"))
        with self.write() as db:
            db.execute("DELETE FROM graded_plays WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            db.execute(
                "INSERT INTO games (id, game, seed, deal, saved, record, finished) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    None if game is None else str(game),
                    seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
                    None if deal is None else str(deal),
                    time.time() if saved is None else saved,
                    text,
                    1 if record.get("finished") is True else 0,
                ),
            )
            db.executemany(
                "INSERT INTO graded_plays (game_id, number, seat, play, grade, loss) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, *row) for row in _graded_plays(record)],
            )
        return game_id

    def games(self) -> list[GameSummary]:
        """Every saved game, the newest first."""
        rows = self.connection.execute(
            "SELECT g.id, g.game, g.seed, g.deal, g.saved, "
            "(SELECT COUNT(*) FROM graded_plays p WHERE p.game_id = g.id), g.finished "
            "FROM games g ORDER BY g.saved DESC, g.rowid DESC"
        ).fetchall()
        return [
            GameSummary(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6]))
            for row in rows
        ]

    def latest_unfinished(self) -> str | None:
        """The id of the most recently saved game that is not finished (None when all are)."""
        row = self.connection.execute(
            "SELECT id FROM games WHERE finished = 0 ORDER BY saved DESC, rowid DESC LIMIT 1"
        ).fetchone()
        return None if row is None else str(row[0])

    def find_games(self, prefix: str) -> list[str]:
        """The ids of the saved games that begin with ``prefix`` (as a learner types an id)."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self.connection.execute(
            "SELECT id FROM games WHERE id LIKE ? ESCAPE '\\' ORDER BY saved DESC", (pattern,)
        ).fetchall()
        return [str(row[0]) for row in rows]

    def load_game(self, game_id: str) -> dict[str, Any]:
        """The record saved under ``game_id``; KeyError when there is none."""
        row = self.connection.execute(
            "SELECT record FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise KeyError(game_id)
        record: dict[str, Any] = json.loads(row[0])
        record.setdefault("id", game_id)
        return record


def _graded_plays(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """``(number, seat, play, grade, loss)`` of each graded play a record names."""
    rows: dict[int, tuple[Any, ...]] = {}
    plays = record.get("plays")
    for number, play in enumerate(plays if isinstance(plays, list) else []):
        if isinstance(play, dict) and "grade" in play:
            text = None if play.get("play") is None else str(play["play"])
            rows[number] = (
                number, _scalar(play.get("seat")), text, str(play["grade"]),
                _scalar(play.get("loss")),
            )
    grades = record.get("grades")
    for entry in grades if isinstance(grades, list) else []:
        action = entry.get("action") if isinstance(entry, dict) else None
        if isinstance(action, int) and not isinstance(action, bool) and "verdict" in entry:
            text = None if entry.get("played") is None else str(entry["played"])
            rows[action] = (action, 0, text, str(entry["verdict"]), _scalar(entry.get("loss")))
    return [rows[number] for number in sorted(rows)]


def _scalar(value: Any) -> int | float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def default_path() -> Path:
    """The learner's database in the data directory."""
    return data_dir() / DATABASE_NAME


def save_game(record: dict[str, Any], path: Path | None = None) -> str:
    """Keep a game record in the learner's database (see ``Database.save_game``); its id."""
    db = Database(path or default_path())
    try:
        return db.save_game(record)
    finally:
        db.close()


def games(path: Path | None = None) -> list[GameSummary]:
    """The saved games, newest first (see ``Database.games``)."""
    db = Database(path or default_path())
    try:
        return db.games()
    finally:
        db.close()


def load_game(game_id: str, path: Path | None = None) -> dict[str, Any]:
    """One saved game's record (see ``Database.load_game``)."""
    db = Database(path or default_path())
    try:
        return db.load_game(game_id)
    finally:
        db.close()
