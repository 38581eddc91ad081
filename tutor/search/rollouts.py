"""Fast playouts of sampled deals: the evaluation's values where an exact solve is too slow.

Every hand is known here (a deal drawn by ``tutor.search.deals``); each seat follows a
fixed policy to the end of the hand:

- Cutthroat: ``rollout`` (each seat lays its heaviest fitting tile) and ``smart_rollout``
  (count, variety of numbers kept, whether the next seat can follow); the winner.
- Fives & Threes: ``ft_rollout`` (the points now less ``DENY`` times the opponent's best
  reply); the point difference, ``MATCH`` more for the seat that reaches the target.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.rules.fast import FITS, OTHER
from tutor.rules.tiles import SUIT, Mask
from tutor.search.encode import HIGH, IS_DOUBLE, LOW, PIPS, Node, after_play
from tutor.search.solver.cutthroat import count_of
from tutor.search.solver.fives_threes import _END_VALUE, _NEXT_END, _POINTS, _ft_state

__all__ = [
    "DENY", "MATCH", "fives_threes_rollouts", "ft_rollout", "numbers_in", "rollout",
    "rollout_winner", "smart_rollout",
]

MATCH = 1000
"""The solver's bonus for winning the match: it outweighs any points of one hand."""


def fives_threes_rollouts(
    board: Node, moves: list[tuple[int, int]]
) -> tuple[list[float], int]:
    """Each play's point difference (with ``MATCH`` for the match) in one playout each."""
    me, opp, sme, sopp, left, right = _ft_state(board)
    target = board.rules.target
    children = _ft_children(me, left, right)
    if [child[0] for child in children] != [index for index, _ in moves]:
        raise AssertionError("the plays of the rollout and of the game differ")
    values: list[float] = []
    for index, new_left, new_right, total in children:
        hand = me ^ (1 << index)
        gain = _POINTS[total] + (0 if hand else 1)
        credited = gain if sme + gain <= target else 0
        if sme + credited == target:
            values.append(float(credited + MATCH))
        elif not hand:
            values.append(float(credited))
        else:
            values.append(float(credited - ft_rollout(
                opp, hand, new_left, new_right, sopp, sme + credited, target)))
    return values, len(moves) * (me | opp).bit_count()


def _ft_children(me: Mask, left: int, right: int) -> list[tuple[int, int, int, int]]:
    """Plays of ``me`` on end codes ``left``/``right`` as (tile, new left, new right, total
    of the ends after), in ``Game`` order."""
    if left < 0:
        children = []
        for index in range(28):
            if me >> index & 1:
                double = 8 if IS_DOUBLE[index] else 0
                children.append((index, HIGH[index] | double, LOW[index] | double, PIPS[index]))
        return children
    ln, rn = left & 7, right & 7
    lv, rv = _END_VALUE[left], _END_VALUE[right]
    nexts = _NEXT_END[ln]
    children = [(i, nexts[i], right, _END_VALUE[nexts[i]] + rv) for i in FITS[ln][me & SUIT[ln]]]
    if ln != rn or (left ^ right) & 8:
        nexts = _NEXT_END[rn]
        children += [
            (i, left, nexts[i], lv + _END_VALUE[nexts[i]]) for i in FITS[rn][me & SUIT[rn]]
        ]
    return children


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
    points, suit = _POINTS, SUIT
    while True:
        children = _ft_children(me, left, right)
        if not children:
            if not opp & (suit[left & 7] | suit[right & 7]):
                return diff  # both knock: blocked
            me, opp, sme, sopp, sign = opp, me, sopp, sme, -sign
            continue
        best = children[0]
        best_score = -1e9
        best_credit = 0
        for child in children:
            index, new_left, new_right, total = child
            hand = me ^ (1 << index)
            gain = points[total] + (0 if hand else 1)
            credited = gain if sme + gain <= target else 0
            if not hand or sme + credited == target:
                score = 1e6 + credited
            else:
                score = credited - DENY * _best_reply(opp, new_left, new_right, sopp, target)
                score += 0.01 * PIPS[index]  # of equals, shed the heavier tile
            if score > best_score:
                best, best_score, best_credit = child, score, credited
        index, left, right, _ = best
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
    for index, _, _, total in _ft_children(hand, left, right):
        gain = _POINTS[total] + (0 if hand ^ (1 << index) else 1)
        if gain > best and score + gain <= target:
            best = gain
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
    fits, other, suit, pips = FITS, OTHER, SUIT, PIPS
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
                counts = [count_of(h) for h in hands]
                low = min(counts)
                return counts.index(low) if counts.count(low) == 1 else None
        turn = turn + 1 if turn + 1 < seats else 0



def _or_all(values: Iterable[int]) -> int:
    result = 0
    for value in values:
        result |= value
    return result


_NUMBERS7: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _or_all(1 << HIGH[7 * chunk + j] | 1 << LOW[7 * chunk + j]
                for j in range(7) if bits >> j & 1)
        for bits in range(128)
    )
    for chunk in range(4)
)


def numbers_in(hand: Mask) -> int:
    """A 7-bit mask of the numbers a hand carries.

    >>> from tutor.rules.tiles import Tile
    >>> bin(numbers_in(Tile(6, 1).bit | Tile(3, 3).bit))
    '0b1001010'
    """
    n0, n1, n2, n3 = _NUMBERS7
    return n0[hand & 127] | n1[hand >> 7 & 127] | n2[hand >> 14 & 127] | n3[hand >> 21]


def smart_rollout(hands: list[Mask], left: int, right: int, turn: int) -> int | None:
    """Like ``rollout``, with a better policy: each seat weighs the tile's count, the
    variety of numbers it keeps, and whether the next seat can follow (the hands are
    those of the sampled deal). Returns the winner (``None`` for a tied block).

    >>> from tutor.rules.tiles import Tile
    >>> smart_rollout([Tile(6, 6).bit | Tile(1, 0).bit, Tile(6, 5).bit | Tile(5, 5).bit], 6, 4, 0)
    1
    """
    seats = len(hands)
    fits, other, suit, pips = FITS, OTHER, SUIT, PIPS
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
                    score = pips[index] + 3.0 * numbers_in(rest).bit_count()
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
                counts = [count_of(h) for h in hands]
                low = min(counts)
                return counts.index(low) if counts.count(low) == 1 else None
        turn = turn + 1 if turn + 1 < seats else 0
