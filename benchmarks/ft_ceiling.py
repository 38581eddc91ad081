"""How far can sampling go against level 2 in Fives & Threes? Bounds for issue 12's 62% goal.

Level 5 wins about 59% of mirrored hands against level 2 (greedy: the most
points now); the goal is 62%. This benchmark plays level 2 on the same
mirrored deals as ``benchmarks/strength.py`` against players that are given
more than level 5 has, to show where the ceiling of deal sampling lies:

- ``level5``: the computer player of level 5, as it is.
- ``model2``: samples deals as level 5 does (weighed by the opponent's plays,
  the same 64 of 512 draws) but, in every deal, knows the opponent's policy
  exactly: it plays as level 2 does (the most points now, the first of
  equals), and the seat plays its best reply to it (the point difference).
  An information-fair best response to level 2, up to strategy fusion.
- ``model2_win``: the same, maximising the hands won (then the difference),
  the very figure of the goal.
- ``model2_epimc``: ``model2`` with the seat's next play postponed
  (EPIMC, Arjonilla, Saffidine and Cazenave 2024): after level 2's reply the
  seat takes one play for all the deals that show the same line, so its next
  decision cannot use the hidden hands either.
- ``open_hands``: every hand known, the exact solver (``solve_fives_threes``).
  Not information-fair: what knowing the hidden tiles is worth.

Each pairing prints the share of hands won with a 95% interval; the last line
is ``key=value`` with every share.

    .venv/bin/python benchmarks/ft_ceiling.py --deals 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.rules.fast import END_VALUE, FITS, HIGH, IS_DOUBLE, LOW, OTHER, POINTS
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import PIPS_OF, SUIT, Mask
from tutor.search.deals import DealSampler
from tutor.search.encode import Node, play_of, plays_seen
from tutor.search.evaluate import legal_plays, resampled
from tutor.search.ladder import interval
from tutor.search.players import BUDGETS, choose_play
from tutor.search.solver.fives_threes import solve_fives_threes

FT = TableRules(game="fives-and-threes", players=2)
MATCH = 1000
WIN = 10_000
"""``model2_win``: a hand won outweighs any point difference."""

# A position from the seat to play: its hand, the other hand, the end codes (the number, plus
# 8 when a double lies there; -1 on an empty line) and both scores.
State = tuple[Mask, Mask, int, int, int, int]
# A play: its key (tile, new ends), points credited, the value when it ends the hand (the
# difference it adds, MATCH more for the target; None when play goes on), the state after.
Child = tuple[tuple[int, int, int], int, "int | None", "State | None"]


def children(state: State, target: int) -> list[Child]:
    """The plays of the seat to play, in ``Game`` order, or its knock (key ``(-1, 0, 0)``)."""
    me, opp, left, right, sme, sopp = state
    laid: list[tuple[int, int, int]] = []
    if left < 0:
        for index in range(28):
            if me >> index & 1:
                double = 8 if IS_DOUBLE[index] else 0
                laid.append((index, HIGH[index] | double, LOW[index] | double))
    else:
        for index in FITS[left & 7][me & SUIT[left & 7]]:
            laid.append((index, OTHER[index][left & 7] | (8 if IS_DOUBLE[index] else 0), right))
        if left & 7 != right & 7 or (left ^ right) & 8:
            for index in FITS[right & 7][me & SUIT[right & 7]]:
                end = OTHER[index][right & 7] | (8 if IS_DOUBLE[index] else 0)
                laid.append((index, left, end))
    result: list[Child] = []
    for index, new_left, new_right in laid:
        hand = me ^ (1 << index)
        total = PIPS_OF[index] if left < 0 else END_VALUE[new_left] + END_VALUE[new_right]
        gain = POINTS[total] + (0 if hand else 1)
        credited = gain if sme + gain <= target else 0
        key = (index, new_left, new_right)
        if sme + credited == target:
            result.append((key, credited, credited + MATCH, None))
        elif not hand:
            result.append((key, credited, credited, None))
        else:
            result.append((key, credited, None, (opp, hand, new_left, new_right, sopp,
                                                 sme + credited)))
    if result:
        return result
    if not opp & (SUIT[left & 7] | SUIT[right & 7]):
        return [((-1, 0, 0), 0, 0, None)]  # both knock: the hand is blocked
    return [((-1, 0, 0), 0, None, (opp, me, left, right, sopp, sme))]


def greedy(kids: list[Child]) -> Child:
    """Level 2's play: the most points credited now, the first of equals."""
    return max(kids, key=lambda child: child[1])


def against_greedy(state: State, mine: bool, target: int, memo: dict[tuple[State, bool], int],
                   ) -> int:
    """The point difference (the seat that maximises minus level 2) from ``state`` on."""
    key = (state, mine)
    value = memo.get(key)
    if value is not None:
        return value
    kids = children(state, target)
    if mine:
        value = max(end if end is not None else credited + _go_on(after, False, target, memo)
                    for _, credited, end, after in kids)
    else:
        _, credited, end, after = greedy(kids)
        value = -end if end is not None else -credited + _go_on(after, True, target, memo)
    memo[key] = value
    return value


def _go_on(after: State | None, mine: bool, target: int,
           memo: dict[tuple[State, bool], int]) -> int:
    assert after is not None
    return against_greedy(after, mine, target, memo)


def final_against_greedy(state: State, mine: bool, target: int,
                         memo: dict[tuple[State, bool], int]) -> int:
    """The hand's final difference (the maximising seat minus level 2, MATCH more or less for
    the match) when the maximising seat plays to win the hand first, then for points."""
    key = (state, mine)
    value = memo.get(key)
    if value is not None:
        return value
    _, _, _, _, sme, sopp = state
    sign = 1 if mine else -1
    kids = children(state, target)
    finals = []
    for _, credited, end, after in (kids if mine else [greedy(kids)]):
        if end is not None:
            finals.append(sign * (sme + credited - sopp + (MATCH if end > credited + MATCH // 2
                                                           else 0)))
        else:
            assert after is not None
            finals.append(final_against_greedy(after, not mine, target, memo))
    value = max(finals, key=hand_utility)
    memo[key] = value
    return value


def hand_utility(difference: int) -> int:
    """A hand won first, then the points: ``model2_win``'s objective."""
    return WIN * ((difference > 0) - (difference < 0)) + difference


def state_of(board: Node) -> State:
    """The board from the seat to play, as ``children`` reads it."""
    turn = board.turn
    left = -1 if board.left < 0 else board.left | (8 if board.left_double else 0)
    right = -1 if board.right < 0 else board.right | (8 if board.right_double else 0)
    return (board.hands[turn], board.hands[1 - turn], left, right,
            board.scores[turn], board.scores[1 - turn])


def sampled_deals(view: Position, seed: int) -> list[tuple[Node, float]]:
    """Level 5's deals: 512 drawn, weighed by the opponent's plays, 64 kept."""
    budget = BUDGETS[5]
    rng = random.Random(f"ceiling|{seed}|{view.hand}|{view.line.mask}|{plays_seen(view)}")
    sampler = DealSampler(view)
    drawn = resampled(view, sampler, rng, budget.fives_and_threes,
                      budget.fives_and_threes * budget.resample, budget.infer)
    return drawn or [(sampler.node(rng), 1.0) for _ in range(budget.fives_and_threes)]


def best_of(view: Position, totals: dict[tuple[int, int, int], float],
            board: Node) -> Play:
    """The legal play with the highest total (the first of equals)."""
    keys = [key for key, *_ in children(state_of(board), view.rules.target)]
    moves = legal_plays(view)
    assert [key[0] for key in keys] == [index for index, _ in moves]
    best = max(range(len(moves)), key=lambda k: totals[keys[k]])
    return play_of(*moves[best])


def model2(view: Position, seed: int, *, win: bool = False) -> Play:
    """Sampled deals, each solved against level 2's exact policy."""
    deals = sampled_deals(view, seed)
    target = view.rules.target
    totals: dict[tuple[int, int, int], float] = {}
    for board, weight in deals:
        memo: dict[tuple[State, bool], int] = {}
        state = state_of(board)
        for key, credited, end, after in children(state, target):
            if win:
                if end is not None:
                    difference = state[4] + credited - state[5] + (
                        MATCH if end > credited + MATCH // 2 else 0)
                else:
                    assert after is not None
                    difference = final_against_greedy(after, False, target, memo)
                value = hand_utility(difference)
            elif end is not None:
                value = end
            else:
                assert after is not None
                value = credited + against_greedy(after, False, target, memo)
            totals[key] = totals.get(key, 0.0) + weight * value
    return best_of(view, totals, deals[0][0])


def model2_epimc(view: Position, seed: int) -> Play:
    """``model2`` with the seat's next play taken once for every deal showing the same line."""
    deals = sampled_deals(view, seed)
    target = view.rules.target
    # Per deal and first play: its value when the hand ends at once, or level 2's reply and
    # the value of each of the seat's next plays.
    Outcome = float | tuple[tuple[int, int, int], dict[tuple[int, int, int], float]]
    per_deal: list[tuple[float, dict[tuple[int, int, int], Outcome]]] = []
    for board, weight in deals:
        memo: dict[tuple[State, bool], int] = {}
        outcomes: dict[tuple[int, int, int], Outcome] = {}
        for key, first, end, after in children(state_of(board), target):
            if end is not None:
                outcomes[key] = end
                continue
            assert after is not None
            reply, second, reply_end, then = greedy(children(after, target))
            if reply_end is not None:
                outcomes[key] = first - reply_end
                continue
            assert then is not None
            nexts: dict[tuple[int, int, int], float] = {}
            for next_key, third, next_end, last in children(then, target):
                if next_end is not None:
                    nexts[next_key] = first - second + next_end
                else:
                    assert last is not None
                    nexts[next_key] = first - second + third + against_greedy(
                        last, False, target, memo)
            outcomes[key] = (reply, nexts)
        per_deal.append((weight, outcomes))
    sums: dict[tuple[tuple[int, int, int], tuple[int, int, int]],
               dict[tuple[int, int, int], float]] = {}
    for weight, outcomes in per_deal:
        for key, outcome in outcomes.items():
            if isinstance(outcome, tuple):
                node = sums.setdefault((key, outcome[0]), {})
                for next_key, value in outcome[1].items():
                    node[next_key] = node.get(next_key, 0.0) + weight * value
    chosen = {node: max(values, key=values.__getitem__) for node, values in sums.items()}
    totals: dict[tuple[int, int, int], float] = {}
    for weight, outcomes in per_deal:
        for key, outcome in outcomes.items():
            value = (outcome[1][chosen[(key, outcome[0])]] if isinstance(outcome, tuple)
                     else outcome)
            totals[key] = totals.get(key, 0.0) + weight * value
    return best_of(view, totals, deals[0][0])


Player = Callable[[Game, int, list[int], int], Play]


def _viewed(choose: Callable[[Position, int], Play]) -> Player:
    def player(game: Game, seat: int, points: list[int], seed: int) -> Play:
        view = Position.from_game(game, seat, scores=(points[0], points[1]))
        moves = legal_plays(view)
        return play_of(*moves[0]) if len(moves) == 1 else choose(view, seed)
    return player


def _level(level: int) -> Callable[[Position, int], Play]:
    def choose(view: Position, seed: int) -> Play:
        play = choose_play(view, level, seed=seed)
        assert play is not None
        return play
    return choose


def _open_hands(game: Game, seat: int, points: list[int], seed: int) -> Play:
    scores = (points[0], points[1])
    solution = solve_fives_threes(Position.from_game(game, scores=scores), match_bonus=MATCH)
    return solution.best[0]


PLAYERS: dict[str, Player] = {
    "level2": _viewed(_level(2)),
    "level5": _viewed(_level(5)),
    "model2": _viewed(model2),
    "model2_win": _viewed(lambda view, seed: model2(view, seed, win=True)),
    "model2_epimc": _viewed(model2_epimc),
    "open_hands": _open_hands,
}
HEROES = ["level5", "model2", "model2_win", "model2_epimc", "open_hands"]


def play_hand(deal: int, names: tuple[str, str], seed: int = 0) -> tuple[float, float]:
    """One hand as ``tutor.search.ladder.play_hand`` plays it: seat 0 leads from 0-0."""
    game = Game.new(FT, random.Random(deal), turn=0)
    points = [0, 0]
    while not game.over:
        seat = game.turn
        if not game.can_play():
            game.pass_turn()
            continue
        game.play(PLAYERS[names[seat]](game, seat, points, seed))
        gained = score_play(game.line, not game.hands[seat], points[seat], FT.target)
        points[seat] += gained.credited
        if gained.reached_target:
            break
    if points[0] == points[1]:
        return (0.5, 0.5)
    return (1.0, 0.0) if points[0] > points[1] else (0.0, 1.0)


def chunk(args: tuple[str, int, int]) -> list[float]:
    """The hero's mean result on each deal of ``start .. stop - 1``, in both seats."""
    hero, start, stop = args
    results = []
    for deal in range(start, stop):
        first = play_hand(deal, (hero, "level2"))[0]
        second = play_hand(deal, ("level2", hero))[1]
        results.append((first + second) / 2)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="mirrored deals per player")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="deals per task")
    parser.add_argument("--only", default="", help="comma-separated players, e.g. model2,level5")
    args = parser.parse_args(argv)
    heroes = [h for h in HEROES if not args.only or h in args.only.split(",")]
    if not heroes:
        print(f"no player matches {args.only!r}; players: {', '.join(HEROES)}")
        return 2
    figures = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for hero in heroes:
            started = time.perf_counter()
            tasks = [(hero, s, min(s + args.chunk, args.deals))
                     for s in range(0, args.deals, args.chunk)]
            results = [r for part in pool.map(chunk, tasks) for r in part]
            stats = interval(results, 0.62)
            print(f"{hero:13} vs level 2: {stats.mean:.3f} [{stats.low:.3f}, {stats.high:.3f}] "
                  f"of hands won, {stats.n} deals, {time.perf_counter() - started:.0f} s "
                  f"(goal 62%: {'met' if stats.mean >= 0.62 else 'NOT met'})", flush=True)
            figures[hero] = f"{stats.mean:.3f}"
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
