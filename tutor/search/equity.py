"""Match equity: the chance to win a Fives & Threes match or a Cutthroat set from a score.

As backgammon programs do, a play is worth the mean, over how the hand can end, of the chance
to win the match (set) from the score it ends with. This module holds those chances.

**Fives & Threes** (``fives_threes_equity``): a table over (my score, your score, who leads the
next hand), built backwards from the target by dynamic programming over hands recorded in
level-5 self-play (``tools/equity.py``, the data in ``equity_data/fives_threes.json`` with its
provenance). Each recorded hand is its sequence of scoring plays: which seat (the leader or
the other), after how many plays, and the points earned (the chip-out point included, not cut
by any target). At each score pair every recorded hand is replayed with the exact-target rule
(a play that would pass the target scores nothing; the match ends the moment a player reaches
the target exactly), so the table knows that at 58 only 3 points win and that the other may
get there first. Far from the target only a hand's two totals matter, and hands are grouped
by them. Who leads alternates from hand to hand.

**Cutthroat** (``cutthroat_set_equity``, in ``tutor.search.set_equity``): the set's chances,
from the games' outcomes measured in the same self-play.

What is assumed, honestly:

- Play knows the score only near the target. Where a player needs ``NEAR`` (6) points or
  fewer, the hands come from play that knew the score: 100 hands at each pair of needs (1 to
  6, or ``FAR``: 25 for a player far off), replayed from the actual scores. Elsewhere they
  come from hands recorded at 0-0, with the exact-target rule applied to their points
  afterwards. That matters: a leader on 60 against 30 reached 61 in the hand in 96% of 100
  hands played knowing the score, the 0-0 hands replayed from 60-30 in 57%; from 58-58 the
  leader got there first in 68-80% against 46% (``tools/equity.py --probe 58,58,100``). With
  needs of 7 to about 20 the 0-0 hands still undervalue finishing (not measured there).
- Near the target each state rests on 100 hands: a standard error of up to 0.05 on a hand's
  outcome, so the table is not monotone everywhere there (below 50-50 it is, within 0.003).
- Every hand is an independent draw from the recorded ones; both players play at level 5.
- Chances of a few hundred or thousand hands carry sampling error (see the provenance).
- Cutthroat play does not adapt to the set's score (see ``tutor.search.set_equity``).

>>> round(fives_threes_equity(61, 40, my_lead=False), 3), fives_threes_equity(3, 61, my_lead=True)
(1.0, 0.0)
>>> 0.45 < fives_threes_equity(0, 0, my_lead=True) < 0.6
True
>>> from tutor.rules.table_rules import TableRules
>>> round(sum(cutthroat_set_equity((0, 0, 0, 0), 1, None, TableRules())), 6)
1.0
>>> cutthroat_after_game((5, 0, 2, 0), 1, 0, TableRules())
(1.0, 0.0, 0.0, 0.0)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from tutor.search.set_equity import cutthroat_after_game, cutthroat_set_equity, outcome_chances

__all__ = [
    "FtHand",
    "cutthroat_after_game",
    "cutthroat_set_equity",
    "decode_hand",
    "encode_hand",
    "expected_rest_points",
    "fives_threes_after_hand",
    "fives_threes_equity",
    "fives_threes_table",
    "near_key",
    "outcome_chances",
    "replay_points",
    "rest_points",
]

DATA = "equity_data"
FT_FILE = "fives_threes.json"
FT_TILES = 14
"""Tiles in the two hands at the start of a Fives & Threes hand."""
NEAR = 6
"""Needs of this many points or fewer are played from hands recorded near the target."""
FAR = 25
"""The need of the player far from the target in those hands (on 36 of 61)."""
NEVER = 1 << 20
"""The play index of a target never reached in a hand."""



# --- Fives & Threes ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FtHand:
    """One recorded Fives & Threes hand: how many plays it had and its scoring plays.

    ``events`` holds ``(play index, seat, points)``: the play index from 0 (the lead), the
    seat counted from the leader (0 the leader, 1 the other), and the points earned with the
    chip-out point, before any target cuts them.
    """

    plays: int
    events: tuple[tuple[int, int, int], ...]

    def total(self, seat: int) -> int:
        """All the points ``seat`` (0 the leader) earned in the hand."""
        return sum(points for _, who, points in self.events if who == seat)


def encode_hand(hand: FtHand) -> str:
    """A hand as a short text: the plays as a letter, then per scoring play a letter (play
    index and seat) and a digit (its points, 1 to 9).

    A hand ends when a player lays the last of 7 tiles, so it has at most 13 plays.

    >>> encode_hand(FtHand(13, ((0, 0, 2), (3, 1, 8), (12, 0, 1))))
    'Na2h8y1'
    >>> decode_hand('Na2h8y1') == FtHand(13, ((0, 0, 2), (3, 1, 8), (12, 0, 1)))
    True
    """
    text = [chr(ord("A") + hand.plays)]
    for index, seat, points in hand.events:
        if not (1 <= points <= 9 and 0 <= index < FT_TILES - 1 and seat in (0, 1)):
            raise ValueError(f"no scoring play of a hand: {(index, seat, points)}")
        text.append(chr(ord("a") + 2 * index + seat))
        text.append(str(points))
    return "".join(text)


def decode_hand(text: str) -> FtHand:
    """The hand of ``encode_hand``'s text."""
    plays = ord(text[0]) - ord("A")
    events = []
    for i in range(1, len(text), 2):
        index, seat = divmod(ord(text[i]) - ord("a"), 2)
        events.append((index, seat, int(text[i + 1])))
    return FtHand(plays, tuple(events))


Events = Sequence[tuple[int, int]]
"""One player's scoring plays in a hand: (play index, points earned)."""


def replay_points(events: Events, start: int, target: int) -> tuple[int, int]:
    """One player's score after its scoring plays ``(play index, points)`` from ``start``
    under the exact-target rule, and the play index at which it reached the target (NEVER).

    >>> replay_points([(0, 4), (2, 3), (6, 1)], 57, 61)  # 61 at play 0; nothing after
    (61, 0)
    >>> replay_points([(0, 4), (2, 3), (6, 1)], 58, 61)  # the 4 would pass 61: 58 + 3
    (61, 2)
    """
    score = start
    for index, points in events:
        if score + points <= target:
            score += points
            if score == target:
                return score, index
    return score, NEVER


def near_key(need_lead: int, need_other: int) -> tuple[int, int] | None:
    """The recorded near-target state that stands for these needs (points still wanted by
    the leader and the other): a need over ``NEAR`` counts as ``FAR``; ``None`` when both
    are over ``NEAR``.

    >>> near_key(3, 40), near_key(9, 1), near_key(7, 8)
    ((3, 25), (25, 1), None)
    """
    if min(need_lead, need_other) > NEAR:
        return None
    return (need_lead if need_lead <= NEAR else FAR, need_other if need_other <= NEAR else FAR)


def fives_threes_table(
    hands: Sequence[FtHand],
    target: int,
    near: Mapping[tuple[int, int], Sequence[FtHand]] | None = None,
) -> list[list[float]]:
    """``table[x][y]``: the chance that the leader of the next hand, on ``x`` points against
    ``y``, wins the match to ``target`` (``x, y < target``); the lead alternates.

    Backwards from the target: a hand from (x, y) ends with the leader reaching the target
    first (a win), the other reaching it first (a loss), or at new scores where the other
    leads, whose chance the table already holds. Hands that change neither score (near the
    target) loop between (x, y) and (y, x); the two are solved together. Where a player needs
    ``NEAR`` points or fewer, the hands of ``near`` recorded at ``near_key`` of the needs
    (played knowing the score) are replayed instead of ``hands``.

    One hand recorded, to 3: the leader earns 2 at once, the other 1 later. From 0-0 the
    leader goes to 2-1 and the other, leading next, reaches 3 with its 2; at 2-2 the leader's
    2 would pass 3 and the other's 1 reaches it; from 1-0 the leader's 2 wins.

    >>> table = fives_threes_table([FtHand(13, ((0, 0, 2), (5, 1, 1)))], 3)
    >>> table[0][0], table[2][2], table[1][0]
    (0.0, 0.0, 1.0)
    """
    if not hands:
        raise ValueError("no hands to build a table from")
    weight = 1.0 / len(hands)
    mine = [[(i, p) for i, s, p in h.events if s == 0] for h in hands]
    theirs = [[(i, p) for i, s, p in h.events if s == 1] for h in hands]
    totals = [(h.total(0), h.total(1)) for h in hands]
    groups: dict[tuple[int, int], list[int]] = {}
    for number, pair in enumerate(totals):
        groups.setdefault(pair, []).append(number)
    grouped = sorted(groups.items())
    # Each player's replay from each start: (score after, play index it reached the target).
    lead = [[replay_points(m, x, target) for m in mine] for x in range(target)]
    other = [[replay_points(t, y, target) for t in theirs] for y in range(target)]
    table = [[0.0] * target for _ in range(target)]
    split = {
        key: [
            ([(i, p) for i, s, p in h.events if s == 0], [(i, p) for i, s, p in h.events if s == 1])
            for h in recorded
        ]
        for key, recorded in (near or {}).items()
        if recorded
    }

    def settle(x: int, y: int, mine_end: tuple[int, int], theirs_end: tuple[int, int]) -> float:
        """One replayed hand from (x, y): 1 the leader reaches the target first, 0 the other
        does, else the other's chance of the scores it ends at; -1 when no score changed."""
        (fl, rl), (fo, ro) = mine_end, theirs_end
        if rl < ro:
            return 1.0
        if ro != NEVER:
            return 0.0
        if fl == x and fo == y:
            return -1.0
        return 1.0 - table[fo][fl]

    def near_value(x: int, y: int, played: Sequence[tuple[Events, Events]]) -> tuple[float, float]:
        total, same = 0.0, 0
        for mine_now, theirs_now in played:
            won = settle(x, y, replay_points(mine_now, x, target),
                         replay_points(theirs_now, y, target))
            if won < 0:
                same += 1
            else:
                total += won
        return total / len(played), same / len(played)

    def value(x: int, y: int) -> tuple[float, float]:
        """The leader's chance from (x, y) without the hands that change no score, and the
        share of those hands."""
        key = near_key(target - x, target - y)
        if key is not None and key in split:
            return near_value(x, y, split[key])
        total, same = 0.0, 0
        safe_x, safe_y = target - x, target - y
        for (tl, to), members in grouped:
            if tl < safe_x and to < safe_y:
                if tl or to:
                    total += len(members) * (1.0 - table[y + to][x + tl])
                else:
                    same += len(members)
                continue
            for number in members:
                won = settle(x, y, lead[x][number], other[y][number])
                if won < 0:
                    same += 1
                else:
                    total += won
        return total * weight, same * weight

    for level in range(2 * target - 2, -1, -1):
        for x in range(max(0, level - target + 1), min(level, target - 1) + 1):
            y = level - x
            if y < x:
                continue
            r1, c1 = value(x, y)
            if x == y:
                table[x][y] = (r1 + c1) / (1.0 + c1)
                continue
            r2, c2 = value(y, x)
            # u = r1 + c1 (1 - v), v = r2 + c2 (1 - u)
            loop = 1.0 - c1 * c2
            if loop <= 1e-12:
                table[x][y], table[y][x] = 0.5, 0.5  # no recorded hand ever scores here
                continue
            u = (r1 + c1 - c1 * (r2 + c2)) / loop
            table[x][y], table[y][x] = u, r2 + c2 * (1.0 - u)
    return table


def rest_points(hands: Sequence[FtHand]) -> list[float]:
    """``rest[t]``: the mean points both players together earn in the rest of a hand that
    still goes on with ``t`` tiles in the two hands (``t`` from 0 to 14; hands that ended
    before were left out; 0.0 where no hand went on).

    >>> rest_points([FtHand(13, ((0, 0, 2), (12, 1, 3)))])[2], rest_points([FtHand(2, ())])[3]
    (3.0, 0.0)
    """
    rest = [0.0] * (FT_TILES + 1)
    for tiles in range(1, FT_TILES + 1):
        first = FT_TILES - tiles  # the index of the play made with `tiles` in the hands
        going = [h for h in hands if h.plays > first]
        if going:
            points = sum(p for h in going for i, _, p in h.events if i >= first)
            rest[tiles] = points / len(going)
    return rest


@cache
def _ft_data() -> dict[str, Any]:
    text = files(__package__ or "tutor.search").joinpath(DATA, FT_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _ft_hands() -> tuple[FtHand, ...]:
    return tuple(decode_hand(text) for text in _ft_data()["hands"])


@cache
def _ft_near() -> dict[tuple[int, int], tuple[FtHand, ...]]:
    return read_near(_ft_data().get("near", {}))


def read_near(stored: Mapping[str, Sequence[str]]) -> dict[tuple[int, int], tuple[FtHand, ...]]:
    """The near-target hands of the data file: ``"need,need"`` to hand texts.

    >>> read_near({"1,25": ["Ba1"]})
    {(1, 25): (FtHand(plays=1, events=((0, 0, 1),)),)}
    """
    found = {}
    for key, texts in stored.items():
        lead, other = (int(v) for v in key.split(","))
        found[(lead, other)] = tuple(decode_hand(text) for text in texts)
    return found


@cache
def _ft_table(target: int) -> tuple[tuple[float, ...], ...]:
    stored = _ft_data()["tables"].get(str(target))
    rows = stored if stored is not None else fives_threes_table(_ft_hands(), target, _ft_near())
    return tuple(tuple(row) for row in rows)


def _check_scores(mine: int, theirs: int, target: int) -> None:
    if not (0 <= mine <= target and 0 <= theirs <= target) or mine == theirs == target:
        raise ValueError(f"scores {mine} and {theirs} are not possible in a match to {target}")


def fives_threes_equity(mine: int, theirs: int, *, my_lead: bool, target: int = 61) -> float:
    """The chance that the player on ``mine`` points wins the match to ``target`` against
    ``theirs``, before a hand this player leads (``my_lead``) or the other leads.

    >>> fives_threes_equity(60, 0, my_lead=True) > fives_threes_equity(50, 0, my_lead=True)
    True
    >>> a = fives_threes_equity(30, 40, my_lead=True)
    >>> round(a + fives_threes_equity(40, 30, my_lead=False), 9)
    1.0
    """
    _check_scores(mine, theirs, target)
    if mine == target or theirs == target:
        return 1.0 if mine == target else 0.0
    table = _ft_table(target)
    return table[mine][theirs] if my_lead else 1.0 - table[theirs][mine]


def fives_threes_after_hand(
    mine: int, theirs: int, *, led_this_hand: bool, target: int = 61
) -> float:
    """The chance to win the match after a hand ended at these scores: the other player
    leads the next hand (1.0 or 0.0 when a score is the target).

    >>> fives_threes_after_hand(10, 10, led_this_hand=True) == (
    ...     fives_threes_equity(10, 10, my_lead=False))
    True
    """
    return fives_threes_equity(mine, theirs, my_lead=not led_this_hand, target=target)


def expected_rest_points(tiles_left: int) -> float:
    """The mean points both players together score in the rest of a Fives & Threes hand with
    ``tiles_left`` tiles in the two hands (measured in the same self-play; 0 with none left).

    >>> expected_rest_points(0), expected_rest_points(14) > expected_rest_points(4) > 0
    (0.0, True)
    """
    if not 0 <= tiles_left <= FT_TILES:
        raise ValueError(f"a hand has 0 to {FT_TILES} tiles left, not {tiles_left}")
    return _ft_rest()[tiles_left]


@cache
def _ft_rest() -> tuple[float, ...]:
    return tuple(rest_points(_ft_hands()))
