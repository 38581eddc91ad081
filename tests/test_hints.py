"""Hints point at the rule or the fact to look at, and never state the answer (issue 11.3).

Every library hint is checked against its answer in every language: the answer's formatted
words (a number, a tile, a play, a seat, a result word) must not appear in the translated hint.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.scenarios.library import load_library
from tutor.scenarios.model import Scenario, answer_scenario
from tutor.words.i18n import LANGUAGES, Speaker
from tutor.words.vocabulary import format_answer

LIBRARY = Path(__file__).resolve().parents[1] / "scenarios"
SCENARIOS, _ = load_library([LIBRARY])
HINTED = [s for s in SCENARIOS if s.question.hint]


def giveaways(s: Scenario, sp: Speaker) -> list[str]:
    """The words that would state the answer (yes/no are no give-away on their own)."""
    value = answer_scenario(s).value
    if isinstance(value, bool):
        return []
    items = value if isinstance(value, list) else [value]
    return [format_answer(item, sp) for item in items] if items else []


def states(hint: str, word: str) -> bool:
    """Whether ``word`` stands in ``hint`` as a word of its own (``2`` is not in ``12``)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", hint, re.IGNORECASE) is not None


def test_the_library_has_hints() -> None:
    assert len(HINTED) > 20


def offenders(scenarios: list[Scenario], sp: Speaker) -> list[str]:
    """Every hint that states its answer, with the word that gives it away."""
    return [
        f"{s.id}: {word!r} in {sp._(s.question.hint or '')!r}"
        for s in scenarios
        for word in giveaways(s, sp)
        if states(sp._(s.question.hint or ""), word)
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_hint_states_its_answer(lang: str) -> None:
    found = offenders(HINTED, Speaker(lang))
    assert not found, "\n".join(found)


def test_the_check_finds_a_hint_that_states_its_answer() -> None:
    assert states("Add them up: 2 in all.", "2") and not states("12 in all", "2")
    assert states("It is a bruck.", "bruck") and not states("6-2 left", "2")
