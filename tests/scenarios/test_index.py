"""The library index in the learner's database: refreshed when files change, and only then."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tutor.quiz.app import QuizOptions, select
from tutor.quiz.progress import ProgressStore
from tutor.scenarios import index
from tutor.scenarios.index import cached_index
from tutor.scenarios.library import ENV_LIBRARY
from tutor.store.database import Database
from tutor.words.i18n import Speaker

HEAD = 'id = "{id}"\ngame = "cutthroat"\ntopic = "hard-ends"\nlevel = {level}\n'


def write(folder: Path, name: str, level: int = 2, *, when: int | None = None) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD.format(id=f"t/{path.stem}", level=level))
    if when is not None:
        os.utime(path, ns=(when, when))
    return path


def test_the_index_follows_changes_and_reads_only_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = tmp_path / "library"
    write(library, "a.toml")
    write(library, "deep/er/b.toml", 3)
    db = Database(tmp_path / "learner.sqlite3")
    reads: list[Path] = []
    real = index.read_entry
    monkeypatch.setattr(index, "read_entry", lambda p: reads.append(p) or real(p))

    first = cached_index(db, [library])
    assert first is not None and [(e.id, e.level) for e in first] == [("t/a", 2), ("t/b", 3)]
    assert len(reads) == 2
    reads.clear()
    assert cached_index(db, [library]) == first and reads == [], "nothing changed, nothing read"

    write(library, "a.toml", 5, when=10**18)  # changed: a new level, another mtime
    write(library, "c.toml", 1)  # added
    (library / "deep" / "er" / "b.toml").unlink()  # gone
    again = cached_index(db, [library])
    assert again is not None and [(e.id, e.level) for e in again] == [("t/a", 5), ("t/c", 1)]
    assert sorted(p.name for p in reads) == ["a.toml", "c.toml"]
    assert db.connection.execute("SELECT COUNT(*) FROM library").fetchone()[0] == 2

    # A file whose head is not plain makes the quiz read the whole library, every time,
    # until it is plain again.
    (library / "odd.toml").write_text('id = "t/odd"\nlevel = "two"\n')
    assert cached_index(db, [library]) is None and cached_index(db, [library]) is None
    (library / "odd.toml").unlink()
    assert cached_index(db, [library]) is not None


def test_another_library_keeps_its_own_rows(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    write(tmp_path / "one", "a.toml")
    write(tmp_path / "two", "b.toml")
    cached_index(db, [tmp_path / "one"])
    cached_index(db, [tmp_path / "two"])
    assert db.connection.execute("SELECT COUNT(*) FROM library").fetchone()[0] == 2
    entries = cached_index(db, [tmp_path / "one"])
    assert entries is not None and [e.id for e in entries] == ["t/a"]


def test_the_quiz_chooses_from_the_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = Path(__file__).parents[1] / "quiz" / "scenarios"
    monkeypatch.setenv(ENV_LIBRARY, str(library))
    store = ProgressStore(tmp_path / "learner.sqlite3")
    chosen = select(QuizOptions(count=3, seed=1), store, Speaker("en"), io.StringIO())
    assert chosen is not None and {s.id for s in chosen} <= {"test/hard", "test/points",
                                                             "test/plays"}
    rows = store.db.connection.execute("SELECT id FROM library ORDER BY id").fetchall()
    assert [r[0] for r in rows] == ["test/hard", "test/plays", "test/points"], "indexed"
