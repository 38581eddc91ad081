"""The practice game timed: the coach's grade and the computer seats' plays, in one run.

- grade_p95_ms: 95th percentile of the time from the learner's play to the coach's grade
  (``PracticeGame.choose`` with ``--coach live``, the coach at level 5's budget), over the
  learner's choices in Cutthroat (4 players) and Fives & Threes games. Goal: under 1 s.
- computer_p95_ms: 95th percentile of the time from a computer seat's turn to its play
  (``PracticeGame.step``) at the chosen level (default 5). Goal: under 0.5 s.
- choose_off_p95_ms: the same learner plays with the coach off: what the grade adds.

Wall-clock times on a shared machine: compare the ratio grade/choose_off in one run, and read
the percentiles as an indication; the CPU times of the same calls (second line) and the load
average say how much of the wait was for a core.

    .venv/bin/python benchmarks/play.py --hands 2 --level 5
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.play.practice import PracticeGame
from tutor.play.session import Options


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2, help="hands per game and seed")
    parser.add_argument("--seeds", type=int, default=2, help="games per kind")
    parser.add_argument("--level", type=int, default=5, help="the computer players' level")
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


if __name__ == "__main__":
    main()
