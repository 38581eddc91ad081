"""The learner's data folder and the one way the tutor writes a file: atomically.

``data_dir`` is ``$XDG_DATA_HOME/domino-tutor`` (default ``~/.local/share/domino-tutor``): the
learner's database, the locks of the games being played, the puzzles written from the learner's
mistakes. ``write_atomic`` writes a file through a temporary file in the same folder and a
rename, so that a reader (or a crash) never sees half a file: game records, puzzle files, the
docs' generated pages.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_atomic(folder / "deep" / "game.json", "{}\\n")
>>> (folder / "deep" / "game.json").read_text(encoding="utf-8"), sorted(folder.rglob(".*"))
('{}\\n', [])
>>> data_dir({"XDG_DATA_HOME": "/data"}).as_posix()
'/data/domino-tutor'
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

__all__ = ["APP_FOLDER", "data_dir", "write_atomic"]

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
