"""One tutor at a time on a saved game: the lock in the data folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.store.lock import GameOpenElsewhere, hold_game

HOLDER = """
import sys
from pathlib import Path
from tutor.store.lock import hold_game
held = hold_game(Path(sys.argv[1]), "abc123")
print("held", flush=True)
sys.stdin.readline()
"""


def test_a_held_game_is_refused_until_it_is_released(tmp_path: Path) -> None:
    held = hold_game(tmp_path, "abc123")
    with pytest.raises(GameOpenElsewhere) as caught:
        hold_game(tmp_path, "abc123")
    assert caught.value.game_id == "abc123" and "abc123" in str(caught.value)
    hold_game(tmp_path, "other").release()
    held.release()
    hold_game(tmp_path, "abc123").release()
    assert (tmp_path / "locks" / "abc123.lock").exists(), "an unfinished game's file stays"
    hold_game(tmp_path, "abc123").release(finished=True)
    assert not (tmp_path / "locks" / "abc123.lock").exists(), "a finished game's file goes"


def test_another_process_holds_the_game_until_it_ends(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(GameOpenElsewhere):
            hold_game(tmp_path, "abc123")
    finally:
        holder.communicate("\n", timeout=60)
    hold_game(tmp_path, "abc123").release()


def test_no_place_for_a_lock_plays_on_unlocked(tmp_path: Path) -> None:
    (tmp_path / "locks").write_text("a file where the folder should be")
    held = hold_game(tmp_path, "abc123")
    assert held.path is None
    hold_game(tmp_path, "abc123").release(finished=True)
    held.release()
