"""Fuzzing the learner's database: real databases made by the tutor's own code (answers with
ratings, saved games of real practice games, saved after every play), damaged in every way a
disk or a person damages them (random pages overwritten, a run of bytes smashed inside a page,
the file cut short, the header smashed, a foreign SQLite file in its place, with and without a
write-ahead log), then read by the tutor as a command would.

Every case asserts: no exception leaves the store (no traceback for the learner); a damaged
file is kept aside byte for byte; and every answer and every game whose pages (its leaf page
and its overflow pages) were not damaged is still there, exactly. The pages each row sits on
come from reading the undamaged file page by page (``tutor.store.pages``), which is first
checked to give exactly what SQLite gives. The cases are seeded (fixed, so a failure repeats)
and split into groups that run in parallel.
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import GameSaver
from tutor.play.model.session import Options
from tutor.quiz.progress import ProgressStore
from tutor.store import games as kept
from tutor.store import notices
from tutor.store.cards import read_answers
from tutor.store.database import Database, StoreError
from tutor.store.pages import read_rows
from tutor.store.schema import APPLICATION_ID

GROUPS = 16
CASES_PER_GROUP = 80
"""1,280 damaged databases in all (with the records' fuzzing, over 2,000 cases)."""
SEED = 20261203


@dataclass(frozen=True)
class Made:
    """A database as the tutor made it, and where each of its rows sits."""

    files: dict[str, bytes]
    """The database file and, for a tutor killed mid-game, its write-ahead log."""
    page_size: int
    answers: dict[int, tuple[object, ...]]
    games: dict[str, str]
    answer_pages: dict[int, frozenset[int]]
    game_pages: dict[str, frozenset[int]]


def _play(folder: Path, seed: int, plays: int, *, keep_open: bool) -> GameSaver | None:
    """Answers and games as the tutor keeps them; with ``keep_open`` the last game's database
    is left open (the caller copies the files as a kill would leave them)."""
    path = folder / "learner.sqlite3"
    store = ProgressStore(path)
    rng = random.Random(seed)
    for number in range(40):
        card = f"fuzz/{rng.randrange(25)}"
        store.record(card, rng.choice(["hard-ends", "passing", "blocked-boards"]),
                     right=rng.random() < 0.6, now=1000.0 + number, game="cutthroat",
                     level=1 + rng.randrange(5), hints=rng.randrange(2))
        if number % 7 == 6:
            store.save()
    store.save()
    store.db.close()
    saver: GameSaver | None = None
    for game_number in range(4):
        options = Options(game="cutthroat" if game_number % 2 else "fives-and-threes",
                          players=3 if game_number % 2 else 2, level=1, seed=seed + game_number)
        game = PracticeGame(options, coach="off")
        saver = GameSaver(path, f"game{seed}-{game_number}")
        for _ in range(plays):
            if game.over:
                break
            _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
            saver(game)  # after every play, as the game does
        if keep_open and game_number == 3:
            return saver  # killed mid-game: the last saves are in the write-ahead log
        saver.close()
    return None


@functools.cache
def made(kind: str) -> Made:
    """The database of one kind (``closed``: the tutor ended; ``killed``: it was killed with a
    game open, so the write-ahead log holds the latest saves)."""
    folder = Path(tempfile.mkdtemp(prefix=f"fuzz-{kind}-"))
    still_open = _play(folder, 7 if kind == "closed" else 11, 24, keep_open=kind == "killed")
    files = {name: (folder / name).read_bytes()
             for name in ("learner.sqlite3", "learner.sqlite3-wal") if (folder / name).exists()}
    if still_open is not None:
        still_open.close()
    assert ("learner.sqlite3-wal" in files) == (kind == "killed")
    copy = Path(tempfile.mkdtemp(prefix=f"fuzz-{kind}-copy-"))
    for name, data in files.items():
        (copy / name).write_bytes(data)
    rows = read_rows(copy / "learner.sqlite3")
    connection = sqlite3.connect(f"file:{copy / 'learner.sqlite3'}?mode=ro", uri=True)
    answers = {row[0]: tuple(row) for row in connection.execute(
        "SELECT n, card, topic, game, right, hints, at FROM answers")}
    games = dict(connection.execute("SELECT id, record FROM games").fetchall())
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    answer_pages = {r.rowid: frozenset(r.pages) for r in rows if r.table == "answers"}
    game_pages = {str(r.values[0]): frozenset(r.pages) for r in rows if r.table == "games"}
    # The oracle holds: read page by page, the undamaged file gives exactly what SQLite gives.
    assert set(answer_pages) == set(answers) and len(answers) == 40
    assert set(game_pages) == set(games) and len(games) == 4
    assert {str(r.values[0]): r.values[5] for r in rows if r.table == "games"} == games
    shutil.rmtree(folder)
    shutil.rmtree(copy)
    return Made(files, page_size, answers, games, answer_pages, game_pages)


def _damage(rng: random.Random, data: bytes, size: int) -> tuple[str, bytes, set[int]]:
    """A damaged copy of ``data`` and the pages it damaged (all of them: ``None``)."""
    pages = len(data) // size
    how = rng.choice(["pages", "pages", "bytes", "truncate", "header", "foreign"])
    damaged = bytearray(data)
    hit: set[int] = set()
    if how == "pages":
        for number in rng.sample(range(1, pages + 1), rng.randint(1, min(3, pages))):
            start = (number - 1) * size
            damaged[start : start + size] = rng.randbytes(size)
            hit.add(number)
    elif how == "bytes":
        number = rng.randrange(1, pages + 1)
        start = (number - 1) * size + rng.randrange(size - 16)
        length = rng.randint(1, min(64, number * size - start))
        damaged[start : start + length] = rng.randbytes(length)
        hit.add(number)
    elif how == "truncate":
        cut = rng.randrange(size, len(data))
        del damaged[cut:]
        hit.update(range(cut // size + 1, pages + 1))
    elif how == "header":
        damaged[:100] = rng.randbytes(100)
        hit.add(1)
    return how, bytes(damaged), hit


def _foreign(folder: Path, rng: random.Random) -> bytes:
    """Another application's SQLite file."""
    path = folder / "other.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.executemany("INSERT INTO notes (text) VALUES (?)",
                           [(rng.randbytes(20).hex(),) for _ in range(30)])
    if rng.random() < 0.5:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID + 1}")
    connection.commit()
    connection.close()
    data = path.read_bytes()
    path.unlink()
    return data


def _read_as_a_command_does(path: Path, rng: random.Random) -> None:
    """One of the commands' ways into the database, then a write (the quiz's next answer)."""
    way = rng.randrange(4)
    if way == 0:
        store = ProgressStore(path)
        store.practice_games()
        store.record("fuzz/new", "hard-ends", right=True, now=5000.0, game="cutthroat", level=2)
        store.save()
        store.db.close()
        return
    db = Database(path)
    try:
        if way == 1:
            for summary in kept.games(db):
                kept.find_record(db, summary.id)
        elif way == 2:
            kept.latest_unfinished(db)
            kept.save_game(db, {"id": "fuzz-new", "game": "cutthroat", "actions": []})
        else:
            read_answers(db)
    finally:
        db.close()


def _one_case(tmp: Path, rng: random.Random, case: int) -> None:
    kind = "killed" if rng.random() < 0.3 else "closed"
    base = made(kind)
    folder = tmp / f"case{case}"
    folder.mkdir()
    path = folder / "learner.sqlite3"
    how, data, hit = _damage(rng, base.files["learner.sqlite3"], base.page_size)
    if how == "foreign":
        data = _foreign(folder, rng)
    path.write_bytes(data)
    if "learner.sqlite3-wal" in base.files and how != "foreign":
        (folder / "learner.sqlite3-wal").write_bytes(base.files["learner.sqlite3-wal"])
    notices.take()
    try:
        _read_as_a_command_does(path, rng)
        db = Database(path)
        answers = {row[0]: row for row in read_answers(db)}
        games = {s.id: kept.find_record(db, s.id) for s in kept.games(db)}
        db.close()
    except StoreError as error:  # pragma: no cover - the assertion says which case
        pytest.fail(f"case {case} ({how}, {kind}): {error!r} left the store")
    told = notices.take()
    where = f"case {case} ({how}, {kind}, pages {sorted(hit)})"
    for notice in told:
        assert notice.aside.exists(), where
    if told:
        _kept_as_it_was(told[0].aside.read_bytes(), data, how, where)
    if how == "foreign":
        assert [n.kind for n in told] == ["not-ours"], where
        return
    if told:
        assert told[0].kind == "recovered", where
    # Pages of the log's frames are whole (the log is not damaged here): with a log, a row's
    # newest version may sit there, so only the file's own pages count as damaged.
    for n, pages in base.answer_pages.items():
        if not pages & hit:
            assert answers.get(n) == base.answers[n], f"{where}: answer {n} lost"
    for game_id, pages in base.game_pages.items():
        if not pages & hit:
            expected = {"id": game_id, **json.loads(base.games[game_id])}
            assert games.get(game_id) == expected, f"{where}: game {game_id} lost"


def _kept_as_it_was(kept_data: bytes, data: bytes, how: str, where: str) -> None:
    """The damaged file is kept. Damage found at the opening (a smashed header, a file not
    ours) keeps it byte for byte; found later, SQLite may have written into the rest of it
    first (the command's saves before it came to the damaged page, the log's checkpoint)."""
    assert kept_data, f"{where}: the damaged file is kept"
    if how in ("foreign", "header"):
        assert kept_data == data, f"{where}: the file is kept as it was"


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory when there is one (a database's syncs cost nothing there)."""
    memory = Path("/dev/shm")
    if not (memory.is_dir() and os.access(memory, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="fuzz-", dir=memory))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("group", range(GROUPS))
def test_damaged_databases_lose_nothing_on_whole_pages(scratch: Path, group: int) -> None:
    for case in range(group * CASES_PER_GROUP, (group + 1) * CASES_PER_GROUP):
        _one_case(scratch, random.Random(SEED * 10_000 + case), case)
