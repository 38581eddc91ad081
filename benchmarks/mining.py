"""Mining proved puzzles: puzzles per CPU-minute and duplicate rate per theme, and the
speed-up of two processes over one.

For each solver theme the generator mines ``--count`` puzzles with one process
(``tutor.scenarios.mining.miner.generate``, the serial mapper); the CPU time of that run gives
proved puzzles per CPU-minute, and the generator's own counters give the duplicate
rate (candidates dropped because their canonical key was seen before). Then one
theme is mined with ``--jobs 1`` and ``--jobs 2`` (a process pool, the same
chunks) and the wall-clock ratio is the speed-up; the output of both is checked
to be identical. The machine is shared: compare the ratio, not the rates.

    .venv/bin/python benchmarks/mining.py --count 10 --theme target-exactly --speed-count 150
"""

from __future__ import annotations

import argparse
import os
import time

from tutor.scenarios.mining.miner import MiningStats, generate, pool_mapper, serial_map

THEMES = (
    "only-winning-play",
    "block-to-win",
    "keep-the-hard-end",
    "set-up-the-key",
    "target-exactly",
    "deny-the-score",
    "play-the-odds",
    "score-the-odds",
)


def per_theme(count: int, seed: int) -> None:
    print(
        f"{'theme':<20} {'puzzles':>7} {'games':>6} {'cpu s':>7} {'per cpu-min':>11} {'dup %':>6}"
    )
    for theme in THEMES:
        stats = MiningStats()
        start = time.process_time()
        made = generate(theme, count, seed, stats=stats)
        cpu = time.process_time() - start
        rate = len(made) / cpu * 60 if cpu else float("inf")
        dup = 100 * stats.duplicates / stats.candidates if stats.candidates else 0.0
        print(f"{theme:<20} {len(made):>7} {stats.games:>6} {cpu:>7.2f} {rate:>11.1f} {dup:>6.1f}")


def speed_up(theme: str, count: int, seed: int, jobs: int) -> None:
    start = time.perf_counter()
    one = generate(theme, count, seed, mapper=serial_map, wave=8 * jobs)
    serial = time.perf_counter() - start
    mapper, close = pool_mapper(jobs)
    try:
        mapper(pow, [(2, 1)] * jobs)  # start the workers before the clock
        start = time.perf_counter()
        many = generate(theme, count, seed, mapper=mapper, wave=8 * jobs)
        parallel = time.perf_counter() - start
    finally:
        close()
    assert many == one, "the output depends on the number of processes"
    print(
        f"{theme}: --jobs 1 {serial:.2f} s, --jobs {jobs} {parallel:.2f} s wall, "
        f"speed-up {serial / parallel:.2f} (cores: {os.cpu_count()}, "
        f"load average {os.getloadavg()[0]:.1f}); identical output"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles per theme")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--theme", default="target-exactly", help="theme of the speed-up run")
    parser.add_argument("--speed-count", type=int, default=150, help="puzzles of the speed-up run")
    args = parser.parse_args()
    per_theme(args.count, args.seed)
    speed_up(args.theme, args.speed_count, args.seed, args.jobs)


if __name__ == "__main__":
    main()
