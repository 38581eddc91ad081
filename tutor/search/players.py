"""Computer players of five levels. Each sees only its own seat's view.

1. random: any legal play.
2. greedy: Fives & Threes, the most points now; Cutthroat, a double while one
   fits (doubles are the hardest tiles to place later), else the heaviest tile.
3. heuristic: keeps a variety of numbers, lays doubles early, plays towards ends only it can
   follow (hard ends, the key card), blocks when its count is likely lowest,
   ends the hand when it can; in Fives & Threes scores now and denies the
   opponent a scoring reply.
4. search with a small budget, 5. search with a large budget: the
   information-fair ``evaluate`` over sampled deals (``BUDGETS``). Cutthroat: both
   play early deals out with the better rollout policy, ``smart_rollout``.
   Fives & Threes: both keep the deals that explain the opponent's plays so far
   (``resample``); level 4 plays every deal out with ``ft_rollout`` (score now,
   deny the best reply), level 5 solves every deal exactly from the second play of
   the hand on (the lead is played out). A budget of positions searched bounds the
   time of a decision and keeps the play the same on every machine.

A choice is a pure function of what the seat to play can know (its
``Position.from_game(game, seat)``), the level and the seed: the random numbers
are seeded from the seed and the view, so two games that look the same from the
seat give the same play, whatever the hidden hands.

>>> from tutor.rules import Game, Line, Position, TableRules
>>> game = Game.from_hands([["6-6", "1-0", "6-1"], ["6-5", "5-5", "2-2"]],
...                        rules=TableRules(players=2), line=Line.parse(["6-4"]), turn=0)
>>> [str(choose_play(Position.from_game(game, 0), level, seed=1)) for level in (2, 3, 4)]
['6-6 left', '6-6 left', '6-6 left']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.rules.fast import (
    HIGH,
    IS_DOUBLE,
    LOW,
    OTHER,
    POINTS,
    count_of,
    end_codes,
    ft_credit,
    ft_play,
    numbers_in,
)
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.tiles import PIPS_OF, SUIT, Mask
from tutor.search.encode import (
    ends_of,
    events_of,
    hand_to_play,
    match_scores,
    play_of,
    set_scores,
    viewer,
    voids_of,
)
from tutor.search.evaluate import evaluate, legal_plays

__all__ = ["LEVELS", "Budget", "choose_play", "points_now"]

LEVELS = (1, 2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard a search level looks: counts of deals and positions, so that results repeat
    (a time budget would not: it depends on the machine and its load)."""

    cutthroat: int
    fives_and_threes: int
    smart: bool = False
    """Cutthroat: play the sampled deals out with ``smart_rollout`` rather than ``rollout``."""
    infer: float = 0.0
    """Fives & Threes: weigh the deals by the opponent's plays so far (``evaluate``'s ``infer``)."""
    resample: int = 0
    """Fives & Threes: draw this many times the deals and keep those that explain the
    opponent's plays (``evaluate``'s ``resample``)."""
    ft_exact_tiles: int | None = None
    """Fives & Threes: solve each deal exactly with at most this many tiles in the hands,
    play it out (``ft_rollout``) with more; ``None``: always exactly."""
    nodes: int | None = None
    """Stop sampling once the solves have searched this many positions (``node_budget``):
    it bounds the time of a decision on any machine."""


BUDGETS = {
    4: Budget(cutthroat=24, fives_and_threes=64, smart=True, infer=3.0, resample=8,
              ft_exact_tiles=0, nodes=60_000),
    5: Budget(cutthroat=160, fives_and_threes=64, smart=True, infer=3.0, resample=8,
              ft_exact_tiles=13, nodes=150_000),
}


def _rng(view: Position, seed: int) -> random.Random:
    """Random numbers from the seed and what the seat sees (nothing hidden).

    The text is the one recorded games were played with: keep it byte for byte.
    """
    seat, hand = viewer(view)
    left, right, _, _ = ends_of(view.line)
    text = (
        f"{seed}|{seat}|{hand}|{view.line.mask}|{left}|{right}|{view.counts}"
        f"|{voids_of(view)}|{match_scores(view)}"
    )
    sets, events = set_scores(view), events_of(view)
    if view.stake != 1 or sets or events:
        text += f"|{view.stake}|{sets}|{events}"
    return random.Random(text)


@dataclass(frozen=True, slots=True)
class _Seat:
    """What the heuristics read of the seat's view, worked out once per choice."""

    seat: int
    hand: Mask
    left: int
    """The number the left end shows (-1: an empty line)."""
    right: int
    codes: tuple[int, int]
    """The ends as Fives & Threes counts them (``fast.end_codes``)."""
    counts: tuple[int, ...]
    voids: tuple[int, ...]
    scores: tuple[int, int]
    target: int
    unseen: Mask

    @classmethod
    def of(cls, view: Position) -> _Seat:
        seat, hand = viewer(view)
        left, right = codes = end_codes(view.line)
        return cls(seat, hand, left & 7 if left >= 0 else -1, right & 7 if right >= 0 else -1,
                   codes, view.counts, voids_of(view), match_scores(view), view.rules.target,
                   view.unknown)

    def allowed(self, seat: int) -> Mask:
        """The tiles ``seat`` may hold: unseen and carrying none of its void numbers."""
        mask = self.unseen
        for number in range(7):
            if self.voids[seat] >> number & 1:
                mask &= ~SUIT[number]
        return mask


def choose_play(view: Position, level: int, *, seed: int = 0) -> Play | None:
    """The play of a computer player of ``level`` for the seat to play of ``view`` (``None``:
    pass); only its own hand need be shown."""
    if level not in LEVELS:
        raise ValueError(f"level {level} does not exist: choose 1 to 5")
    hand_to_play(view)
    moves = legal_plays(view)
    if not moves:
        return None
    if len(moves) == 1:
        return play_of(*moves[0])
    rng = _rng(view, seed)
    if level == 1:
        return play_of(*moves[rng.randrange(len(moves))])
    if level in (2, 3):
        me = _Seat.of(view)
        if level == 2:
            if view.is_fives_and_threes:
                return play_of(*max(moves, key=lambda m: _points_now(me, *m)))
            # A double first (the hardest tile to place later), then the heaviest tile: with
            # the heaviest tile alone, level 2 barely beat random play (26% of 4-player hands).
            return play_of(*max(moves, key=lambda m: (IS_DOUBLE[m[0]], PIPS_OF[m[0]])))
        if view.is_fives_and_threes:
            return play_of(*max(moves, key=lambda m: _ft_heuristic(me, *m)))
        return play_of(*max(moves, key=lambda m: _cutthroat_heuristic(me, *m)))
    budget = BUDGETS[level]
    if view.is_fives_and_threes:
        return evaluate(
            view, rng, samples=budget.fives_and_threes, min_samples=8, target_se=0.0,
            infer=budget.infer, resample=budget.resample, exact_tiles=budget.ft_exact_tiles,
            node_budget=budget.nodes,
        ).best
    return evaluate(
        view, rng, samples=budget.cutthroat, min_samples=budget.cutthroat, smart=budget.smart,
        infer=budget.infer,
    ).best


def _ends_after(view: _Seat, index: int, side: int) -> tuple[int, int]:
    """The numbers at both ends after laying tile ``index`` at ``side``."""
    if view.left < 0:
        return HIGH[index], LOW[index]
    if side == 0:
        return OTHER[index][view.left], view.right
    return view.left, OTHER[index][view.right]


def points_now(view: Position, index: int, side: int) -> int:
    """Fives & Threes points credited for a play now (exact target and chip-out included).

    >>> from tutor.rules import Game, Line, Position, TableRules
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> game = Game.from_hands([["1-0", "5-5"], ["6-6", "2-2"]], rules=ft,
    ...                        line=Line.parse(["5-1"]), turn=0)
    >>> points_now(Position.from_game(game, 0), 1, 1)  # 1-0 on the 1: ends 5 and 0
    1
    """
    return _points_now(_Seat.of(view), index, side)


def _points_now(view: _Seat, index: int, side: int) -> int:
    total = ft_play(index, side, *view.codes)[2]
    return ft_credit(total, view.hand & ~(1 << index), view.scores[view.seat], view.target)


def _cutthroat_heuristic(view: _Seat, index: int, side: int) -> float:
    bit = 1 << index
    hand = view.hand & ~bit
    if not hand:
        return 1e6  # a domino
    left, right = _ends_after(view, index, side)
    unseen = view.unseen & ~bit
    fit = SUIT[left] | SUIT[right]
    others_can = bool(unseen & fit)
    mine = hand & fit
    score = PIPS_OF[index] + 3.0 * numbers_in(hand).bit_count()
    if IS_DOUBLE[index]:
        score += 8.0  # a double is the hardest tile to place later: lay it while it fits
    if not others_can:
        if not mine:
            # Nobody can play: the game blocks now. Win it only with the lowest count.
            hidden = unseen.bit_count()
            mean = count_of(unseen) / hidden if hidden else 0.0
            others = [
                view.counts[s] * mean
                for s in range(len(view.counts))
                if s != view.seat and view.counts[s]
            ]
            return 1e5 if others and count_of(hand) < min(others) else -1e5
        score += 25.0  # only I can follow: the others must pass
    for number in (left, right):
        # Ends only I can follow, and ends the next seat is known to lack.
        if not unseen & SUIT[number] and hand & SUIT[number]:
            score += 6.0
        nxt = (view.seat + 1) % len(view.counts)
        if view.voids[nxt] >> number & 1:
            score += 2.0
    return score


def _ft_heuristic(view: _Seat, index: int, side: int) -> float:
    now = _points_now(view, index, side)
    score = view.scores[view.seat]
    if now and score + now == view.target:
        return 1e6  # the match
    bit = 1 << index
    hand = view.hand & ~bit
    if not hand:
        return 1e5 + now
    new_left, new_right, _ = ft_play(index, side, *view.codes)
    left, right = new_left & 7, new_right & 7
    # The opponent's expected best reply: each tile it may hold (none of the numbers it is
    # known to lack) is in its hand with the same chance.
    other = 1 - view.seat
    allowed = view.allowed(other)
    chance = min(1.0, view.counts[other] / allowed.bit_count()) if allowed else 0.0
    replies = []
    candidates = allowed & (SUIT[left] | SUIT[right])
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        tile = low.bit_length() - 1
        best = 0
        if SUIT[left] >> tile & 1:
            best = POINTS[ft_play(tile, 0, new_left, new_right)[2]]
        if SUIT[right] >> tile & 1:
            best = max(best, POINTS[ft_play(tile, 1, new_left, new_right)[2]])
        if best:
            replies.append(best)
    reply, miss = 0.0, 1.0
    for points in sorted(replies, reverse=True):
        reply += points * chance * miss
        miss *= 1 - chance
    return now - reply + 0.2 * numbers_in(hand).bit_count() + 0.02 * PIPS_OF[index]
