"""``generate`` writes each file while the workers go on, and into place only on success."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tutor.cli.app import main
from tutor.cli.common import EXIT_OK, EXIT_WRONG
from tutor.scenarios.mining import miner
from tutor.scenarios.mining.miner import Generated, GenerationError
from tutor.scenarios.mining.output import StagedFolder


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def _soon(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` holds within 10 s (the writer thread's files, checked often)."""
    deadline = time.monotonic() + 10
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def test_files_are_on_disk_as_they_come_and_in_place_after_commit(tmp_path: Path) -> None:
    with StagedFolder(tmp_path) as folder:
        folder.add(Generated("key-cards/gen-1-001.toml", "one"))
        assert _soon(
            lambda: [p.read_text() for p in tmp_path.rglob("*.toml")] == ["one"]
        ), "written while the run goes on, before the commit"
        assert not (tmp_path / "key-cards").exists(), "but not yet in place"
        paths = folder.commit()
    assert paths == [tmp_path / "key-cards" / "gen-1-001.toml"]
    assert _files(tmp_path) == ["key-cards/gen-1-001.toml"]
    assert [p.name for p in tmp_path.iterdir()] == ["key-cards"], "no hidden folder left"


def _failing_generate(made: int) -> Callable[..., Any]:
    def fake(topic: str, count: int, seed: int = 0, **options: Any) -> list[Generated]:
        for number in range(1, made + 1):
            options["on_made"](Generated(f"{topic}/gen-{seed}-{number:03d}.toml", "x = 1\n"))
        raise GenerationError(f"only {made} of {count} distinct {topic} positions in 9 games")

    return fake


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_failed_run_leaves_the_output_folder_as_it_was(
    jobs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gen"
    args = ["generate", "--topic", "key-cards", "--count", "3", "--out", str(out), "-q"]
    assert main([*args, "--jobs", "1"]) == EXIT_OK
    before = {name: (out / name).read_text() for name in _files(out)}
    monkeypatch.setattr(miner, "generate", _failing_generate(2))
    assert main([*args, "--count", "5", "--jobs", jobs]) == EXIT_WRONG
    assert "only 2 of 5 distinct key-cards positions" in capsys.readouterr().err
    assert {name: (out / name).read_text() for name in _files(out)} == before
    assert sorted(p.name for p in out.iterdir()) == ["key-cards"], "no hidden folder left"


def test_an_interrupted_run_leaves_nothing_behind(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt), StagedFolder(tmp_path) as folder:
        folder.add(Generated("key-cards/gen-1-001.toml", "one"))
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


class _SlowDisk(StagedFolder):
    """A folder whose every file waits until ``disk_ready`` is set, as on a busy disk."""

    def __init__(self, out: Path) -> None:
        self.disk_ready = threading.Event()
        self.written: list[str] = []
        super().__init__(out)

    def _write(self, item: Generated) -> None:
        self.disk_ready.wait(10)
        super()._write(item)
        self.written.append(item.name)


def test_adding_a_file_never_waits_for_the_disk(tmp_path: Path) -> None:
    """A busy disk once kept the main process waiting 3.6 s for 2,000 files, while a pool's
    workers had nothing to do: the files are written by a thread of their own."""
    names = [f"key-cards/gen-1-{n:03d}.toml" for n in range(1, 4)]
    with _SlowDisk(tmp_path) as folder:
        started = time.monotonic()
        for name in names:
            folder.add(Generated(name, name))
        assert folder.written == [], "add gave the file to the writer and went on"
        assert time.monotonic() - started < 5
        folder.disk_ready.set()
        paths = folder.commit()
        assert folder.written == names, "commit waited for every file, written in order"
    assert [p.read_text() for p in paths] == names


class _FullDisk(StagedFolder):
    def _write(self, item: Generated) -> None:
        if item.name.endswith("002.toml"):
            raise OSError(28, "No space left on device")
        super()._write(item)


def test_an_error_of_the_writer_stops_the_run_and_leaves_the_folder_as_it_was(
    tmp_path: Path,
) -> None:
    (tmp_path / "mine.toml").write_text("kept")
    with pytest.raises(OSError, match="No space left"), _FullDisk(tmp_path) as folder:
        for number in range(1, 4):
            folder.add(Generated(f"key-cards/gen-1-{number:03d}.toml", "x"))
        folder.commit()
    assert _files(tmp_path) == ["mine.toml"]
    with _FullDisk(tmp_path) as folder:
        folder.add(Generated("key-cards/gen-1-002.toml", "x"))
        assert _soon(lambda: folder._error is not None)
        with pytest.raises(OSError, match="No space left"):
            folder.add(Generated("key-cards/gen-1-003.toml", "x"))
    assert _files(tmp_path) == ["mine.toml"]


def test_ctrl_c_while_the_folder_is_made_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starting the writer thread waits until the thread runs, on a loaded machine long enough
    for Ctrl-C to come meanwhile: the hidden folder was left behind (seen by hand)."""

    def interrupted(self: threading.Thread) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(threading.Thread, "start", interrupted)
    with pytest.raises(KeyboardInterrupt):
        StagedFolder(tmp_path)
    assert list(tmp_path.iterdir()) == []
