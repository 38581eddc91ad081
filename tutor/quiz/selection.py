"""Choosing the quiz's questions: by topic, level and game; missed ones come back sooner, and
new ones are chosen near the learner's rating.

Simple spaced repetition: scenarios never seen and scenarios that are due (a
miss makes a card due at once) come first, the most overdue first; no scenario
is asked twice in one run. Given the learner's ratings (``tutor.quiz.ratings``), the due cards are
mixed one for one with new puzzles whose rating is nearest the learner's in that game.

>>> from tutor.quiz.progress import Card
>>> cards = {"b": Card("t", wrong=1, due=0.0), "c": Card("t", right=3, box=3, due=9e9)}
>>> order_ids(["a", "b", "c"], cards, now=1000.0, seed=1)
['b', 'a', 'c']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from heapq import nsmallest
from typing import Protocol, TypeVar

from tutor.quiz.progress import Card
from tutor.quiz.ratings import START, puzzle_start

SPREAD = 150.0
"""Rating points of random spread added to a puzzle's distance, so that the same learner does
not get the same nearest puzzles in the same order every time."""


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


def interleave(first: Sequence[str], second: Sequence[str]) -> list[str]:
    """One of each in turn, ``first`` first, then what is left of the longer one.

    >>> interleave(["a", "b", "c"], ["x"])
    ['a', 'x', 'b', 'c']
    """
    mixed: list[str] = []
    for index in range(max(len(first), len(second))):
        mixed += [*first[index : index + 1], *second[index : index + 1]]
    return mixed


def order_by_rating(
    scenarios: Sequence[T],
    cards: Mapping[str, Card],
    *,
    now: float,
    learner: Mapping[str, float],
    puzzles: Mapping[str, float],
    seed: int | None = None,
    limit: int | None = None,
) -> list[str]:
    """Due (and missed) cards, most overdue first, mixed one for one with new puzzles nearest
    the learner's rating in their game (a puzzle never answered is rated from its level); then
    the cards that are not due. With ``limit``, at most that many new puzzles.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class P:
    ...     id: str
    ...     level: int
    ...     topic: str = "t"
    ...     game: str = "cutthroat"
    >>> library = [P("easy", 1), P("mid", 3), P("hard", 5), P("missed", 2)]
    >>> cards = {"missed": Card("t", wrong=1, due=0.0)}
    >>> order_by_rating(library, cards, now=9.0, learner={"cutthroat": 1900.0}, puzzles={})
    ['missed', 'hard', 'mid', 'easy']
    >>> order_by_rating(library, cards, now=9.0, learner={"cutthroat": 1100.0}, puzzles={})
    ['missed', 'easy', 'mid', 'hard']
    """
    rng = random.Random(seed)
    by_id = {s.id: s for s in scenarios}
    ids = sorted(by_id)  # the random spread in ``distance`` decides among equals
    seen = sorted((i for i in ids if i in cards), key=lambda i: cards[i].due)
    due = [i for i in seen if cards[i].due <= now]
    later = [i for i in seen if cards[i].due > now]

    by_level = {level: puzzle_start(level).rating for level in range(1, 6)}

    def distance(scenario_id: str) -> float:
        scenario = by_id[scenario_id]
        rating = puzzles.get(scenario_id)
        if rating is None:
            rating = by_level[scenario.level]
        return abs(rating - learner.get(scenario.game, START.rating)) + rng.uniform(0, SPREAD)

    unseen = (i for i in ids if i not in cards)
    # Only the nearest ``limit`` are needed: no sort of the whole library.
    fresh = sorted(unseen, key=distance) if limit is None else nsmallest(limit, unseen, distance)
    return [*interleave(due, fresh), *later]


def choose(
    scenarios: Sequence[T],
    cards: Mapping[str, Card],
    *,
    count: int,
    now: float,
    seed: int | None = None,
    learner: Mapping[str, float] | None = None,
    puzzles: Mapping[str, float] | None = None,
) -> list[T]:
    """Up to ``count`` different scenarios in the order they should be asked; with the
    learner's ratings by game (and the puzzles' ratings by id), near the learner's rating."""
    by_id = {s.id: s for s in scenarios}
    if learner is None:
        ordered = order_ids(sorted(by_id), cards, now=now, seed=seed)
    else:
        ordered = order_by_rating(
            list(by_id.values()), cards, now=now, learner=learner, puzzles=puzzles or {},
            seed=seed, limit=count,
        )
    return [by_id[i] for i in ordered[:count]]
