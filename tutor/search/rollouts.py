"""Fast playouts of sampled deals: the evaluation's values where an exact solve is too slow.

Every hand is known here (a deal drawn by ``tutor.search.deals``); each seat follows a
fixed policy to the end of the hand:

- Cutthroat: ``rollout`` (each seat lays its heaviest fitting tile) and ``smart_rollout``
  (count, variety of numbers kept, whether the next seat can follow); the winner.
- Fives & Threes: ``ft_rollout`` (the points now less ``DENY`` times the opponent's best
  reply); the point difference, ``MATCH`` more for the seat that reaches the target.

``make compiled`` compiles this module with mypyc, as it does the solvers (``COMPILED`` then
says so): the same playouts, about twice as fast.
"""

from __future__ import annotations

from tutor.rules.fast import FITS, NUMBERS7, OTHER, block_winner, ft_credit, ft_plays
from tutor.rules.tiles import PIPS_OF, SUIT, Mask
from tutor.search.encode import Node, after_play
from tutor.search.solver.fives_threes import _ft_state

__all__ = [
    "COMPILED", "DENY", "MATCH", "fives_threes_rollouts", "ft_rollout", "rollout",
    "rollout_winner", "smart_rollout",
]

COMPILED: bool = __file__.endswith((".so", ".pyd"))
"""True when this module runs compiled by mypyc (``make compiled``), False as pure Python."""

MATCH = 1000
"""The solver's bonus for winning the match: it outweighs any points of one hand."""


def fives_threes_rollouts(
    board: Node, moves: list[tuple[int, int]]
) -> tuple[list[float], int]:
    """Each play's point difference (with ``MATCH`` for the match) in one playout each."""
    me, opp, sme, sopp, left, right = _ft_state(board)
    target = board.rules.target
    children = ft_plays(me, left, right)
    if [(index, side) for index, side, *_ in children] != moves:
        raise AssertionError("the plays of the rollout and of the game differ")
    values: list[float] = []
    for index, _, new_left, new_right, total in children:
        hand = me ^ (1 << index)
        credited = ft_credit(total, hand, sme, target)
        if sme + credited == target:
            values.append(float(credited + MATCH))
        elif not hand:
            values.append(float(credited))
        else:
            values.append(float(credited - ft_rollout(
                opp, hand, new_left, new_right, sopp, sme + credited, target)))
    return values, len(moves) * (me | opp).bit_count()


DENY = 0.5
"""The rollout policy's weight on the opponent's best reply (points now minus this much)."""


def ft_rollout(me: Mask, opp: Mask, left: int, right: int, sme: int, sopp: int,
               target: int) -> int:
    """Play a Fives & Threes hand out, both seats seeing both hands: the point difference.

    ``me`` is the seat to play (end codes as in the solver: the number, plus 8 for a
    double at that end; -1 on an empty line). Each seat takes the play that scores most
    now less ``DENY`` times the opponent's best reply, going out or reaching the target
    first; the difference is ``me``'s points minus the other's, ``MATCH`` more for the
    seat that reaches the target.

    >>> from tutor.rules.tiles import Tile
    >>> ft_rollout(Tile(1, 0).bit | Tile(5, 5).bit, Tile(6, 6).bit | Tile(2, 2).bit,
    ...            5, 1, 0, 0, 61)  # 1-0 on the 1: 5 + 0 = 5, one point; then 5-5: 10, 2+1
    4
    """
    sign = 1
    diff = 0
    suit, plays, credit, reply, pips = SUIT, ft_plays, ft_credit, _best_reply, PIPS_OF
    while True:
        children = plays(me, left, right)
        if not children:
            if not opp & (suit[left & 7] | suit[right & 7]):
                return diff  # both knock: blocked
            me, opp, sme, sopp, sign = opp, me, sopp, sme, -sign
            continue
        best = children[0]
        best_score = -1e9
        best_credit = 0
        for child in children:
            index, _, new_left, new_right, total = child
            hand = me ^ (1 << index)
            credited = credit(total, hand, sme, target)
            if not hand or sme + credited == target:
                score = 1e6 + credited
            else:
                score = credited - DENY * reply(opp, new_left, new_right, sopp, target)
                score += 0.01 * pips[index]  # of equals, shed the heavier tile
            if score > best_score:
                best, best_score, best_credit = child, score, credited
        index, _, left, right, _ = best
        diff += sign * best_credit
        me ^= 1 << index
        if sme + best_credit == target:
            return diff + sign * MATCH
        if not me:
            return diff
        me, opp, sme, sopp, sign = opp, me, sopp, sme + best_credit, -sign


def _best_reply(hand: Mask, left: int, right: int, score: int, target: int) -> int:
    """The most points ``hand`` can be credited with in one play on these ends."""
    best = 0
    credit = ft_credit
    for index, _, _, _, total in ft_plays(hand, left, right):
        credited = credit(total, hand ^ (1 << index), score, target)
        if credited > best:
            best = credited
    return best


def rollout_winner(board: Node, index: int, side: int, smart: bool) -> int | None:
    child = after_play(board, index, side)
    if child is None:
        return board.turn
    play_out = smart_rollout if smart else rollout
    return play_out(list(child.hands), child.left, child.right, child.turn)


def rollout(hands: list[Mask], left: int, right: int, turn: int) -> int | None:
    """Play a Cutthroat block game out, each seat laying its heaviest fitting tile.

    Returns the winner (``None`` for a tied block). ``hands`` is changed.

    >>> from tutor.rules.tiles import Tile
    >>> rollout([Tile(6, 6).bit | Tile(1, 0).bit, Tile(6, 5).bit | Tile(5, 5).bit], 6, 4, 0)
    1
    """
    seats = len(hands)
    fits, other, suit, pips = FITS, OTHER, SUIT, PIPS_OF
    passes = 0
    while True:
        hand = hands[turn]
        on_left = fits[left][hand & suit[left]]
        on_right = fits[right][hand & suit[right]]
        if on_left or on_right:
            passes = 0
            best, at_left = -1, True
            for index in on_left:
                if best < 0 or pips[index] > pips[best]:
                    best = index
            for index in on_right:
                if best < 0 or pips[index] > pips[best]:
                    best, at_left = index, False
            if at_left:
                left = other[best][left]
            else:
                right = other[best][right]
            hand ^= 1 << best
            hands[turn] = hand
            if not hand:
                return turn
        else:
            passes += 1
            if passes >= seats:
                return block_winner(hands)
        turn = turn + 1 if turn + 1 < seats else 0



def smart_rollout(hands: list[Mask], left: int, right: int, turn: int) -> int | None:
    """Like ``rollout``, with a better policy: each seat weighs the tile's count, the
    variety of numbers it keeps, and whether the next seat can follow (the hands are
    those of the sampled deal). Returns the winner (``None`` for a tied block).

    >>> from tutor.rules.tiles import Tile
    >>> smart_rollout([Tile(6, 6).bit | Tile(1, 0).bit, Tile(6, 5).bit | Tile(5, 5).bit], 6, 4, 0)
    1
    """
    seats = len(hands)
    fits, other, suit, pips = FITS, OTHER, SUIT, PIPS_OF
    n0, n1, n2, n3 = NUMBERS7  # numbers_in, inlined: the loop's hottest call
    passes = 0
    while True:
        hand = hands[turn]
        on_left = fits[left][hand & suit[left]]
        on_right = fits[right][hand & suit[right]]
        if on_left or on_right:
            passes = 0
            if not hand & (hand - 1):
                return turn  # the last tile fits: a domino
            nxt = hands[turn + 1 if turn + 1 < seats else 0]
            best, best_score, at_left = -1, -1.0, True
            for side, candidates in ((True, on_left), (False, on_right)):
                for index in candidates:
                    rest = hand ^ (1 << index)
                    if side:
                        new_left, new_right = other[index][left], right
                    else:
                        new_left, new_right = left, other[index][right]
                    numbers = n0[rest & 127] | n1[rest >> 7 & 127] | n2[rest >> 14 & 127]
                    score = pips[index] + 3.0 * (numbers | n3[rest >> 21]).bit_count()
                    if not nxt & (suit[new_left] | suit[new_right]):
                        score += 6.0
                    if rest & (suit[new_left] | suit[new_right]):
                        score += 2.0
                    if score > best_score:
                        best, best_score, at_left = index, score, side
            if at_left:
                left = other[best][left]
            else:
                right = other[best][right]
            hand ^= 1 << best
            hands[turn] = hand
        else:
            passes += 1
            if passes >= seats:
                return block_winner(hands)
        turn = turn + 1 if turn + 1 < seats else 0
