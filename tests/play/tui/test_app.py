"""The full-screen application through prompt-toolkit's pipe input (it runs as it does in a
terminal, with a fixed-size output): plays by number, tile and arrows, completion, colour."""

from __future__ import annotations

import asyncio
import io
import re

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from tests.play.tui.screens import (
    CTRL_Z,
    F1,
    F2,
    F5,
    F10,
    LEFT,
    RIGHT,
    game,
    until,
)
from tutor.play.model.practice import PracticeGame
from tutor.play.tui.app import GameScreen
from tutor.rules.plays import Play
from tutor.words.i18n import Speaker


def test_the_application_plays_by_number_tile_and_arrows_hints_takes_back_and_quits() -> None:
    practice = game(coach="live")
    saved: list[PracticeGame] = []

    def learner_plays() -> list[Play]:
        actions = practice.session.actions
        return [a.play for a in actions if a.seat == 0 and a.play is not None]

    async def drive() -> bool:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(
                practice, Speaker("de"), pace=0.0, input=pipe, output=output, save=saved.append
            )
            task = asyncio.ensure_future(screen.run_async())
            state = screen.screen

            def my_turn() -> bool:
                return practice.learner_to_play and state.mode == "play"

            await until(my_turn, screen, pipe)
            # By number: seed 7 gives tile 1 (6-5) for both ends; the right arrow answers.
            pipe.send_text("1\r")
            await until(lambda: state.mode == "ends", screen, pipe)
            pipe.send_text(RIGHT)
            await until(lambda: len(learner_plays()) == 1, screen, pipe)
            assert learner_plays()[0] == Play.parse("6-5 right")
            await until(my_turn, screen, pipe)
            pipe.send_text(F2)
            await until(lambda: practice.counters.hints == 1, screen, pipe)
            assert state.coach and state.coach[0].startswith("Tipp:")
            # By tile, typed.
            tile = next(t.tile for t in state.hand_tiles() if t.legal)
            pipe.send_text(f"{tile}\r")
            await until(lambda: len(learner_plays()) == 2, screen, pipe)
            assert learner_plays()[1].tile == tile
            await until(my_turn, screen, pipe)
            pipe.send_text(CTRL_Z)
            await until(lambda: practice.counters.take_backs == 1, screen, pipe)
            assert len(learner_plays()) == 1
            # With the arrows and Enter.
            await until(my_turn, screen, pipe)
            legal = [t for t in state.hand_tiles() if t.legal]
            pipe.send_text(RIGHT + "\r" if len(legal) > 1 else "\r")
            await until(lambda: len(learner_plays()) == 2 or state.mode == "ends", screen, pipe)
            if state.mode == "ends":
                pipe.send_text(LEFT)
                await until(lambda: len(learner_plays()) == 2, screen, pipe)
            chosen = legal[1] if len(legal) > 1 else legal[0]
            assert learner_plays()[1].tile == chosen.tile
            pipe.send_text(F1)
            await until(lambda: state.page is not None and state.page.kind == "help", screen, pipe)
            pipe.send_text(F5)
            await until(
                lambda: state.page is not None and state.page.kind == "review", screen, pipe
            )
            pipe.send_text("q")  # leaves the full-screen review (tests/play/tui/test_review.py)
            await until(lambda: state.page is None, screen, pipe)
            pipe.send_text(F10)
            return await asyncio.wait_for(task, 20)

    over = asyncio.run(drive())
    assert not over and saved and saved[-1] is practice


def test_tab_completes_a_typed_tile_with_its_end_and_enter_plays_it() -> None:
    practice = game()

    async def drive() -> None:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(practice, Speaker("de"), pace=0.0, input=pipe, output=output)
            task = asyncio.ensure_future(screen.run_async())
            await until(lambda: practice.learner_to_play, screen, pipe)
            pipe.send_text("6-5 r")
            await asyncio.sleep(0.2)
            pipe.send_text("\t")
            await until(lambda: screen.buffer.text == "6-5 rechts", screen, pipe)
            pipe.send_text("\r")
            await until(lambda: len(practice.session.actions) > 3, screen, pipe)
            pipe.send_text(F10)
            await asyncio.wait_for(task, 20)

    asyncio.run(drive())
    mine = [a.play for a in practice.session.actions if a.seat == 0]
    assert mine[0] == Play.parse("6-5 right")


def test_no_color_keeps_bold_and_reverse_only() -> None:
    from prompt_toolkit.output import ColorDepth

    with create_pipe_input() as pipe:
        output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
        plain = GameScreen(game(), Speaker("en"), color=False, input=pipe, output=output)
        coloured = GameScreen(game(), Speaker("en"), color=True, input=pipe, output=output)
    assert plain.app.color_depth == ColorDepth.MONOCHROME
    assert coloured.app.color_depth != ColorDepth.MONOCHROME


def test_a_window_too_small_waits_with_every_key_but_quit_and_goes_on_when_it_grows() -> None:
    """Too small for the game: the screen says how large to make it; typed plays, F1 and the
    computer's plays wait (the learner could not see them); the game goes on when the window
    grows, and F10 saves and quits at any size."""
    practice = game()
    size = [Size(rows=10, columns=19)]
    written = io.StringIO()

    async def drive() -> bool:
        with create_pipe_input() as pipe:
            output = Vt100_Output(written, lambda: size[0], term="xterm")
            screen = GameScreen(practice, Speaker("de"), pace=0.0, input=pipe, output=output)
            state = screen.screen
            task = asyncio.ensure_future(screen.run_async())
            await asyncio.sleep(0.5)
            before = len(practice.session.actions)
            pipe.send_text("1\r")
            await asyncio.sleep(0.3)
            pipe.send_text(F1)
            await asyncio.sleep(0.3)
            assert len(practice.session.actions) == before and state.page is None
            assert not screen.buffer.text, "typed text waits with the other keys"
            size[0] = Size(rows=24, columns=80)
            screen.app.invalidate()
            await until(lambda: practice.learner_to_play and state.mode == "play", screen, pipe)
            pipe.send_text(F1)
            await until(lambda: state.page is not None, screen, pipe)
            size[0] = Size(rows=10, columns=19)
            screen.app.invalidate()
            await asyncio.sleep(0.3)
            pipe.send_text(F10)
            return await asyncio.wait_for(task, 20)

    assert not asyncio.run(drive())
    drawn = " ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", written.getvalue()).split())
    # (the screen speaks German: the catalogs have the sentence since ded9d00)
    assert "Mach es mindestens" in drawn and "Spalten breit" in drawn, "how large, in words"
