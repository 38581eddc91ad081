"""What a scenario file holds once read: the ``Scenario``, its question, and ``ScenarioError``.

A ``Scenario`` is the file's metadata (id, topic, level, title, story), the position it shows and
its question; ``tutor.scenarios.reader`` builds one from TOML, ``tutor.scenarios.writer`` writes
one back. Errors carry the file and the line: ``path:line: sentence``.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from tutor.questions.kinds import answer, canonical_expect
from tutor.questions.model import Answer, QuestionError
from tutor.questions.model import Question as AskedQuestion
from tutor.questions.winning import AGAINST
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import Mask, Tile
from tutor.store.files import FileRefused
from tutor.terminal import one_line

SHOWN_LENGTH = 40
"""Values quoted back in an error are cut to this many characters."""


def shown(value: Any) -> str:
    """A value as written, for an error sentence: cut short, and safe for huge numbers.

    >>> shown("6-5"), shown(list(range(30)))
    ("'6-5'", '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11...')
    >>> shown(16 ** 5000)
    'a number too long to show'
    """
    try:
        text = repr(value)
    except ValueError:  # int -> text is limited to 4300 digits
        return "a number too long to show"
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 3] + "..."



PROBLEM_LENGTH = 1000
"""A problem's sentence is cut to this many characters, and so is the path before it."""


class ScenarioError(ValueError):
    """A scenario file that cannot be used, with where and why. Its text is one line, safe for
    a terminal and a page whatever the file's name or the sentence quote (``one_line``).

    >>> str(ScenarioError("a.toml", 3, "the level must be 1 to 5"))
    'a.toml:3: the level must be 1 to 5'
    >>> print(ScenarioError("a\\nCorrect answer: 6-6.toml", None, "unknown key 'b\\u200b'"))
    a\\nCorrect answer: 6-6.toml: unknown key 'b\\u200b'
    """

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        self.path, self.line = path, line
        self.problem = one_line(problem, PROBLEM_LENGTH)
        """The sentence, safe to show."""
        where = f"{self.shown_path}:{line}" if line else self.shown_path
        super().__init__(f"{where}: {self.problem}")

    @property
    def shown_path(self) -> str:
        """The file's path, safe to show."""
        return one_line(self.path, PROBLEM_LENGTH)


class ScenarioFileError(ScenarioError):
    """A scenario file that was not read at all: ``reason`` is ``FileRefused``'s (missing, not a
    file, too large, unreadable), so that a face can say it in the learner's language."""

    def __init__(
        self, path: str, problem: str, reason: str, *, size: int = 0, limit: int = 0
    ) -> None:
        super().__init__(path, None, problem)
        self.reason, self.size, self.limit = reason, size, limit

    @classmethod
    def of(cls, path: str, refused: FileRefused) -> ScenarioFileError:
        """The error for a file ``read_limited`` refused.

        >>> from pathlib import Path
        >>> refused = FileRefused(Path("big.toml"), "too-large", 9, 5)
        >>> error = ScenarioFileError.of("big.toml", refused)
        >>> error.reason, error.size, error.limit, error.problem[:46]
        ('too-large', 9, 5, 'the file is 9 bytes, more than the 5 bytes the')
        """
        if refused.reason == "too-large":
            problem = (
                f"the file is {refused.size} bytes, more than the {refused.limit} bytes the tutor "
                "reads of a scenario file, so it was not read"
            )
        elif refused.reason == "not-a-file":
            problem = "this is not a regular file (it is a folder, a device or a pipe), so it was "
            problem += "not read"
        elif refused.reason == "missing":
            problem = f"cannot read the file ({os.strerror(errno.ENOENT)})"
        else:
            problem = f"cannot read the file ({refused.detail or refused.reason})"
        return cls(path, problem, refused.reason, size=refused.size, limit=refused.limit)


@dataclass(frozen=True)
class Question(AskedQuestion):
    """The question of a scenario: its kind and parameters, with the file's expect and hint."""

    expect: Any = None
    has_expect: bool = False
    hint: str | None = None


@dataclass(frozen=True)
class Origin:
    """Where a puzzle made from the learner's own game comes from (the file's ``[origin]``):
    facts and ids, never sentences, so that the quiz can say them in any language.

    ``game`` is the saved game's id (``domino-tutor review ID``), ``hand`` the hand of that
    game and ``choice`` the learner's choice in that hand (both from 1), ``played`` the play
    made and ``best`` the play the coach found best.
    """

    game: str
    hand: int
    choice: int
    played: Play
    best: Play


@dataclass(frozen=True)
class Scenario:
    """A legal position with one question (see SCENARIOS.md)."""

    id: str
    game: str
    topic: str
    level: int
    title: str
    story: str | None
    seats: tuple[str, ...]
    turn: str
    line: Line
    hands: Mapping[str, Mask]
    """Known hands as masks (seats whose tiles are listed)."""
    hidden: Mapping[str, int]
    """Hidden hands: seat name -> number of face-down tiles."""
    boneyard: Mask
    """Known face-down tiles (a listed boneyard)."""
    boneyard_hidden: int
    """Face-down tiles given only as a count."""
    out: Mask
    scores: Mapping[str, int]
    stake: int
    rules: TableRules
    pose: Tile | None
    question: Question
    path: str
    lines: Mapping[str, int] = field(default_factory=dict, repr=False)
    origin: Origin | None = None
    """Set for a puzzle made from a play in the learner's own game (``[origin]``)."""

    def line_of(self, key: str) -> int | None:
        """The line of a key such as ``"question.tile"`` (None when unknown)."""
        return self.lines.get(key) or self.lines.get(key.split(".")[0])

    def error(self, key: str, problem: str) -> ScenarioError:
        """A ``ScenarioError`` pointing at ``key``."""
        return ScenarioError(self.path, self.line_of(key), problem)

    def seat_index(self, name: str) -> int:
        """The turn-order position of a seat."""
        return self.seats.index(name)

    @property
    def turn_index(self) -> int:
        """The turn-order position of the seat to play."""
        return self.seats.index(self.turn)

    @property
    def draws(self) -> bool:
        """True when the boneyard can be drawn from (2-player Cutthroat option)."""
        return self.rules.draws

    @cached_property
    def position(self) -> Position:
        """What the scenario shows, as the engine's ``Position`` (hidden hands stay hidden;
        the question's ``lacks`` are what the seats are known to lack)."""
        draws = self.rules.draws
        lacked: Mapping[str, list[int]] = self.question.params.get("lacks") or {}
        return Position(
            self.line,
            tuple(self.hands.get(seat) for seat in self.seats),
            self.rules,
            self.turn_index,
            out=self.out,
            boneyard=self.boneyard if draws else 0,
            sleeping=0 if draws else self.boneyard,
            hidden_boneyard=self.boneyard_hidden,
            scores=tuple(self.scores[seat] for seat in self.seats),
            stake=self.stake,
            pose=self.pose,
            seats=self.seats,
            sizes=tuple(
                self.hands[seat].bit_count() if seat in self.hands else self.hidden[seat]
                for seat in self.seats
            ),
            lacks=tuple(sum(1 << n for n in lacked.get(seat, ())) for seat in self.seats)
            if lacked
            else (),
        )


def answer_scenario(scenario: Scenario, against: Play | str | None = None) -> Answer[Any]:
    """The engine's answer to a scenario's question; a problem points at the file's line.

    ``against``: another play the explanation should tell about (the learner's own answer,
    or the play made in the game a puzzle came from) where the kind of question compares
    the answer with one other play (``winning-play``); other kinds ignore it."""
    question: AskedQuestion = scenario.question
    if against is not None:
        question = replace(scenario.question, params={**question.params, AGAINST: str(against)})
    try:
        return answer(scenario.position, question)
    except QuestionError as error:
        raise scenario.error(f"question.{error.param}", error.problem) from None


def expected(scenario: Scenario) -> Any:
    """The file's ``expect`` in canonical form (see ``tutor.questions.kinds.canonical_expect``)."""
    return canonical_expect(scenario.question.ask, scenario.question.expect)

