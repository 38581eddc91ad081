"""The learner's database: schema versions and migrations, WAL, damaged files, a busy file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.progress import ProgressStore
from tutor.store.database import MIGRATIONS, SCHEMA_VERSION, Database, StoreError
from tutor.store.schema import APPLICATION_ID


def test_a_fresh_database_has_the_schema_version_and_wal(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    assert db.version == SCHEMA_VERSION
    assert db.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.connection.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert db.moved_aside is None


def test_an_old_schema_is_migrated_forward_keeping_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(MIGRATIONS[0])
    old.execute("INSERT INTO cards (id, topic, right) VALUES ('a', 'hard-ends', 2)")
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    store = ProgressStore(path)
    assert store.db.version == SCHEMA_VERSION > 1
    assert store.cards["a"].right == 2
    tables = {row[0] for row in store.db.connection.execute("SELECT name FROM sqlite_master")}
    assert {"ratings", "library"} <= tables


def test_a_newer_database_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    newer = sqlite3.connect(path)
    newer.execute("CREATE TABLE future (x)")
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer tutor marks it ours
    newer.commit()
    newer.close()
    db = Database(path)
    assert db.other_version and db.moved_aside is not None
    assert sqlite3.connect(db.moved_aside).execute("PRAGMA user_version").fetchone()[0] == (
        SCHEMA_VERSION + 1
    )
    assert db.version == SCHEMA_VERSION


def test_a_damaged_database_gets_a_sentence_and_a_fresh_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "domino-tutor" / "learner.sqlite3"
    path.parent.mkdir()
    path.write_bytes(b"this is not a database, only some bytes" * 100)
    assert main(["progress", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    # Nothing in it was ever a table of ours: not a database of domino-tutor, kept untouched.
    assert "is not a database of domino-tutor" in captured.err
    assert "moved aside, untouched, to" in captured.err and "Traceback" not in captured.err
    [aside] = path.parent.glob("learner.sqlite3.damaged-*")
    assert aside.read_bytes().startswith(b"this is not a database")
    assert Database(path).version == SCHEMA_VERSION
    assert main(["progress", "--lang", "de"]) == 0
    assert "Datenbank" not in capsys.readouterr().err, "the fresh one is read without a notice"


def test_damage_found_after_opening_moves_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    store = ProgressStore(path)
    for number in range(3000):
        store.record(f"card-{number}", "hard-ends", right=True, now=1.0)
    store.save()
    root = store.db.connection.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'cards'"
    ).fetchone()[0]
    size = store.db.connection.execute("PRAGMA page_size").fetchone()[0]
    store.db.close()  # the last connection: the WAL goes into the file
    data = bytearray(path.read_bytes())
    data[(root - 1) * size : root * size] = b"\xa5" * size
    path.write_bytes(bytes(data))
    again = ProgressStore(path)
    assert again.database and again.moved_aside is not None
    # Only the tree's root page was damaged: every card sits on a whole leaf page and is
    # recovered, and so is every answer (another table).
    assert sorted(again.cards) == sorted(f"card-{number}" for number in range(3000))
    answers = again.db.connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert answers == 3000
    assert again.db.notice is not None and again.db.notice.answers == 3000
    assert "malformed" in (again.reason or "")
    assert again.moved_aside.read_bytes() == bytes(data)


def test_a_database_that_cannot_be_opened_gets_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "domino-tutor").write_text("a file where the folder should be")
    with pytest.raises(SystemExit) as stop:
        main(["progress", "--lang", "de"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    # What is wrong (a file where the data folder should be) and how to mend it, in German.
    assert "ist eine Datei, aber deine Daten liegen in einem Ordner" in err
    assert "XDG_DATA_HOME" in err and "Traceback" not in err


def test_a_busy_database_is_waited_for_never_moved_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tutors starting at once: SQLite can answer "database is locked" at once (while
    the other sets up WAL or migrates) without waiting. That is not damage: the learner's
    database was moved aside as "damaged" and a fresh one made (found by
    test_two_tutors_playing_at_once_both_keep_their_games on a loaded machine)."""
    path = tmp_path / "learner.sqlite3"
    store = ProgressStore(path)
    store.record("hard-ends/one", "hard-ends", right=True, now=1.0)
    store.save()
    store.db.close()
    real_open = Database._open
    busy = [2]

    def open_busy(self: Database) -> sqlite3.Connection:
        if busy[0]:
            busy[0] -= 1
            raise sqlite3.OperationalError("database is locked")
        return real_open(self)

    monkeypatch.setattr(Database, "_open", open_busy)
    again = ProgressStore(path)
    assert busy == [0], "tried again while busy"
    assert not again.database and again.moved_aside is None
    assert "hard-ends/one" in again.cards, "nothing lost"
    assert sorted(p.name for p in tmp_path.iterdir() if "damaged" in p.name) == []


def test_a_database_that_stays_busy_is_not_moved_aside_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "learner.sqlite3"
    Database(path).close()
    monkeypatch.setattr("tutor.store.database.BUSY_TIMEOUT", 0.2)

    def always_busy(self: Database) -> sqlite3.Connection:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(Database, "_open", always_busy)
    with pytest.raises(StoreError, match="locked") as caught:
        Database(path)
    assert isinstance(caught.value.__cause__, sqlite3.OperationalError)
    assert path.exists() and [p.name for p in tmp_path.iterdir()] == ["learner.sqlite3"]
