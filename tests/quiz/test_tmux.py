"""End to end in a real terminal: tmux send-keys and capture-pane."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tutor.quiz.progress import ProgressStore
from tutor.scenarios.reader import load_scenario
from tutor.words.i18n import Speaker
from tutor.words.kinds import question_text

HERE = Path(__file__).parent / "scenarios"
HARD = load_scenario(HERE / "hard.toml")

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    def __init__(
        self, command: list[str], env: dict[str, str], width: int = 80, height: int = 50
    ) -> None:
        self.name = f"quiz-{uuid.uuid4().hex[:8]}"
        # A tmux server of its own (-L): another test's server shutting down when its last
        # session is killed, on this machine or in a parallel run, cannot take this one along.
        self.tmux = ["tmux", "-L", self.name]
        exports = " ".join(f"{key}={value}" for key, value in env.items())
        # Keep the pane open after the program ends, so that its last words can be read. The
        # shell traps SIGINT (its children still get the default): a Ctrl-C that lands before
        # the program puts the terminal in raw mode must not end the shell and close the pane.
        line = f"trap 'true' INT; env {exports} " + " ".join(command) + "; echo EXIT=$?; sleep 60"
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", self.name, "-x", str(width), "-y",
             str(height), line],
            check=True,
        )

    def screen(self) -> str:
        return subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        ).stdout

    def settled(self, screen: str, timeout: float = 5.0) -> str:
        """``screen`` once the program has finished drawing it. A capture can catch a screen
        half drawn (on a busy machine its last rows still blank), so capture again until two
        captures 0.1 s apart agree; after ``timeout`` the last capture."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.1)
            again = self.screen()
            if again == screen:
                break
            screen = again
        return screen

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        """The screen once ``text`` is on it, drawn to the end (``settled``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                whole = self.settled(screen)
                return whole if text in whole else screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def send(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        # kill-server leaves the server's socket behind: one stale file per test and run.
        folder = Path(os.environ.get("TMUX_TMPDIR") or "/tmp") / f"tmux-{os.getuid()}"
        (folder / self.name).unlink(missing_ok=True)


@pytest.mark.parametrize(
    ("lang", "reply"),
    [("en", "both"), ("de", None), ("pap", None)],
)
def test_quiz_in_a_real_terminal(tmp_path: Path, lang: str, reply: str | None) -> None:
    speaker = Speaker(lang)
    question = question_text(HARD, speaker)
    if lang != "en":
        assert question != question_text(HARD, Speaker("en")), "the question is translated"
    reply = reply or f"{speaker._('left')} {speaker._('right')}"
    env = {"XDG_DATA_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    command = [sys.executable, "-m", "tutor", "quiz", "--scenarios", str(HERE),
               "--topic", "hard-ends", "--count", "1", "--lang", lang]
    tmux = Tmux(command, env)
    try:
        screen = tmux.wait_for(question[:30])
        assert "┌3┐" in screen and "└3┘" in screen, "the crosswise double 3-3 is drawn"
        assert "│4│0│" in screen
        tmux.send(reply, "Enter")
        tmux.wait_for(speaker._("Right!"))
    finally:
        tmux.close()
    progress = ProgressStore(tmp_path / "domino-tutor" / "learner.sqlite3")
    assert progress.cards["test/hard"].right == 1


def test_forty_columns_still_work(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    command = [sys.executable, "-m", "tutor", "quiz", "--scenarios", str(HERE),
               "--topic", "hard-ends", "--count", "1", "--lang", "en"]
    tmux = Tmux(command, env, width=40)
    try:
        screen = tmux.wait_for("Which ends are hard?")
        assert all(len(line) <= 40 for line in screen.splitlines())
        tmux.send("C-c")
        screen = tmux.wait_for("EXIT=")
        assert "Stopped. Your progress is saved." in screen
        assert "Traceback" not in screen
    finally:
        tmux.close()


TALL = Path(__file__).resolve().parents[2] / "scenarios" / "six-love"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_80x24_the_title_stays_and_the_verdict_waits(tmp_path: Path, lang: str) -> None:
    speaker = Speaker(lang)
    tall = load_scenario(TALL / "void-tie.toml")
    title = speaker._(tall.title)
    env = {"XDG_DATA_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    command = [sys.executable, "-m", "tutor", "--lang", lang, "quiz", "--scenarios",
               str(TALL / "void-tie.toml"), "--scenarios", str(HERE / "hard.toml"),
               "--count", "2", "--seed", "1"]
    tmux = Tmux(command, env, width=80, height=24)
    pause = speaker._("Press Enter to go on.")
    seen_title = False
    try:
        for number in (1, 2):
            screen = tmux.wait_for(f"{number}/2")
            time.sleep(0.5)
            screen = tmux.screen()
            if title in screen:
                seen_title = True
                assert screen.splitlines()[0] == f"Cutthroat · {title}", screen
                assert question_text(tall, speaker)[:25] in screen, screen
                reply = speaker._("continue")
            else:
                reply = speaker._("both")
            tmux.send("-l", reply)
            tmux.send("Enter")
            if number == 1:
                screen = tmux.wait_for(pause)
                time.sleep(1)
                screen = tmux.screen()
                assert pause in screen and "Traceback" not in screen
                wrong = speaker._("Not quite. The answer is {answer}.")[:9]
                verdicts = (speaker._("Right!"), wrong)
                assert any(v in screen for v in verdicts), "the verdict waits for Enter"
                tmux.send("Enter")
        tmux.wait_for("EXIT=0")
        assert seen_title
    finally:
        tmux.close()
