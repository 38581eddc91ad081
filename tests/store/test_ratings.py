"""The ratings in the learner's database: the current rating of each subject, the learner's
history by day, the puzzles' ratings apart."""

from __future__ import annotations

from pathlib import Path

from tutor.store.database import Database
from tutor.store.ratings import (
    GAME,
    PUZZLE,
    TOPIC,
    course,
    learner_ratings,
    puzzle_ratings,
    read_rating,
    write_rating,
)

DAY = 86400.0


def test_a_rating_is_kept_counted_and_its_course_is_the_last_of_each_day(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    assert read_rating(db, GAME + "cutthroat") is None
    with db.write():
        write_rating(db, GAME + "cutthroat", (1510.0, 400.0, 0.09), at=1 * DAY + 10)
        write_rating(db, GAME + "cutthroat", (1530.0, 350.0, 0.09), at=1 * DAY + 20)
        write_rating(db, TOPIC + "hard-ends", (1490.0, 400.0, 0.09), at=1 * DAY + 20)
        write_rating(db, PUZZLE + "t/a", (1470.0, 300.0, 0.08), at=1 * DAY + 20)
        write_rating(db, GAME + "cutthroat", (1550.0, 300.0, 0.09), at=3 * DAY)
    assert read_rating(db, GAME + "cutthroat") == (1550.0, 300.0, 0.09)
    assert learner_ratings(db) == {
        "game:cutthroat": ((1550.0, 300.0, 0.09), 3),
        "topic:hard-ends": ((1490.0, 400.0, 0.09), 1),
    }, "the learner's, without the puzzles'"
    assert puzzle_ratings(db) == {"t/a": 1470.0}
    assert course(db, GAME + "cutthroat", 14) == [("1970-01-02", 1530.0), ("1970-01-04", 1550.0)]
    assert course(db, GAME + "cutthroat", 1) == [("1970-01-04", 1550.0)], "the last days"
    assert course(db, PUZZLE + "t/a", 14) == [], "a puzzle has no history"
    # For a learner twelve hours west of Greenwich those answers were given the day before.
    assert course(db, GAME + "cutthroat", 14, utc_offset=-DAY / 2)[0] == ("1970-01-01", 1530.0)
