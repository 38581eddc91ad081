"""The ratings in the learner's database: the ``ratings`` table holds the current Glicko-2
rating of each subject, ``rating_history`` the learner's ratings after each answer.

A subject is the learner in one game (``game:NAME``), the learner in one topic (``topic:NAME``)
or one puzzle (``puzzle:ID``); a rating is its row here, ``(rating, deviation, volatility)``.
How an answer moves them is the quiz's business (``tutor.quiz.ratings``).

>>> import tempfile, pathlib
>>> from tutor.store.database import Database
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> with db.write():
...     write_rating(db, GAME + "cutthroat", (1520.0, 480.0, 0.09), at=86400.0)
...     write_rating(db, PUZZLE + "t/a", (1480.0, 480.0, 0.09), at=86400.0)
>>> read_rating(db, GAME + "cutthroat"), read_rating(db, TOPIC + "hard-ends")
((1520.0, 480.0, 0.09), None)
>>> learner_ratings(db), puzzle_ratings(db), course(db, GAME + "cutthroat", 14)
({'game:cutthroat': ((1520.0, 480.0, 0.09), 1)}, {'t/a': 1480.0}, [('1970-01-02', 1520.0)])
>>> history(db, GAME + "cutthroat")
[(86400.0, 1520.0, 480.0)]
"""

from __future__ import annotations

from tutor.store.database import Database, guarded

__all__ = [
    "GAME",
    "PUZZLE",
    "TOPIC",
    "RatingRow",
    "course",
    "history",
    "learner_ratings",
    "puzzle_ratings",
    "read_rating",
    "write_rating",
]

GAME, TOPIC, PUZZLE = "game:", "topic:", "puzzle:"
"""Prefixes of a rating's subject: the learner per game, the learner per topic, a puzzle."""

RatingRow = tuple[float, float, float]
"""A rating's columns: rating, deviation (rd), volatility (vol)."""


@guarded
def read_rating(db: Database, subject: str) -> RatingRow | None:
    """The rating kept for ``subject`` (None when there is none yet)."""
    row = db.connection.execute(
        "SELECT rating, rd, vol FROM ratings WHERE subject = ?", (subject,)
    ).fetchone()
    return None if row is None else (row[0], row[1], row[2])


@guarded
def write_rating(db: Database, subject: str, rating: RatingRow, *, at: float) -> None:
    """Keep ``subject``'s new rating after one more game, and the learner's in the history
    (inside the caller's transaction)."""
    db.connection.execute(
        "INSERT INTO ratings (subject, rating, rd, vol, games, updated) VALUES (?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (subject) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
        "vol = excluded.vol, games = games + 1, updated = excluded.updated",
        (subject, *rating, at),
    )
    if not subject.startswith(PUZZLE):
        db.connection.execute(
            "INSERT INTO rating_history (subject, at, rating, rd) VALUES (?, ?, ?, ?)",
            (subject, at, rating[0], rating[1]),
        )


@guarded
def learner_ratings(db: Database) -> dict[str, tuple[RatingRow, int]]:
    """The learner's ratings by subject (``game:...`` and ``topic:...``) with their game counts."""
    rows = db.connection.execute(
        "SELECT subject, rating, rd, vol, games FROM ratings WHERE subject NOT LIKE 'puzzle:%' "
        "ORDER BY subject"
    ).fetchall()
    return {row[0]: ((row[1], row[2], row[3]), row[4]) for row in rows}


@guarded
def puzzle_ratings(db: Database) -> dict[str, float]:
    """The rating of every puzzle answered so far, by puzzle id."""
    rows = db.connection.execute(
        "SELECT substr(subject, ?), rating FROM ratings WHERE subject LIKE 'puzzle:%'",
        (len(PUZZLE) + 1,),
    ).fetchall()
    return dict(rows)


@guarded
def course(db: Database, subject: str, days: int, *, utc_offset: float = 0.0
           ) -> list[tuple[str, float]]:
    """The rating at the end of each of the last ``days`` days of practice (days with at least
    one answer), oldest first, as ``(YYYY-MM-DD, rating)``."""
    rows = db.connection.execute(
        "SELECT date(at + ?, 'unixepoch') AS day, rating FROM rating_history "
        "WHERE subject = ? AND n IN (SELECT MAX(n) FROM rating_history WHERE subject = ? "
        "GROUP BY date(at + ?, 'unixepoch')) ORDER BY day DESC LIMIT ?",
        (utc_offset, subject, subject, utc_offset, days),
    ).fetchall()
    return [(str(day), float(rating)) for day, rating in reversed(rows)]


@guarded
def history(db: Database, subject: str, limit: int = 200) -> list[tuple[float, float, float]]:
    """The learner's rating of ``subject`` after each of the last ``limit`` answers, oldest
    first, as ``(time, rating, deviation)``: the course with its uncertainty."""
    rows = db.connection.execute(
        "SELECT at, rating, rd FROM rating_history WHERE subject = ? ORDER BY n DESC LIMIT ?",
        (subject, limit),
    ).fetchall()
    return [(float(at), float(rating), float(rd)) for at, rating, rd in reversed(rows)]
