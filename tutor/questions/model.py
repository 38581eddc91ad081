"""What a question and its answer are: the kinds' names, a question, an answer, the error.

The types every module of ``tutor.questions`` shares (as lichess-puzzler's ``tagger/model.py``
holds its ``Puzzle``): no answerer and no sentence here. The built-in kinds are the members
of ``Ask``; ``tutor.questions.kinds.KINDS`` names each kind's answerer, and
``tutor.words.kinds.WORDS`` its prompt, reader and formatter.

>>> Question(Ask.KEY_CARD, {"tile": "6-6"}).ask
<Ask.KEY_CARD: 'key-card'>
>>> error = QuestionError("tile", "6-6 is not in the hand of you, who is to play")
>>> error.param, str(error)
('tile', '6-6 is not in the hand of you, who is to play')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypedDict, TypeVar

from tutor.questions.facts import Fact


class Ask(StrEnum):
    """The built-in kinds of question (the ``ask`` of a scenario file).

    The registries ``tutor.questions.kinds.KINDS`` and ``tutor.words.kinds.WORDS`` are keyed by
    these names (a kind registered later names itself there).
    """

    LEGAL_PLAYS = "legal-plays"
    PIP_COUNT = "pip-count"
    IS_BLOCKED = "is-blocked"
    BLOCKED_WINNER = "blocked-winner"
    HARD_ENDS = "hard-ends"
    LAST_TILE = "last-tile"
    KEY_CARD = "key-card"
    GAME_POINTS = "game-points"
    PLAY_SCORE = "play-score"
    BEST_PLAY = "best-play"
    AFTER_GAME = "after-game"
    WINNING_PLAY = "winning-play"
    NEXT_STAKE = "next-stake"


class Reply(StrEnum):
    """What a reply to a kind of question looks like (how ``tutor.words.judge`` reads it)."""

    PLAYS = "plays"
    PLAY = "play"
    NUMBER = "number"
    YES_NO = "yes-no"
    SEAT = "seat"
    ENDS = "ends"
    TILE = "tile"
    RESULT = "result"


TIE = "tie"
"""The ``winner`` of an after-game question when a block is tied."""
SIX_SIX_POSES = "6-6"
"""The ``poser`` of an after-game answer when the holder of 6-6 poses next."""


class QuestionError(ValueError):
    """A question that cannot be answered about this position, naming the parameter at fault.

    Only ``tutor.scenarios.reader`` knows files and lines, and adds them.
    """

    def __init__(self, param: str, problem: str) -> None:
        self.param, self.problem = param, problem
        super().__init__(problem)


@dataclass(frozen=True)
class Question:
    """A kind of question with its parameters (``tile``: Tile, ``end``: End, ``seat``: a name,
    ``winner``: a name or ``"tie"``, ``key_card``: bool).

    ``ask`` names a kind in ``tutor.questions.kinds.KINDS`` (an ``Ask`` member for the built-in
    kinds)."""

    ask: str
    params: Mapping[str, Any] = field(default_factory=dict)


class AfterGameValue(TypedDict):
    """The answer to an after-game question."""

    result: str
    scores: dict[str, int]
    stake: int
    poser: str


V = TypeVar("V")


@dataclass(frozen=True)
class Answer(Generic[V]):
    """The engine's answer in canonical form (``value``, typed by kind), with the facts that
    explain it.

    The canonical form is what a scenario's ``expect`` is compared with: plays as ``"6-5 left"``
    texts, sorted (legal-plays, best-play, winning-play); ends as ``"left"``/``"right"``
    (hard-ends); a tile (last-tile); a seat name or ``"tie"`` (blocked-winner); a number
    (pip-count, game-points, play-score, next-stake); yes/no (is-blocked, key-card); an
    ``AfterGameValue`` (after-game).
    """

    kind: str
    value: V
    facts: tuple[Fact, ...]
