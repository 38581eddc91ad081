"""The match equity figure shows the chances of ``tutor.search.equity``."""

from __future__ import annotations

import re

from tutor.search.equity import fives_threes_equity
from tutor.sphinxext.equity import STEP, TARGET, equity_grid, equity_values, numbers_table
from tutor.words.coach import percent
from tutor.words.i18n import Speaker

EN = Speaker()


def test_the_grid_is_the_module_s_table() -> None:
    for my_lead in (True, False):
        grid = equity_grid(my_lead)
        assert len(grid) == TARGET and all(len(column) == TARGET for column in grid)
        for mine in range(0, TARGET, 7):
            for theirs in range(0, TARGET, 5):
                assert grid[mine][theirs] == fives_threes_equity(
                    mine, theirs, my_lead=my_lead, target=TARGET
                )


def test_numbers_table_every_ten_points() -> None:
    grid = equity_grid(True)
    html = numbers_table(grid, "You lead", "You", "They", EN)
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', html)
    assert [int(score) for score, _ in rows] == list(range(0, TARGET, STEP))
    for score, cells in rows:
        shown = re.findall(r"<td>([^<]*)</td>", cells)
        wanted = [percent(grid[int(score)][t], 0.0, EN) for t in range(0, TARGET, STEP)]
        assert shown == wanted


def test_the_leader_s_chances_at_equal_scores() -> None:
    values = equity_values(EN)
    assert values["lead_at_0"] == percent(fives_threes_equity(0, 0, my_lead=True), 0.0, EN)
    assert values["lead_at_58"] == percent(fives_threes_equity(58, 58, my_lead=True), 0.0, EN)


def test_what_the_page_says_of_the_tables_holds() -> None:
    """docs/practice.md: the leader of the next hand is a little ahead at equal scores (0 to 0
    and 58 to 58), and 3 to 0 in a two-player set is ahead, but not far."""
    from tutor.questions.practice import match_equity, set_equity

    for score in (0, 58):
        assert 0.5 < match_equity(score, score, my_lead=True) < 0.7
    assert 0.5 < set_equity(3, 0, stake=1) < 0.75
