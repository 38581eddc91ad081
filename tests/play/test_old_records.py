"""The game files of earlier versions (``games/``): checked as any record before they are
brought in, the ones refused kept and named once, nothing in the database replaced."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tutor.play.app import review
from tutor.play.model.old_records import import_old_records
from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import saved_games, store_game, to_json
from tutor.play.model.session import Options
from tutor.store.database import Database
from tutor.store.games import find_games, load_game, save_game
from tutor.words.i18n import Speaker


def _record() -> dict[str, Any]:
    game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
    while not game.over:
        _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
    return to_json(game)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "domino-tutor"
    (folder / "games").mkdir(parents=True)
    return folder


def test_a_wrongly_typed_old_record_is_refused_at_import_and_named_once(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _record()
    (data / "games" / "good.json").write_text(json.dumps(good))
    (data / "games" / "words.json").write_text(json.dumps({**good, "hints": "many"}))
    (data / "games" / "deep.json").write_text("[" * 10_000 + "]" * 10_000)
    (data / "games" / "latin1.json").write_bytes(b'{"format": "domino-tutor-game\xff"}')
    (data / "games" / "huge.json").write_text(
        json.dumps({**good, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000)
    )
    assert review(None, Speaker("en"), io.StringIO()) == 0
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "5 game files" not in said
    assert "4 game files of an earlier version could not be brought in" in said
    for name in ("words.json", "deep.json", "latin1.json", "huge.json"):
        assert name in said
        assert (data / "games.migrated" / name).exists(), "kept, never deleted"
    games = saved_games(data / "learner.sqlite3")
    assert len(games) == 1
    # Named once: the next start has nothing more to say, and every kept game reads.
    assert review(None, Speaker("de"), io.StringIO()) == 0
    assert capsys.readouterr().err == ""
    assert review(games[0].id, Speaker("en"), io.StringIO()) == 0


def test_an_old_record_never_replaces_a_game_already_kept(data: Path) -> None:
    db = Database(data / "learner.sqlite3")
    good = _record()
    (data / "games" / "g.json").write_text(json.dumps(good))
    result = import_old_records(data, db)
    assert result.imported == 1 and not result.refused
    [game_id] = find_games(db, "")
    save_game(db, {**load_game(db, game_id), "hints": 7})  # played on since
    (data / "games").mkdir()  # an older tutor run again writes the same file again
    (data / "games" / "g.json").write_text(json.dumps(good))
    again = import_old_records(data, db)
    assert again.imported == 0 and load_game(db, game_id)["hints"] == 7
    assert again.kept_in is not None and again.kept_in.name.startswith("games.migrated-")


def test_review_id_of_a_wrongly_typed_row_gets_a_sentence(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row of the database with wrong types (written by hand, or an older bug) is refused
    by the schema in one sentence, exit 2, never a traceback."""
    database = data / "learner.sqlite3"
    store_game(PracticeGame(Options(players=2, level=1, seed=3), coach="off"), database, "g1")
    db = Database(database)
    save_game(db, {**load_game(db, "g1"), "actions": [{"hand": "one"}]})
    db.close()
    assert review("g1", Speaker("pap"), io.StringIO()) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "g1" in said and "actions[0].hand" in said
