"""``generate`` writes each file while the workers go on, and into place only on success."""

from __future__ import annotations

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


def test_files_are_on_disk_as_they_come_and_in_place_after_commit(tmp_path: Path) -> None:
    with StagedFolder(tmp_path) as folder:
        folder.add(Generated("key-cards/gen-1-001.toml", "one"))
        assert [p.read_text() for p in tmp_path.rglob("*.toml")] == ["one"], "written at once"
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
