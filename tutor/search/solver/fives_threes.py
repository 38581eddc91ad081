"""The exact Fives & Threes solver: both hands known, perfect play to the end of the hand.

``solve_fives_threes``: the point difference (the seat to play minus the other) until the hand
ends, under every rule of RULES.md: points after every play (a double at an end counts both
halves, a lone first tile counts once), the chip-out point, knocking, the exact target (a play
that would pass it scores nothing, chip-out point included) and the end of the match the moment a
player reaches the target. A depth-first negamax with alpha-beta on bit masks, with a
transposition table keyed on one integer (the hand masks, the ends and the scores) storing
bounds, plays ordered by the points they score now, and a node count.

Passing needs no state of its own, so the key holds no count of passes in a row: the hand is
blocked exactly when neither hand holds a tile that fits, which the search checks whenever the
seat to play cannot play.

``make compiled`` compiles this module with mypyc (``COMPILED`` then says so): the same code,
about 2.5 times faster; without a C compiler it runs as it is.

>>> from tutor.rules import Game, Line, TableRules
>>> ft = TableRules(game="fives-and-threes", players=2)
>>> game = Game.from_hands([["1-0", "5-5"], ["6-6", "2-2"]], rules=ft,
...                        line=Line.parse(["5-1"]), turn=0)
>>> solution = solve_fives_threes(Position.from_game(game))
>>> solution.value, [str(p) for p in solution.best]
(4, ['1-0 right'])
>>> [(str(p), v) for p, v in solution.values]
[('5-5 left', 3), ('1-0 right', 4)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tutor.rules.fast import (
    END_VALUE,
    FITS,
    HIGH,
    IS_DOUBLE,
    LOW,
    NEXT_END,
    POINTS,
    ft_credit,
    ft_play,
)
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.tiles import PIPS_OF, SUIT, Mask
from tutor.search.encode import Node, as_node, play_of

__all__ = ["COMPILED", "FivesThreesSolution", "solve_fives_threes"]

COMPILED: bool = __file__.endswith((".so", ".pyd"))
"""True when this module runs compiled by mypyc (``make compiled``), False as pure Python."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
_INFINITY = 10**6


@dataclass(frozen=True, slots=True)
class FivesThreesSolution:
    """The exact value of a Fives & Threes position.

    ``value``: points of the seat to play minus the other's, to the end of the
    hand (or of the match). ``best``: every legal play that reaches it, in the
    order of ``Game.legal_plays`` (empty when the seat must knock). ``values``:
    each legal play's value. ``nodes``: positions searched.
    """

    value: int
    best: tuple[Play, ...]
    values: tuple[tuple[Play, int], ...]
    nodes: int


def _ft_state(board: Node) -> tuple[Mask, Mask, int, int, int, int]:
    """A Fives & Threes board as the searcher reads it, from the seat to play: its hand, the
    other hand, both scores, and each end as its number plus 8 for a double (-1: no tile yet).
    """
    turn = board.turn
    left = -1 if board.left < 0 else board.left | (8 if board.left_double else 0)
    right = -1 if board.right < 0 else board.right | (8 if board.right_double else 0)
    return (
        board.hands[turn], board.hands[1 - turn],
        board.scores[turn], board.scores[1 - turn],
        left, right,
    )


def solve_fives_threes(position: Position | Node, *, match_bonus: int = 0) -> FivesThreesSolution:
    """Solve a two-player Fives & Threes position exactly (see the module docstring).

    With ``match_bonus`` a player who reaches the target (and wins the match) is
    credited that much more, so that near the target winning the match comes
    before the points (a bonus of 1000 makes it come first; the value then
    tells who wins the match: above 500, the seat to play; below -500, the other).
    """
    board = as_node(position)
    if not board.is_fives_and_threes:
        raise ValueError("solve_fives_threes needs a Fives & Threes position")
    search, counter = _ft_searcher(board.rules.target, match_bonus)
    me, opp, sme, sopp, left, right = _ft_state(board)
    target = board.rules.target
    if sme >= target or sopp >= target or not (me and opp):
        return FivesThreesSolution(0, (), (), 0)
    plays = board.plays()
    if not plays:
        value = search(me, opp, left, right, sme, sopp, -_INFINITY, _INFINITY)
        return FivesThreesSolution(value, (), (), counter[0])
    values = []
    for index, side in plays:
        new_left, new_right, total = ft_play(index, side, left, right)
        hand = me & ~(1 << index)
        credited = ft_credit(total, hand, sme, target)
        if sme + credited == target:
            value = credited + match_bonus
        elif not hand:
            value = credited
        else:
            value = credited - search(
                opp, hand, new_left, new_right, sopp, sme + credited, -_INFINITY, _INFINITY
            )
        values.append((play_of(index, side), value))
    best_value = max(v for _, v in values)
    best = tuple(p for p, v in values if v == best_value)
    return FivesThreesSolution(best_value, best, tuple(values), counter[0])


def _ft_searcher(target: int, bonus: int = 0) -> tuple[_FtSearch, list[int]]:
    """A negamax search with its own table; ``counter[0]`` counts the nodes.

    Ends are codes: the number, plus 8 when a double lies at that end (-1: empty
    line). A lone double shows its number at both ends with the double flag, so
    it counts once in total and a tile laid on it leaves it counting twice.
    """
    table: dict[int, tuple[int, int]] = {}
    counter = [0]
    points, fits, suit, next_end, end_value = POINTS, FITS, SUIT, NEXT_END, END_VALUE
    is_double, high, low, pips = IS_DOUBLE, HIGH, LOW, PIPS_OF
    width = max(target.bit_length(), 1)

    def search(
        me: Mask, opp: Mask, left: int, right: int, sme: int, sopp: int, alpha: int, beta: int
    ) -> int:
        counter[0] += 1
        # The value does not change when the two ends swap: order them in the key.
        if left <= right:
            key = ((((me << 28 | opp) << 5 | (left + 1)) << 5 | (right + 1)) << width | sme)
        else:
            key = ((((me << 28 | opp) << 5 | (right + 1)) << 5 | (left + 1)) << width | sme)
        key = key << width | sopp
        entry = table.get(key)
        if entry is not None:
            value, flag = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                if value >= beta:
                    return value
                if value > alpha:
                    alpha = value
            elif value <= alpha:
                return value
            elif value < beta:
                beta = value
        alpha0 = alpha
        # Each play: (order, credited points, hand after, new left, new right).
        scored: list[tuple[int, int, Mask, int, int]] = []
        if left < 0:
            for index in range(28):
                if me >> index & 1:
                    double = 8 if is_double[index] else 0
                    hand = me ^ (1 << index)
                    gain = points[pips[index]] + (0 if hand else 1)
                    credited = gain if sme + gain <= target else 0
                    terminal = not hand or sme + credited == target
                    scored.append((credited + (100 if terminal else 0), credited, hand,
                                   high[index] | double, low[index] | double))
        else:
            ln, rn = left & 7, right & 7
            lv, rv = end_value[left], end_value[right]
            nexts = next_end[ln]
            for index in fits[ln][me & suit[ln]]:
                end = nexts[index]
                hand = me ^ (1 << index)
                gain = points[end_value[end] + rv] + (0 if hand else 1)
                credited = gain if sme + gain <= target else 0
                terminal = not hand or sme + credited == target
                scored.append((credited + (100 if terminal else 0), credited, hand, end, right))
            if ln != rn or (left ^ right) & 8:
                nexts = next_end[rn]
                for index in fits[rn][me & suit[rn]]:
                    end = nexts[index]
                    hand = me ^ (1 << index)
                    gain = points[lv + end_value[end]] + (0 if hand else 1)
                    credited = gain if sme + gain <= target else 0
                    terminal = not hand or sme + credited == target
                    scored.append((credited + (100 if terminal else 0), credited, hand, left,
                                   end))
        if not scored:
            if not opp & (suit[left & 7] | suit[right & 7]):
                best = 0  # both knock: the hand is blocked
            else:
                best = -search(opp, me, left, right, sopp, sme, -beta, -alpha)
        else:
            if len(scored) > 1:
                scored.sort(reverse=True)
            best = -_INFINITY
            for order, credited, hand, new_left, new_right in scored:
                if order >= 100:
                    value = credited + bonus if sme + credited == target else credited
                else:
                    value = credited - search(
                        opp, hand, new_left, new_right, sopp, sme + credited,
                        credited - beta, credited - alpha,
                    )
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        if best <= alpha0:
            table[key] = (best, _UPPER)
        elif best >= beta:
            table[key] = (best, _LOWER)
        else:
            table[key] = (best, _EXACT)
        return best

    return search, counter


class _FtSearch(Protocol):
    def __call__(
        self, me: Mask, opp: Mask, left: int, right: int, sme: int, sopp: int, alpha: int,
        beta: int,
    ) -> int: ...

