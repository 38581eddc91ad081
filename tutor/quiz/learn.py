"""The guided path for new players: each lesson's text, then a few easy scenarios.

A step is a lesson of ``tutor.words.lessons`` (its title and paragraphs) with a test for
the scenarios of the library that practise it; ``plan`` picks each step's scenarios.

>>> [step.key for step in path_for("fives-and-threes")][:3]
['tiles', 'line', 'passing']
>>> len(path_for("cutthroat"))
7
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.scenarios.model import Scenario
from tutor.words.lessons import LESSONS, Lesson


@dataclass(frozen=True)
class Step:
    """One step of the guided path: a lesson and a test for the scenarios that practise it."""

    lesson: Lesson
    practise: Callable[[Scenario], bool]
    games: tuple[str, ...] = ("cutthroat", "fives-and-threes")

    @property
    def key(self) -> str:
        """The lesson's key."""
        return self.lesson.key

    @property
    def title(self) -> str:
        """The lesson's title (marked for translation, not translated)."""
        return self.lesson.title

    @property
    def texts(self) -> tuple[str, ...]:
        """The lesson's paragraphs (marked for translation, not translated)."""
        return self.lesson.texts


def _topic(topic: str, *asks: str) -> Callable[[Scenario], bool]:
    def match(s: Scenario) -> bool:
        return s.topic == topic and (not asks or s.question.ask in asks)

    return match


def _asks(*asks: str) -> Callable[[Scenario], bool]:
    return lambda s: s.question.ask in asks and s.game == "cutthroat"


STEPS: tuple[Step, ...] = (
    Step(LESSONS["tiles"], _asks("pip-count")),
    Step(LESSONS["line"], lambda s: s.topic == "legal-plays" and s.question.expect != []),
    Step(
        LESSONS["passing"],
        lambda s: (
            (s.question.ask == "legal-plays" and s.question.expect == [])
            or s.question.ask == "is-blocked"
        ),
    ),
    Step(LESSONS["blocked"], _topic("blocked-boards"), ("cutthroat",)),
    Step(LESSONS["hard-ends"], _topic("hard-ends"), ("cutthroat",)),
    Step(LESSONS["key-cards"], _topic("key-cards"), ("cutthroat",)),
    Step(
        LESSONS["six-love"],
        lambda s: s.topic in ("six-love", "the-pose") and s.question.ask == "after-game",
        ("cutthroat",),
    ),
    Step(LESSONS["scoring"], _topic("fives-and-threes-scoring"), ("fives-and-threes",)),
)
"""The guided path, in order."""

PER_STEP = 3
"""Scenarios practised after each step's text."""


def path_for(game: str) -> list[Step]:
    """The steps of the path for one game."""
    return [step for step in STEPS if game in step.games]


def practice(
    step: Step,
    scenarios: Sequence[Scenario],
    count: int = PER_STEP,
    *,
    game: str | None = None,
    exclude: frozenset[str] = frozenset(),
) -> list[Scenario]:
    """The easiest scenarios that practise a step (lowest level first, then by id), of ``game``
    only when given, leaving out the ids in ``exclude``."""
    matching = sorted(
        (
            s
            for s in scenarios
            if step.practise(s) and game in (None, s.game) and s.id not in exclude
        ),
        key=lambda s: (s.level, s.id),
    )
    return matching[:count]


def plan(game: str, scenarios: Sequence[Scenario], count: int = PER_STEP) -> list[list[Scenario]]:
    """The questions of each step of the path for ``game``: of that game only, and no scenario
    in two steps.

    >>> plan("cutthroat", [])
    [[], [], [], [], [], [], []]
    """
    used: set[str] = set()
    chosen: list[list[Scenario]] = []
    for step in path_for(game):
        these = practice(step, scenarios, count, game=game, exclude=frozenset(used))
        used.update(s.id for s in these)
        chosen.append(these)
    return chosen
