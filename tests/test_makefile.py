"""The Makefile on a fresh clone: `make quiz` installs only what the quiz needs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def dry_run(tmp_path: Path, target: str) -> str:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    done = subprocess.run(
        ["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_make_quiz_installs_the_runtime_dependencies_only(tmp_path: Path) -> None:
    commands = dry_run(tmp_path, "quiz")
    installs = [line for line in commands.splitlines() if "pip install" in line]
    assert any(line.rstrip().endswith("-e .") for line in installs), commands
    assert not any("[test]" in line or "[docs]" in line for line in installs), commands
    assert "domino-tutor quiz" in commands


def test_make_test_bootstraps_with_the_test_extra(tmp_path: Path) -> None:
    commands = dry_run(tmp_path, "test")
    assert "-m venv .venv" in commands and "-e '.[test,scale]'" in commands
    assert "pytest" in commands


def test_make_play_starts_the_practice_game_with_the_runtime_dependencies(tmp_path: Path) -> None:
    commands = dry_run(tmp_path, "play")
    installs = [line for line in commands.splitlines() if "pip install" in line]
    assert not any("[test]" in line or "[docs]" in line for line in installs), commands
    assert "domino-tutor play" in commands


def test_make_docs_fetches_the_pinned_pyodide_and_make_pyodide_needs_no_venv(
    tmp_path: Path,
) -> None:
    assert "docs/build.py --fetch-engine" in dry_run(tmp_path, "docs")
    commands = dry_run(tmp_path, "pyodide")
    assert "tools/engine.py fetch" in commands and "pip install" not in commands
