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


def test_what_the_page_says_of_the_tables_holds() -> None:
    """docs/practice.md: far from 61 leading the next hand is worth a little (0 to 0), near 61
    it matters much more, for better or worse; 3 to 0 in a two-player set is ahead, but not
    far. (If the data changes so that one of these fails, change the page's words.)"""
    from tutor.questions.practice import match_equity, set_equity

    assert 0.5 < match_equity(0, 0, my_lead=True) < 0.6
    near = [match_equity(s, s, my_lead=True) for s in range(51, 60)]
    assert max(near) > 0.65 and min(near) < 0.45
    assert 0.5 < set_equity(3, 0, stake=1) < 0.75
