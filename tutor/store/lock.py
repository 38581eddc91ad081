"""One tutor at a time on a saved game.

A game is saved after every play, so a second ``domino-tutor play --resume`` in
another terminal would find the game still being played as "the last
unfinished game" and play it too, and the two would save over each other.
``hold_game`` takes an exclusive lock on a small file of the data folder
(``locks/<game id>.lock``) for as long as a tutor plays the game; a second
tutor that asks for it gets ``GameOpenElsewhere``. The system lets go of the
lock when the process ends, even after a crash or a kill, so a lock never
outlives its tutor. A finished game's lock file is removed. Where file locks
do not exist (Windows) or the folder cannot be written, nothing is locked.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> held = hold_game(folder, "3f9a0c1d2e4b")
>>> held.release(finished=True)
>>> (folder / "locks" / "3f9a0c1d2e4b.lock").exists()
False
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["GameOpenElsewhere", "HeldGame", "hold_game"]


class GameOpenElsewhere(Exception):
    """Another tutor is playing this game now."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id} is open in another domino-tutor")
        self.game_id = game_id


class HeldGame:
    """The lock on one game, held until ``release``."""

    def __init__(self, path: Path | None, handle: IO[str] | None) -> None:
        self.path = path
        self._handle = handle

    def release(self, *, finished: bool = False) -> None:
        """Let go of the game; a finished game's lock file goes too (nobody resumes it)."""
        if self._handle is None:
            return
        if finished and self.path is not None:
            self.path.unlink(missing_ok=True)
        self._handle.close()  # closing the file lets go of the lock
        self._handle = None


def hold_game(folder: Path, game_id: str) -> HeldGame:
    """Lock game ``game_id`` for this tutor; ``GameOpenElsewhere`` when another holds it."""
    if fcntl is None:
        return HeldGame(None, None)
    path = folder / "locks" / f"{game_id}.lock"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a", encoding="utf-8")
    except OSError:
        return HeldGame(None, None)  # no place for a lock: play on (saving says its problem)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise GameOpenElsewhere(game_id) from None
    except OSError:
        pass  # a file system without locks: the game is played unlocked
    return HeldGame(path, handle)
