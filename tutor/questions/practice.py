"""What the practice game is made of, as the reference shows it: the computer players' levels
and their search budgets, and the match equity table. Numbers only, no words.

The reference page (``docs/practice.md``, drawn by ``tutor.sphinxext``) asks these, so that its
lists and its heat maps are the code's and cannot fall behind it.

>>> LEVELS
(1, 2, 3, 4, 5)
>>> level_budget(1) is None, level_budget(4).fives_and_threes
(True, 64)
>>> table = match_equity_table(my_lead=True)
>>> len(table), len(table[0]), table[3][7] == match_equity(3, 7, my_lead=True)
(61, 61, True)
>>> round(set_equity(0, 0, stake=1), 6)
0.5
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.search.players import BUDGETS, LEVELS

__all__ = [
    "LEVELS",
    "LevelBudget",
    "level_budget",
    "match_equity",
    "match_equity_table",
    "set_equity",
]

MATCH_TARGET = 61
"""The target of the Fives & Threes match the table is drawn for."""


@dataclass(frozen=True, slots=True)
class LevelBudget:
    """How hard a searching level looks (``tutor.search.players.BUDGETS``)."""

    cutthroat: int
    """Deals sampled for one Cutthroat play."""
    fives_and_threes: int
    """Deals sampled for one Fives & Threes play."""
    positions: int | None
    """The most positions searched for one play (``None``: no bound)."""


def level_budget(level: int) -> LevelBudget | None:
    """The search budget of ``level``; ``None`` for a level that does not search."""
    if level not in LEVELS:
        raise ValueError(f"level {level} does not exist: choose 1 to 5")
    budget = BUDGETS.get(level)
    if budget is None:
        return None
    return LevelBudget(budget.cutthroat, budget.fives_and_threes, budget.nodes)


def match_equity(mine: int, theirs: int, *, my_lead: bool, target: int = MATCH_TARGET) -> float:
    """The chance to win a Fives & Threes match to ``target`` from ``mine`` to ``theirs``,
    before a hand this player leads (``my_lead``) or not (``tutor.search.equity``)."""
    from tutor.search.equity import fives_threes_equity

    return fives_threes_equity(mine, theirs, my_lead=my_lead, target=target)


def match_equity_table(*, my_lead: bool, target: int = MATCH_TARGET) -> list[list[float]]:
    """``table[mine][theirs]``: ``match_equity`` from every score below the target."""
    return [
        [match_equity(mine, theirs, my_lead=my_lead, target=target) for theirs in range(target)]
        for mine in range(target)
    ]


def set_equity(mine: int, theirs: int, *, stake: int) -> float:
    """The chance that a player on ``mine`` set points wins a two-player Cutthroat set to
    six-love against ``theirs``, before a game worth ``stake``
    (``tutor.search.equity.cutthroat_set_equity``).

    Who poses follows from the score: after a tie (a stake above 1) and at 0 to 0 the holder
    of 6-6, else the last winner, the one who is not on 0. (Both on 1 or more would be a
    bruck, not a score.)

    >>> set_equity(5, 0, stake=1) > set_equity(1, 0, stake=1) > set_equity(0, 1, stake=1)
    True
    """
    from tutor.rules.table_rules import TableRules
    from tutor.search.equity import cutthroat_set_equity

    if mine and theirs:
        raise ValueError(f"{mine} to {theirs} is no set score: both on 1 or more is a bruck")
    poser = None if stake > 1 or mine == theirs == 0 else (0 if mine else 1)
    return cutthroat_set_equity((mine, theirs), stake, poser, TableRules(players=2))[0]
