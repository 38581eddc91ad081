"""What a save after every play costs, in one run: the game saved on the database held open
(``record.GameSaver``, what ``domino-tutor play`` does after each play, pass and draw), against
opening and closing the database for each save (``record.store_game``, what it did after each
hand) and writing the ``--record`` file (``record.export_game``, an atomic file write).

A seeded Fives & Threes match at level 1 is played to the end; at every action each way of
saving is timed on the game as it stands (the record grows with the game). The figures are
wall-clock medians and 95th percentiles in ms on this machine's disk: read them side by side.

    .venv/bin/python benchmarks/save.py
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import GameSaver, export_game, store_game, to_json
from tutor.play.model.session import Options


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def timed(kinds: tuple[str, ...], seed: int, every: int, folder: Path) -> dict[str, list[float]]:
    """Times (s) of each way of saving in ``kinds``, after every ``every``-th action of a match."""
    database = folder / f"learner-{'-'.join(kinds)}.sqlite3"
    game = PracticeGame(Options(game="fives-and-threes", level=1, seed=seed), coach="off")
    times: dict[str, list[float]] = {name: [] for name in kinds}
    with GameSaver(database, "held") as saver:
        ways = {
            "to_json": lambda: to_json(game),
            "held open": lambda: saver(game),
            "open+close": lambda: store_game(game, database, "each"),
            "file": lambda: export_game(game, folder / "game.json"),
        }
        while not game.over:
            mine = game.learner_to_play
            events = game.choose(game.legal_choices()[0])[0] if mine else game.step()
            if not events or len(game.session.actions) % every:
                continue
            for name in kinds:
                start = time.perf_counter()
                ways[name]()
                times[name].append(time.perf_counter() - start)
    print(f"{len(game.session.actions)} actions in the match", end="; ")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--every", type=int, default=1, help="time every Nth action")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    # Two passes over the same match: while a connection is held open, closing another one does
    # not checkpoint the write-ahead log, so "open+close" is timed with nothing else open.
    times = timed(("to_json", "held open", "file"), args.seed, args.every, folder)
    times |= timed(("open+close",), args.seed, args.every, folder)
    print(f"{len(times['to_json'])} saves of each kind")
    print(f"{'save':<12}{'median ms':>10}{'p95 ms':>8}")
    for name in ("to_json", "held open", "open+close", "file"):
        ms = [1000 * v for v in times[name]]
        print(f"{name:<12}{statistics.median(ms):>10.2f}{p95(ms):>8.2f}")


if __name__ == "__main__":
    main()
