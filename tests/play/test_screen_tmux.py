"""The game screen end to end in a real terminal, in German: three plays by number, one by a
typed tile, a hint, a take-back, quit with F10 and resume with ``play --resume``.

The test keeps a mirror of the game (the deal and the computer plays come from the seed
alone), so it knows which numbers are legal before it types them.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from tests.quiz.test_tmux import Tmux
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.rules.plays import Play
from tutor.rules.tiles import hand_count, tiles_of
from tutor.words.i18n import Speaker

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

SEED = 7
DE = Speaker("de")
PAUSES = (
    DE._("Press Enter to go on."),
    DE._("Press L to learn from your mistakes, or Enter to go on."),
    DE._("The hand is over: press Enter for the summary."),
)
"""What a screen says that waits for Enter (the test goes on: it does not retry mistakes)."""
ENGLISH = ("Your hand", "Your turn", "Deal", "seed", "Help", "Hint", "Review", "Quit", " lays ")


def mirror_to_turn(game: PracticeGame) -> None:
    while not game.learner_to_play:
        game.step()


def one_end(game: PracticeGame) -> Play:
    """A legal play whose tile fits one end only (else the first)."""
    choices = game.legal_choices()
    for play in choices:
        if sum(p.tile == play.tile for p in choices) == 1:
            return play
    return choices[0]


def wait_turn(tmux: Tmux, game: PracticeGame) -> str:
    """Wait for the learner's turn with the mirror's hand; a screen that waits for Enter (a
    verdict, the final board of a hand, the end of a hand with or without mistakes) gets it."""
    hand = DE._("Your hand (count {count})").format(count=hand_count(game.session.game.hands[0]))
    turn = DE._("Your turn: type a number or a tile, or use ← → and Enter.")[:15]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        screen = tmux.screen()
        assert "Traceback" not in screen, screen
        flat = " ".join(screen.split())  # a footer wraps at 80 columns
        if any(pause in flat for pause in PAUSES):
            tmux.send("Enter")
        elif hand in screen and turn in screen:
            # Drawn to the end: a capture can catch the key bar still blank on a busy machine.
            whole = tmux.settled(screen)
            if hand in whole and turn in whole:
                return whole
        time.sleep(0.2)
    raise AssertionError(f"{hand!r} never came; the screen:\n{tmux.screen()}")


def german(screen: str) -> None:
    assert "Traceback" not in screen, screen
    for word in ENGLISH:
        assert word not in screen, f"{word!r} in a German screen:\n{screen}"
    assert DE._("Help") in screen and "F10" in screen


def test_a_german_game_in_a_real_terminal(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    command = [sys.executable, "-m", "tutor", "play", "--lang", "de", "--seed", str(SEED), "--fast"]
    mirror = PracticeGame(Options(seed=SEED), coach="off")
    mirror_to_turn(mirror)
    tmux = Tmux(command, env, width=80, height=24)
    try:
        screen = wait_turn(tmux, mirror)
        german(screen)
        assert "┌─┬─┐" in screen, "the line of play is drawn"
        assert DE._("Left end: {left} · right end: {right}").split(":")[0] in screen
        # The hint where there is a choice to make (with one legal play there is no hint).
        assert len({p.tile for p in mirror.legal_choices()}) >= 2
        tmux.send("F2")
        tmux.wait_for(DE._("Hint: {best} (wins {chance} of the deals you could face).")[:5])
        for _ in range(3):
            play = one_end(mirror)
            tiles = tiles_of(mirror.session.game.hands[0])
            tmux.send("-l", str(tiles.index(play.tile) + 1))
            tmux.send("Enter")
            if sum(p.tile == play.tile for p in mirror.legal_choices()) == 2:
                tmux.send("Left")
            mirror.choose(play)
            mirror_to_turn(mirror)
            screen = wait_turn(tmux, mirror)
            german(screen)
        play = one_end(mirror)
        tmux.send("-l", str(play.tile))
        tmux.send("Enter")
        mirror.choose(play)
        mirror_to_turn(mirror)
        wait_turn(tmux, mirror)
        tmux.send("C-z")
        mirror.take_back()
        mirror_to_turn(mirror)
        screen = tmux.wait_for(DE._("Taken back: it is your turn again."))
        german(screen)
        wait_turn(tmux, mirror)
        tmux.send("F10")
        screen = tmux.wait_for("EXIT=")
        assert (
            "EXIT=0" in screen
            and DE._("Game saved: continue it with domino-tutor play --resume.") in screen
        )
    finally:
        tmux.close()
    resumed = Tmux(
        [sys.executable, "-m", "tutor", "play", "--lang", "de", "--resume"],
        env,
        width=80,
        height=24,
    )
    try:
        screen = wait_turn(resumed, mirror)
        german(screen)
        line = mirror.session.game.line
        assert (
            DE._("Left end: {left} · right end: {right}").format(left=line.left, right=line.right)
            in screen
        )
        resumed.send("F10")
        assert "EXIT=0" in resumed.wait_for("EXIT=")
    finally:
        resumed.close()
