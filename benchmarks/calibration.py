"""Are the coach's chances to win calibrated? A reliability table and the Brier score.

Seeded self-play at level 5: Cutthroat sets to six-love and Fives & Threes matches to 61.
At every decision with a choice, the coach grades the play made (``coach.grade`` at level 5's
sample budget, no time budget) and its chance to win is recorded for the seat to play against
what happened: did that seat win the set (Cutthroat) or the match (Fives & Threes)? The
predictions are grouped in tenths; each group shows its count, the mean prediction, the
observed rate and their difference. Goal (issue 22): within 0.05 in every group with at least
100 predictions, over at least 1,000 Cutthroat games and 200 Fives & Threes matches. The run
plays 3,000 Cutthroat games by default (``--ct-games``): see below.

The predictions of one seat in one set (match) all share one outcome, so they are far from
independent: beside each group's difference stands its standard error counting each seat's
set or match as one draw (cluster-robust), and how many of those the group holds. A set of
Cutthroat lasts about 22 games (brucks send it back to the start), so 1,000 games are only
46 sets, and a group near 0.75 then rests on about 45 seat-sets, with a standard error near
0.09: a perfectly calibrated coach would miss the goal there about half of the time. 3,000
games (about 135 sets) bring that error to about 0.05.

The coach's chances go through the calibration map (``tutor.search.calibration``), fitted by
``tools/calibration_map.py`` on self-play of other seeds (Fives & Threes from seed 1,000,000 on,
Cutthroat sets dealt from ``calibration-fit-ct|<seed>``): nothing here was tuned on these seeds.

Sets and matches are dealt by seed and merged in seed order, so the figures do not depend on
``--jobs``. Beside the wall time it prints the CPU seconds of all the workers, the load average
(other work on the machine slows a run down) and whether the search runs compiled
(``make compiled``: the solvers and the rollouts built with mypyc, the same results about twice
as fast). Exit 0 when every group meets the goal, 1 when one does not.

    .venv/bin/python benchmarks/calibration.py --jobs 2            the full run
    .venv/bin/python benchmarks/calibration.py --quick             a smoke run (seconds)
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.questions.coach import CoachBudget, grade
from tutor.rules.table_rules import TableRules
from tutor.search import rollouts, self_play
from tutor.search.solver import cutthroat, fives_threes

GOAL = 0.05
ENOUGH = 100
"""Groups with fewer predictions are shown but not held to the goal."""


@dataclass(frozen=True, slots=True)
class Settings:
    """One run: the tables, how many sets and matches, the players' level, the coach's budget."""

    players: int = 4
    target: int = 61
    level: int = 5
    samples: int | None = None
    """The coach's deals (``None``: level 5's budget)."""


Prediction = tuple[float, float, str]
"""(predicted chance, observed 1 or 0, the set or match and seat it belongs to)."""


def _budget(settings: Settings) -> CoachBudget:
    if settings.samples is None:
        return CoachBudget(time_budget=None)
    return CoachBudget(settings.samples, settings.samples, time_budget=None)


def cutthroat_set(seed: int, settings: Settings) -> tuple[int, list[tuple[int, float]]]:
    """Play one set; (games played, [(seat, predicted chance)...]) and its winner first."""
    budget = _budget(settings)
    series, made = self_play.cutthroat_set(
        TableRules(players=settings.players), random.Random(f"calibration-ct|{seed}"), seed,
        settings.level, lambda view, play: grade(view, play, seed=seed, budget=budget).chance(play),
    )
    assert series.last is not None and series.last.winner is not None
    return series.games, [(series.last.winner, -1.0), *made]


def fives_threes_match(seed: int, settings: Settings) -> tuple[int, list[tuple[int, float]]]:
    """Play one match; (hands played, [(winner, -1), (seat, predicted chance)...])."""
    rules = TableRules(game="fives-and-threes", players=2, target=settings.target)
    budget = _budget(settings)
    match, made = self_play.fives_threes_match(
        rules, seed, settings.level,
        lambda view, play: grade(view, play, seed=seed, budget=budget).chance(play),
    )
    assert match.winner is not None
    return match.round, [(match.winner, -1.0), *made]


def task(args: tuple[str, int, Settings]) -> tuple[int, list[Prediction]]:
    """One set or match: (games or hands, predictions against the outcome)."""
    kind, seed, settings = args
    play = cutthroat_set if kind == "ct" else fives_threes_match
    count, made = play(seed, settings)
    winner = made[0][0]
    return count, [
        (chance, 1.0 if seat == winner else 0.0, f"{kind}{seed}:{seat}")
        for seat, chance in made[1:]
    ]


@dataclass(frozen=True, slots=True)
class Group:
    """One tenth of the predictions."""

    low: float
    count: int
    predicted: float
    observed: float
    error: float
    """The standard error of the difference, counting each seat's set or match as one draw:
    its predictions all share one outcome (cluster-robust)."""
    clusters: int

    @property
    def difference(self) -> float:
        return self.observed - self.predicted


def reliability(predictions: Sequence[Prediction]) -> list[Group]:
    """Predictions grouped in tenths (1.0 falls in the last).

    >>> [(g.low, g.count, g.observed) for g in reliability([(0.05, 0.0, "a"), (0.95, 1.0, "b")])]
    [(0.0, 1, 0.0), (0.9, 1, 1.0)]
    """
    groups: list[list[Prediction]] = [[] for _ in range(10)]
    for prediction in predictions:
        groups[min(9, max(0, int(prediction[0] * 10)))].append(prediction)
    return [_group(k / 10, g) for k, g in enumerate(groups) if g]


def _group(low: float, members: Sequence[Prediction]) -> Group:
    n = len(members)
    predicted = sum(c for c, _, _ in members) / n
    observed = sum(o for _, o, _ in members) / n
    mean = observed - predicted
    sums: dict[str, float] = {}
    for chance, outcome, cluster in members:
        sums[cluster] = sums.get(cluster, 0.0) + (outcome - chance - mean)
    k = len(sums)
    if k < 2:
        return Group(low, n, predicted, observed, math.inf, k)  # one draw: no spread to see
    spread = sum(v * v for v in sums.values()) * k / (k - 1)
    return Group(low, n, predicted, observed, spread**0.5 / n, k)


def brier(predictions: Sequence[Prediction]) -> float:
    """The mean squared error of the predictions against the 0/1 outcomes.

    >>> brier([(1.0, 1.0, "a"), (0.5, 0.0, "b")])
    0.125
    """
    return sum((c - o) ** 2 for c, o, _ in predictions) / len(predictions)


def report(title: str, predictions: Sequence[Prediction]) -> bool:
    """Print the table; True when every group of ENOUGH predictions is within GOAL."""
    print(f"\n{title}: {len(predictions)} predictions, Brier score {brier(predictions):.4f}")
    print("  group      count  predicted  observed  difference  (s.e.; seat-sets)")
    met = True
    for g in reliability(predictions):
        held = g.count >= ENOUGH
        ok = abs(g.difference) <= GOAL
        met &= ok or not held
        mark = ("ok" if ok else "MISSED") if held else "(few)"
        print(f"  {g.low:.1f}-{g.low + 0.1:.1f}  {g.count:6d}  {g.predicted:9.3f}  "
              f"{g.observed:8.3f}  {g.difference:+10.3f}  ({g.error:.3f}; {g.clusters:4d})  {mark}")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ct-games", type=int, default=3000,
                        help="play Cutthroat sets until this many games are played")
    parser.add_argument("--ft-matches", type=int, default=200, help="Fives & Threes matches")
    parser.add_argument("--players", type=int, default=4, help="Cutthroat players")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--first", type=int, default=0, help="seed of the first set and match")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 1 set and 1 match to 21 at level 2, 4 deals a grade")
    args = parser.parse_args(argv)
    settings = Settings(players=args.players)
    sets_wanted, matches = None, args.ft_matches
    if args.quick:
        settings = Settings(players=4, target=21, level=2, samples=4)
        sets_wanted, matches = 1, 1
    started = time.perf_counter()
    load_before = os.getloadavg()
    met = True
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        # Cutthroat: sets in seed order until enough games; a batch of sets at a time.
        ct: list[Prediction] = []
        games = sets = 0
        seed = args.first
        while (games < args.ct_games) if sets_wanted is None else (sets < sets_wanted):
            batch = 1 if sets_wanted is not None else max(2 * args.jobs, 4)
            tasks = [("ct", seed + k, settings) for k in range(batch)]
            seed += batch
            for count, made in pool.map(task, tasks):
                if sets_wanted is None and games >= args.ct_games:
                    break  # sets past the count are dropped, as a smaller --jobs would
                games, sets = games + count, sets + 1
                ct.extend(made)
            print(f"\rCutthroat: {sets} sets, {games} games "
                  f"({time.perf_counter() - started:.0f} s)", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        ft: list[Prediction] = []
        hands = 0
        tasks = [("ft", args.first + k, settings) for k in range(matches)]
        for done, (count, made) in enumerate(pool.map(task, tasks), 1):
            hands += count
            ft.extend(made)
            print(f"\rFives & Threes: {done}/{matches} matches "
                  f"({time.perf_counter() - started:.0f} s)", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    met &= report(f"Cutthroat, {settings.players} players, {sets} sets of {games} games "
                  "(the chance to win the set)", ct)
    met &= report(f"Fives & Threes to {settings.target}, {matches} matches of {hands} hands "
                  "(the chance to win the match)", ft)
    spent = time.perf_counter() - started
    print(f"\n{'every group of' if met else 'NOT every group of'} {ENOUGH} or more predictions "
          f"within {GOAL} ({spent:.0f} s, --jobs {args.jobs})")
    print(f"CPU {_cpu_seconds():.0f} s in all; load average {_load(load_before)} at the start, "
          f"{_load(os.getloadavg())} at the end; search {_compiled()}")
    return 0 if met else 1


def _cpu_seconds() -> float:
    """User and system seconds of this process and of its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def _load(averages: tuple[float, float, float]) -> str:
    return " ".join(f"{a:.1f}" for a in averages)


def _compiled() -> str:
    built = [m.COMPILED for m in (fives_threes, cutthroat, rollouts)]
    return "compiled" if all(built) else "pure Python" if not any(built) else "partly compiled"


if __name__ == "__main__":
    raise SystemExit(main())
