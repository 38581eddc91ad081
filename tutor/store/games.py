"""The saved games in the learner's database: the ``games`` table keeps each record whole, as
JSON, with a few columns to list and find it by; ``graded_plays`` keeps its graded plays.

What a record holds is the game's business (``tutor.play.model.record``): here it is a JSON-able
dict, saved under its id, listed, found by the start of its id, and read back.

>>> import tempfile, pathlib
>>> from tutor.store.database import Database
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> game_id = save_game(db, {"game": "cutthroat", "seed": 7, "deal": "k3f9",
...                          "plays": [{"seat": 0, "play": "6-6", "grade": "best", "loss": 0.0}]})
>>> [(g.id == game_id, g.game, g.seed, g.deal, g.graded) for g in games(db)]
[(True, 'cutthroat', 7, 'k3f9', 1)]
>>> load_game(db, game_id)["plays"][0]["play"]
'6-6'
"""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.store.database import DamagedError, Database, StoreError, guarded

__all__ = [
    "GameSummary",
    "OpenGames",
    "find_games",
    "find_record",
    "games",
    "latest_unfinished",
    "load_game",
    "save_game",
    "unfinished",
]


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


@guarded
def save_game(db: Database, record: dict[str, Any], *, saved: float | None = None) -> str:
    """Keep a game record (a JSON-able dict) and return its id, in one transaction of its own.

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
    with db.write():
        db.connection.execute("DELETE FROM graded_plays WHERE game_id = ?", (game_id,))
        db.connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
        db.connection.execute(
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
        db.connection.executemany(
            "INSERT INTO graded_plays (game_id, number, seat, play, grade, loss) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, *row) for row in _graded_plays(record)],
        )
    return game_id


class OpenGames:
    """The learner's database held open while one game is played, for a save after every play.

    Opening the database for each save and closing it costs a checkpoint of the write-ahead log
    (the whole file synced to the disk: 15 to 20 ms); a save on the open connection is one short
    transaction (well under a millisecond), atomic all the same, and kept when the process is
    killed (SQLite's WAL, ``synchronous = NORMAL``: a crash of the machine may lose the last
    saves, never half of one). After a failed save the connection is opened afresh next time.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3"
    >>> with OpenGames(path) as kept:
    ...     kept.save({"id": "g1", "game": "cutthroat", "actions": []})
    ...     kept.save({"id": "g1", "game": "cutthroat", "actions": [1]})
    'g1'
    'g1'
    >>> load_game(Database(path), "g1")["actions"]
    [1]
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: Database | None = None

    def save(self, record: dict[str, Any]) -> str:
        """``save_game`` on the open database (opened at the first save)."""
        if self._db is None:
            self._db = Database(self.path)
        try:
            return save_game(self._db, record)
        except StoreError:
            self.close()
            raise

    def close(self) -> None:
        """Close the database (the next save opens it again)."""
        db, self._db = self._db, None
        if db is not None:
            with contextlib.suppress(StoreError):
                db.close()

    def __enter__(self) -> OpenGames:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@guarded
def games(db: Database) -> list[GameSummary]:
    """Every saved game, the newest first."""
    rows = db.connection.execute(
        "SELECT g.id, g.game, g.seed, g.deal, g.saved, "
        "(SELECT COUNT(*) FROM graded_plays p WHERE p.game_id = g.id), g.finished "
        "FROM games g ORDER BY g.saved DESC, g.rowid DESC"
    ).fetchall()
    return [
        GameSummary(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6]))
        for row in rows
    ]


@guarded
def latest_unfinished(db: Database) -> str | None:
    """The id of the most recently saved game that is not finished (None when all are)."""
    row = db.connection.execute(
        "SELECT id FROM games WHERE finished = 0 ORDER BY saved DESC, rowid DESC LIMIT 1"
    ).fetchone()
    return None if row is None else str(row[0])


@guarded
def unfinished(db: Database) -> list[str]:
    """The ids of the games that are not finished, the most recently saved first."""
    rows = db.connection.execute(
        "SELECT id FROM games WHERE finished = 0 ORDER BY saved DESC, rowid DESC"
    ).fetchall()
    return [str(row[0]) for row in rows]


@guarded
def find_games(db: Database, prefix: str) -> list[str]:
    """The ids of the saved games that begin with ``prefix`` (as a learner types an id)."""
    pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = db.connection.execute(
        "SELECT id FROM games WHERE id LIKE ? ESCAPE '\\' ORDER BY saved DESC", (pattern,)
    ).fetchall()
    return [str(row[0]) for row in rows]


@guarded
def load_game(db: Database, game_id: str) -> dict[str, Any]:
    """The record saved under ``game_id``; KeyError when there is none. A record that is not
    a JSON object was damaged on the disk: the database is recovered (without it) and the
    record looked for again."""
    row = db.connection.execute(
        "SELECT record FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        raise KeyError(game_id)
    try:
        record = json.loads(row[0])
    except (ValueError, RecursionError):
        record = None
    if not isinstance(record, dict):  # a page of it damaged: recovered without it
        raise DamagedError(f"the record of game {game_id} is not a JSON object")
    record.setdefault("id", game_id)
    return record


def find_record(db: Database, game_id: str) -> dict[str, Any] | None:
    """The record saved under ``game_id``, or None when there is none (``load_game``)."""
    try:
        return load_game(db, game_id)
    except KeyError:
        return None


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
