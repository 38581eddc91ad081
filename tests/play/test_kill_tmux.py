"""Any end of the game screen resumes at the same play, in a real terminal (tmux): SIGTERM gives
the terminal back sane (``stty``: canonical, echo) and saves; ``kill -9`` and a closed terminal
(SIGHUP) lose nothing either, as the game is saved after every play."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.quiz.test_tmux import Tmux

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

TURN = "Your turn: type a number"
GAME = ["play", "--game", "fives-and-threes", "--seed", "11", "--level", "1", "--coach", "off"]


def environment(tmp_path: Path) -> dict[str, str]:
    return {"XDG_DATA_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}


def board(screen: str) -> list[str]:
    """The position on a screen: from the score to the hand's tiles (the log left out)."""
    lines = screen.splitlines()
    end = next(k for k, line in enumerate(lines) if line.startswith(TURN))
    return lines[:end]


def turn_after_a_play(tmux: Tmux) -> list[str]:
    """Play the tile under the cursor; the position once the learner's turn comes again."""
    first = board(tmux.wait_for(TURN))
    tmux.send("Enter")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        screen = tmux.screen()
        if TURN in screen and board(screen) != first:
            settled = tmux.settled(screen)
            if TURN in settled:  # (under load the coach's verdict may still redraw the screen)
                return board(settled)
        time.sleep(0.2)
    raise AssertionError(f"no play was made; the screen:\n{tmux.screen()}")


def tutor_pid(tmp_path: Path) -> int:
    """The tutor playing in ``tmp_path`` (found by its data folder in its environment)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if f"XDG_DATA_HOME={tmp_path}".encode() in environ and b"tutor" in command:
            return int(entry.name)
    raise AssertionError("the tutor is not running")


def resumed(tmp_path: Path) -> list[str]:
    tmux = Tmux([sys.executable, "-m", "tutor", "play", "--resume"], environment(tmp_path), 80, 24)
    try:
        return board(tmux.wait_for(TURN))
    finally:
        tmux.close()


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_sigterm_gives_the_terminal_back_and_resumes_at_the_same_play(tmp_path: Path) -> None:
    env = environment(tmp_path)
    shell = Tmux(["bash", "--norc", "--noprofile"], {**env, "PS1": "READY$ "}, 80, 24)
    try:
        shell.wait_for("READY$")
        shell.send("-l", " ".join([sys.executable, "-m", "tutor", *GAME]))
        shell.send("Enter")
        position = turn_after_a_play(shell)
        os.kill(tutor_pid(tmp_path), signal.SIGTERM)
        screen = shell.wait_for("Game saved: continue it with domino-tutor play --resume.")
        assert "READY$" in screen.splitlines()[-1] or "READY$" in shell.wait_for("READY$")
        # The marker's text is made by the shell, so that the typed command, which holds
        # "icanon" too, does not pass for its output (it did on a busy machine).
        shell.send("-l", "stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo'; "
                         "echo STTY-$((1 + 1))-DONE")
        shell.send("Enter")
        settings = shell.wait_for("STTY-2-DONE")
        assert "-icanon" not in settings and "-echo" not in settings.split(), settings
        assert "echo" in settings.split()
    finally:
        shell.close()
    assert resumed(tmp_path) == position


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
@pytest.mark.parametrize("how", ["kill -9", "the terminal closed"])
def test_a_kill_resumes_at_the_same_play(tmp_path: Path, how: str) -> None:
    tmux = Tmux([sys.executable, "-m", "tutor", *GAME], environment(tmp_path), 80, 24)
    try:
        turn_after_a_play(tmux)
        position = turn_after_a_play(tmux)  # the second play, in the middle of the hand
        if how == "kill -9":
            os.kill(tutor_pid(tmp_path), signal.SIGKILL)
    finally:
        tmux.close()  # the terminal closes: SIGHUP
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the lock of the game goes with its tutor
        try:
            tutor_pid(tmp_path)
        except AssertionError:
            break
        time.sleep(0.1)
    assert resumed(tmp_path) == position


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_a_kill_leaves_the_record_file_at_the_last_play(tmp_path: Path) -> None:
    """``--record FILE`` is written after every play as the database is: after ``kill -9`` in
    the middle of a hand it reads, and holds every play the database holds."""
    from tutor.play.model.record import latest_unfinished, load_game, saved_game

    record = tmp_path / "game.json"
    command = [sys.executable, "-m", "tutor", *GAME, "--record", str(record)]
    tmux = Tmux(command, environment(tmp_path), 80, 24)
    try:
        turn_after_a_play(tmux)
        turn_after_a_play(tmux)
        os.kill(tutor_pid(tmp_path), signal.SIGKILL)
    finally:
        tmux.close()
    database = tmp_path / "domino-tutor" / "learner.sqlite3"
    game_id = latest_unfinished(database)
    assert game_id is not None
    kept = saved_game(database, game_id).session.actions
    learner = [a for a in kept if a.seat == 0 and a.kind == "play"]
    assert len(learner) >= 2, kept
    assert load_game(record).session.actions == kept
