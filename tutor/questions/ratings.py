"""Glicko-2 ratings for the learner and for each puzzle, as puzzle sites keep them: the
arithmetic, no storage (the terminal keeps them in its database, ``tutor.quiz.ratings``; a web
page in the browser's storage, ``tutor.web.ratings``; both move them with ``rate_reply``).

The arithmetic is the PyPI package ``glicko2`` (Glickman's algorithm); this module only says who
plays whom and what a reply scores:

- the learner has a rating per game and per topic; every puzzle has its own;
- answering a puzzle is one game between the learner and the puzzle, rated at once (a rating
  period of one game): a solve is a win for the learner, a miss (or a skip) a loss;
- a **hinted solve counts less**: it is a win whose changes (to rating, deviation and volatility,
  the learner's and the puzzle's) are weighed by one half per hint: one hint moves the ratings
  half as far as a clean solve, two hints a quarter. So a solve always raises the learner's
  rating, a hinted one by less; a miss after hints is a plain loss;
- a new puzzle starts from its level (level 3 at 1500, 200 points a level) with deviation 500
  and volatility 0.09, as puzzle sites start theirs; the learner starts at 1500 with the same.

>>> learner, puzzle = START, puzzle_start(3)
>>> won, beaten = rate(learner, puzzle, True)
>>> won.rating > learner.rating and beaten.rating < puzzle.rating
True
>>> hinted, _ = rate(learner, puzzle, True, weight=hint_weight(1))
>>> learner.rating < hinted.rating < won.rating
True
>>> rate(learner, puzzle, False)[0].rating < 1500
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import glicko2  # type: ignore[import-untyped]

__all__ = [
    "GAME",
    "PUZZLE",
    "START",
    "TOPIC",
    "Rating",
    "expected",
    "hint_weight",
    "puzzle_start",
    "rate",
    "rate_reply",
]

START_DEVIATION = 500.0
START_VOLATILITY = 0.09
LEVEL_STEP = 200.0
"""Rating points between two puzzle levels."""
GAME, TOPIC, PUZZLE = "game:", "topic:", "puzzle:"
"""Prefixes of a rating's subject: the learner per game, the learner per topic, a puzzle (the
same as the database's, ``tutor.store.ratings``)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the rating, its deviation and its volatility."""

    rating: float
    rd: float = START_DEVIATION
    vol: float = START_VOLATILITY


START = Rating(1500.0)
"""A learner's rating before the first answer."""


def puzzle_start(level: int) -> Rating:
    """A new puzzle's rating, from its level.

    >>> [puzzle_start(level).rating for level in range(1, 6)]
    [1100.0, 1300.0, 1500.0, 1700.0, 1900.0]
    """
    return Rating(1500.0 + (level - 3) * LEVEL_STEP)


def hint_weight(hints: int) -> float:
    """How much a solve after ``hints`` hints counts, against a clean solve's 1.

    >>> [hint_weight(h) for h in (0, 1, 2)]
    [1.0, 0.5, 0.25]
    """
    return 0.5 ** max(hints, 0)


class _Player(glicko2.Player):  # type: ignore[misc]
    """The package's player, with step 5 of the algorithm as Glickman wrote it.

    glicko2 2.1.0 puts the rating where the volatility's function ``f`` has the deviation (phi);
    with a rating of exactly 1500 the two agree, elsewhere the volatility goes wrong, and a
    rating system must not depend on where its scale starts (tests/quiz/test_ratings.py).
    """

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2: float = self._Player__rd ** 2
        tau: float = self._tau
        return ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / tau**2


def _updated(player: Rating, opponent: Rating, score: float) -> Rating:
    engine = _Player(rating=player.rating, rd=player.rd, vol=player.vol)
    engine.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(float(engine.rating), float(engine.rd), float(engine.vol))


def _toward(old: Rating, new: Rating, weight: float) -> Rating:
    return Rating(
        old.rating + weight * (new.rating - old.rating),
        old.rd + weight * (new.rd - old.rd),
        old.vol + weight * (new.vol - old.vol),
    )


def rate(
    learner: Rating, puzzle: Rating, solved: bool, *, weight: float = 1.0
) -> tuple[Rating, Rating]:
    """Both new ratings after one answer, each from the other's rating before the game; a
    ``weight`` below 1 (a hinted solve) moves both only that part of the way."""
    score = 1.0 if solved else 0.0
    new_learner = _updated(learner, puzzle, score)
    new_puzzle = _updated(puzzle, learner, 1.0 - score)
    return _toward(learner, new_learner, weight), _toward(puzzle, new_puzzle, weight)


def expected(learner: Rating, puzzle: Rating) -> float:
    """The learner's chance of solving the puzzle, as Glicko-2 sees it.

    >>> round(expected(START, puzzle_start(3)), 2), expected(START, puzzle_start(5)) < 0.5
    (0.5, True)
    """
    q = math.log(10) / 400
    g = 1 / math.sqrt(1 + 3 * q**2 * puzzle.rd**2 / math.pi**2)
    return 1 / (1 + 10 ** (-g * (learner.rating - puzzle.rating) / 400))


def rate_reply(
    kept: Mapping[str, Rating],
    *,
    puzzle_id: str,
    game: str,
    topic: str,
    level: int,
    solved: bool,
    hints: int = 0,
) -> dict[str, Rating]:
    """The three ratings one answer moves (the learner's in the game and in the topic, the
    puzzle's), by subject, from the ratings ``kept`` so far (a subject not there starts anew).

    >>> moved = rate_reply({}, puzzle_id="t/a", game="cutthroat", topic="t", level=3, solved=True)
    >>> sorted(moved), round(moved["game:cutthroat"].rating)
    (['game:cutthroat', 'puzzle:t/a', 'topic:t'], 1742)
    """
    puzzle = kept.get(PUZZLE + puzzle_id, puzzle_start(level))
    by_game = kept.get(GAME + game, START)
    by_topic = kept.get(TOPIC + topic, START)
    weight = hint_weight(hints) if solved else 1.0
    new_game, new_puzzle = rate(by_game, puzzle, solved, weight=weight)
    new_topic, _ = rate(by_topic, puzzle, solved, weight=weight)
    return {GAME + game: new_game, TOPIC + topic: new_topic, PUZZLE + puzzle_id: new_puzzle}
