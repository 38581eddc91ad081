"""The computer players' ladder: mirrored deals in a process pool, 95% intervals.

Each pairing plays the same deals with the tested level in every seat (two
players: both seats; four-player Cutthroat: one tested seat against three of
the other level, in each of the four seats), so the luck of the deal cancels.
A deal's result is the tested level's mean over its seats: hands won (Fives &
Threes: won on points, a tie counts half). Deals are split into chunks by seed
and merged in seed order, so the figures do not depend on ``--jobs``.

Goals (issue 12): every level beats the level below with p < 0.01 over at least
1,000 mirrored deals; Fives & Threes level 5 against level 2 wins at least 62%
of hands; Cutthroat 4 players, one level-5 seat against three level-2 seats,
wins at least 35% of hands (chance is 25%).

    .venv/bin/python benchmarks/strength.py --deals 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.rules.table_rules import TableRules
from tutor.search.ladder import interval, mirrored

TABLES = {
    "ft": TableRules(game="fives-and-threes", players=2),
    "ct4": TableRules(players=4),
}
PAIRINGS = [
    ("ft", 2, 1), ("ft", 3, 2), ("ft", 4, 3), ("ft", 5, 4), ("ft", 5, 2),
    ("ct4", 2, 1), ("ct4", 3, 2), ("ct4", 4, 3), ("ct4", 5, 4), ("ct4", 5, 2),
]
GOALS = {("ft", 5, 2): 0.62, ("ct4", 5, 2): 0.35}


def chunk(args: tuple[str, int, int, int, int]) -> list[float]:
    """Results of deals ``start`` .. ``stop - 1`` of one pairing."""
    table, hero, villain, start, stop = args
    rules = TABLES[table]
    return [mirrored(rules, deal, hero, villain) for deal in range(start, stop)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="mirrored deals per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="deals per task")
    parser.add_argument("--first", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--only", default="", help="comma-separated pairings, e.g. ft:5:2")
    parser.add_argument("--save", default="", help="append each deal's result to this file "
                        "(JSON lines), so that runs over other --first deals can be merged")
    args = parser.parse_args(argv)
    pairings = PAIRINGS
    if args.only:
        wanted = {tuple(p.split(":")) for p in args.only.split(",")}
        pairings = [p for p in PAIRINGS if (p[0], str(p[1]), str(p[2])) in wanted]
        if not pairings:
            print(f"no pairing matches {args.only!r}; pairings look like ft:5:2 or ct4:3:2")
            return 2
    figures = {}
    start_all = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for table, hero, villain in pairings:
            started = time.perf_counter()
            last = args.first + args.deals
            tasks = [
                (table, hero, villain, s, min(s + args.chunk, last))
                for s in range(args.first, last, args.chunk)
            ]
            results = [r for part in pool.map(chunk, tasks) for r in part]
            if args.save:
                with open(args.save, "a", encoding="utf-8") as saved:
                    saved.write(json.dumps({"pairing": f"{table}:{hero}:{villain}",
                                            "first": args.first, "results": results}) + "\n")
            chance = 0.5 if TABLES[table].players == 2 else 1 / TABLES[table].players
            stats = interval(results, chance)
            goal = GOALS.get((table, hero, villain))
            verdict = "p<0.01" if stats.p < 0.01 else "NOT p<0.01"
            if goal is not None:
                verdict += f", goal {goal:.0%}: {'met' if stats.mean >= goal else 'NOT met'}"
            print(
                f"{table} level {hero} vs {villain}: {stats.mean:.3f} "
                f"[{stats.low:.3f}, {stats.high:.3f}] chance {chance:.2f}, p={stats.p:.2g}, "
                f"{stats.n} deals, {time.perf_counter() - started:.0f} s ({verdict})",
                flush=True,
            )
            figures[f"{table}_{hero}v{villain}"] = f"{stats.mean:.3f}"
    print(f"total {time.perf_counter() - start_all:.0f} s")
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
