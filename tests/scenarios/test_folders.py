"""A teacher's folder and the puzzle folder at scale: the index in the cache, bounded reads, a
limit on the file count, broken files reported at every start, ids used twice."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE
from tutor.quiz.app import QuizOptions, select
from tutor.quiz.progress import ProgressStore
from tutor.scenarios import folders
from tutor.scenarios.folders import folder_index, toml_files
from tutor.scenarios.model import ScenarioFileError
from tutor.store.cache import IndexCache
from tutor.store.files import SCENARIO_LIMIT
from tutor.words.i18n import Speaker


def write(folder: Path, name: str, scenario_id: str | None = None, *, text: str = BASE) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace('"test/base"', f'"{scenario_id or "t/" + path.stem}"'))
    return path


@pytest.fixture
def cache(tmp_path: Path) -> IndexCache:
    return IndexCache(tmp_path / "cache" / "index.sqlite3")


def test_unchanged_files_come_from_the_cache_and_a_changed_one_is_read(
    tmp_path: Path, cache: IndexCache
) -> None:
    library = tmp_path / "library"
    write(library, "a.toml")
    write(library, "deep/er/b.toml")
    first = folder_index([library], cache)
    assert [e.id for e in first.entries] == ["t/a", "t/b"] and first.read == 2
    again = folder_index([library], cache)
    assert again.entries == first.entries and again.read == 0, "nothing changed, nothing read"

    changed = write(library, "a.toml", "t/a2")
    os.utime(changed, ns=(10**18, 10**18))
    write(library, "c.toml")
    (library / "deep" / "er" / "b.toml").unlink()
    third = folder_index([library], cache)
    assert [e.id for e in third.entries] == ["t/a2", "t/c"] and third.read == 2
    assert sorted(cache.rows_of(str(library))) == [str(library / "a.toml"),
                                                      str(library / "c.toml")]


def test_a_broken_file_is_reported_at_every_start(tmp_path: Path, cache: IndexCache) -> None:
    library = tmp_path / "library"
    write(library, "a.toml")
    write(library, "b.toml", text=BASE.replace("level = 3", "level = 9"))
    kept: list[int] = []
    real = cache.keep
    cache.keep = lambda key, rows: kept.append(len(rows)) or real(key, rows)  # type: ignore[method-assign]
    for _ in range(3):
        found = folder_index([library], cache)
        assert [e.id for e in found.entries] == ["t/a"]
        assert [str(error) for error in found.broken] == [
            f"{library / 'b.toml'}:4: the level must be 1 (first lesson) to 5 (expert), not 9"
        ]
    assert kept == [2], "kept once: a file still broken is read again but changes nothing"


def test_two_files_with_one_id_keep_the_first_and_name_both(
    tmp_path: Path, cache: IndexCache
) -> None:
    library = tmp_path / "library"
    write(library, "a.toml", "t/same")
    write(library, "b.toml", "t/same")
    for _ in range(2):  # read, then from the cache
        found = folder_index([library], cache)
        assert [e.file for e in found.entries] == [str(library / "a.toml")]
        [(kept, dropped)] = found.duplicates
        assert (kept.file, dropped.file) == (str(library / "a.toml"), str(library / "b.toml"))
        assert found.lines[kept.file] == found.lines[dropped.file] == 1


def test_the_listing_stops_at_the_limit(tmp_path: Path, cache: IndexCache) -> None:
    library = tmp_path / "library"
    for number in range(5):
        write(library, f"{number}.toml")
    listed = list(toml_files(str(library), 3))
    assert len(listed) == 4, "one more than the limit: enough to know it was reached"
    found = folder_index([library], cache, limit=3)
    assert len(found.entries) == 3 and found.over == [str(library)] and found.read == 3
    assert len(cache.rows_of(str(library))) == 3
    whole = folder_index([library], cache, limit=5)
    assert len(whole.entries) == 5 and whole.over == [] and whole.read == 2


def test_fifos_large_files_and_link_loops_are_bounded(tmp_path: Path, cache: IndexCache) -> None:
    library = tmp_path / "library"
    write(library, "a.toml")
    os.mkfifo(library / "pipe.toml")  # read plainly, it would hang the quiz
    (library / "big.toml").write_text(BASE + "#" * (SCENARIO_LIMIT + 1))
    (library / "loop").symlink_to(library)  # a folder that holds itself
    found = folder_index([library], cache)
    assert [e.id for e in found.entries] == ["t/a"]
    refused = {
        Path(e.path).name: e.reason for e in found.broken if isinstance(e, ScenarioFileError)
    }
    assert refused == {"big.toml": "too-large", "pipe.toml": "not-a-file"}


def test_a_damaged_cache_is_made_again(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "index.sqlite3"
    path.parent.mkdir()
    path.write_bytes(b"not a database at all" * 100)
    library = tmp_path / "library"
    write(library, "a.toml")
    cache = IndexCache(path)
    assert [e.id for e in folder_index([library], cache).entries] == ["t/a"]
    cache.close()
    assert folder_index([library], IndexCache(path)).read == 0


def test_a_cache_that_cannot_be_written_reads_the_files(tmp_path: Path) -> None:
    library = tmp_path / "library"
    write(library, "a.toml")
    blocked = tmp_path / "file"
    blocked.write_text("")
    cache = IndexCache(blocked / "index.sqlite3")  # its folder is a file
    assert [e.id for e in folder_index([library], cache).entries] == ["t/a"]
    assert folder_index([library], cache).read == 1


def test_the_quiz_names_a_broken_file_and_a_duplicate(tmp_path: Path) -> None:
    library = tmp_path / "library"
    write(library, "a.toml", "t/same")
    write(library, "b.toml", "t/same")
    write(library, "c.toml", text=BASE.replace("level = 3", "level = 9"))
    store = ProgressStore(tmp_path / "learner.sqlite3")
    for _ in range(2):  # read, then from the cache: said each time
        err = io.StringIO()
        chosen = select(QuizOptions(paths=[str(library)], count=5), store, Speaker("en"), err)
        assert chosen is not None and [s.id for s in chosen] == ["t/same"]
        assert err.getvalue().splitlines() == [
            f"{library / 'c.toml'}:4: the level must be 1 (first lesson) to 5 (expert), not 9",
            f"{library / 'b.toml'}:1: the id 't/same' is already used by {library / 'a.toml'}:1; "
            "this file is left out.",
        ]


def test_the_quiz_says_when_the_limit_is_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = tmp_path / "library"
    for number in range(4):
        write(library, f"{number}.toml")
    monkeypatch.setattr(folders.folder_index, "__kwdefaults__", {"limit": 3})
    store = ProgressStore(tmp_path / "learner.sqlite3")
    err = io.StringIO()
    chosen = select(QuizOptions(paths=[str(library)], count=5), store, Speaker("de"), err)
    assert chosen is not None and len(chosen) == 3
    [line] = err.getvalue().splitlines()
    assert line.startswith(f"{library}: ") and " 3 " in line
