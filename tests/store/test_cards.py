"""The quiz's cards in the learner's database: the old progress.json brought in once with
nothing lost, two tutors answering at once both counted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.progress import ProgressStore, default_store
from tutor.store.cards import (
    import_progress,
    progress_imported,
    read_card,
    read_cards,
    read_learn,
    write_answer,
    write_card,
    write_learn,
)
from tutor.store.database import Database, StoreError

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
    said = capsys.readouterr().err
    assert "1 entry of your old progress file could not be brought in" in said
    assert '"a" (cards.a.topic: expected a text in quotes, got 3)' in said
    [kept] = legacy.parent.glob("progress.json.migrated")
    assert "topic" in kept.read_text()


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


def test_cards_answers_and_the_learn_path_are_kept(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    assert read_cards(db) == {} and read_learn(db) == {} and read_card(db, "a") is None
    with db.write():
        write_card(db, "a", ("hard-ends", 1, 0, 1, 160.0, 100.0))
        write_card(db, "a", ("hard-ends", 1, 1, 0, 200.0, 200.0))
        write_answer(db, "a", "hard-ends", "cutthroat", right=False, hints=1, at=200.0)
        write_learn(db, [("cutthroat", 2), ("fives-and-threes", 1)])
    again = Database(tmp_path / "learner.sqlite3")
    assert read_card(again, "a") == ("hard-ends", 1, 1, 0, 200.0, 200.0)
    assert read_cards(again) == {"a": ("hard-ends", 1, 1, 0, 200.0, 200.0)}
    assert read_learn(again) == {"cutthroat": 2, "fives-and-threes": 1}
    rows = again.connection.execute("SELECT card, topic, game, right, hints, at FROM answers")
    assert rows.fetchall() == [("a", "hard-ends", "cutthroat", 0, 1, 200.0)]


def test_a_write_that_fails_is_rolled_back_whole(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    with pytest.raises(StoreError, match="NOT NULL"), db.write():
        write_card(db, "a", ("hard-ends", 1, 0, 1, 160.0, 100.0))
        db.connection.execute("INSERT INTO learn (game, step) VALUES ('cutthroat', NULL)")
    with pytest.raises(KeyError), db.write():
        write_card(db, "b", ("hard-ends", 1, 0, 1, 160.0, 100.0))
        raise KeyError("the quiz stopped half way")
    assert read_cards(db) == {} and read_learn(db) == {}


def test_the_old_progress_is_brought_in_once(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    card = ("hard-ends", 3, 1, 2, 5.0, 1.0)
    assert not progress_imported(db)
    assert import_progress(db, {"a": card}, {"cutthroat": 3}, tmp_path / "p.json.migrated")
    assert progress_imported(db) and read_cards(db) == {"a": card}
    assert not import_progress(db, {"b": card}, {}, tmp_path / "p.json.migrated")
    assert read_cards(db) == {"a": card} and read_learn(db) == {"cutthroat": 3}
    assert db.get_meta("progress-json") == str(tmp_path / "p.json.migrated")
