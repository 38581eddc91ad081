"""The learner's and the puzzles' Glicko-2 ratings kept in the learner's database
(``tutor.store.ratings``); the arithmetic is ``tutor.questions.ratings`` (the same in the web
page, ``tutor.web.ratings``).

>>> learner, puzzle = START, puzzle_start(3)
>>> won, beaten = rate(learner, puzzle, True)
>>> won.rating > learner.rating and beaten.rating < puzzle.rating
True
"""

from __future__ import annotations

from tutor.questions.ratings import (
    LEVEL_STEP,
    START,
    START_DEVIATION,
    START_VOLATILITY,
    Rating,
    expected,
    hint_weight,
    puzzle_start,
    rate,
    rate_reply,
)
from tutor.store.database import Database
from tutor.store.ratings import GAME, PUZZLE, TOPIC, read_rating, write_rating
from tutor.store.ratings import learner_ratings as store_ratings

__all__ = [
    "LEVEL_STEP",
    "START",
    "START_DEVIATION",
    "START_VOLATILITY",
    "Rating",
    "expected",
    "hint_weight",
    "learner_ratings",
    "puzzle_start",
    "rate",
    "rate_answer",
]

# --- kept in the learner's database (tutor.store.ratings) ----------------------------------------


def rate_answer(
    db: Database,
    *,
    puzzle_id: str,
    game: str,
    topic: str,
    level: int,
    solved: bool,
    hints: int,
    at: float,
) -> None:
    """Move the learner's ratings for the game and the topic and the puzzle's after one answer
    (inside the caller's transaction)."""

    subjects = (GAME + game, TOPIC + topic, PUZZLE + puzzle_id)
    kept = {subject: Rating(*row) for subject in subjects
            if (row := read_rating(db, subject)) is not None}
    moved = rate_reply(kept, puzzle_id=puzzle_id, game=game, topic=topic, level=level,
                       solved=solved, hints=hints)
    for subject in subjects:
        rating = moved[subject]
        write_rating(db, subject, (rating.rating, rating.rd, rating.vol), at=at)


def learner_ratings(db: Database) -> dict[str, tuple[Rating, int]]:
    """The learner's ratings by subject (``game:...`` and ``topic:...``) with their game counts."""
    return {subject: (Rating(*row), games) for subject, (row, games) in
            store_ratings(db).items()}
