"""The quiz's progress in the learner's database: one card per scenario (``cards``), every
answer (``answers``) and the step reached on each game's learn path (``learn``).

A card is its row here, ``(topic, right, wrong, box, due, last)``; what the numbers mean and how
an answer moves them is the quiz's business (``tutor.quiz.progress``).

>>> import tempfile, pathlib
>>> from tutor.store.database import Database
>>> db = Database(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> with db.write():
...     write_card(db, "hard-ends/one", ("hard-ends", 1, 0, 1, 160.0, 100.0))
...     write_answer(db, "hard-ends/one", "hard-ends", None, right=True, hints=0, at=100.0)
...     write_learn(db, [("cutthroat", 2)])
>>> read_cards(db), read_learn(db)
({'hard-ends/one': ('hard-ends', 1, 0, 1, 160.0, 100.0)}, {'cutthroat': 2})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from tutor.store.database import Database, guarded

__all__ = [
    "CardRow",
    "import_progress",
    "progress_imported",
    "read_answers",
    "read_card",
    "read_cards",
    "read_learn",
    "write_answer",
    "write_card",
    "write_learn",
]

CardRow = tuple[str, int, int, int, float, float]
"""A card's columns: topic, right, wrong, box, due, last."""

PROGRESS_JSON = "progress-json"
"""The ``meta`` key set once the old progress file is brought in (its value: the backup)."""


@guarded
def read_cards(db: Database) -> dict[str, CardRow]:
    """Every card, by scenario id."""
    rows = db.connection.execute(
        "SELECT id, topic, right, wrong, box, due, last FROM cards"
    ).fetchall()
    return {row[0]: tuple(row[1:]) for row in rows}


@guarded
def read_card(db: Database, card_id: str) -> CardRow | None:
    """One card as it is in the database now (None when the scenario was never answered)."""
    row = db.connection.execute(
        "SELECT topic, right, wrong, box, due, last FROM cards WHERE id = ?", (card_id,)
    ).fetchone()
    return None if row is None else tuple(row)


@guarded
def read_answers(db: Database) -> list[tuple[int, str, str, str | None, int, int, float]]:
    """Every answer kept, oldest first: number, card, topic, game, right, hints, time."""
    return [
        tuple(row)
        for row in db.connection.execute(
            "SELECT n, card, topic, game, right, hints, at FROM answers ORDER BY n"
        )
    ]


@guarded
def read_learn(db: Database) -> dict[str, int]:
    """The step reached on each game's learn path."""
    return dict(db.connection.execute("SELECT game, step FROM learn").fetchall())


@guarded
def write_card(db: Database, card_id: str, card: CardRow) -> None:
    """Keep a card (inside the caller's transaction)."""
    db.connection.execute(
        "INSERT OR REPLACE INTO cards (id, topic, right, wrong, box, due, last) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (card_id, *card),
    )


@guarded
def write_answer(
    db: Database, card_id: str, topic: str, game: str | None, *, right: bool, hints: int,
    at: float,
) -> None:
    """Keep one answer (inside the caller's transaction)."""
    db.connection.execute(
        "INSERT INTO answers (card, topic, game, right, hints, at) VALUES (?, ?, ?, ?, ?, ?)",
        (card_id, topic, game, int(right), hints, at),
    )


@guarded
def write_learn(db: Database, steps: Iterable[tuple[str, int]]) -> None:
    """Keep the step reached on the given games' learn paths (inside the caller's
    transaction)."""
    db.connection.executemany("INSERT OR REPLACE INTO learn (game, step) VALUES (?, ?)", steps)


def progress_imported(db: Database) -> bool:
    """True once the old progress file has been brought in."""
    return db.get_meta(PROGRESS_JSON) is not None


@guarded
def import_progress(
    db: Database, cards: Mapping[str, CardRow], learn: Mapping[str, int], backup: Path
) -> bool:
    """Bring the cards and learn path of an old progress file in, in one transaction of its
    own, and note that it is done (``backup``: where the file is kept). False when another
    tutor brought it in first (nothing is written then).

    What is brought in adds to what the database holds and replaces none of it: a card
    already there keeps its topic, box and due time and adds the old file's right and wrong
    answers; a learn path keeps the further of the two steps."""
    with db.write():
        if progress_imported(db):
            return False
        db.connection.executemany(
            "INSERT INTO cards (id, topic, right, wrong, box, due, last) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
            "right = right + excluded.right, wrong = wrong + excluded.wrong, "
            "last = max(last, excluded.last)",
            [(key, *card) for key, card in cards.items()],
        )
        db.connection.executemany(
            "INSERT INTO learn (game, step) VALUES (?, ?) "
            "ON CONFLICT (game) DO UPDATE SET step = max(step, excluded.step)",
            list(learn.items()),
        )
        db.connection.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?)", (PROGRESS_JSON, str(backup))
        )
    return True
