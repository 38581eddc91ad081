"""The learner's data folder and the one way the tutor writes a file: atomically.

``data_dir`` is ``$XDG_DATA_HOME/domino-tutor`` (default ``~/.local/share/domino-tutor``): the
learner's database, the locks of the games being played, the puzzles written from the learner's
mistakes. ``write_atomic`` writes a file through a temporary file in the same folder and a
rename, so that a reader (or a crash) never sees half a file: game records, puzzle files, the
docs' generated pages. ``read_limited`` is the one way the tutor reads a file that someone else
may have made: a regular file only (a FIFO, a device or a folder is refused before anything is
read, so nothing hangs), and never more than a limit (checked on the size before reading, and
again while reading, so a file that grows is refused too). A refusal is a ``FileRefused`` whose
``reason`` says what was wrong, in no language: ``words`` makes the sentence.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_atomic(folder / "deep" / "game.json", "{}\\n")
>>> (folder / "deep" / "game.json").read_text(encoding="utf-8"), sorted(folder.rglob(".*"))
('{}\\n', [])
>>> data_dir({"XDG_DATA_HOME": "/data"}).as_posix()
'/data/domino-tutor'
>>> read_limited(folder / "deep" / "game.json", limit=10)
b'{}\\n'
>>> try:
...     read_limited(folder / "deep", limit=10)
... except FileRefused as refused:
...     print(refused.reason, refused.path.name)
not-a-file deep
>>> try:
...     read_limited(folder / "deep" / "game.json", limit=2)
... except FileRefused as refused:
...     print(refused.reason, refused.size, refused.limit)
too-large 3 2
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = [
    "APP_FOLDER",
    "PROGRESS_LIMIT",
    "PUZZLE_LIMIT",
    "RECORD_LIMIT",
    "SCENARIO_LIMIT",
    "FileRefused",
    "data_dir",
    "read_limited",
    "write_atomic",
]

RECORD_LIMIT = 16 * 1024 * 1024
"""The largest game record read (``review FILE``, ``play --replay``): a set of Cutthroat with
every grade is under 1 MB."""
SCENARIO_LIMIT = 256 * 1024
"""The largest scenario file read: the library's largest is under 4 KB."""
PUZZLE_LIMIT = SCENARIO_LIMIT
"""A puzzle made from a mistake is a scenario file."""
PROGRESS_LIMIT = 16 * 1024 * 1024
"""The largest ``progress.json`` of an earlier version brought in."""

Refusal = Literal["missing", "not-a-file", "too-large", "unreadable"]
"""Why ``read_limited`` refused: no such file; a folder, FIFO, device or socket; over the
limit; no permission or another error of the system."""


@dataclass(eq=False)
class FileRefused(Exception):
    """A file ``read_limited`` would not read; ``reason`` says why (see ``Refusal``)."""

    path: Path
    reason: Refusal
    size: int = 0
    """The size seen, for ``too-large``."""
    limit: int = 0
    """The limit, for ``too-large``."""
    detail: str = ""
    """The system's own words, for ``unreadable`` (``strerror``)."""

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


APP_FOLDER = "domino-tutor"
"""The tutor's folder in the XDG data directory."""


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/domino-tutor`` (default ``~/.local/share/domino-tutor``)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_FOLDER


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8) atomically: a temporary file in the same folder,
    flushed to the disk, then renamed over ``path``; the folder is made when missing. On an
    error the temporary file goes and ``path`` is as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read_limited(path: Path, *, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them, or ``FileRefused``.

    The file is opened without blocking (a FIFO with no writer does not hang), checked to be a
    regular file and no larger than ``limit`` before a byte is read, and read to at most
    ``limit + 1`` bytes, so a file that grows while it is read is refused as well.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileRefused(Path(path), "missing") from None
    except IsADirectoryError:
        raise FileRefused(Path(path), "not-a-file") from None
    except OSError as error:
        if error.errno in (errno.ENOTDIR, errno.ELOOP):
            raise FileRefused(Path(path), "missing") from None
        raise FileRefused(Path(path), "unreadable", detail=error.strerror or "") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(Path(path), "not-a-file")
        if info.st_size > limit:
            raise FileRefused(Path(path), "too-large", size=info.st_size, limit=limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileRefused(Path(path), "too-large", size=total, limit=limit)
        return b"".join(chunks)
    except OSError as error:
        raise FileRefused(Path(path), "unreadable", detail=error.strerror or "") from None
    finally:
        os.close(fd)
