"""Deals consistent with what one seat knows, drawn uniformly.

The view is a ``Position`` whose seat to play shows its hand. The tiles it has not
seen (``Position.unknown``) go to the hidden hands and to the face-down pile so
that every hand gets its count and no seat gets a number it is known to lack
(``Position.lacks``). Every such deal is equally likely.

How: tiles that the same groups may take (a group is another seat's hand or
the pile) are interchangeable, so they form a class. The number of deals is
counted class by class (how many tiles of the class each group takes, times
the multinomial number of ways to choose them), and a deal is drawn by picking
each class's split with probability proportional to the deals it leaves, then
shuffling the class's tiles into that split. The counts are computed once per
position; a draw costs one weighted choice and one shuffle per class.

>>> from tutor.rules import Game, Line, Play, Position, TableRules
>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "5-5", "3-2"], ["3-3", "2-1"]],
...                        rules=TableRules(players=3), line=Line.parse(["6-4"]), turn=0)
>>> for text in ("6-6 left", "6-5 left"):
...     game.play(Play.parse(text))
>>> game.pass_turn()
>>> sampler = DealSampler(Position.from_game(game, 0))
>>> sampler.count() > 0
True
>>> import random
>>> hands = sampler.sample(random.Random(1))
>>> [h.bit_count() for h in hands], hands[0] == game.hands[0]
([1, 2, 2], True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from math import comb, factorial

from tutor.rules.fast import HIGH, LOW
from tutor.rules.position import Position
from tutor.rules.tiles import SUIT, Mask
from tutor.search.encode import Node, events_of, node_with, viewer

__all__ = ["DealSampler", "NoConsistentDeal"]


class NoConsistentDeal(ValueError):
    """No deal of the unseen tiles fits what the seat knows."""


@dataclass(frozen=True, slots=True)
class _Class:
    groups: tuple[int, ...]
    """The groups (indexes into the sampler's groups) that may take these tiles."""
    bits: tuple[Mask, ...]
    """The tiles, one bit each."""


class DealSampler:
    """Uniform deals of the hidden tiles for the seat to play of one ``Position``.

    Hands the position shows besides the seat's own stay as they are. Raises
    ``NoConsistentDeal`` (a ``ValueError``) with a sentence saying why when no deal
    fits.
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        self.seat, self.hand = viewer(position)
        self.counts = position.counts
        unseen = self.unseen = position.unknown
        seats = [s for s, hand in enumerate(position.hands) if hand is None]
        self.seats = seats
        sizes = [self.counts[s] for s in seats] + [position.hidden_boneyard]
        if unseen.bit_count() != sum(sizes):
            raise NoConsistentDeal(
                f"{unseen.bit_count()} tiles are unseen, but the other hands and the face-down "
                f"tiles hold {sum(sizes)}"
            )
        self._drawn: _DrawnHand | None = None
        if position.draws:
            if len(seats) != 1:
                raise NoConsistentDeal("a boneyard is an option of two-player tables only")
            self._drawn = _DrawnHand(position, seats[0], unseen)
            return
        lacks = []
        for s in seats:
            forbidden = 0
            for number in position.lacked(s):
                forbidden |= SUIT[number]
            lacks.append(forbidden)
        by_groups: dict[tuple[int, ...], list[Mask]] = {}
        rest = unseen
        while rest:
            bit = rest & -rest
            rest ^= bit
            groups = tuple(g for g, forbidden in enumerate(lacks) if not bit & forbidden)
            groups += (len(seats),)  # the pile takes anything
            by_groups.setdefault(groups, []).append(bit)
        # Drop groups of size 0 (a pile of none, an empty hand).
        self._sizes = tuple(sizes)
        self._classes = [
            _Class(tuple(g for g in groups if sizes[g]), tuple(bits))
            for groups, bits in sorted(by_groups.items())
        ]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[
            tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]
        ] = {}
        if self.count() == 0:
            raise NoConsistentDeal(self._why_none())

    def _why_none(self) -> str:
        for g, s in enumerate(self.seats):
            room = sum(len(c.bits) for c in self._classes if g in c.groups)
            if room < self.counts[s]:
                lacked = ", ".join(str(n) for n in self.position.lacked(s))
                return (
                    f"no deal fits: seat {s} holds {self.counts[s]} tiles but lacks "
                    f"{lacked}, and only {room} unseen tiles carry none of them"
                )
        return "no deal fits what the seat has seen: the known voids leave no way to deal"

    def count(self) -> int:
        """The number of consistent deals.

        With a boneyard: the number of ways the hidden hand can have come
        together (the hand it started with as a set, and the tile of each of its
        draws); every such way is equally likely, and the boneyard's order is
        uniform on top.
        """
        if self._drawn is not None:
            return self._drawn.count(0, 0)
        return self._count(0, self._sizes)

    def _count(self, k: int, rem: tuple[int, ...]) -> int:
        if k == len(self._classes):
            return 0 if any(rem) else 1
        key = (k, rem)
        ways = self._ways.get(key)
        if ways is None:
            weights, _ = self._split_table(k, rem)
            ways = weights[-1] if weights else 0
            self._ways[key] = ways
        return ways

    def _split_table(self, k: int, rem: tuple[int, ...]) -> tuple[list[int], list[tuple[int, ...]]]:
        key = (k, rem)
        table = self._choices.get(key)
        if table is not None:
            return table
        cls = self._classes[k]
        n = len(cls.bits)
        splits: list[tuple[int, ...]] = []
        weights: list[int] = []
        for split in _splits(n, [rem[g] for g in cls.groups]):
            after = list(rem)
            ways = factorial(n)
            for g, x in zip(cls.groups, split, strict=True):
                after[g] -= x
                ways //= factorial(x)
            ways *= self._count(k + 1, tuple(after))
            if ways:
                splits.append(split)
                weights.append(ways)
        table = (list(accumulate(weights)), splits)
        self._choices[key] = table
        return table

    def sample(self, rng: random.Random) -> tuple[Mask, ...]:
        """One consistent deal: every seat's hand (the viewing seat's own included)."""
        hands = self.sample_groups(rng)
        result = [hand or 0 for hand in self.position.hands]
        for g, s in enumerate(self.seats):
            result[s] = hands[g]
        return tuple(result)

    def sample_groups(self, rng: random.Random) -> list[Mask]:
        """One consistent deal as masks: the other seats' hands in seat order, then the pile
        (the boneyard, when there is one)."""
        if self._drawn is not None:
            hand = self._drawn.sample(rng)
            return [hand, self.unseen & ~hand]
        rem = self._sizes
        masks = [0] * len(rem)
        randbelow = rng.randrange
        for k, cls in enumerate(self._classes):
            weights, splits = self._split_table(k, rem)
            split = splits[bisect_right(weights, randbelow(weights[-1]))]
            bits = list(cls.bits)
            rng.shuffle(bits)
            start = 0
            after = list(rem)
            for g, x in zip(cls.groups, split, strict=True):
                if x:
                    mask = 0
                    for bit in bits[start : start + x]:
                        mask |= bit
                    masks[g] |= mask
                    start += x
                    after[g] -= x
            rem = tuple(after)
        return masks

    def node(self, rng: random.Random) -> Node:
        """A sampled deal as a ``Node`` for the solver."""
        return self.node_of(self.sample_groups(rng), rng)

    def node_of(self, groups: list[Mask], rng: random.Random) -> Node:
        """The ``Node`` of a deal from ``sample_groups`` (``rng`` shuffles a boneyard)."""
        p = self.position
        hands = [hand or 0 for hand in p.hands]
        for g, s in enumerate(self.seats):
            hands[s] = groups[g]
        boneyard: list[int] = []
        if p.draws:
            boneyard = [i for i in range(28) if groups[-1] >> i & 1]
            rng.shuffle(boneyard)
        return node_with(p, hands, boneyard, p.out | p.sleeping | p.boneyard)


def _splits(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to share ``n`` among groups with at most ``caps[i]`` each.

    >>> _splits(2, [1, 2])
    [(0, 2), (1, 1)]
    """
    if not caps:
        return [()] if n == 0 else []
    head, tail = caps[0], caps[1:]
    room = sum(tail)
    result: list[tuple[int, ...]] = []
    for x in range(max(0, n - room), min(head, n) + 1):
        result.extend((x, *rest) for rest in _splits(n - x, tail))
    return result


class _DrawnHand:
    """How the hidden hand of a two-player game with a boneyard can have come together.

    Slot 0 is the hand the seat started with (as far as the history goes), slot
    ``j`` the tile of its ``j``-th draw. A tile in slot ``j`` was in the hand from
    then until it was played (or until now), so it carries none of the numbers
    the seat lacked when it drew or passed in that time: each tile may only sit
    in slots after the last such moment (``lo``); a played tile also only in
    slots before its play (``hi``). Unseen tiles with the same ``lo`` are
    interchangeable, and the slots allowed are nested, so the ways to fill the
    slots in order depend only on which played tiles are placed so far: a small
    table of counts, from which one way is drawn uniformly.
    """

    def __init__(self, position: Position, seat: int, unseen: Mask) -> None:
        events = events_of(position)[seat]
        draws = 0
        lacks: list[tuple[int, int]] = []  # (draws before, numbers lacked)
        played: list[tuple[int, int]] = []  # (lo, hi) of each tile the seat played
        for kind, value in events:
            if kind == "draw":
                draws += 1
            elif kind == "lacks":
                lacks.append((draws, value))
            else:
                lo = _lowest_slot(value, lacks)
                if lo > draws:
                    raise NoConsistentDeal(
                        f"no deal fits: seat {seat} played a tile with a number it lacked "
                        "and had drawn nothing since"
                    )
                played.append((lo, draws))
        self.capacity = [position.size(seat) + len(played) - draws] + [1] * draws
        if self.capacity[0] < 0:
            raise NoConsistentDeal(f"no deal fits: seat {seat} played more tiles than it had")
        self.played = played
        self.all_played = (1 << len(played)) - 1
        self.unseen_by_slot: list[list[Mask]] = [[] for _ in range(draws + 2)]
        rest = unseen
        while rest:
            bit = rest & -rest
            rest ^= bit
            self.unseen_by_slot[_lowest_slot(bit.bit_length() - 1, lacks)].append(bit)
        self.eligible = list(accumulate(len(b) for b in self.unseen_by_slot))
        self.before = [0, *accumulate(self.capacity)]
        self._counts: dict[tuple[int, int], int] = {}
        self._choices: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
        if self.count(0, 0) == 0:
            raise NoConsistentDeal(
                f"no deal fits: seat {seat} holds {position.size(seat)} tiles, but what it drew "
                "and passed on leaves no way to deal them"
            )

    def _options(self, slot: int, placed: int) -> tuple[list[int], list[int]]:
        """The played tiles that may fill ``slot`` (as sets), each with the ways it leaves."""
        key = (slot, placed)
        table = self._choices.get(key)
        if table is not None:
            return table
        must = free = 0
        for k, (lo, hi) in enumerate(self.played):
            if not placed >> k & 1 and lo <= slot <= hi:
                if hi == slot:
                    must |= 1 << k
                else:
                    free |= 1 << k
        used = self.before[slot] - placed.bit_count()
        avail = self.eligible[slot] - used
        subsets, weights = [], []
        sub = free
        while True:
            chosen = must | sub
            need = self.capacity[slot] - chosen.bit_count()
            if 0 <= need <= avail:
                ways = comb(avail, need) * self.count(slot + 1, placed | chosen)
                if ways:
                    subsets.append(chosen)
                    weights.append(ways)
            if not sub:
                break
            sub = (sub - 1) & free
        table = (list(accumulate(weights)), subsets)
        self._choices[key] = table
        return table

    def count(self, slot: int, placed: int) -> int:
        """The ways to fill slots ``slot`` onwards, given the played tiles ``placed``."""
        if slot == len(self.capacity):
            return 1 if placed == self.all_played else 0
        key = (slot, placed)
        ways = self._counts.get(key)
        if ways is None:
            weights, _ = self._options(slot, placed)
            ways = weights[-1] if weights else 0
            self._counts[key] = ways
        return ways

    def sample(self, rng: random.Random) -> Mask:
        """The hidden hand of one way, drawn uniformly."""
        placed = 0
        pool: list[Mask] = []
        hand = 0
        for slot, capacity in enumerate(self.capacity):
            pool.extend(self.unseen_by_slot[slot])
            weights, subsets = self._options(slot, placed)
            chosen = subsets[bisect_right(weights, rng.randrange(weights[-1]))]
            placed |= chosen
            for _ in range(capacity - chosen.bit_count()):
                k = rng.randrange(len(pool))
                pool[k], pool[-1] = pool[-1], pool[k]
                hand |= pool.pop()
        return hand


def _lowest_slot(index: int, lacks: list[tuple[int, int]]) -> int:
    """The first slot tile ``index`` may sit in: after every draw before a moment it was lacked.

    >>> _lowest_slot(0, [(0, 0b1), (2, 0b10)])  # 0-0 lacked before any draw
    1
    """
    numbers = 1 << HIGH[index] | 1 << LOW[index]
    lo = 0
    for draws, lacked in lacks:
        if numbers & lacked and draws + 1 > lo:
            lo = draws + 1
    return lo
