"""The fast path: the rules on plain bit masks, for the search and for random playouts.

``Game`` checks every request and keeps a full record, which is what the tutor
needs, but simulation (Monte Carlo hints, statistics, puzzle mining) and the
exact solvers want millions of positions a second. This module holds the rules
they need on bare ints, with lookup tables built once at import, and checks
nothing beyond what the loop needs. Tile indexes, bits and suits are those of
:mod:`tutor.rules.tiles`, so masks move freely between here and ``Game``.

Every kernel here is the twin of a plain rule, and ``tests/rules/test_fast.py``
pins the two together: ``count_of``/``counts_of`` (``tiles.hand_count``),
``block_winner`` (``plays.blocked_outcome``), ``plays_on`` (``plays.plays_for``),
``ft_play``/``ft_plays``/``ft_credit`` on end codes (``fives_threes.score_play``
on a ``Line``), ``random_playout`` (``Game`` played at random). Code that is
hot enough to inline a kernel (the compiled solver) reads these tables too.

A block game here: no boneyard, the seats play in turn, each turn a uniformly
random legal play (a tile that fits both ends when they show the same number
counts once), a seat that cannot play passes, and the game ends on a domino or
when no hand holds a tile that fits.

>>> import random
>>> from tutor.rules.plays import blocked_outcome
>>> from tutor.rules.tiles import tiles_of
>>> hands = deal_hands(random.Random(1))
>>> [len(tiles_of(hand)) for hand in hands]
[7, 7, 7, 7]
>>> placed, winner, left_over = random_playout(hands, random.Random(1))
>>> placed, winner
(20, None)
>>> blocked = blocked_outcome(left_over)
>>> blocked.counts, blocked.winner, block_winner(left_over)
((9, 22, 13, 8), 3, 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import reduce
from operator import or_

from tutor.rules.fives_threes import points_for_total
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.tiles import PIPS, PIPS_OF, SUIT, TILES, Mask, iter_indexes

__all__ = [
    "BIT",
    "END_VALUE",
    "FITS",
    "HIGH",
    "IS_DOUBLE",
    "LOW",
    "NEXT_END",
    "NUMBERS7",
    "OTHER",
    "POINTS",
    "block_winner",
    "count_of",
    "counts_of",
    "deal_hands",
    "end_codes",
    "ft_credit",
    "ft_play",
    "ft_plays",
    "numbers_in",
    "plays_on",
    "random_game",
    "random_playout",
]

# --- tables by tile index (the count of a tile: ``tiles.PIPS_OF``) -------------------------------

BIT: tuple[Mask, ...] = tuple(tile.bit for tile in TILES)
"""``BIT[i]`` is the one-tile mask of the tile with index ``i``."""
HIGH: tuple[int, ...] = tuple(tile.high for tile in TILES)
"""``HIGH[i]``: the larger number of the tile with index ``i``."""
LOW: tuple[int, ...] = tuple(tile.low for tile in TILES)
"""``LOW[i]``: the smaller number of the tile with index ``i``."""
IS_DOUBLE: tuple[bool, ...] = tuple(tile.is_double for tile in TILES)
"""``IS_DOUBLE[i]``: True for the doubles."""

OTHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(tile.other(pip) if tile.has(pip) else -1 for pip in PIPS) for tile in TILES
)
"""``OTHER[i][p]`` is the number left open when tile ``i`` is joined on ``p`` (-1: it has no ``p``).

>>> from tutor.rules.tiles import Tile
>>> OTHER[Tile(6, 2).index][2], OTHER[Tile(4, 4).index][4]
(6, 4)
"""


def _subsets(mask: Mask) -> list[Mask]:
    # pragma: no mutate block -- it runs only at import, before mutmut switches a mutant on
    subsets = [0]
    sub = mask
    while sub:
        subsets.append(sub)
        sub = (sub - 1) & mask
    return subsets


FITS: tuple[dict[Mask, tuple[int, ...]], ...] = tuple(
    {sub: tuple(iter_indexes(sub)) for sub in _subsets(SUIT[pip])} for pip in PIPS
)
"""``FITS[p][hand & SUIT[p]]``: the indexes of the tiles in ``hand`` that fit ``p``, lowest first.

Seven dicts of 128 entries: one lookup replaces a loop over the set bits.

>>> from tutor.rules.tiles import Tile
>>> [str(TILES[i]) for i in FITS[5][Tile(5, 1).bit | Tile(6, 5).bit | Tile(3, 2).bit]]
['5-1', '6-5']
"""

_CHUNKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(7 * chunk + j for j in range(7) if bits >> j & 1) for bits in range(128))
    for chunk in range(4)
)
"""Tile indexes of a 7-bit slice of a mask, for the lead (any tile of the hand)."""

_COUNT7: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(PIPS_OF[7 * chunk + j] for j in range(7) if bits >> j & 1) for bits in range(128))
    for chunk in range(4)
)
"""The count of a 7-bit slice of a mask (tiles ``7 * chunk`` to ``7 * chunk + 6``)."""

NUMBERS7: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        reduce(or_, (1 << HIGH[7 * chunk + j] | 1 << LOW[7 * chunk + j]
                     for j in range(7) if bits >> j & 1), 0)
        for bits in range(128)
    )
    for chunk in range(4)
)
"""The numbers a 7-bit slice of a mask carries, as a 7-bit mask."""


def numbers_in(hand: Mask) -> int:
    """A 7-bit mask of the numbers a hand carries (bit ``n``: a tile of the hand has ``n``).

    >>> bin(numbers_in(TILES[22].bit | TILES[9].bit))  # 6-1 and 3-3
    '0b1001010'
    """
    n0, n1, n2, n3 = NUMBERS7
    return n0[hand & 127] | n1[hand >> 7 & 127] | n2[hand >> 14 & 127] | n3[hand >> 21]


# --- hand counts and the block -------------------------------------------------------------------


def count_of(hand: Mask) -> int:
    """The count of a hand, by four table lookups (``tiles.hand_count``).

    >>> count_of(TILES[27].bit | TILES[5].bit)  # 6-6 and 2-2
    16
    """
    c0, c1, c2, c3 = _COUNT7
    return c0[hand & 127] + c1[hand >> 7 & 127] + c2[hand >> 14 & 127] + c3[hand >> 21]


def counts_of(hands: Sequence[Mask]) -> list[int]:
    """Every hand's count (``count_of`` inlined, for loops over all the seats).

    >>> counts_of([TILES[27].bit, 0, TILES[1].bit])
    [12, 0, 1]
    """
    c0, c1, c2, c3 = _COUNT7
    return [c0[h & 127] + c1[h >> 7 & 127] + c2[h >> 14 & 127] + c3[h >> 21] for h in hands]


def block_winner(hands: Sequence[Mask]) -> int | None:
    """Who wins a block: the seat alone on the lowest count, ``None`` for a tie
    (``plays.blocked_outcome(hands).winner``).

    >>> block_winner([TILES[27].bit, TILES[1].bit, TILES[2].bit]), block_winner([1, 1])
    (1, None)
    """
    counts = counts_of(hands)
    low = min(counts)
    return counts.index(low) if counts.count(low) == 1 else None


# --- legal plays ---------------------------------------------------------------------------------


def plays_on(hand: Mask, left: int, right: int, pose: int = -1, *, both: bool) -> list[
    tuple[int, int]
]:
    """The plays of ``hand`` on the numbers ``left``/``right`` as ``(tile index, side)``, side
    0 left and 1 right, in ``plays.plays_for`` order: left end first, lowest index first.

    ``left < 0``: an empty line, every tile (or only ``pose``, a tile index, when it is not
    -1) a left play. ``both``: list the plays at the right end too, which ``plays_for`` does
    when the ends show different numbers, or in Fives & Threes when they count differently.

    >>> plays_on(TILES[26].bit | TILES[5].bit, 6, 5, both=True)
    [(26, 0), (26, 1)]
    >>> plays_on(TILES[26].bit | TILES[5].bit, -1, -1, 26, both=False)
    [(26, 0)]
    """
    if left < 0:
        if pose >= 0:
            return [(pose, 0)] if hand >> pose & 1 else []
        return [(i, 0) for i in iter_indexes(hand)]
    plays = [(i, 0) for i in FITS[left][hand & SUIT[left]]]
    if both:
        plays += [(i, 1) for i in FITS[right][hand & SUIT[right]]]
    return plays


# --- Fives & Threes on end codes -----------------------------------------------------------------
# An end code is the number an end shows, plus 8 when a double lies there (it counts both
# halves); -1 at both ends of an empty line. A lone double shows its code at both ends.

END_VALUE: tuple[int, ...] = tuple((code & 7) * 2 if code & 8 else code for code in range(16))
"""What an end counts in Fives & Threes, by end code."""
NEXT_END: tuple[tuple[int, ...], ...] = tuple(
    tuple((OTHER[i][n] | (8 if IS_DOUBLE[i] else 0)) if OTHER[i][n] >= 0 else -1 for i in range(28))
    for n in PIPS
)
"""``NEXT_END[n][i]``: the end code after tile ``i`` is joined on number ``n`` (-1: no fit)."""
POINTS: tuple[int, ...] = tuple(points_for_total(total) for total in range(41))
"""``POINTS[total]``: the points a total of the open ends earns (``points_for_total``)."""


def end_codes(line: Line) -> tuple[int, int]:
    """The end codes of a line.

    >>> end_codes(Line.parse(["6-6", "6-5"])), end_codes(Line.parse(["4-4"])), end_codes(Line())
    ((14, 5), (12, 12), (-1, -1))
    """
    # pragmas: end_tile reads any end but LEFT as the right end; first and last are None
    # together.
    first, last = line.end_tile(LEFT), line.end_tile(RIGHT)  # pragma: no mutate
    if first is None or last is None:  # pragma: no mutate (None together: or = and)
        return -1, -1
    return (
        first.left | (8 if first.tile.is_double else 0),
        last.right | (8 if last.tile.is_double else 0),
    )


def ft_play(index: int, side: int, left: int, right: int) -> tuple[int, int, int]:
    """Tile ``index`` laid at ``side`` (0 left, 1 right) on end codes ``left``/``right``:
    the end codes after and the total the ends then count (``fives_threes.ends_total``).

    >>> ft_play(TILES[1].index, 1, 5, 1)  # 1-0 on the 1 of 5 ... 1: ends 5 and 0
    (5, 0, 5)
    >>> ft_play(TILES[20].index, 0, -1, -1)  # 5-5 posed: 10, counted once
    (13, 13, 10)
    """
    if left < 0:
        double = 8 if IS_DOUBLE[index] else 0
        return HIGH[index] | double, LOW[index] | double, PIPS_OF[index]
    if side == 0:
        new = NEXT_END[left & 7][index]
        return new, right, END_VALUE[new] + END_VALUE[right]
    new = NEXT_END[right & 7][index]
    return left, new, END_VALUE[left] + END_VALUE[new]


def ft_plays(hand: Mask, left: int, right: int) -> list[tuple[int, int, int, int, int]]:
    """Every Fives & Threes play of ``hand`` on end codes ``left``/``right`` as ``(tile index,
    side, left after, right after, total after)`` (``ft_play`` of each), in ``plays_for``
    order: a tile that fits both ends is listed at both when the two end codes differ.

    >>> ft_plays(TILES[1].bit | TILES[20].bit, 5, 1)  # 1-0 and 5-5 on 5 ... 1
    [(20, 0, 13, 1, 11), (1, 1, 5, 0, 5)]
    """
    if left < 0:
        return [
            (i, 0, HIGH[i] | (8 if IS_DOUBLE[i] else 0), LOW[i] | (8 if IS_DOUBLE[i] else 0),
             PIPS_OF[i])
            for i in iter_indexes(hand)
        ]
    ln, rn = left & 7, right & 7
    lv, rv = END_VALUE[left], END_VALUE[right]
    nexts = NEXT_END[ln]
    plays = [(i, 0, nexts[i], right, END_VALUE[nexts[i]] + rv) for i in FITS[ln][hand & SUIT[ln]]]
    if left != right:
        nexts = NEXT_END[rn]
        plays += [
            (i, 1, left, nexts[i], lv + END_VALUE[nexts[i]]) for i in FITS[rn][hand & SUIT[rn]]
        ]
    return plays


def ft_credit(total: int, hand_after: Mask, score: int, target: int) -> int:
    """The points credited for a play that leaves the ends counting ``total`` and the player
    holding ``hand_after``, with ``score`` before it (``score_play(...).credited``): the
    points of the total, one more for chipping out, nothing when that would pass ``target``.

    >>> ft_credit(15, TILES[3].bit, 0, 61), ft_credit(10, 0, 58, 61), ft_credit(10, 0, 59, 61)
    (8, 3, 0)
    """
    gain = POINTS[total] + (0 if hand_after else 1)
    return gain if score + gain <= target else 0


# --- random playouts -----------------------------------------------------------------------------

_PLAYERS_HAND_SIZE = {2: 14, 3: 9, 4: 7}


def deal_hands(rng: random.Random, players: int = 4) -> list[Mask]:
    """Shuffle and deal a Cutthroat block game: 14, 9 or 7 tiles for 2, 3 or 4 players.

    With three players 0-0 is out of play. For the same ``rng`` state this is
    the deal that ``deal(TableRules(players=players), rng)`` makes.

    >>> from tutor.rules.game import deal
    >>> from tutor.rules.table_rules import TableRules
    >>> deal_hands(random.Random(9), 3) == list(deal(TableRules(players=3), random.Random(9)).hands)
    True
    """
    size = _PLAYERS_HAND_SIZE[players]
    bits = list(BIT[1:] if players == 3 else BIT)
    rng.shuffle(bits)
    return [sum(bits[seat * size : (seat + 1) * size]) for seat in range(players)]


def random_playout(
    hands: Sequence[Mask],
    rng: random.Random,
    turn: int = 0,
    ends: tuple[int, int] | None = None,
) -> tuple[int, int | None, list[Mask]]:
    """Play a block game out with uniformly random legal plays.

    ``hands`` are the seats' masks in turn order and must not overlap. With
    ``ends=None`` the line is empty and seat ``turn`` leads any tile of its hand;
    with ``ends=(left, right)`` the line already shows those numbers and seat
    ``turn`` is to play. The game is played on copies; ``hands`` is not changed.

    Returns ``(placed, winner, hands)``: the number of tiles laid, the seat that
    made a domino (``None`` when the game blocked) and the hands at the end
    (score a block with :func:`block_winner` or :func:`tutor.rules.plays.blocked_outcome`).

    The random choices are the ones a loop over ``Game.legal_plays()`` makes
    when it picks ``plays[int(rng.random() * len(plays))]``, so the same seed
    gives the same game on both paths.

    >>> from tutor.rules.tiles import mask_of, parse_tiles
    >>> hands = [mask_of(parse_tiles(["6-6", "1-0"])), mask_of(parse_tiles(["6-5", "5-5"]))]
    >>> random_playout(hands, random.Random(1), ends=(6, 6))
    (3, 1, [2, 0])
    """
    hands = list(hands)
    seats = len(hands)
    rand = rng.random
    suit, fits, other, bit_of = SUIT, FITS, OTHER, BIT
    rest = 0
    for hand in hands:
        rest |= hand
    placed = 0
    if ends is None:
        hand = hands[turn]
        if not hand:
            raise ValueError(f"seat {turn} has no tile to lead")
        c0, c1, c2, c3 = _CHUNKS
        lead = c0[hand & 127] + c1[hand >> 7 & 127] + c2[hand >> 14 & 127] + c3[hand >> 21 & 127]
        tile = lead[int(rand() * len(lead))]
        bit = bit_of[tile]
        hands[turn] = hand = hand ^ bit
        rest ^= bit
        placed = 1
        if not hand:
            return placed, turn, hands
        left, right = TILES[tile].high, TILES[tile].low
        seat = turn
    else:
        left, right = ends
        # pragma below: seat -1 steps to 0 like seats - 1 does, so "if True" is equivalent.
        seat = turn - 1 if turn else seats - 1  # pragma: no mutate
    left_suit, right_suit = suit[left], suit[right]
    left_fits, right_fits = fits[left], fits[right]
    while True:
        # Nobody holds a tile that fits: blocked (no boneyard to draw from).
        if not rest & (left_suit | right_suit):
            return placed, None, hands
        while True:
            seat += 1
            if seat == seats:
                seat = 0
            hand = hands[seat]
            on_left = left_fits[hand & left_suit]
            if left == right:
                count = len(on_left)
                if count:
                    tile = on_left[int(rand() * count)]
                    left = other[tile][left]
                    left_suit, left_fits = suit[left], fits[left]
                    break
                continue
            on_right = right_fits[hand & right_suit]
            count_left = len(on_left)
            count = count_left + len(on_right)
            if count:
                pick = int(rand() * count)
                if pick < count_left:
                    tile = on_left[pick]
                    left = other[tile][left]
                    left_suit, left_fits = suit[left], fits[left]
                else:
                    tile = on_right[pick - count_left]
                    right = other[tile][right]
                    right_suit, right_fits = suit[right], fits[right]
                break
        bit = bit_of[tile]
        hands[seat] = hand = hand ^ bit
        rest ^= bit
        placed += 1
        if not hand:
            return placed, seat, hands


def random_game(rng: random.Random, players: int = 4) -> tuple[int, int | None, list[Mask]]:
    """Deal with :func:`deal_hands` and play out with seat 0 leading any tile.

    >>> sum(random_game(random.Random(n))[0] for n in range(1000)) / 1000  # doctest: +ELLIPSIS
    22...
    """
    return random_playout(deal_hands(rng, players), rng)
