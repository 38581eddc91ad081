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

**Cutthroat** (``cutthroat_set_equity``): the chances of each seat (counted from the seat that
poses) to win a game, to win it with the key card, and of a tied block, measured in level-5
self-play for 2, 3 and 4 players, once with the holder of 6-6 posing it and once with the
previous winner posing any tile (``equity_data/cutthroat.json``). The set is then a Markov
chain over (scores, stake, who poses), moved on by ``tutor.rules.cutthroat.after_game`` (the
one place the stake, the key card, six-love and bruck are ruled), and solved exactly: the
only loops are a tie at the same stake and a bruck back to the start.

What is assumed, honestly:

- Play does not adapt to the score. The hands were recorded from a score of 0-0 (a fresh
  set), so the level-5 player's changes of play near the target (playing for exactly 61, for
  the set) are not in the outcome distribution; the exact-target rule is applied to the
  recorded points afterwards. Near the target the table is therefore an approximation.
- Every hand is an independent draw from the recorded ones; both players play at level 5.
- 2-player Cutthroat with a boneyard uses the 2-player figures of the game without one (its
  level-5 hands take seconds each, and none were recorded).
- Chances of a few hundred or thousand hands carry sampling error (see the provenance).

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from tutor.rules.cutthroat import after_game
from tutor.rules.table_rules import SIX_LOVE, TableRules

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
    "outcome_chances",
    "rest_points",
]

DATA = "equity_data"
FT_FILE = "fives_threes.json"
CT_FILE = "cutthroat.json"
FT_TILES = 14
"""Tiles in the two hands at the start of a Fives & Threes hand."""
NEVER = 1 << 20
"""The play index of a target never reached in a hand."""

Equities = tuple[float, ...]


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


def _replay(events: Sequence[tuple[int, int]], start: int, target: int) -> tuple[int, int]:
    """One player's score after its scoring plays ``(play index, points)`` from ``start``
    under the exact-target rule, and the play index at which it reached the target (NEVER)."""
    score = start
    for index, points in events:
        if score + points <= target:
            score += points
            if score == target:
                return score, index
    return score, NEVER


def fives_threes_table(hands: Sequence[FtHand], target: int) -> list[list[float]]:
    """``table[x][y]``: the chance that the leader of the next hand, on ``x`` points against
    ``y``, wins the match to ``target`` (``x, y < target``); the lead alternates.

    Backwards from the target: a hand from (x, y) ends with the leader reaching the target
    first (a win), the other reaching it first (a loss), or at new scores where the other
    leads, whose chance the table already holds. Hands that change neither score (near the
    target) loop between (x, y) and (y, x); the two are solved together.

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
    lead = [[_replay(m, x, target) for m in mine] for x in range(target)]
    other = [[_replay(t, y, target) for t in theirs] for y in range(target)]
    table = [[0.0] * target for _ in range(target)]

    def value(x: int, y: int) -> tuple[float, float]:
        """The leader's chance from (x, y) without the hands that change no score, and the
        share of those hands."""
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
                fl, rl = lead[x][number]
                fo, ro = other[y][number]
                if rl < ro:
                    total += 1.0
                elif ro == NEVER:
                    if fl == x and fo == y:
                        same += 1
                    else:
                        total += 1.0 - table[fo][fl]
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
def _ft_table(target: int) -> tuple[tuple[float, ...], ...]:
    stored = _ft_data()["tables"].get(str(target))
    rows = stored if stored is not None else fives_threes_table(_ft_hands(), target)
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


# --- Cutthroat -----------------------------------------------------------------------------

SIX_SIX_POSES = "six-six"
WINNER_POSES = "winner"
TIE = "t"


@dataclass(frozen=True, slots=True)
class Chances:
    """One game's outcome chances, seats counted from the poser: a plain win, a key-card win,
    a tied block."""

    wins: tuple[float, ...]
    key_wins: tuple[float, ...]
    tie: float


def outcome_chances(record: str, players: int) -> Chances:
    """The chances in a record of games: per game a digit (the winner counted from the poser),
    a letter ``A``... (a key-card win by that seat) or ``t`` (a tied block).

    >>> outcome_chances("01At", 2)
    Chances(wins=(0.25, 0.25), key_wins=(0.25, 0.0), tie=0.25)
    """
    if not record:
        raise ValueError("no games recorded")
    n = len(record)
    wins = tuple(record.count(str(s)) / n for s in range(players))
    keys = tuple(record.count(chr(ord("A") + s)) / n for s in range(players))
    return Chances(wins, keys, record.count(TIE) / n)


@cache
def _ct_data() -> dict[str, Any]:
    text = files(__package__ or "tutor.search").joinpath(DATA, CT_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _ct_chances(players: int, boneyard: bool) -> tuple[Chances, Chances]:
    """(the holder of 6-6 poses, the winner poses any tile)."""
    records = _ct_data()["games"]
    key = f"{players}-boneyard" if boneyard and f"{players}-boneyard" in records else str(players)
    return (
        outcome_chances(records[key][SIX_SIX_POSES], players),
        outcome_chances(records[key][WINNER_POSES], players),
    )


def _over(scores: Sequence[int]) -> int | None:
    """The seat that won the set six-love on these scores, if any."""
    for seat, score in enumerate(scores):
        if score >= SIX_LOVE and any(s == 0 for i, s in enumerate(scores) if i != seat):
            return seat
    return None


def _one(seat: int, players: int) -> Equities:
    return tuple(1.0 if s == seat else 0.0 for s in range(players))


State = tuple[tuple[int, ...], int, int | None]
Affine = tuple[Equities, float]
"""A state's equities as ``a + b * X``, X the equities at the start of a set (after a bruck)."""


def _outcomes(
    poser: int | None, players: int, chances: tuple[Chances, Chances]
) -> Iterable[tuple[float, int | None, bool]]:
    """(chance, winner seat or None, key card) of the next game."""
    posers = range(players) if poser is None else (poser,)
    share = 1.0 / len(posers)
    odds = chances[0] if poser is None else chances[1]
    for first in posers:
        for rel in range(players):
            seat = (first + rel) % players
            yield share * odds.wins[rel], seat, False
            yield share * odds.key_wins[rel], seat, True
    yield odds.tie, None, False


class _SetChain:
    """The set's states solved as affine functions of the start's equities."""

    def __init__(self, rules: TableRules) -> None:
        self.rules = rules
        self.players = rules.players
        self.chances = _ct_chances(rules.players, rules.boneyard)
        self.memo: dict[State, Affine] = {}
        start = self.affine(((0,) * self.players, 1, None))
        self.start = tuple(a / (1.0 - start[1]) for a in start[0])

    def affine(self, state: State) -> Affine:
        found = self.memo.get(state)
        if found is not None:
            return found
        scores, stake, poser = state
        total, bruck, same = [0.0] * self.players, 0.0, 0.0
        for chance, winner, key in _outcomes(poser, self.players, self.chances):
            if chance == 0.0:
                continue
            after = after_game(scores, stake, winner, self.rules, key_card=key)
            if after.result == "six-love":
                assert after.winner is not None
                total[after.winner] += chance
            elif after.result == "bruck":
                bruck += chance
            else:
                following = (after.scores, min(after.stake, SIX_LOVE), after.poser)
                if following == state:
                    same += chance
                    continue
                values, b = self.affine(following)
                for seat in range(self.players):
                    total[seat] += chance * values[seat]
                bruck += chance * b
        keep = 1.0 / (1.0 - same)
        result = (tuple(t * keep for t in total), bruck * keep)
        self.memo[state] = result
        return result

    def equities(self, state: State) -> Equities:
        values, b = self.affine(state)
        return tuple(v + b * s for v, s in zip(values, self.start, strict=True))


@cache
def _chain(rules: TableRules) -> _SetChain:
    return _SetChain(rules)


def cutthroat_set_equity(
    scores: tuple[int, ...], stake: int, poser: int | None, rules: TableRules
) -> Equities:
    """Each seat's chance to win the six-love set before a game at these set scores and
    stake, posed by ``poser`` (the last winner, any tile) or by the holder of 6-6 (``None``).
    Scores that already show six-love give 1 to its winner.

    >>> from tutor.rules.table_rules import TableRules
    >>> first = cutthroat_set_equity((0, 0), 1, None, TableRules(players=2))
    >>> round(first[0], 6) == round(first[1], 6)
    True
    """
    if len(scores) != rules.players or stake < 1 or any(s < 0 for s in scores):
        raise ValueError(f"scores {scores} and stake {stake} do not fit {rules.players} players")
    if poser is not None and not 0 <= poser < rules.players:
        raise ValueError(f"seat {poser} does not exist at a table of {rules.players}")
    done = _over(scores)
    if done is not None:
        return _one(done, rules.players)
    if all(s >= 1 for s in scores) or any(s >= SIX_LOVE for s in scores):
        raise ValueError(f"scores {scores} cannot stand in a set (bruck or six-love)")
    return _chain(rules).equities((tuple(scores), min(stake, SIX_LOVE), poser))


def cutthroat_after_game(
    scores: tuple[int, ...],
    stake: int,
    winner: int | None,
    rules: TableRules,
    *,
    key_card: bool = False,
) -> Equities:
    """Each seat's set equity after a game won by ``winner`` (``None``: a tied block) at
    these scores and stake: ``after_game``, then ``cutthroat_set_equity`` (1 and 0 when the
    set is over).

    >>> from tutor.rules.table_rules import TableRules
    >>> after = cutthroat_after_game((2, 1, 1, 0), 1, 3, TableRules())  # bruck
    >>> after == cutthroat_set_equity((0, 0, 0, 0), 1, None, TableRules())
    True
    """
    after = after_game(scores, stake, winner, rules, key_card=key_card)
    if after.over:
        assert after.winner is not None
        return _one(after.winner, rules.players)
    return cutthroat_set_equity(after.scores, after.stake, after.poser, rules)
