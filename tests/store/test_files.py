"""The data folder and the atomic write."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tutor.store.files import FileRefused, data_dir, read_limited, write_atomic


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


def test_read_limited_reads_a_regular_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"x" * 100)
    assert read_limited(path, limit=100) == b"x" * 100


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: None, "missing"),
        (lambda p: p.mkdir(), "not-a-file"),
        (lambda p: os.mkfifo(p), "not-a-file"),
        (lambda p: p.symlink_to(p.parent / "nowhere"), "missing"),
        (lambda p: p.write_bytes(b"x" * 101), "too-large"),
    ],
    ids=["missing", "folder", "fifo", "dangling-symlink", "too-large"],
)
def test_read_limited_refuses_before_reading(tmp_path: Path, make: Any, reason: str) -> None:
    path = tmp_path / "record.json"
    make(path)
    with pytest.raises(FileRefused) as refused:
        read_limited(path, limit=100)
    assert refused.value.reason == reason
    assert refused.value.path == path
    if reason == "too-large":
        assert (refused.value.size, refused.value.limit) == (101, 100)


def test_read_limited_stops_at_the_limit_on_a_device() -> None:
    """/dev/zero never ends: it is refused as not a regular file, without reading it."""
    with pytest.raises(FileRefused) as refused:
        read_limited(Path("/dev/zero"), limit=100)
    assert refused.value.reason == "not-a-file"


def test_read_limited_refuses_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    if os.access(path, os.R_OK):
        pytest.skip("root reads any file")
    with pytest.raises(FileRefused) as refused:
        read_limited(path, limit=100)
    assert refused.value.reason == "unreadable"
