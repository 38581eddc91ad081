"""The search package timed: solver, sampler and hints, in one run.

- solver_vs_reference: nodes per second of the Fives & Threes solver
  (``tutor.search.solver.fives_threes``) against a plain alpha-beta negamax written below (no
  table, no ordering, its own tile tables) over the same positions (late hands,
  10 tiles left). Both count one node per position entered.
- ft_hand_ms: median exact solve of a whole Fives & Threes hand (7 + 7, from the lead).
- ct_end8_ms: median max^n solve (``who_wins``) of a 4-player Cutthroat hand with 8 tiles down.
- ct_canwin_ms: median "can I still win" (``can_win``) on a full 4-player deal, 6-6 posed.
- hint_p95_ms: 95th percentile of the time to evaluate every legal play at level 5's budget,
  over the decisions of 4-player Cutthroat hands and Fives & Threes hands (level-2 play).
- deals_per_s: consistent deals sampled per second, 4 players, 3 hidden hands, voids known.
- solver: ``compiled`` when ``make compiled`` built both solvers with mypyc, ``python`` when
  neither is built, ``mixed`` otherwise.

Times are CPU times of this process; the machine is shared, so compare ratios, not rates.

    .venv/bin/python benchmarks/search.py --positions 40
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

from tutor.rules.cutthroat import six_six_poser
from tutor.rules.game import Game
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.search.deals import DealSampler
from tutor.search.encode import Node, encode
from tutor.search.evaluate import evaluate
from tutor.search.players import BUDGETS, choose_play
from tutor.search.solver import cutthroat, fives_threes
from tutor.search.solver.cutthroat import can_win, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

FT = TableRules(game="fives-and-threes", players=2)
CT4 = TableRules(players=4)

# --- the reference: a plain alpha-beta negamax for Fives & Threes ---------------------------

REF_TILES = [(a, b) for a in range(7) for b in range(a + 1)]


def ref_points(total: int) -> int:
    return (total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0)


def ref_count(end: tuple[int, bool]) -> int:
    return end[0] * 2 if end[1] else end[0]


def ref_search(
    me: int, opp: int, left: tuple[int, bool], right: tuple[int, bool], sme: int, sopp: int,
    alpha: int, beta: int, target: int, nodes: list[int],
) -> int:
    """Points of the seat to play minus the other's; ends are (number, double at that end)."""
    nodes[0] += 1
    moves = []
    for i in range(28):
        if not me >> i & 1:
            continue
        a, b = REF_TILES[i]
        for side, end in ((0, left), (1, right)):
            if side == 1 and left[0] == right[0] and left[1] == right[1]:
                continue
            if end[0] in (a, b):
                new = ((b if end[0] == a else a), a == b)
                moves.append((i, side, new))
    if not moves:
        can = any(opp >> i & 1 and (left[0] in REF_TILES[i] or right[0] in REF_TILES[i])
                  for i in range(28))
        if not can:
            return 0
        return -ref_search(opp, me, left, right, sopp, sme, -beta, -alpha, target, nodes)
    best = -999
    for i, side, new in moves:
        hand = me & ~(1 << i)
        new_left, new_right = (new, right) if side == 0 else (left, new)
        gain = ref_points(ref_count(new_left) + ref_count(new_right)) + (0 if hand else 1)
        credited = gain if sme + gain <= target else 0
        if not hand or sme + credited == target:
            value = credited
        else:
            value = credited - ref_search(opp, hand, new_left, new_right, sopp, sme + credited,
                                          credited - beta, credited - alpha, target, nodes)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def late_ft_positions(count: int, rng: random.Random) -> list[Game]:
    """Fives & Threes hands played at random to 10 tiles left (at least 2 tiles down)."""
    found = []
    while len(found) < count:
        game = Game.new(FT, rng, turn=rng.randrange(2))
        while not game.over and sum(h.bit_count() for h in game.hands) > 10:
            plays = game.legal_plays()
            if plays:
                game.play(plays[rng.randrange(len(plays))])
            else:
                game.pass_turn()
        if not game.over and len(game.line) >= 2:
            found.append(game)
    return found


def reference_value(game: Game, nodes: list[int]) -> int:
    line = list(game.line)
    first, last = line[0], line[-1]
    left = (first.left, first.tile.is_double)
    right = (last.right, last.tile.is_double)
    turn = game.turn
    return ref_search(game.hands[turn], game.hands[1 - turn], left, right, 0, 0, -999, 999,
                      FT.target, nodes)


# --- the figures --------------------------------------------------------------------------


def cpu_ms(fn: Callable[..., object], *args: object, **kwargs: object) -> float:
    """CPU milliseconds of one call."""
    start = time.process_time()
    fn(*args, **kwargs)
    return (time.process_time() - start) * 1000


def deal_with(rules: TableRules, seed: int, down: int, *, pose: bool = False) -> Game:
    rng = random.Random(seed)
    game = Game.new(rules, rng, turn=0)
    if pose:
        seat, tile = six_six_poser(game.hands)
        game.pose, game.turn = tile, seat
    while len(game.line) < down and not game.over:
        plays = game.legal_plays()
        if plays:
            game.play(plays[rng.randrange(len(plays))])
        else:
            game.pass_turn()
    return game


def solver_vs_reference(positions: int) -> tuple[float, int]:
    games = late_ft_positions(positions, random.Random(1))
    ratios, disagreements = [], 0
    for game in games:
        nodes = [0]
        start = time.process_time()
        ref = reference_value(game, nodes)
        ref_time = time.process_time() - start
        board = encode(Position.from_game(game))  # encoded outside the timing, as before
        start = time.process_time()
        solution = solve_fives_threes(board)
        solver_time = time.process_time() - start
        disagreements += solution.value != ref
        if ref_time > 0 and solver_time > 0:
            ratios.append((solution.nodes / solver_time) / (nodes[0] / ref_time))
    return statistics.median(ratios), disagreements


def hint_times(hands: int) -> list[float]:
    times = []
    level5 = BUDGETS[5]
    for rules, budget in ((CT4, level5.cutthroat), (FT, level5.fives_and_threes)):
        for seed in range(hands):
            game = deal_with(rules, 1000 + seed, 0, pose=rules is CT4)
            while not game.over:
                if not game.can_play():
                    game.pass_turn()
                    continue
                view = Position.from_game(game, game.turn)
                if len(game.legal_plays()) > 1:
                    times.append(cpu_ms(evaluate, view, random.Random(seed), samples=budget,
                                        min_samples=budget, smart=level5.smart))
                play = choose_play(view, 2)
                assert play is not None
                game.play(play)
    return times


def deals_per_second(views: int, draws: int) -> float:
    rng = random.Random(5)
    rates = []
    found = 0
    while found < views:
        game = deal_with(CT4, rng.randrange(10**9), rng.randint(4, 12))
        if game.over:
            continue
        view = Position.from_game(game, game.turn)
        hidden = sum(1 for s, c in enumerate(view.counts) if s != view.turn and c)
        if hidden != 3 or not any(view.lacks):
            continue
        found += 1
        sampler = DealSampler(view)
        start = time.process_time()
        for _ in range(draws):
            sampler.sample(rng)
        rates.append(draws / (time.process_time() - start))
    return statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="positions per figure")
    parser.add_argument("--hands", type=int, default=3, help="hands per game for hint_p95_ms")
    args = parser.parse_args(argv)
    n = args.positions
    print(f"search benchmark: {n} positions per figure, Python {platform.python_version()}")

    ratio, disagreements = solver_vs_reference(n)
    print(f"solver vs plain alpha-beta, nodes/s: {ratio:.2f} ({disagreements} disagreements)")
    def node(rules: TableRules, seed: int, played: int) -> Node:
        return encode(Position.from_game(deal_with(rules, seed, played)))

    ft = [cpu_ms(solve_fives_threes, node(FT, s, 0)) for s in range(n)]
    end8 = [cpu_ms(who_wins, node(CT4, s, 8)) for s in range(n)]
    canwin = []
    for s in range(n):
        game = deal_with(CT4, s, 0, pose=True)
        canwin.append(cpu_ms(can_win, encode(Position.from_game(game)), game.turn))
    hints = sorted(hint_times(args.hands))
    p95 = hints[min(len(hints) - 1, int(0.95 * len(hints)))]
    deals = deals_per_second(10, 2000)
    figures = {
        "solver_vs_reference": f"{ratio:.2f}",
        "ft_hand_ms": f"{statistics.median(ft):.1f}",
        "ct_end8_ms": f"{statistics.median(end8):.1f}",
        "ct_canwin_ms": f"{statistics.median(canwin):.1f}",
        "hint_p95_ms": f"{p95:.0f}",
        "deals_per_s": f"{deals:.0f}",
        "solver": {(True, True): "compiled", (False, False): "python"}.get(
            (fives_threes.COMPILED, cutthroat.COMPILED), "mixed"
        ),
    }
    print(f"Fives & Threes whole hand: median {figures['ft_hand_ms']} ms, max {max(ft):.1f} ms")
    print(f"Cutthroat 4p, 8 down, max^n: median {figures['ct_end8_ms']} ms, max {max(end8):.1f}")
    print(f"Cutthroat 4p, full deal, can win: median {figures['ct_canwin_ms']} ms")
    print(f"hints at level 5's budget: {len(hints)} decisions, p95 {p95:.0f} ms, "
          f"max {hints[-1]:.0f} ms")
    print(" ".join(f"{key}={value}" for key, value in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
