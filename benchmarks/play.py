"""The practice game timed: the coach's grade and the computer seats' plays, in one run.

- grade_p95_ms: 95th percentile of the time from the learner's play to the coach's grade
  (``PracticeGame.choose`` with ``--coach live``, the coach at level 5's budget), over the
  learner's choices in Cutthroat (4 players) and Fives & Threes games. Goal: under 1 s.
- computer_p95_ms: 95th percentile of the time from a computer seat's turn to its play
  (``PracticeGame.step``) at the chosen level (default 5). Goal: under 0.5 s.
- choose_off_p95_ms: the same learner plays with the coach off: what the grade adds.
- screen_grade_p95_ms: the same on the full-screen application (``GameScreen`` through a pipe,
  the coach on its worker thread): from the learner's key to the verdict on the screen, the
  fork of the game included.
- loop_lag_p95_ms / loop_lag_max_ms: how late the application's event loop wakes for a 10 ms
  timer while the coach and the computer players think on the worker thread: what a key
  (F1, F10) waits at most for the screen to answer. Goal: well under 100 ms.

Wall-clock times on a shared machine: compare the ratio grade/choose_off in one run, and read
the percentiles as an indication; the CPU times of the same calls (second line) and the load
average say how much of the wait was for a core.

    .venv/bin/python benchmarks/play.py --hands 2 --level 5
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


CPU: dict[str, list[float]] = {"learner": [], "computer": []}
"""CPU times (s) of the same calls: on a loaded machine the wall-clock times wait for a core."""


def run(options: Options, hands: int, coach: str) -> tuple[list[float], list[float]]:
    """Times (s) of the learner's graded plays and of the computer plays over ``hands`` hands."""
    game = PracticeGame(options, coach=coach)  # type: ignore[arg-type]
    learner, computer = [], []
    while not game.over and game.session.hand <= hands:
        if game.learner_to_play:
            choices = game.legal_choices()
            start, cpu = time.perf_counter(), time.process_time()
            game.choose(choices[len(choices) // 2])
            if len(choices) > 1:
                learner.append(time.perf_counter() - start)
                if coach != "off":
                    CPU["learner"].append(time.process_time() - cpu)
        else:
            turn_of_computer = not game.session.hand_over and game.session.game.can_play()
            start, cpu = time.perf_counter(), time.process_time()
            game.step()
            if turn_of_computer:
                computer.append(time.perf_counter() - start)
                if coach != "off":
                    CPU["computer"].append(time.process_time() - cpu)
    return learner, computer


def screen_run(options: Options, plays: int) -> tuple[list[float], list[float]]:
    """Times (s) from the learner's key to the verdict on the full screen, and the event loop's
    lags (s) while the coach and the computer players think, over ``plays`` graded plays."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from tutor.play.tui.app import GameScreen
    from tutor.words.i18n import Speaker

    game = PracticeGame(options, coach="live")
    grades: list[float] = []
    lags: list[float] = []

    async def ticker(screen: GameScreen) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            if screen.screen.thinking is not None:
                lags.append(time.perf_counter() - start - 0.01)

    async def drive() -> None:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(game, Speaker("en"), pace=0.0, input=pipe, output=output)
            state = screen.screen
            task = asyncio.ensure_future(screen.run_async())
            lag = asyncio.ensure_future(ticker(screen))
            while len(grades) < plays and not game.over:
                await asyncio.sleep(0.005)
                if state.mode == "wait" or state.page is not None:
                    pipe.send_text("\r")
                    await asyncio.sleep(0.05)
                    continue
                if not (game.learner_to_play and state.mode == "play" and not state.thinking):
                    continue
                choices = game.legal_choices()
                play = choices[len(choices) // 2]
                number = [t.tile for t in state.hand_tiles()].index(play.tile) + 1
                start = time.perf_counter()
                pipe.send_text(f"{number}\r")
                while state.mode != "ends" and state.thinking is None and game.learner_to_play:
                    await asyncio.sleep(0.001)
                if state.mode == "ends":
                    pipe.send_text("\x1b[D")
                while state.thinking is not None or (state.mode == "ends"):
                    await asyncio.sleep(0.001)
                if len(choices) > 1:
                    grades.append(time.perf_counter() - start)
            lag.cancel()
            pipe.send_text("\x1b[21~")  # F10
            await asyncio.wait_for(task, 60)

    asyncio.run(drive())
    return grades, lags


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2, help="hands per game and seed")
    parser.add_argument("--seeds", type=int, default=2, help="games per kind")
    parser.add_argument("--level", type=int, default=5, help="the computer players' level")
    parser.add_argument(
        "--screen-plays", type=int, default=8, help="graded plays on the full screen, per game"
    )
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    for game in ("cutthroat", "fives-and-threes"):
        graded, computer, plain = [], [], []
        CPU["learner"].clear()
        CPU["computer"].clear()
        for seed in range(1, args.seeds + 1):
            options = Options(game=game, players=4, level=args.level, seed=seed)  # type: ignore[arg-type]
            learner, seats = run(options, args.hands, "live")
            graded += learner
            computer += seats
            plain += run(options, args.hands, "off")[0]
        print(
            f"{game:17} grade_p95_ms {1000 * p95(graded):7.1f} (goal < 1000, n={len(graded)}, "
            f"median {1000 * statistics.median(graded):.1f})  "
            f"computer_p95_ms {1000 * p95(computer):7.1f} (goal < 500, level {args.level}, "
            f"n={len(computer)})  choose_off_p95_ms {1000 * p95(plain):5.1f}"
        )
        print(
            f"{'':17} cpu: grade_p95_ms {1000 * p95(CPU['learner']):7.1f}  "
            f"computer_p95_ms {1000 * p95(CPU['computer']):7.1f}"
        )
        if args.screen_plays:
            options = Options(game=game, players=4, level=args.level, seed=1)  # type: ignore[arg-type]
            shown, lags = screen_run(options, args.screen_plays)
            print(
                f"{'':17} screen_grade_p95_ms {1000 * p95(shown):7.1f} (n={len(shown)})  "
                f"loop_lag_p95_ms {1000 * p95(lags):5.1f}  loop_lag_max_ms "
                f"{1000 * max(lags):5.1f} (n={len(lags)} ticks while thinking)"
            )


if __name__ == "__main__":
    main()
