"""Helpers of the game screen's tests: a quick game, the learner's turn, the screen as text,
and the keys prompt-toolkit reads from a pipe."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from prompt_toolkit.input.base import PipeInput

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.tui.app import GameScreen
from tutor.play.tui.layout import View
from tutor.play.tui.state import Screen
from tutor.questions.coach import CoachBudget
from tutor.render.terminal import text

QUICK = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=0.05)


F1, F2, F5, F10, CTRL_Z = "\x1bOP", "\x1bOQ", "\x1b[15~", "\x1b[21~", "\x1a"


RIGHT, LEFT = "\x1b[C", "\x1b[D"


def game(seed: int = 7, players: int = 4, coach: str = "off", **more: object) -> PracticeGame:
    options = Options(players=players, level=3, seed=seed, **more)  # type: ignore[arg-type]
    return PracticeGame(options, coach=coach, budget=QUICK)  # type: ignore[arg-type]


def worst_to_the_end_of_the_hand(screen: Screen) -> Screen:
    """Play the coach's worst play at every turn (Enter on each verdict and on the final board)
    until the end-of-hand page is shown: a hand with mistakes to try again."""
    while screen.page is None:
        if screen.mode in ("wait", "final"):
            screen.enter()
        elif screen.mode == "ends":
            screen.end(right=False)
        elif screen.game.learner_to_play:
            graded = screen.game.hint()
            choices = screen.game.legal_choices()
            screen.choose(min(choices, key=graded.chance) if graded else choices[0])
        else:
            screen.tick()
    return screen


def to_play(screen: Screen) -> Screen:
    while not screen.game.learner_to_play:
        screen.tick()
        if screen.mode == "final":  # the final board: Enter for the summary
            screen.enter()
        if screen.mode == "page":
            screen.close_page()
    return screen


def screen_text(view: View) -> list[str]:
    parts = (view.status, view.seats, view.board, view.hand, view.question, view.coach, view.log)
    rows = [row for part in parts for row in part()]
    return text([*rows, [("", "> ")], *view.keys()]).split("\n")


async def until(check: Callable[[], bool], screen: GameScreen, pipe: PipeInput) -> None:
    """Wait for ``check``; a verdict that waits (and a hand's final board) is sent on with
    Enter, as a learner presses it (once in a while: a run of Enters is a key held down, which
    the screen ignores)."""
    for tick in range(2000):
        if check():
            return
        if screen.screen.mode in ("wait", "final") and tick % 20 == 0:
            pipe.send_text("\r")
        await asyncio.sleep(0.01)
    raise AssertionError(f"never came; mode {screen.screen.mode}")
