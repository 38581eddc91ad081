"""An old ``progress.json`` that time or a hostile hand damaged: no start crashes, what cannot
be brought in is kept and named once, what is brought in adds to the database."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.app import open_store
from tutor.quiz.progress import ProgressStore
from tutor.words.i18n import Speaker


@pytest.fixture
def legacy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "domino-tutor" / "progress.json"
    path.parent.mkdir()
    return path


DAMAGED = {
    "invalid UTF-8": (b'{"version": 1, "cards": {"a": {"topic": "hard\xff"}}}',
                      "the byte 0xff at line 1, column 46 is not UTF-8"),
    "deep nesting": (b'{"version": 1, "cards": ' + b"[" * 10_000 + b"]" * 10_000 + b"}",
                     "nested more than 64 deep"),
    "a byte-order mark": (b'\xef\xbb\xbf{"version": 1, "cards": {}}', "byte-order mark"),
    "cut off": (b'{"version": 1, "cards": {"a": {"topic"', "line 1, column 39"),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_progress_file_never_stops_a_start(
    case: str, legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw, expected = DAMAGED[case]
    legacy.write_bytes(raw)
    assert main(["progress", "--lang", "en"]) == 0
    said = capsys.readouterr().err
    assert expected in said and said.count("\n") == 1 and "Traceback" not in said
    [kept] = legacy.parent.glob("progress.json.damaged-*")
    assert re.fullmatch(r"progress\.json\.damaged-\d{8}-\d{6}", kept.name), "as the database"
    assert kept.read_bytes() == raw, "kept, never deleted"
    assert main(["progress", "--lang", "de"]) == 0
    assert capsys.readouterr().err == "", "named once"


def test_a_counter_too_large_for_sqlite_is_left_out_and_named(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy.write_text(json.dumps({
        "version": 1,
        "cards": {
            "a": {"topic": "hard-ends", "right": 10**30},
            "b": {"topic": "key-cards", "right": 2, "due": float("nan")},
            "c": {"topic": "key-cards", "right": 3},
        },
        "learn": {"cutthroat": 2**70, "fives-and-threes": 4},
    }))
    assert main(["progress", "--lang", "en"]) == 0
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "3 entries of your old progress file" in said
    assert '"a", "b", and "learn.cutthroat"' in said and "cards.a.right: expected at most" in said
    store = open_store(io.StringIO(), Speaker("en"))
    assert {k: c.right for k, c in store.cards.items()} == {"c": 3}
    assert store.learn == {"fives-and-threes": 4}
    assert (legacy.parent / "progress.json.migrated").exists()


def test_what_is_brought_in_adds_and_replaces_nothing(tmp_path: Path) -> None:
    database = tmp_path / "learner.sqlite3"
    store = ProgressStore(database)
    store.record("hard-ends/one", "hard-ends", right=True, now=1000.0)
    store.learn["cutthroat"] = 5
    store.save()
    legacy = tmp_path / "progress.json"
    legacy.write_text(json.dumps({
        "version": 1,
        "cards": {"hard-ends/one": {"topic": "old-topic", "right": 2, "wrong": 3, "box": 4},
                  "new/one": {"topic": "key-cards", "right": 1}},
        "learn": {"cutthroat": 2, "fives-and-threes": 3},
    }))
    again = ProgressStore(database, legacy=legacy)
    card = again.cards["hard-ends/one"]
    assert (card.topic, card.right, card.wrong, card.box) == ("hard-ends", 3, 3, 1)
    assert again.cards["new/one"].right == 1
    assert again.learn == {"cutthroat": 5, "fives-and-threes": 3}


def test_a_progress_file_that_is_a_pipe_or_too_large_is_not_read(
    legacy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(legacy)
    assert main(["progress", "--lang", "en"]) == 0
    said = capsys.readouterr().err
    assert "is not a regular file" in said and said.count("\n") == 1
    with legacy.open("wb") as handle:  # the pipe was moved aside: now a sparse 300 MB file
        handle.truncate(300 * 1024 * 1024)
    assert main(["progress", "--lang", "en"]) == 0
    assert "it is 300 MB, more than the 16 MB" in capsys.readouterr().err
