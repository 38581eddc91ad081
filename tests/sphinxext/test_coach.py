"""The lists of the practice page come from the code: one text per level and per grade."""

from __future__ import annotations

import re
from pathlib import Path

from tutor.questions import coach
from tutor.search.players import BUDGETS, LEVELS
from tutor.sphinxext.coach import (
    GradesDirective,
    LevelsDirective,
    grade_values,
    level_values,
)
from tutor.sphinxext.labelled import PLACEHOLDER
from tutor.words.coach import percent
from tutor.words.i18n import Speaker

PAGE = Path(__file__).resolve().parents[2] / "docs" / "practice.md"


def directive_options(name: str) -> dict[str, str]:
    """The options of the page's ``{name}`` directive."""
    text = PAGE.read_text(encoding="utf-8")
    block = re.search(r"```\{" + re.escape(name) + r"\}[^\n]*\n(.*?)```", text, re.S)
    assert block, f"docs/practice.md has no {name} directive"
    return dict(re.findall(r"^:([\w-]+): (.*)$", block.group(1), re.M))


def test_one_option_per_level_and_per_grade_of_the_code() -> None:
    assert list(LevelsDirective.option_spec) == [f"level-{level}" for level in LEVELS]
    assert list(GradesDirective.option_spec) == [verdict.value for verdict in coach.Verdict]


def test_the_page_describes_every_level_and_grade() -> None:
    assert set(directive_options("computer-levels")) == set(LevelsDirective.option_spec)
    assert set(directive_options("coach-grades")) == set(GradesDirective.option_spec)


def test_the_page_names_only_numbers_the_code_gives() -> None:
    for level, text in zip(LEVELS, directive_options("computer-levels").values(), strict=True):
        assert set(PLACEHOLDER.findall(text)) <= set(level_values(level)), level
    for text in directive_options("coach-grades").values():
        assert set(PLACEHOLDER.findall(text)) <= set(grade_values(Speaker()))


def test_the_numbers_are_the_code_s() -> None:
    for level, budget in BUDGETS.items():
        values = level_values(level)
        assert values["deals"] == f"{budget.cutthroat:,}"
        assert values["ft_deals"] == f"{budget.fives_and_threes:,}"
    for language in ("en", "de", "pap"):
        sp = Speaker(language)
        assert grade_values(sp) == {
            "inaccuracy": percent(coach.INACCURACY, 0.0, sp),
            "mistake": percent(coach.MISTAKE, 0.0, sp),
            "blunder": percent(coach.BLUNDER, 0.0, sp),
        }
