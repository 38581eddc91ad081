"""The practice game's lists that come from the code: the computer levels and the coach's grades.

``computer-levels``
    One option per level of ``tutor.questions.practice.LEVELS`` (``:level-1:`` ...): what a player
    of that level does, in the page's words. The list is numbered by the levels; ``{deals}``,
    ``{ft_deals}`` and ``{positions}`` in a text are the level's search budget
    (``tutor.questions.practice.level_budget``: deals sampled in Cutthroat and in Fives & Threes,
    positions searched).
``coach-grades``
    One option per grade of ``tutor.questions.coach.Verdict`` (``:best:``, ``:good:`` ...): what
    the grade means. Each is shown under the grade's name as the game writes it (the ``tutor``
    catalog, ``tutor.words.play.VERDICT_WORDS``); ``{inaccuracy}``, ``{mistake}`` and
    ``{blunder}`` are the coach's thresholds as the game writes a chance
    (``tutor.words.coach.percent``).

A level or a grade the code has and the page does not describe stops the build (each option is
required), so the page cannot fall behind the code.
"""

from __future__ import annotations

from collections.abc import Mapping

from docutils import nodes

from tutor.questions import coach
from tutor.questions.practice import LEVELS, level_budget
from tutor.sphinxext.labelled import (
    LabelledDirective,
    fill_nodes,
    renderer,
)
from tutor.words.coach import VERDICT_WORDS, percent
from tutor.words.i18n import Speaker

LEVEL_LABELS = tuple(f"level-{level}" for level in LEVELS)
GRADE_LABELS = tuple(verdict.value for verdict in coach.Verdict)


def level_values(level: int) -> dict[str, str]:
    """The numbers a level's text may name: its search budget (``{deals}``, ``{ft_deals}``,
    ``{positions}``); none for the levels that do not search.

    >>> level_values(1)
    {}
    >>> sorted(level_values(5))
    ['deals', 'ft_deals', 'positions']
    """
    budget = level_budget(level)
    if budget is None:
        return {}
    return {
        "deals": f"{budget.cutthroat:,}",
        "ft_deals": f"{budget.fives_and_threes:,}",
        "positions": f"{budget.positions:,}" if budget.positions else "",
    }


def grade_values(sp: Speaker) -> dict[str, str]:
    """The coach's thresholds as the game writes a chance.

    >>> grade_values(Speaker("en"))["inaccuracy"]
    '10%'
    """
    return {
        "inaccuracy": percent(coach.INACCURACY, 0.0, sp),
        "mistake": percent(coach.MISTAKE, 0.0, sp),
        "blunder": percent(coach.BLUNDER, 0.0, sp),
    }


def _grouped(number: str, sp: Speaker) -> str:
    """Thousands grouped as the language writes them (60,000 / 60.000)."""
    return number.replace(",", "." if sp.language in ("de", "pap") else ",")


class LevelsDirective(LabelledDirective):
    """``{computer-levels}``: the computer players' levels, numbered by the code."""

    kind = "computer-levels"
    labels = LEVEL_LABELS


class GradesDirective(LabelledDirective):
    """``{coach-grades}``: the coach's grades under the names the game gives them."""

    kind = "coach-grades"
    labels = GRADE_LABELS


@renderer("computer-levels")
def render_levels(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    items = nodes.enumerated_list(enumtype="arabic", prefix="", suffix=".",
                                  classes=["computer-levels"])
    for level, label in zip(LEVELS, LEVEL_LABELS, strict=True):
        values = {k: _grouped(v, sp) for k, v in level_values(level).items()}
        item = nodes.list_item(classes=[f"level-{level}"])
        item += fill_nodes(texts[label], values)
        items += item
    items["start"] = LEVELS[0]
    return [items]


@renderer("coach-grades")
def render_grades(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    values = grade_values(sp)
    found = nodes.definition_list(classes=["coach-grades"])
    for verdict in coach.Verdict:
        name = sp._(VERDICT_WORDS[verdict])
        term = nodes.term(
            name, "", nodes.strong(name, name), classes=[f"grade-{verdict.value}"]
        )
        term["translatable"] = False  # the tutor catalog's word, not the page's
        entry = nodes.definition_list_item(
            "", term, nodes.definition("", fill_nodes(texts[verdict.value], values))
        )
        found += entry
    return [found]
