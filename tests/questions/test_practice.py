"""The practice game's numbers for the reference: levels, budgets, the match equity table."""

from __future__ import annotations

import pytest

from tutor.questions.practice import (
    LEVELS,
    level_budget,
    match_equity,
    match_equity_table,
    set_equity,
)
from tutor.search.equity import fives_threes_equity
from tutor.search.players import BUDGETS


def test_every_level_has_a_budget_or_none() -> None:
    for level in LEVELS:
        budget = level_budget(level)
        if level in BUDGETS:
            assert budget is not None
            assert budget.cutthroat == BUDGETS[level].cutthroat
            assert budget.fives_and_threes == BUDGETS[level].fives_and_threes
            assert budget.positions == BUDGETS[level].nodes
        else:
            assert budget is None
    with pytest.raises(ValueError):
        level_budget(max(LEVELS) + 1)


def test_the_table_is_the_search_s() -> None:
    for my_lead in (True, False):
        table = match_equity_table(my_lead=my_lead)
        for mine in range(0, 61, 6):
            for theirs in range(0, 61, 4):
                assert table[mine][theirs] == fives_threes_equity(mine, theirs, my_lead=my_lead)
    assert match_equity(61, 3, my_lead=False) == 1.0
    assert len(match_equity_table(my_lead=True, target=31)) == 31


def test_a_two_player_set_is_fair_and_symmetric() -> None:
    for stake in (1, 2, 3):
        assert set_equity(0, 0, stake=stake) == pytest.approx(0.5)
        for score in range(1, 6):
            ahead, behind = set_equity(score, 0, stake=stake), set_equity(0, score, stake=stake)
            assert ahead + behind == pytest.approx(1.0)
            assert ahead > 0.5
    with pytest.raises(ValueError):
        set_equity(2, 1, stake=1)  # a bruck, not a score
