"""The index of the puzzle library in the learner's database."""

from __future__ import annotations

from pathlib import Path

from tutor.store.database import Database
from tutor.store.library import library_rows, update_library


def test_rows_are_kept_replaced_and_forgotten(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    assert library_rows(db) == {}
    update_library(db, [("/l/a.toml", "t/a", "cutthroat", "hard-ends", 2, 10, 99),
                        ("/l/b.toml", None, None, None, None, 11, 5)], gone=[])
    update_library(db, [("/l/a.toml", "t/a", "cutthroat", "hard-ends", 3, 12, 98)],
                   gone=["/l/b.toml", "/l/never.toml"])
    assert library_rows(Database(tmp_path / "learner.sqlite3")) == {
        "/l/a.toml": ("/l/a.toml", 12, 98, "t/a", "cutthroat", "hard-ends", 3)
    }
