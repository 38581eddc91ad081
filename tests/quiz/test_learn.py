"""The guided path: each lesson practised by easy scenarios of its game, none in two steps."""

from __future__ import annotations

import pytest

from tutor.quiz.learn import STEPS, path_for, plan, practice
from tutor.scenarios.library import load_library
from tutor.words.lessons import LESSONS

LIBRARY, ERRORS = load_library()


def test_every_learn_step_has_easy_scenarios() -> None:
    assert not ERRORS
    for step in STEPS:
        chosen = practice(step, LIBRARY)
        assert len(chosen) == 3, step.key
        assert all(s.level <= 3 for s in chosen), step.key


@pytest.mark.parametrize("game", ["cutthroat", "fives-and-threes"])
def test_each_step_has_its_own_questions_of_its_game(game: str) -> None:
    chosen = plan(game, LIBRARY)
    ids = [s.id for step in chosen for s in step]
    assert len(ids) == len(set(ids)), "no question is asked in two steps"
    assert {s.game for step in chosen for s in step} == {game}
    if game == "cutthroat":
        assert all(len(step) == 3 for step in chosen)
    passing = path_for(game).index(next(s for s in path_for(game) if s.key == "passing"))
    assert all(s.question.expect == [] or s.question.ask == "is-blocked" for s in chosen[passing])


def test_every_lesson_is_a_step_of_the_path() -> None:
    assert [step.key for step in STEPS] == list(LESSONS)
    assert all(step.title and step.texts for step in STEPS)
