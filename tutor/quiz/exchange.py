"""The progress file that a web page and the terminal hand each other: every answer, as JSON,
versioned, checked against a pydantic schema of bounded fields before a byte of it is kept.

``domino-tutor progress --export FILE`` writes the answers of the learner's database;
``domino-tutor progress --import FILE`` brings a file's answers in (the docs pages' "Save my
progress" writes one; ``tutor.web.exchange`` reads and writes the same format in the browser).
Bringing in adds and never replaces: an answer already kept (the same puzzle, time and verdict)
is left as it is, every other one is counted as if answered then, oldest first (its card moves,
and its ratings, as the quiz's answer would).

>>> data = {"format": FORMAT, "version": 1, "answers": [{"puzzle": "hard-ends/after-a-pass",
...         "topic": "hard-ends", "game": "cutthroat", "level": 2, "right": True, "at": 10.5}]}
>>> read_exchange(json.dumps(data).encode())[0].puzzle
'hard-ends/after-a-pass'
>>> try:
...     read_exchange(b'{"format": "domino-tutor progress", "version": 1, "answers": [{}]}')
... except ExchangeError as error:
...     print(error.problem, error.field.path, error.field.expected)
damaged answers[0].puzzle missing
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from tutor.store.json_check import FieldProblem, JsonProblem, field_problems, parse_json

if TYPE_CHECKING:
    from tutor.quiz.progress import ProgressStore

__all__ = [
    "FORMAT",
    "VERSION",
    "ExchangeError",
    "Exchanged",
    "bring_in",
    "exchange_json",
    "read_exchange",
]

FORMAT = "domino-tutor progress"
"""The file's ``format``: what it is."""
VERSION = 1
"""The file's ``version``: a file of a later version is refused, never guessed at."""
MAX_ANSWERS = 200_000
"""The most answers a file may hold (a learner answering 100 a day for five years: 182,500)."""
MAX_HINTS = 100
MAX_TIME = 1e11
"""The latest time of an answer (seconds since 1970, the year 5138)."""
MAX_TEXT = 200
ID_FORM = r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$"
"""A puzzle's id, as the library names it (and the puzzles made from the learner's games)."""
GAMES = ("cutthroat", "fives-and-threes")

Problem = Literal["not-json", "not-progress", "newer", "damaged"]


class ExchangeError(ValueError):
    """A file that is not a progress file the tutor reads: ``problem`` says why (``not-json``
    with the ``JsonProblem`` as ``cause``; ``not-progress``; ``newer``, a later version;
    ``damaged``, with the ``field`` at fault)."""

    def __init__(self, problem: Problem, *, field: FieldProblem | None = None,
                 cause: JsonProblem | None = None) -> None:
        super().__init__(problem if field is None else f"{problem}: {field.path}")
        self.problem = problem
        self.field = field
        self.cause = cause


@dataclass(frozen=True)
class Exchanged:
    """One answer of a progress file."""

    puzzle: str
    topic: str
    game: str | None
    level: int | None
    right: bool
    hints: int
    at: float

    def key(self) -> tuple[str, float, bool]:
        """What makes an answer the same answer: its puzzle, time and verdict."""
        return (self.puzzle, self.at, self.right)


@functools.cache
def _schema() -> Any:
    """The pydantic schema of a progress file (built on the first file read: importing pydantic
    is not for every start)."""
    from pydantic import BaseModel, ConfigDict, Field, Strict

    class AnswerModel(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)

        puzzle: Annotated[str, Strict(), Field(min_length=1, max_length=MAX_TEXT,
                                               pattern=ID_FORM)]
        topic: Annotated[str, Strict(), Field(min_length=1, max_length=MAX_TEXT)]
        game: Literal["cutthroat", "fives-and-threes"] | None = None
        level: Annotated[int, Strict(), Field(ge=1, le=5)] | None = None
        right: Annotated[bool, Strict()]
        hints: Annotated[int, Strict(), Field(ge=0, le=MAX_HINTS)] = 0
        at: Annotated[float, Field(ge=0.0, le=MAX_TIME, allow_inf_nan=False)]

    class ExchangeModel(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)

        format: Literal["domino-tutor progress"]
        version: Literal[1]
        answers: Annotated[list[AnswerModel], Field(max_length=MAX_ANSWERS)]

    return ExchangeModel


def read_exchange(raw: bytes) -> list[Exchanged]:
    """The answers of a progress file's bytes, every field checked, or ``ExchangeError``."""
    from pydantic import ValidationError

    try:
        data = parse_json(raw)
    except JsonProblem as problem:
        raise ExchangeError("not-json", cause=problem) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExchangeError("not-progress")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise ExchangeError("newer")
    try:
        model = _schema().model_validate(data)
    except ValidationError as error:
        raise ExchangeError("damaged", field=field_problems(error)[0]) from None
    return [Exchanged(a.puzzle, a.topic, a.game, a.level, a.right, a.hints, float(a.at))
            for a in model.answers]


def exchange_json(answers: list[Exchanged]) -> str:
    """A progress file's text (what ``progress --export`` writes and the page reads)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "answers": [
            {"puzzle": a.puzzle, "topic": a.topic, "game": a.game, "level": a.level,
             "right": a.right, "hints": a.hints, "at": a.at}
            for a in answers
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def kept_answers(store: ProgressStore) -> list[Exchanged]:
    """Every answer in the learner's database, oldest first, each with its puzzle's level when
    the library has the puzzle (the database keeps no level: the ratings need it)."""
    from tutor.store.cards import read_answers

    levels = _levels()
    return [
        Exchanged(card, topic, game if game in GAMES else None, levels.get(card), bool(right),
                  min(int(hints), MAX_HINTS), float(at))
        for _, card, topic, game, right, hints, at in read_answers(store.db)
    ]


@functools.cache
def _levels() -> dict[str, int]:
    from tutor.scenarios.index import read_entry
    from tutor.scenarios.library import default_library, scenario_files

    entries = (read_entry(path) for path in scenario_files([default_library()]))
    return {entry.id: entry.level for entry in entries if entry is not None}


def bring_in(store: ProgressStore, answers: list[Exchanged]) -> tuple[int, int]:
    """Count the file's answers that are not kept yet, oldest first, and save; returns how many
    were brought in and how many were already there."""
    have = {a.key() for a in kept_answers(store)}
    new, seen = [], set()
    for answer in sorted(answers, key=lambda a: a.at):
        if answer.key() in have or answer.key() in seen:
            continue
        seen.add(answer.key())
        new.append(answer)
    for answer in new:
        store.record(answer.puzzle, answer.topic, right=answer.right, now=answer.at,
                     game=answer.game, level=answer.level if answer.game else None,
                     hints=answer.hints)
    store.save()
    return len(new), len(answers) - len(new)
