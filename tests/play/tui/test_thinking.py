"""The coach and the computer players think on a worker thread: while they do, the screen says
so in the learner's language and answers F1, F5 and F10; the result is the one the same work
on the game itself gives.

The slow grader and the slow computer player below wait for the test to let them go, so the
tests need no clock: if the work ran on the event loop, the help page could never open while
it waits, and the test would fail.
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Callable
from typing import Any

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from tests.play.tui.screens import CTRL_Z, F1, F10, until
from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import to_json
from tutor.play.model.session import Options
from tutor.play.tui.app import GameScreen
from tutor.play.tui.layout import View
from tutor.questions.coach import CoachBudget
from tutor.render.terminal import text
from tutor.rules.plays import Play
from tutor.words.i18n import Speaker
from tutor.words.play import name

STEADY = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=None)
"""No time budget: the grade depends on the position and the seed alone."""


class Gate:
    """Wraps a function so that each call waits until the test opens the gate."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.entered = threading.Event()
        self.open = threading.Event()
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        self.entered.set()
        assert self.open.wait(60), "the test never let the work go on"
        return self.function(*args, **kwargs)


def practice() -> PracticeGame:
    return PracticeGame(Options(players=4, level=3, seed=7), coach="live", budget=STEADY)


def shown(screen: GameScreen, language: str = "de") -> tuple[str, str]:
    """The question of the moment and the hand, as the screen shows them."""
    view = View(screen.screen, Speaker(language), lambda: (80, 24))
    return text(view.question()), text(view.hand())


def one_end(game: PracticeGame) -> Play:
    choices = game.legal_choices()
    return next(p for p in choices if sum(q.tile == p.tile for q in choices) == 1)


def send_play(screen: GameScreen, pipe: Any, play: Play) -> None:
    number = [t.tile for t in screen.screen.hand_tiles()].index(play.tile) + 1
    pipe.send_text(f"{number}\r")


def test_a_fork_acted_on_and_adopted_is_the_game_acted_on() -> None:
    mine, theirs = practice(), practice()
    for _ in range(40):
        if mine.over:
            break
        twin = mine.fork()
        before = to_json(mine)
        if twin.learner_to_play:
            result = twin.choose(twin.legal_choices()[-1])
            assert result == theirs.choose(theirs.legal_choices()[-1])
        else:
            assert twin.step() == theirs.step()
        assert to_json(mine) == before, "the game does not change while its fork is acted on"
        mine.adopt(twin)
        assert to_json(mine) == to_json(theirs)
    assert mine.grades, "the coach graded plays on the forks"


def run_screen(
    game: PracticeGame, drive: Callable[[GameScreen, Any], Any], language: str = "de"
) -> bool:
    async def main() -> bool:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(game, Speaker(language), pace=0.0, input=pipe, output=output)
            task = asyncio.ensure_future(screen.run_async())
            await drive(screen, pipe)
            return await asyncio.wait_for(task, 30)

    return asyncio.run(main())


async def entered(gate: Gate) -> None:
    for _ in range(3000):
        if gate.entered.is_set():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the work never started")


def test_the_screen_answers_keys_while_the_coach_grades(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.play.model.practice as practice_module

    gate = Gate(practice_module.grade)
    monkeypatch.setattr(practice_module, "grade", gate)
    game = practice()
    reference = practice()
    played: list[Any] = []

    async def drive(screen: GameScreen, pipe: Any) -> None:
        state = screen.screen
        await until(lambda: game.learner_to_play and state.mode == "play", screen, pipe)
        assert len(game.legal_choices()) >= 2, "seed 7: the coach grades the first play"
        assert "▶" in shown(screen)[1]
        play = one_end(game)
        played.append(play)
        send_play(screen, pipe, play)
        await entered(gate)
        # The coach is looking: the screen says so in German, the hand waits.
        question, hand = shown(screen)
        assert question.startswith("Der Trainer") and str(play.tile) in question, question
        assert "▶" not in hand, "no play is offered while the coach looks"
        assert not game.session.actions or game.session.actions[-1].seat != 0
        pipe.send_text(F1)
        await until(lambda: state.page is not None and state.page.kind == "help", screen, pipe)
        pipe.send_text(F1)
        await until(lambda: state.page is None, screen, pipe)
        pipe.send_text(CTRL_Z + "2\r")  # keys that change the game wait for the coach
        await asyncio.sleep(0.1)
        assert not gate.open.is_set() and state.thinking
        gate.open.set()
        await until(lambda: state.thinking is None and bool(game.grades), screen, pipe)
        assert game.counters.take_backs == 0
        assert [a.play for a in game.session.actions if a.seat == 0] == [play]
        pipe.send_text(F10)

    assert not run_screen(game, drive)
    while not reference.learner_to_play:
        reference.step()
    _, expected = reference.choose(played[0])
    assert list(game.grades.values()) == [expected], "the grade made apart is the same grade"


def test_the_screen_answers_keys_while_a_computer_player_thinks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tutor.play.model.session as session_module

    gate = Gate(session_module.choose_play)
    gate.open.set()
    monkeypatch.setattr(session_module, "choose_play", gate)
    game = PracticeGame(Options(players=4, level=3, seed=7), coach="off")
    reference = PracticeGame(Options(players=4, level=3, seed=7), coach="off")

    async def drive(screen: GameScreen, pipe: Any) -> None:
        state = screen.screen
        await until(lambda: game.learner_to_play, screen, pipe)
        gate.entered.clear()
        gate.open.clear()  # the computer players before the learner's turn went on at once
        send_play(screen, pipe, one_end(game))
        await entered(gate)
        seat = game.session.game.turn
        assert seat != 0 and state.thinking is not None
        question = shown(screen, "pap")[0]
        pap = Speaker("pap")
        assert question == pap._("{seat} to play…").format(seat=name(seat, state.names, pap))
        pipe.send_text(F1)
        await until(lambda: state.page is not None, screen, pipe)
        gate.open.set()
        await until(lambda: game.session.game.turn != seat, screen, pipe)
        pipe.send_text(F10)

    run_screen(game, drive, "pap")
    for action in game.session.actions:
        if action.seat == 0:
            assert action.play is not None
            reference.choose(action.play)
        else:
            reference.step()
    assert to_json(reference) == to_json(game), "the computer's play made apart is the same"


def test_quitting_while_the_coach_looks_saves_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tutor.play.model.practice as practice_module

    gate = Gate(practice_module.grade)
    monkeypatch.setattr(practice_module, "grade", gate)
    game = practice()
    before: list[dict[str, Any]] = []

    async def drive(screen: GameScreen, pipe: Any) -> None:
        await until(lambda: game.learner_to_play, screen, pipe)
        before.append(to_json(game))
        send_play(screen, pipe, one_end(game))
        await entered(gate)
        pipe.send_text(F10)

    try:
        assert not run_screen(game, drive)
        assert to_json(game) == before[0], "the play the coach was looking at is not half made"
    finally:
        gate.open.set()


def test_quitting_while_a_search_runs_does_not_wait_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """F10 during a search: the screen closes at once, and the thread of the search is a
    daemon, so Python does not wait for it at exit either (a ThreadPoolExecutor's thread is
    joined at exit: the learner waited up to a second and more at level 5)."""
    import tutor.play.model.practice as practice_module

    gate = Gate(practice_module.grade)
    monkeypatch.setattr(practice_module, "grade", gate)
    game = practice()

    async def drive(screen: GameScreen, pipe: Any) -> None:
        await until(lambda: game.learner_to_play, screen, pipe)
        send_play(screen, pipe, one_end(game))
        await entered(gate)
        pipe.send_text(F10)

    try:
        assert not run_screen(game, drive)
        assert not gate.open.is_set(), "the screen closed while the search still ran"
        searching = [t for t in threading.enumerate() if t.name.startswith("domino-tutor-coach")]
        assert searching and all(t.daemon for t in searching)
    finally:
        gate.open.set()
