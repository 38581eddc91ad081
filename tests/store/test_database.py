"""The learner's database: schema versions and migrations, WAL, two tutors at once, damaged
files, game records; and the migration of the old progress.json with nothing lost."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.progress import ProgressStore, default_store
from tutor.store.database import MIGRATIONS, SCHEMA_VERSION, Database, games, load_game, save_game

OLD_PROGRESS = {
    "version": 1,
    "cards": {
        "hard-ends/one": {"topic": "hard-ends", "right": 3, "wrong": 1, "box": 2,
                          "due": 1700000123.5, "last": 1700000003.25},
        "key-cards/two": {"topic": "key-cards", "right": 0, "wrong": 4, "box": 0,
                          "due": 1700000200.0, "last": 1700000200.0},
        "scoring/three": {"topic": "fives-and-threes-scoring", "right": 7, "wrong": 0, "box": 5,
                          "due": 1800000000.0, "last": 1700000999.0},
    },
    "learn": {"cutthroat": 3, "fives-and-threes": 1},
}


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
    assert "Your progress database could not be read" in captured.err
    assert "moved aside to" in captured.err and "Traceback" not in captured.err
    [aside] = path.parent.glob("learner.sqlite3.damaged-*")
    assert aside.read_bytes().startswith(b"this is not a database")
    assert Database(path).version == SCHEMA_VERSION
    assert main(["progress", "--lang", "de"]) == 0
    assert "Datenbank" not in capsys.readouterr().err, "the fresh one is read without a notice"


def test_progress_json_is_migrated_with_nothing_lost_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    legacy = tmp_path / "domino-tutor" / "progress.json"
    legacy.parent.mkdir()
    legacy.write_text(json.dumps(OLD_PROGRESS))
    store = default_store()
    assert store.moved_aside is None and store.unreadable is None
    assert store.to_json() == OLD_PROGRESS, "every card, every field, the learn path"
    backup = legacy.with_name("progress.json.migrated")
    assert not legacy.exists() and json.loads(backup.read_text()) == OLD_PROGRESS
    # Read again from the database alone; a new answer adds to the migrated card.
    again = default_store()
    assert again.to_json() == OLD_PROGRESS
    again.record("hard-ends/one", "hard-ends", right=True, now=1700001000.0)
    again.save()
    assert default_store().cards["hard-ends/one"].right == 4
    # A progress.json written later (an older tutor run again) is not migrated twice.
    legacy.write_text(json.dumps(OLD_PROGRESS))
    assert default_store().cards["hard-ends/one"].right == 4


def test_a_damaged_progress_json_still_gets_todays_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    legacy = tmp_path / "domino-tutor" / "progress.json"
    legacy.parent.mkdir()
    legacy.write_text('{"version": 1, "cards": {"a": {"topic": 3}}}')
    assert main(["progress", "--lang", "en"]) == 0
    assert "Your progress file could not be read" in capsys.readouterr().err
    [aside] = legacy.parent.glob("progress.json.corrupt-*")
    assert "topic" in aside.read_text()


WRITER = """
import sys, time
from pathlib import Path
from tutor.quiz.progress import ProgressStore
path, name, start = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
while time.time() < start:
    time.sleep(0.001)
store = ProgressStore(path)
for number in range(40):
    store.record("shared", "hard-ends", right=True)
    store.record(f"{name}-{number}", "key-cards", right=number % 2 == 0)
    store.learn[name] = number
    store.save()
"""


def test_two_tutors_writing_at_once_both_count(tmp_path: Path) -> None:
    import time

    path = tmp_path / "learner.sqlite3"
    start = time.time() + 1.0  # both open and write at the same moment
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(start)],
                         stderr=subprocess.PIPE, text=True)
        for name in ("one", "two")
    ]
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
    store = ProgressStore(path)
    assert store.cards["shared"].right == 80, "no answer of either tutor is lost"
    assert len(store.cards) == 81 and store.learn == {"one": 39, "two": 39}
    answers = store.db.connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert answers == 160
    assert store.db.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_game_records_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    record = {
        "rules": {"game": "fives-and-threes", "target": 61},
        "seed": 42,
        "deal": "x7q2",
        "plays": [
            {"seat": 0, "play": "5-5 left", "grade": "best", "loss": 0.0},
            {"seat": 1, "play": "pass"},
            {"seat": 0, "play": "6-4 right", "grade": "blunder", "loss": 0.34},
        ],
        "words": "Spiel gewönnen",
    }
    first = save_game(record, path)
    second = save_game({"game": "cutthroat", "seed": 1, "plays": []}, path)
    listed = games(path)
    assert [g.id for g in listed] == [second, first], "the newest first"
    assert (listed[1].game, listed[1].seed, listed[1].deal, listed[1].graded) == (
        "fives-and-threes", 42, "x7q2", 2
    )
    loaded = load_game(first, path)
    assert loaded == {**record, "id": first}
    grades = Database(path).connection.execute(
        "SELECT number, grade, loss FROM graded_plays WHERE game_id = ? ORDER BY number", (first,)
    ).fetchall()
    assert grades == [(0, "best", 0.0), (2, "blunder", 0.34)]
    # Saving a record with its id again replaces it (a resumed game saved at its end).
    save_game({**loaded, "plays": loaded["plays"][:1]}, path)
    assert len(games(path)) == 2 and games(path)[0].graded == 1
    with pytest.raises(KeyError):
        load_game("no-such-game", path)


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
    assert again.database and again.moved_aside is not None and again.cards == {}
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
    assert "Fortschrittsdatenbank" in err and "Traceback" not in err


def test_one_game_exports_and_imports_as_json(tmp_path: Path) -> None:
    """A game's record goes from the database to a JSON file and back, the same; a file that
    is not a record says so (``RecordError``), naming the file, never a traceback."""
    from tutor.play.model.practice import PracticeGame
    from tutor.play.model.record import (
        RecordError,
        export_game,
        load_game,
        saved_game,
        store_game,
        to_json,
    )
    from tutor.play.model.session import Options

    game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
    while not game.over:
        _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
    path = tmp_path / "learner.sqlite3"
    store_game(game, path, "game3")
    export_game(saved_game(path, "game3"), tmp_path / "out" / "game.json")
    record = load_game(tmp_path / "out" / "game.json")
    assert to_json(record) == to_json(saved_game(path, "game3")) == to_json(game)
    other = tmp_path / "other.sqlite3"
    store_game(record, other, "game3")
    assert to_json(saved_game(other, "game3")) == to_json(record)
    problems = {"": "not-json", "{": "not-json", "[1]": "not-a-record", "\xff": "unreadable"}
    for text, problem in problems.items():
        (tmp_path / "bad.json").write_text(text, encoding="latin-1")
        with pytest.raises(RecordError) as caught:
            load_game(tmp_path / "bad.json")
        assert caught.value.problem == problem
        assert problem == "not-a-record" or "bad.json" in caught.value.detail
    with pytest.raises(RecordError) as caught:
        load_game(tmp_path / "missing.json")
    assert caught.value.problem == "unreadable" and "missing.json" in caught.value.detail


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
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        Database(path)
    assert path.exists() and [p.name for p in tmp_path.iterdir()] == ["learner.sqlite3"]
