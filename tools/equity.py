"""Measure the hands behind the match-equity tables in level-5 self-play and write them.

    tools/equity.py --jobs 2                the committed run (1,500 hands; 4:500,3:400,2:200)
    tools/equity.py --only near --jobs 2    then: 100 hands at each of 48 near-target states
    tools/equity.py --check                 rebuild the table from the committed hands, compare
    tools/equity.py --check --replay 20     also replay the first 20 hands and games of each kind
    tools/equity.py --probe 60,30,100       100 hands from 60-30 played knowing the score,
                                            against the recorded hands replayed from 60-30

Fives & Threes: seeded hands from 0-0 (seat 0 leads), each recorded as its scoring plays
(play index, seat from the leader, points earned with the chip-out point), and hands played
knowing the score from near the target (each need 1 to ``NEAR`` or ``FAR``, for both seats);
``tutor.search.equity.fives_threes_table`` turns them into the table to 61, stored beside them.
Cutthroat: seeded games for 2, 3 and 4 players, once with the holder of 6-6 posing it and
once with seat 0 posing any tile (as the last winner does); each game is one character (the
winner counted from the poser, a letter for a key-card win, ``t`` for a tied block).
Work is split into chunks by seed and merged in seed order, so the data do not depend on
``--jobs``; progress goes to stderr. Exit 0 when ``--check`` agrees (or the data were
written), 1 when it does not.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.rules.cutthroat import six_six_poser
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.plays import Termination
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.search.equity import (
    DATA,
    FAR,
    FT_FILE,
    NEAR,
    FtHand,
    decode_hand,
    encode_hand,
    fives_threes_table,
    read_near,
    replay_points,
)
from tutor.search.players import choose_play
from tutor.search.set_equity import CT_FILE, SIX_SIX_POSES, TIE, WINNER_POSES

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tutor" / "search" / DATA
LEVEL = 5
TARGET = 61
DECIMALS = 5
FT_RULES = TableRules(game="fives-and-threes", players=2)
CT_TABLES = {"2": TableRules(players=2), "3": TableRules(players=3), "4": TableRules(players=4)}
MODES = (SIX_SIX_POSES, WINNER_POSES)


def ft_hand(seed: int, number: int, start: tuple[int, int] = (0, 0)) -> FtHand:
    """Hand ``number`` of the run ``seed``: level 5 in both seats, seat 0 leads at ``start``
    (the players know the score); points credited under the exact-target rule stop the hand
    at the target (its last event is the play that reached it)."""
    text = f"equity-ft|{seed}|{number}" + (f"|{start}" if start != (0, 0) else "")
    game = Game.new(FT_RULES, random.Random(text), turn=0)
    points = list(start)
    events: list[tuple[int, int, int]] = []
    plays = 0
    while not game.over:
        seat = game.turn
        if not game.can_play():
            game.pass_turn()
            continue
        view = Position.from_game(game, seat, scores=(points[0], points[1]), copy=False)
        play = choose_play(view, LEVEL, seed=seed)
        assert play is not None
        game.play(play)
        gained = score_play(game.line, not game.hands[seat], points[seat], FT_RULES.target)
        if gained.earned:
            events.append((plays, seat, gained.earned))
        points[seat] += gained.credited
        plays += 1
        if gained.reached_target:
            break
    return FtHand(plays, tuple(events))


def probe_chunk(task: tuple[int, int, int, int, int]) -> list[str]:
    seed, x, y, start, stop = task
    return [encode_hand(ft_hand(seed, n, (x, y))) for n in range(start, stop)]


def first_to_target(hands: Sequence[FtHand], x: int, y: int) -> tuple[float, float, float]:
    """Shares of hands from ``x``-``y`` (the leader on ``x``) in which the leader reaches the
    target first, the other does, or neither, replaying each hand's points from there."""
    counts = [0, 0, 0]
    for hand in hands:
        _, lead = replay_points([(i, p) for i, s, p in hand.events if s == 0], x, TARGET)
        _, other = replay_points([(i, p) for i, s, p in hand.events if s == 1], y, TARGET)
        counts[0 if lead < other else 1 if other < lead else 2] += 1
    return counts[0] / len(hands), counts[1] / len(hands), counts[2] / len(hands)


def probe(pool: ProcessPoolExecutor, spec: str, seed: int, chunk: int) -> int:
    """Hands played from a score by players who know it, against the recorded ones replayed."""
    x, y, n = (int(v) for v in spec.split(","))
    tasks: list[tuple[object, ...]] = [
        (seed, x, y, s, min(s + chunk, n)) for s in range(0, n, chunk)
    ]
    played = [decode_hand(t) for part in run(pool, probe_chunk, tasks, f"{x}-{y}", n)
              for t in part]
    ft = json.loads((OUT / FT_FILE).read_text("utf-8"))
    recorded = [decode_hand(text) for text in ft["hands"]]
    compared = (("played knowing the score", played), ("recorded hands replayed", recorded))
    for name, hands in compared:
        lead, other, neither = first_to_target(hands, x, y)
        print(f"{x}-{y}, the leader on {x}: {name} ({len(hands)} hands): the leader reaches "
              f"{TARGET} first in {lead:.1%}, the other in {other:.1%}, neither in {neither:.1%}")
    return 0


def ct_game(seed: int, players: str, mode: str, number: int) -> str:
    """Game ``number`` of the run: its record character (see the module)."""
    rules = CT_TABLES[players]
    game = Game.new(rules, random.Random(f"equity-ct|{players}|{mode}|{seed}|{number}"), turn=0)
    poser = 0
    if mode == SIX_SIX_POSES:
        poser, tile = six_six_poser(game.hands)
        game.pose, game.turn = tile, poser
    while not game.over:
        seat = game.turn
        if not game.can_play():
            game.pass_turn()
            continue
        play = choose_play(Position.from_game(game, seat, copy=False), LEVEL, seed=seed)
        assert play is not None
        game.play(play)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return TIE
    rel = (outcome.winner - poser) % rules.players
    key = outcome.kind is Termination.DOMINO and outcome.key_card
    return chr(ord("A") + rel) if key else str(rel)


def ft_chunk(task: tuple[int, int, int]) -> list[str]:
    seed, start, stop = task
    return [encode_hand(ft_hand(seed, n)) for n in range(start, stop)]


def ct_chunk(task: tuple[int, str, str, int, int]) -> str:
    seed, players, mode, start, stop = task
    return "".join(ct_game(seed, players, mode, n) for n in range(start, stop))


def run(
    pool: ProcessPoolExecutor, work: Callable[..., Sequence[str] | str],
    tasks: list[tuple[object, ...]], label: str, total: int,
) -> Iterator[Sequence[str] | str]:
    """Each task's result in task order, with progress on stderr."""
    started, done = time.perf_counter(), 0
    for part in pool.map(work, tasks):
        done += len(part)
        spent = time.perf_counter() - started
        print(f"\r{label}: {done}/{total} ({spent:.0f} s)", end="", file=sys.stderr, flush=True)
        yield part
    print(file=sys.stderr)


def table_rows(
    hands: Sequence[FtHand], target: int, near: dict[str, list[str]] | None = None
) -> list[list[float]]:
    table = fives_threes_table(hands, target, read_near(near or {}))
    return [[round(v, DECIMALS) for v in row] for row in table]


def near_states() -> list[tuple[int, int]]:
    """The needs (leader, other) at which hands are recorded knowing the score."""
    needs = [*range(1, NEAR + 1), FAR]
    return [(a, b) for a in needs for b in needs if (a, b) != (FAR, FAR)]


def record_near(pool: ProcessPoolExecutor, seed: int, per_state: int, chunk: int) -> int:
    """Add hands played knowing the score near the target to the Fives & Threes file."""
    started = time.perf_counter()
    data = json.loads((OUT / FT_FILE).read_text("utf-8"))
    tasks: list[tuple[object, ...]] = [
        (seed, TARGET - a, TARGET - b, s, min(s + chunk, per_state))
        for a, b in near_states() for s in range(0, per_state, chunk)
    ]
    total = per_state * len(near_states())
    texts = [t for part in run(pool, probe_chunk, tasks, "near the target", total) for t in part]
    near = {
        f"{a},{b}": texts[k * per_state:(k + 1) * per_state]
        for k, (a, b) in enumerate(near_states())
    }
    hands = [decode_hand(t) for t in data["hands"]]
    data["provenance"]["near"] = {
        "hands per state": per_state, "states": len(near), "seed": seed,
        "seconds": round(time.perf_counter() - started),
        "what": f"hands from {TARGET} less each need (1 to {NEAR}, or {FAR}: far) "
                "played knowing the score; the DP uses them where a need is at most "
                f"{NEAR}",
    }
    data["tables"] = {str(TARGET): table_rows(hands, TARGET, near)}
    data["near"] = near
    write(OUT / FT_FILE, data)
    return 0


def provenance(
    seed: int, count: object, what: str, spent: float, jobs: int, note: str
) -> dict[str, object]:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
        check=False,
    ).stdout.strip()
    return {
        "script": "tools/equity.py", "seed": seed, what: count, "level": LEVEL,
        "commit": commit or "unknown", "date": datetime.date.today().isoformat(),
        "seconds": round(spent), "jobs": jobs, **({"note": note} if note else {}),
    }


def per_table(text: str) -> dict[str, int]:
    """``"300"`` or ``"4:500,3:400,2:200"`` as games per table size."""
    if ":" not in text:
        return dict.fromkeys(CT_TABLES, int(text))
    counts = dict(part.split(":") for part in text.split(","))
    return {players: int(counts.get(players, 0)) for players in CT_TABLES}


def write(path: Path, data: dict[str, object]) -> None:
    """JSON with a line per key, per table row and per ten hands (short diffs, small file)."""
    lines = ["{"]
    for number, (key, value) in enumerate(data.items()):
        comma = "," if number < len(data) - 1 else ""
        if key == "tables":
            assert isinstance(value, dict)
            inner = [
                f" {json.dumps(target)}: [\n" + ",\n".join(
                    "  " + json.dumps(row, separators=(",", ":")) for row in rows) + "\n ]"
                for target, rows in value.items()
            ]
            lines.append(f"{json.dumps(key)}: {{\n" + ",\n".join(inner) + f"\n}}{comma}")
        elif key == "near":
            assert isinstance(value, dict)
            body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            lines.append(f"{json.dumps(key)}: {{\n{body}\n}}{comma}")
        elif key == "hands":
            assert isinstance(value, list)
            rows = [value[i:i + 10] for i in range(0, len(value), 10)]
            body = ",\n".join(" " + json.dumps(row)[1:-1] for row in rows)
            lines.append(f"{json.dumps(key)}: [\n{body}\n]{comma}")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, indent=1)}{comma}")
    path.write_text("\n".join(lines) + "\n}\n", encoding="utf-8")


def check(replay: int) -> int:
    """Rebuild the table from the committed hands; replay the first hands and games."""
    ft = json.loads((OUT / FT_FILE).read_text("utf-8"))
    hands = [decode_hand(text) for text in ft["hands"]]
    failed = 0
    started = time.perf_counter()
    for target, rows in ft["tables"].items():
        again = table_rows(hands, int(target), ft.get("near"))
        worst = max(abs(a - b) for r, s in zip(rows, again, strict=True)
                    for a, b in zip(r, s, strict=True))
        same = again == rows
        failed += not same
        print(f"Fives & Threes table to {target} from {len(hands)} hands: "
              f"{'reproduced' if same else f'DIFFERS by up to {worst}'} "
              f"({time.perf_counter() - started:.1f} s)")
    seed = int(ft["provenance"]["seed"])
    for n in range(min(replay, len(hands))):
        if encode_hand(ft_hand(seed, n)) != ft["hands"][n]:
            print(f"Fives & Threes hand {n} plays differently now")
            failed += 1
    ct = json.loads((OUT / CT_FILE).read_text("utf-8"))
    seed = int(ct["provenance"]["seed"])
    for players, modes in ct["games"].items():
        for mode, record in modes.items():
            for n in range(min(replay, len(record))):
                if ct_game(seed, players, mode, n) != record[n]:
                    print(f"Cutthroat {players} players ({mode}) game {n} plays differently now")
                    failed += 1
    if replay:
        print(f"replayed the first {replay} hands and games of each kind: "
              f"{'the same' if not failed else 'see above'}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ft-hands", type=int, default=1500, help="Fives & Threes hands")
    parser.add_argument("--ct-games", default="4:500,3:400,2:200",
                        help="Cutthroat games per way of posing: N, or per table size "
                             "as 4:500,3:400,2:200")
    parser.add_argument("--only", choices=("ft", "ct", "near"),
                        help="measure one game only; near: add hands played knowing the score "
                             "near the target to the committed Fives & Threes hands")
    parser.add_argument("--near-hands", type=int, default=100,
                        help="hands per near-target state (--only near)")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="hands per task")
    parser.add_argument("--check", action="store_true",
                        help="rebuild the table from the committed data and compare")
    parser.add_argument("--replay", type=int, default=0,
                        help="with --check: replay this many first hands and games of each kind")
    parser.add_argument("--note", default="", help="a remark for the provenance")
    parser.add_argument("--probe", metavar="X,Y,N",
                        help="play N hands from X-Y (the leader on X) knowing the score and "
                             "compare who reaches the target with the recorded hands replayed")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.replay)
    if args.probe or args.only == "near":
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            if args.probe:
                return probe(pool, args.probe, args.seed, args.chunk)
            return record_near(pool, args.seed, args.near_hands, args.chunk)
    OUT.mkdir(exist_ok=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        if args.only != "ct":
            started = time.perf_counter()
            n = args.ft_hands
            tasks: list[tuple[object, ...]] = [
                (args.seed, s, min(s + args.chunk, n)) for s in range(0, n, args.chunk)
            ]
            texts = [t for part in run(pool, ft_chunk, tasks, "Fives & Threes", n) for t in part]
            hands = [decode_hand(t) for t in texts]
            spent = time.perf_counter() - started
            write(OUT / FT_FILE, {
                "provenance": provenance(args.seed, n, "hands", spent, args.jobs, args.note),
                "format": "per hand: a letter (A + plays), then per scoring play a letter "
                          "(a + 2 * play index + seat from the leader) and the points earned "
                          "(chip-out included)",
                "tables": {str(TARGET): table_rows(hands, TARGET)},
                "hands": texts,
            })
        if args.only != "ft":
            started = time.perf_counter()
            games: dict[str, dict[str, str]] = {}
            counts = per_table(args.ct_games)
            for players in CT_TABLES:
                n = counts[players]
                for mode in MODES:
                    tasks = [(args.seed, players, mode, s, min(s + args.chunk, n))
                             for s in range(0, n, args.chunk)]
                    label = f"Cutthroat {players} players, {mode} poses"
                    games.setdefault(players, {})[mode] = "".join(
                        str(part) for part in run(pool, ct_chunk, tasks, label, n))
            spent = time.perf_counter() - started
            write(OUT / CT_FILE, {
                "provenance": provenance(
                    args.seed, counts, "games per way of posing", spent, args.jobs, args.note),
                "format": "per game: the winner counted from the poser (a digit), a letter "
                          "(A: the poser...) for a key-card win, t for a tied block",
                "games": games,
            })
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
