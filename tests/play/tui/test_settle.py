"""No play on an Enter meant for the screen before: through prompt-toolkit's pipe input, the
second Enter of a burst that leaves a "press Enter" screen does nothing to the game; an Enter
after a pause plays. The clock is the test's (no timed test)."""

from __future__ import annotations

import asyncio
import io

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from tests.play.tui.screens import F1, F10, RIGHT, game, to_play, until
from tutor.play.tui.app import GameScreen
from tutor.play.tui.settle import EnterGuard
from tutor.play.tui.state import Screen
from tutor.rules.plays import Play
from tutor.words.i18n import Speaker


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def learner_plays(screen: Screen) -> list[Play]:
    actions = screen.game.session.actions
    return [a.play for a in actions if a.seat == 0 and a.play is not None]


def run(steps: str) -> tuple[list[Play], list[Play]]:
    """Open help at the learner's turn, then the keys of ``steps`` (``|``: the clock moves on a
    second, ``~``: 30 ms, a held key's repeat); the plays before and after."""
    practice = game(players=2, seed=5)
    clock = Clock()

    async def drive() -> tuple[list[Play], list[Play]]:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(
                practice, Speaker("en"), pace=0.0, input=pipe, output=output,
                guard=EnterGuard(clock=clock),
            )  # fmt: skip
            task = asyncio.ensure_future(screen.run_async())
            state = screen.screen
            await until(lambda: practice.learner_to_play and state.mode == "play", screen, pipe)
            before = learner_plays(state)
            pipe.send_text(F1)
            await until(lambda: state.mode == "page", screen, pipe)
            clock.now += 5  # the learner reads the help
            for key in steps:
                if key == "|":
                    clock.now += 1.0
                elif key == "~":
                    clock.now += 0.03
                else:
                    pipe.send_text(key)
                await asyncio.sleep(0.05)
            await until(lambda: state.thinking is None, screen, pipe)
            after = learner_plays(state)
            pipe.send_text(F10)
            await asyncio.wait_for(task, 20)
            return before, after

    return asyncio.run(drive())


def test_a_double_enter_leaves_the_page_and_plays_nothing() -> None:
    before, after = run("\r\r")
    assert after == before


def test_an_enter_held_down_plays_nothing_however_long_it_repeats() -> None:
    before, after = run("\r" + "~\r" * 40)  # 1.2 s of repeats
    assert after == before


def test_an_enter_after_a_pause_plays_the_tile_under_the_cursor() -> None:
    before, after = run("\r|\r")
    assert len(after) == len(before) + 1


def test_an_arrow_on_the_new_screen_means_the_next_enter_is_for_it() -> None:
    before, after = run("\r" + RIGHT + "\r")
    assert len(after) == len(before) + 1


def test_after_a_verdict_the_enter_that_goes_on_is_not_taken_again() -> None:
    clock = Clock()
    # Three players, seed 2: the worst first play loses far past the noise (graded in the set;
    # four players' seed 7 lost by 2.8 standard errors of a lone hand; in the set, by 2.46).
    played = game(seed=2, players=3, coach="live")
    screen = to_play(Screen(played, Speaker("en"), guard=EnterGuard(clock=clock)))
    graded = screen.game.hint()
    assert graded is not None
    worst = min(graded.chances, key=lambda pc: pc[1])[0]
    screen.choose(worst)
    assert screen.mode == "wait", "seed 2's worst first play is a mistake that waits"
    clock.now += 2
    screen.enter()  # goes on
    assert screen.mode == "play"
    while not screen.game.learner_to_play:
        screen.tick()
    plays = len(learner_plays(screen))
    screen.enter()  # the same key press, repeated at once
    assert len(learner_plays(screen)) == plays
    clock.now += 1
    screen.enter()
    assert len(learner_plays(screen)) == plays + 1 or screen.mode == "ends"
