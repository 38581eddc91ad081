"""Fixtures of the command-line tests: scenario files good, wrong and broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE, FIVES


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A good file, one whose expect is wrong, a broken one, and a Fives & Threes file (each
    with an id of its own: ``validate`` refuses an id used twice)."""
    paths = {
        "good": tmp_path / "good" / "key.toml",
        "fives": tmp_path / "good" / "fives.toml",
        "wrong": tmp_path / "wrong.toml",
        "broken": tmp_path / "broken.toml",
    }
    texts = {
        "good": BASE,
        "fives": FIVES,
        "wrong": BASE.replace("expect = 2", "expect = 3").replace('"test/base"', '"test/wrong"'),
        "broken": BASE.replace("level = 3", "level = 9"),
    }
    for name, path in paths.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(texts[name], encoding="utf-8")
    return paths
