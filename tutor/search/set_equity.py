"""Cutthroat set equity: each seat's chance to win the six-love set from the set's score.

The chances of each seat (counted from the seat that poses) to win a game, to win it with the
key card, and of a tied block, measured in level-5 self-play (``tools/equity.py``) for 2, 3
and 4 players, once with the holder of 6-6 posing it and once with the previous winner posing
any tile (``equity_data/cutthroat.json``, with its provenance). The set is then a Markov
chain over (scores, stake, who poses), moved on by ``tutor.rules.cutthroat.after_game`` (the
one place the stake, the key card, six-love and bruck are ruled), and solved exactly: the
only loops are a tie at the same stake and a bruck back to the start.

Assumed: play does not adapt to the set's score (the games were recorded as first games of a
set); every game is an independent draw; 2-player Cutthroat with a boneyard uses the figures of
2 players without one (its level-5 games take seconds each, and none were recorded). The
public names are also those of ``tutor.search.equity``.

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
    "CT_FILE",
    "SIX_SIX_POSES",
    "TIE",
    "WINNER_POSES",
    "Chances",
    "cutthroat_after_game",
    "cutthroat_set_equity",
    "outcome_chances",
]

CT_FILE = "cutthroat.json"
Equities = tuple[float, ...]

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
    text = files("tutor.search").joinpath("equity_data", CT_FILE).read_text("utf-8")
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
