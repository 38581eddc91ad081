"""The saved games in the learner's database: a record round-trips whole, with its graded plays
listed; one game goes out to a JSON file and back in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.store.database import Database
from tutor.store.games import games, load_game, save_game


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
    db = Database(path)
    first = save_game(db, record)
    second = save_game(db, {"game": "cutthroat", "seed": 1, "plays": []})
    listed = games(db)
    assert [g.id for g in listed] == [second, first], "the newest first"
    assert (listed[1].game, listed[1].seed, listed[1].deal, listed[1].graded) == (
        "fives-and-threes", 42, "x7q2", 2
    )
    loaded = load_game(db, first)
    assert loaded == {**record, "id": first}
    grades = db.connection.execute(
        "SELECT number, grade, loss FROM graded_plays WHERE game_id = ? ORDER BY number", (first,)
    ).fetchall()
    assert grades == [(0, "best", 0.0), (2, "blunder", 0.34)]
    # Saving a record with its id again replaces it (a resumed game saved at its end).
    save_game(db, {**loaded, "plays": loaded["plays"][:1]})
    assert len(games(db)) == 2 and games(db)[0].graded == 1
    with pytest.raises(KeyError):
        load_game(db, "no-such-game")


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
    from tutor.words.i18n import Speaker
    from tutor.words.records import record_sentence

    problems = {"": "not-json", "{": "not-json", "[1]": "not-a-record", "\xff": "not-json"}
    for text, problem in problems.items():
        (tmp_path / "bad.json").write_text(text, encoding="latin-1")
        with pytest.raises(RecordError) as caught:
            load_game(tmp_path / "bad.json")
        assert caught.value.problem == problem
        said = record_sentence(caught.value, tmp_path / "bad.json", Speaker("en"))
        assert "bad.json" in said and (problem != "not-json" or "line 1, column " in said)
    with pytest.raises(RecordError) as caught:
        load_game(tmp_path / "missing.json")
    assert caught.value.problem == "refused" and caught.value.cause.reason == "missing"
    said = record_sentence(caught.value, tmp_path / "missing.json", Speaker("en"))
    assert "missing.json" in said
