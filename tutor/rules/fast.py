"""The fast path: random playouts of block games on plain bit masks.

``Game`` checks every request and keeps a full record, which is what the tutor
needs, but simulation (Monte Carlo hints, statistics, puzzle mining) wants
thousands of whole games a second. This module plays them on bare ints with
lookup tables built once at import, and checks nothing beyond what the loop
needs. Tile indexes, bits and suits are those of :mod:`tutor.rules.tiles`, so
masks move freely between here and ``Game``.

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
>>> blocked.counts, blocked.winner
((9, 22, 13, 8), 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.rules.tiles import PIPS, SUIT, TILES, Mask, iter_indexes

__all__ = [
    "BIT",
    "FITS",
    "OTHER",
    "deal_hands",
    "random_game",
    "random_playout",
]

BIT: tuple[Mask, ...] = tuple(tile.bit for tile in TILES)
"""``BIT[i]`` is the one-tile mask of the tile with index ``i``."""

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
    (score a block with :func:`tutor.rules.game.blocked_outcome`).

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
