"""Random playouts of 4-player block games, timed four ways in one run.

The game (engines.md, section 2): double-six, 7 tiles each from a shuffle of
the 28, no boneyard. Seat 0 leads any tile; after that every turn takes a
uniformly random legal play (a tile that fits both ends when they show the same
number counts once), a seat that cannot play passes, and the game ends on a
domino or when nobody can play.

- fast: the engine's fast path, ``tutor.rules.fast`` (bit masks, lookup tables).
- checked: the engine's public API, ``Game(hands)`` / ``legal_plays()`` / ``play()`` /
  ``pass_turn()``, on hands dealt by the same shuffle of 28 tile bits as the reference loop.
- reference: a plain bit-mask loop written below, importing nothing from ``tutor``.
- dominoes: the PyPI package ``dominoes`` (when importable), ``Game.new()`` then
  ``make_move(*random.choice(game.valid_moves))``.

The engines take turns within each repeat, time is CPU time, rates are medians
over the repeats (spread: (max - min) / median) and each ratio on the last line
is the median of the per-repeat ratios. The machine is shared and noisy:
compare the ratios, not the rates.
Every engine should average 22.4 tiles placed per game (± 0.3 over 10,000 games).

    .venv/bin/python benchmarks/playouts.py --games 5000 --repeats 5
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.rules.fast import random_game
from tutor.rules.game import Game
from tutor.rules.table_rules import TableRules

try:
    import dominoes  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the benchmark runs without it
    dominoes = None

RULES = TableRules(players=4)

# --- (c) the reference loop: self-contained, plain bit masks and lookup tables -----------

REF_TILES = [(a, b) for a in range(7) for b in range(a + 1)]  # index a*(a+1)/2 + b
REF_SUIT = [sum(1 << i for i, tile in enumerate(REF_TILES) if pip in tile) for pip in range(7)]
REF_OTHER = [[a + b - pip for pip in range(7)] for a, b in REF_TILES]  # valid where it fits


def _ref_fits(suit: int) -> dict[int, tuple[int, ...]]:
    """Every subset of a suit (0 included) -> the indexes of its tiles, lowest first."""
    fits, sub = {}, suit
    while True:
        fits[sub] = tuple(i for i in range(28) if sub >> i & 1)
        if not sub:
            return fits
        sub = (sub - 1) & suit


REF_FITS = [_ref_fits(suit) for suit in REF_SUIT]
REF_BITS = [1 << i for i in range(28)]


def reference_game(rng: random.Random) -> int:
    """One game; returns the number of tiles placed."""
    bits = REF_BITS[:]
    rng.shuffle(bits)
    hands = [sum(bits[0:7]), sum(bits[7:14]), sum(bits[14:21]), sum(bits[21:28])]
    rand = rng.random
    lead = [i for i in range(28) if hands[0] >> i & 1]
    tile = lead[int(rand() * len(lead))]
    hands[0] ^= 1 << tile
    left, right = REF_TILES[tile]
    seat, placed, passes = 0, 1, 0
    while passes < 4:  # four passes in a row: nobody can play
        seat = (seat + 1) & 3
        hand = hands[seat]
        on_left = REF_FITS[left][hand & REF_SUIT[left]]
        on_right = REF_FITS[right][hand & REF_SUIT[right]] if right != left else ()
        count = len(on_left) + len(on_right)
        if not count:
            passes += 1
            continue
        pick = int(rand() * count)
        if pick < len(on_left):
            tile = on_left[pick]
            left = REF_OTHER[tile][left]
        else:
            tile = on_right[pick - len(on_left)]
            right = REF_OTHER[tile][right]
        hands[seat] = hand = hand ^ (1 << tile)
        placed += 1
        passes = 0
        if not hand:
            break
    return placed


# --- (a), (b), (d) -----------------------------------------------------------------------


def fast_game(rng: random.Random) -> int:
    """One game on the engine's fast path."""
    return random_game(rng)[0]


def checked_game(rng: random.Random) -> int:
    """One game through the engine's checked public API, dealt like the reference loop."""
    bits = REF_BITS[:]
    rng.shuffle(bits)
    game = Game([sum(bits[0:7]), sum(bits[7:14]), sum(bits[14:21]), sum(bits[21:28])], rules=RULES)
    rand = rng.random
    while game.outcome() is None:
        plays = game.legal_plays()
        if plays:
            game.play(plays[int(rand() * len(plays))])
        else:
            game.pass_turn()
    return len(game.line)


def dominoes_game(rng: random.Random) -> int:
    """One game of the PyPI package ``dominoes`` (it deals with the module-level ``random``)."""
    game = dominoes.Game.new()
    choice = random.choice
    while game.result is None:
        game.make_move(*choice(game.valid_moves))
    return len(game.board)


def run(
    engines: dict[str, Callable[[random.Random], int]], games: int, repeats: int, seed: int
) -> dict[str, tuple[list[float], int, int]]:
    """Per engine: the rate of each repeat (games/s), the games played and the tiles placed.

    Within a repeat the engines take turns in rounds of at most 500 games, so a burst of load
    from elsewhere on the machine hits them all alike. Time is this process's CPU time.
    """
    rounds = -(-games // 500)
    results: dict[str, tuple[list[float], int, int]] = {name: ([], 0, 0) for name in engines}
    for repeat in range(repeats):
        rngs = {name: random.Random(f"{seed}/{repeat}/{name}") for name in engines}
        random.seed(f"{seed}/{repeat}/global")  # dominoes deals and chooses with this one
        elapsed = dict.fromkeys(engines, 0.0)
        for round_number in range(rounds):
            share = games // rounds + (1 if round_number < games % rounds else 0)
            for name, one_game in engines.items():
                rng = rngs[name]
                placed = 0
                start = time.process_time()
                for _ in range(share):
                    placed += one_game(rng)
                elapsed[name] += time.process_time() - start
                rates, played, total = results[name]
                results[name] = (rates, played + share, total + placed)
        for name in engines:
            results[name][0].append(games / elapsed[name])
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="games per engine per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repeats (median)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    engines: dict[str, Callable[[random.Random], int]] = {
        "fast": fast_game,
        "checked": checked_game,
        "reference": reference_game,
    }
    if dominoes is not None:
        engines["dominoes"] = dominoes_game
    print(
        f"4-player block games: {args.games} games per engine x {args.repeats} repeats, "
        f"Python {platform.python_version()}"
    )
    if dominoes is None:
        print("dominoes: not importable, skipped")
    results = run(engines, args.games, args.repeats, args.seed)
    median = {name: statistics.median(rates) for name, (rates, _, _) in results.items()}
    print(f"{'engine':<10} {'games/s':>10} {'spread':>7} {'tiles/game':>11}")
    for name, (rates, played, placed) in results.items():
        spread = (max(rates) - min(rates)) / median[name]
        print(f"{name:<10} {median[name]:>10,.0f} {spread:>7.0%} {placed / played:>11.3f}")

    def ratio(a: str, b: str) -> str:
        """The median over the repeats of the two engines' rate ratio in the same repeat."""
        if a not in results or b not in results:
            return "n/a"
        pairs = zip(results[a][0], results[b][0], strict=True)
        return f"{statistics.median(rate_a / rate_b for rate_a, rate_b in pairs):.2f}"

    print(
        f"fast/reference={ratio('fast', 'reference')} "
        f"checked/reference={ratio('checked', 'reference')} "
        f"fast/dominoes={ratio('fast', 'dominoes')}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
