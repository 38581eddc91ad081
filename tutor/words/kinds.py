"""The words of each kind of question: its prompt, how a reply is read, how the answer is written.

``tutor.questions.kinds.KINDS`` says what a kind asks and how its answer is found; ``WORDS``,
keyed by the same names (``Ask`` for the built-in kinds), says it in the learner's language:
the prompt (``tutor.words.prompts``), the reader of a reply (``tutor.words.replies``), the
formatter of the answer (``tutor.words.vocabulary``) and what feedback adds to a wrong reply.
``tests/words/test_coverage.py`` proves every kind has its words.

>>> from tutor.questions.model import Question
>>> from tutor.rules import Line, TableRules
>>> from tutor.rules.tiles import Tile
>>> from tutor.words.i18n import Speaker
>>> p = Position(Line(), (0, 0, 0), TableRules(players=3), seats=("you", "Ann", "Ben"))
>>> prompt_text(p, Question("game-points", {"tile": Tile(4, 3)}), Speaker("en"))
'How many points does playing 4-3 earn you now?'
>>> format_value("best-play", ["6-5 left", "4-4 right"], Speaker("de"))
'6-5 links und 4-4 rechts'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from tutor.questions import kinds
from tutor.questions.kinds import Kind
from tutor.questions.model import Question
from tutor.rules.position import Position
from tutor.words import prompts
from tutor.words.i18n import Speaker
from tutor.words.replies import (
    Reading,
    read_ends,
    read_number,
    read_play,
    read_plays,
    read_result,
    read_seat,
    read_tile,
    read_yes_no,
)
from tutor.words.vocabulary import (
    format_list,
    format_number,
    format_result,
    format_seat,
    format_tile,
    format_yes_no,
)

V = TypeVar("V")
G = TypeVar("G")


class Review(Enum):
    """What feedback says about a reply besides the answer (``tutor.words.feedback``)."""

    NONE = "none"
    PLAYS = "plays"
    """A list of plays: tiles not held, plays not legal, plays missing."""
    BEST_PLAY = "best-play"
    """One of several best plays: all are named when one is given; tiles not held, plays not
    legal, a bare tile whose end decides."""
    PLAY = "play"
    """One play: tiles not held, plays not legal, a bare tile whose end decides."""
    PIP_SUM = "pip-sum"
    """A count: the sum written out pip by pip."""


@dataclass(frozen=True)
class Words(Generic[V, G]):
    """The words of one kind of question.

    ``prompt`` asks the question in the speaker's words; ``read`` turns a reply into ``G``
    (raising ``tutor.words.replies.Unreadable``), which the kind's ``right`` compares with the
    answer; ``format`` writes the answer's value; ``review`` is what feedback adds to a wrong
    reply. ``kind`` is the kind they are the words of (mypy checks that its types agree).
    """

    kind: Kind[V, G]
    prompt: Callable[[Position, Question, Speaker], str]
    read: Callable[[str, Reading], G]
    format: Callable[[V, Speaker], str]
    review: Review = Review.NONE

    @property
    def ask(self) -> str:
        """The name of the kind."""
        return self.kind.ask


# Built without a declared type, so that mypy checks each reader and formatter against the
# kind's reply and answer types.
_BUILT_IN = (
    Words(kinds.LEGAL_PLAYS, prompts.legal_plays, read_plays, format_list, Review.PLAYS),
    Words(kinds.PIP_COUNT, prompts.pip_count, read_number, format_number, Review.PIP_SUM),
    Words(kinds.IS_BLOCKED, prompts.is_blocked, read_yes_no, format_yes_no),
    Words(kinds.BLOCKED_WINNER, prompts.blocked_winner, read_seat, format_seat),
    Words(kinds.HARD_ENDS, prompts.hard_ends, read_ends, format_list),
    Words(kinds.LAST_TILE, prompts.last_tile, read_tile, format_tile),
    Words(kinds.KEY_CARD, prompts.key_card, read_yes_no, format_yes_no),
    Words(kinds.GAME_POINTS, prompts.game_points, read_number, format_number),
    Words(kinds.PLAY_SCORE, prompts.play_score, read_number, format_number),
    Words(kinds.BEST_PLAY, prompts.best_play, read_play, format_list, Review.BEST_PLAY),
    Words(kinds.AFTER_GAME, prompts.after_game, read_result, format_result),
    Words(kinds.WINNING_PLAY, prompts.winning_play, read_play, format_list, Review.PLAY),
    Words(kinds.NEXT_STAKE, prompts.next_stake, read_number, format_number),
)

WORDS: dict[str, Words[Any, Any]] = {words.ask: words for words in _BUILT_IN}
"""The words of every kind of question, keyed by its name."""


def register(words: Words[Any, Any]) -> None:
    """Add the words of a kind (registered in ``tutor.questions.kinds`` first)."""
    if words.ask in WORDS:
        raise ValueError(f"the words of the question kind {words.ask!r} are registered already")
    WORDS[words.ask] = words


def words_of(ask: str) -> Words[Any, Any]:
    """The words of the kind named ``ask``; raises ``QuestionError`` naming the known kinds
    (``tutor.questions.kinds.kind_of``: a kind has words once it is registered)."""
    kinds.kind_of(ask)
    return WORDS[ask]


class Asked(Protocol):
    """Anything with a position and a question about it (a scenario, a puzzle)."""

    @property
    def position(self) -> Position: ...

    @property
    def question(self) -> Question: ...


def prompt_text(position: Position, question: Question, sp: Speaker) -> str:
    """The question asked about ``position``, in the speaker's words."""
    return words_of(question.ask).prompt(position, question, sp)


def question_text(asked: Asked, sp: Speaker) -> str:
    """The question asked of the learner, in the speaker's words."""
    return prompt_text(asked.position, asked.question, sp)


def format_value(ask: str, value: Any, sp: Speaker, position: Position | None = None) -> str:
    """An answer's value in the speaker's words, by the kind's own formatter. Given the
    ``position`` asked about, plays on an empty table (a pose or a lead) are named by their
    tile alone: there is no left or right yet.

    >>> from tutor.rules import Line, TableRules
    >>> empty = Position(Line(), (0, 0), TableRules(players=2), seats=("you", "Ann"))
    >>> format_value("legal-plays", ["6-6 left", "5-5 left"], Speaker("de"), empty)
    '6-6 und 5-5'
    >>> format_value("legal-plays", ["6-6 left"], Speaker("en"))
    '6-6 left'
    """
    if position is not None and is_lead(position) and isinstance(value, list):
        value = [str(play).split()[0] for play in value]
    return words_of(ask).format(value, sp)


def is_lead(position: Position) -> bool:
    """True on an empty table: the play is a pose or a lead, with no end yet."""
    return not len(position.line)
