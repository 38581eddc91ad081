"""The data folder and the atomic write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutor.store.files import data_dir, write_atomic


def test_the_data_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert data_dir({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "domino-tutor"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir({}) == tmp_path / "home" / ".local" / "share" / "domino-tutor"
    assert data_dir({"XDG_DATA_HOME": ""}) == data_dir({}), "an empty value is no value"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "domino-tutor"


def test_a_file_is_replaced_whole_and_no_temporary_file_stays(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "game.json"
    write_atomic(path, "first\n")
    write_atomic(path, "zweite Fassung ✓\n")
    assert path.read_text(encoding="utf-8") == "zweite Fassung ✓\n"
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_atomic(path, "kept\n")

    def no_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, "lost\n")
    assert path.read_text(encoding="utf-8") == "kept\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
