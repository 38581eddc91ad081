"""Choosing the quiz's questions: by topic, level and game; missed ones come back sooner.

Simple spaced repetition: scenarios never seen and scenarios that are due (a
miss makes a card due at once) come first, the most overdue first; no scenario
is asked twice in one run.

>>> from tutor.quiz.progress import Card
>>> cards = {"b": Card("t", wrong=1, due=0.0), "c": Card("t", right=3, box=3, due=9e9)}
>>> order_ids(["a", "b", "c"], cards, now=1000.0, seed=1)
['b', 'a', 'c']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from tutor.quiz.progress import Card


class Tagged(Protocol):
    """A scenario, or its entry in the quick index: what choosing needs."""

    @property
    def id(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def game(self) -> str: ...


T = TypeVar("T", bound=Tagged)


def filter_scenarios(
    scenarios: Iterable[T],
    *,
    topic: str | None = None,
    level: int | None = None,
    game: str | None = None,
) -> list[T]:
    """The scenarios that match every given filter."""
    return [
        s
        for s in scenarios
        if (topic is None or s.topic == topic)
        and (level is None or s.level == level)
        and (game is None or s.game == game)
    ]


def order_ids(
    ids: Sequence[str], cards: Mapping[str, Card], *, now: float, seed: int | None = None
) -> list[str]:
    """Due (and missed) scenarios first, most overdue first; then new ones; then the rest."""
    rng = random.Random(seed)
    shuffled = list(ids)
    rng.shuffle(shuffled)

    def key(scenario_id: str) -> tuple[int, float]:
        card = cards.get(scenario_id)
        if card is None:
            return (1, 0.0)
        if card.due <= now:
            return (0, card.due)
        return (2, card.due)

    return sorted(shuffled, key=key)


def choose(
    scenarios: Sequence[T],
    cards: Mapping[str, Card],
    *,
    count: int,
    now: float,
    seed: int | None = None,
) -> list[T]:
    """Up to ``count`` different scenarios in the order they should be asked."""
    by_id = {s.id: s for s in scenarios}
    ordered = order_ids(sorted(by_id), cards, now=now, seed=seed)
    return [by_id[i] for i in ordered[:count]]
