"""Narration: every kind of fact becomes a sentence in each language."""

from __future__ import annotations

from typing import get_args

import pytest

from tutor.questions.facts import Fact, SetAfter
from tutor.scenarios.library import default_library, load_library
from tutor.scenarios.model import answer_scenario
from tutor.words.i18n import Speaker
from tutor.words.narrate import say


def library_facts() -> dict[type, list[Fact]]:
    scenarios, _ = load_library([default_library()])
    facts: dict[type, list[Fact]] = {}
    for s in scenarios:
        for fact in answer_scenario(s).facts:
            facts.setdefault(type(fact), []).append(fact)
    return facts


def test_the_library_explains_with_every_kind_of_fact() -> None:
    assert set(library_facts()) == set(get_args(Fact))


@pytest.mark.parametrize("language", ["de", "pap"])
def test_every_fact_is_said_in_the_language(language: str) -> None:
    en, other = Speaker("en"), Speaker(language)
    for kind, facts in library_facts().items():
        for fact in facts[:5]:
            english, translated = say(fact, en), say(fact, other)
            assert english and translated and english != translated, (kind, fact)


def test_a_tied_block_says_whether_the_stake_carries() -> None:
    en = Speaker("en")
    carried = SetAfter(None, "continue", (("you", 0), ("Ann", 0)), 2, None, 0, True)
    void = SetAfter(None, "continue", (("you", 0), ("Ann", 0)), 1, None, 0, False)
    assert "worth 2" in say(carried, en)
    assert "stays 1" in say(void, en)
