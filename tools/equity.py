"""Measure the hands behind the match-equity tables in level-5 self-play and write them.

    tools/equity.py --ft-hands 4000 --ct-games 1000 --jobs 2   the committed run
    tools/equity.py --check                 rebuild the table from the committed hands, compare
    tools/equity.py --check --replay 20     also replay the first 20 hands and games of each kind

Fives & Threes: seeded hands from 0-0 (seat 0 leads), each recorded as its scoring plays
(play index, seat from the leader, points earned with the chip-out point);
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
    CT_FILE,
    DATA,
    FT_FILE,
    SIX_SIX_POSES,
    TIE,
    WINNER_POSES,
    FtHand,
    decode_hand,
    encode_hand,
    fives_threes_table,
)
from tutor.search.players import choose_play

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tutor" / "search" / DATA
LEVEL = 5
TARGET = 61
DECIMALS = 5
FT_RULES = TableRules(game="fives-and-threes", players=2)
CT_TABLES = {"2": TableRules(players=2), "3": TableRules(players=3), "4": TableRules(players=4)}
MODES = (SIX_SIX_POSES, WINNER_POSES)


def ft_hand(seed: int, number: int) -> FtHand:
    """Hand ``number`` of the run ``seed``: level 5 in both seats, seat 0 leads at 0-0."""
    game = Game.new(FT_RULES, random.Random(f"equity-ft|{seed}|{number}"), turn=0)
    points = [0, 0]
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
    return FtHand(plays, tuple(events))


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


def table_rows(hands: Sequence[FtHand], target: int) -> list[list[float]]:
    return [[round(v, DECIMALS) for v in row] for row in fives_threes_table(hands, target)]


def provenance(
    seed: int, count: int, what: str, spent: float, jobs: int, note: str
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
        again = table_rows(hands, int(target))
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
    parser.add_argument("--ft-hands", type=int, default=4000, help="Fives & Threes hands")
    parser.add_argument("--ct-games", type=int, default=1000,
                        help="Cutthroat games per table size and way of posing")
    parser.add_argument("--only", choices=("ft", "ct"), help="measure one game only")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="hands per task")
    parser.add_argument("--check", action="store_true",
                        help="rebuild the table from the committed data and compare")
    parser.add_argument("--replay", type=int, default=0,
                        help="with --check: replay this many first hands and games of each kind")
    parser.add_argument("--note", default="", help="a remark for the provenance")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.replay)
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
            n = args.ct_games
            for players in CT_TABLES:
                for mode in MODES:
                    tasks = [(args.seed, players, mode, s, min(s + args.chunk, n))
                             for s in range(0, n, args.chunk)]
                    label = f"Cutthroat {players} players, {mode} poses"
                    games.setdefault(players, {})[mode] = "".join(
                        str(part) for part in run(pool, ct_chunk, tasks, label, n))
            spent = time.perf_counter() - started
            write(OUT / CT_FILE, {
                "provenance": provenance(
                    args.seed, n, "games per kind", spent, args.jobs, args.note),
                "format": "per game: the winner counted from the poser (a digit), a letter "
                          "(A: the poser...) for a key-card win, t for a tied block",
                "games": games,
            })
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
