"""Measure the coach's raw chances in seeded self-play and fit the calibration map to them.

    tools/calibration_map.py --jobs 2            the committed run (the seeds of its provenance)
    tools/calibration_map.py --check             refit from the committed records and compare
    tools/calibration_map.py --check --replay 2  also replay the first 2 matches and sets

The self-play is the calibration benchmark's (``benchmarks/calibration.py``: level 5 in every
seat, the coach at level 5's sample budget), on other seeds: Fives & Threes matches from seed
1,000,000 on (the benchmark plays 0 to 199) and Cutthroat sets of 4 players dealt from
``calibration-fit-ct|<seed>`` (the benchmark's are ``calibration-ct|<seed>``). At every
decision with a choice the coach's *raw* chance of the play made is recorded deal by deal
(``coach.play_table(..., calibrated=False)``: each sampled deal's match or set equity before
any map), with the seat and whether it won the match or the set.

The map (``tutor.search.calibration``): a chance's log-odds shrunk by one slope per game
towards those of 1 / seats, applied to each deal before the mean as the coach applies it. The
slope maximises the likelihood of the outcomes; its standard error counts each seat's match
(in Cutthroat the winner's set, and the others' together) as one draw (a sandwich estimate),
since its predictions share one outcome. Records
and slopes go to ``tutor/search/equity_data/calibration.json`` with the provenance; the work
is split by seed and merged in seed order, so nothing depends on ``--jobs``. Exit 0 when
``--check`` agrees (or the data were written), 1 when it does not.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import math
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.questions.coach import CoachBudget, play_table
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.search import self_play
from tutor.search.calibration import CALIBRATION_FILE, EDGE, CalibrationMap
from tutor.search.equity import DATA

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tutor" / "search" / DATA / CALIBRATION_FILE
RECORDS = ROOT / "tools" / "data" / "calibration_records.json.gz"
"""The records the slopes were fitted on (read by this script and its test only, not by the
tutor: too large for the package)."""
LEVEL = 5
PLAYERS = 4
DECIMALS = 5
SEATS = {FIVES_AND_THREES: 2, CUTTHROAT: PLAYERS}
FT_SEEDS = ((1_000_000, 36), (2_000_000, 15), (2_100_000, 12), (2_200_000, 137))
"""The committed run's Fives & Threes matches: (first seed, how many) per batch."""
CT_SEEDS = ((1_000_000, 40),)

Record = dict[str, object]
"""One match or set: its seed and predictions ``[won, "value*count ..."]`` (won: 1 when the
seat to play won the match or set)."""


def _values(table_deals: Sequence[Sequence[float]], play: int) -> str:
    """A play's deal values as ``value*count`` words, in the order first met (weights 1)."""
    counts: dict[float, int] = {}
    for deal in table_deals:
        value = round(deal[play], DECIMALS)
        counts[value] = counts.get(value, 0) + 1
    return " ".join(f"{v:g}*{n}" for v, n in counts.items())


def _predict(view: Position, seed: int, play: object) -> str:
    table = play_table(view, seed=seed, budget=CoachBudget(time_budget=None), calibrated=False)
    return _values(table.deals, list(table.plays).index(play))


def ft_match(seed: int) -> Record:
    """One Fives & Threes match to 61 of the committed run."""
    match, made = self_play.fives_threes_match(
        TableRules(game=FIVES_AND_THREES, players=2), seed, LEVEL,
        lambda view, play: _predict(view, seed, play),
    )
    return {"seed": seed, "predictions": [[int(s == match.winner), v] for s, v in made]}


def ct_set(seed: int) -> Record:
    """One Cutthroat set to six-love of the committed run."""
    series, made = self_play.cutthroat_set(
        TableRules(players=PLAYERS), random.Random(f"calibration-fit-ct|{seed}"), seed, LEVEL,
        lambda view, play: _predict(view, seed, play),
    )
    assert series.last is not None
    winner = series.last.winner
    return {"seed": seed, "games": series.games,
            "predictions": [[int(s == winner), v] for s, v in made]}


def _task(args: tuple[str, int]) -> Record:
    kind, seed = args
    return ft_match(seed) if kind == FIVES_AND_THREES else ct_set(seed)


# --- the fit -------------------------------------------------------------------------------

Prediction = tuple[tuple[tuple[float, int], ...], float, str]
"""(deal values with counts, outcome 1 or 0, its cluster: the winner's match or set, or the
others' together)."""


def predictions(records: Sequence[Record]) -> list[Prediction]:
    """Every recorded prediction: its deal values, whether its seat won, its cluster."""
    found: list[Prediction] = []
    for record in records:
        for won, text in record["predictions"]:  # type: ignore[attr-defined]
            deals = tuple(
                (float(v), int(n)) for v, n in (word.split("*") for word in str(text).split())
            )
            found.append((deals, float(won), f"{record['seed']}:{won}"))
    return found


def chance(deals: Sequence[tuple[float, int]], mapped: CalibrationMap) -> float:
    """The coach's chance: the mean of the mapped deal values."""
    total = sum(n for _, n in deals)
    return sum(mapped(v) * n for v, n in deals) / total


def _log_likelihoods(data: Sequence[Prediction], slope: float, seats: int) -> dict[str, float]:
    """Each cluster's log-likelihood of its outcomes under the map of this slope (the map of
    ``CalibrationMap``, on log-odds worked out once per value)."""
    centre = -math.log(seats - 1)
    sums: dict[str, float] = {}
    for deals, won, cluster in data:
        total = weight = 0.0
        for value, count in deals:
            if EDGE < value < 1.0 - EDGE:
                known = _LOGITS.get(value)
                odds = centre + slope * ((_logit(value) if known is None else known) - centre)
                value = 1.0 / (1.0 + math.exp(-odds))
            total += value * count
            weight += count
        p = min(max(total / weight, 1e-6), 1 - 1e-6)
        sums[cluster] = sums.get(cluster, 0.0) + (math.log(p) if won else math.log(1 - p))
    return sums


_LOGITS: dict[float, float] = {}


def _logit(value: float) -> float:
    odds = _LOGITS[value] = math.log(value / (1.0 - value))
    return odds


def fit(data: Sequence[Prediction], seats: int) -> tuple[float, float]:
    """The slope of most likelihood (golden section on 0.2..1.5, to 1e-5) and its
    cluster-robust standard error (numerical derivatives)."""

    def total(slope: float) -> float:
        return sum(_log_likelihoods(data, slope, seats).values())

    low, high = 0.2, 1.5
    ratio = (math.sqrt(5) - 1) / 2
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    fa, fb = total(a), total(b)
    while high - low > 1e-5:
        if fa > fb:
            high, b, fb = b, a, fa
            a = high - ratio * (high - low)
            fa = total(a)
        else:
            low, a, fa = a, b, fb
            b = low + ratio * (high - low)
            fb = total(b)
    slope = round((low + high) / 2, 4)
    h = 1e-3
    up, mid, down = (_log_likelihoods(data, slope + d, seats) for d in (h, 0.0, -h))
    scores = [(up[c] - down[c]) / (2 * h) for c in mid]
    curvature = (sum(up.values()) - 2 * sum(mid.values()) + sum(down.values())) / h**2
    k = len(scores)
    spread = sum(s * s for s in scores) * k / max(k - 1, 1)
    return slope, round(math.sqrt(spread) / abs(curvature), 4) if curvature else math.inf


def fitted(records: dict[str, list[Record]]) -> dict[str, dict[str, float]]:
    """Per game: the slope, its standard error, and the predictions it rests on."""
    out = {}
    for game, runs in records.items():
        data = predictions(runs)
        slope, error = fit(data, SEATS[game])
        out[game] = {"slope": slope, "error": error, "predictions": len(data),
                     "runs": len(runs)}
    return out


def _reliability(game: str, data: Sequence[Prediction], mapped: CalibrationMap) -> None:
    groups: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for deals, won, _ in data:
        p = chance(deals, mapped)
        groups[min(9, int(p * 10))].append((p, won))
    print(f"  {game}, slope {mapped.slope}:", file=sys.stderr)
    for k, g in enumerate(groups):
        if g:
            p = sum(x for x, _ in g) / len(g)
            o = sum(y for _, y in g) / len(g)
            print(f"    {k / 10:.1f}  {len(g):5d}  {p:.3f}  {o:.3f}  {o - p:+.3f}", file=sys.stderr)


# --- the run -------------------------------------------------------------------------------


def _seeds(batches: Sequence[tuple[int, int]]) -> list[int]:
    return [first + k for first, count in batches for k in range(count)]


def run(jobs: int) -> dict[str, list[Record]]:
    """Play the committed run's matches and sets (seed order)."""
    records: dict[str, list[Record]] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for game, batches in ((FIVES_AND_THREES, FT_SEEDS), (CUTTHROAT, CT_SEEDS)):
            tasks = [(game, seed) for seed in _seeds(batches)]
            records[game] = []
            for done, record in enumerate(pool.map(_task, tasks), 1):
                records[game].append(record)
                print(f"\r{game}: {done}/{len(tasks)}", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
    return records


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True, cwd=OUT.parent)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def write(records: dict[str, list[Record]], seconds: float, jobs: int) -> None:
    """The data file: provenance, the slopes and their fit, the records."""
    fits = fitted(records)
    data = {
        "provenance": {
            "script": "tools/calibration_map.py", "level": LEVEL, "coach": "level 5's budget",
            "fives-and-threes": {"seeds": [list(b) for b in FT_SEEDS], "target": 61},
            "cutthroat": {"seeds": [list(b) for b in CT_SEEDS], "players": PLAYERS,
                          "deals": "random.Random(f'calibration-fit-ct|{seed}')"},
            "commit": _commit(), "date": datetime.date.today().isoformat(),
            "seconds": round(seconds), "jobs": jobs,
        },
        "format": "per game the slope of the map (tutor.search.calibration) and its fit "
                  "(standard error, predictions, matches or sets); the records are in "
                  "tools/data/calibration_records.json.gz: per game, per match or set its "
                  "seed and predictions [won, the raw deal values as 'value*count']",
        "slopes": {game: fit_["slope"] for game, fit_ in fits.items()},
        "fit": fits,
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    RECORDS.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(records, separators=(",", ":")).encode("utf-8")
    RECORDS.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))


def read_records() -> dict[str, list[Record]]:
    """The committed records."""
    records: dict[str, list[Record]] = json.loads(gzip.decompress(RECORDS.read_bytes()))
    return records


def check(replay: int) -> bool:
    """Refit from the committed records (and replay the first ``replay`` of each)."""
    data = json.loads(OUT.read_text("utf-8"))
    records = read_records()
    ok = True
    fits = fitted(records)
    for game, fit_ in fits.items():
        same = fit_["slope"] == data["slopes"][game]
        ok &= same
        print(f"{game}: slope {fit_['slope']} (s.e. {fit_['error']}) from "
              f"{fit_['predictions']} predictions in {fit_['runs']} runs: "
              f"{'reproduced' if same else 'DIFFERENT from ' + str(data['slopes'][game])}")
        _reliability(game, predictions(records[game]), CalibrationMap(1.0, SEATS[game]))
        _reliability(game, predictions(records[game]), CalibrationMap(fit_["slope"], SEATS[game]))
    for game, runs in records.items():
        for record in runs[:replay]:
            again = _task((game, int(record["seed"])))
            same = again == record
            ok &= same
            print(f"{game} seed {record['seed']}: {'replayed' if same else 'DIFFERENT'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--check", action="store_true",
                        help="refit from the committed records and compare the slopes")
    parser.add_argument("--replay", type=int, default=0,
                        help="with --check: also replay this many matches and sets of each")
    parser.add_argument("--records", type=Path,
                        help="fit from these records (JSON: game to records) instead of playing")
    parser.add_argument("--seconds", type=float,
                        help="with --records: the seconds the run that made them took")
    args = parser.parse_args(argv)
    if args.check:
        return 0 if check(args.replay) else 1
    started = time.perf_counter()
    records = json.loads(args.records.read_text("utf-8")) if args.records else run(args.jobs)
    write(records, args.seconds or time.perf_counter() - started, args.jobs)
    print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
