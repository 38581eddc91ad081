"""The registry of question kinds: each kind with everything the shared code needs from it.

A ``Kind`` names its answerer (``tutor.questions``), its parameters and games, its prompt
(``tutor.words.prompts``), how a reply is read and judged (``tutor.words.replies``), how its answer
is
written in the learner's words (``tutor.words.vocabulary``), the topics it teaches and what feedback
adds to a wrong reply. ``answer``, ``check``, ``validate``, the quiz and the docs reach a kind
only through ``KINDS``, so adding a kind is one entry here and its functions in one module
(``tutor.questions.next_stake`` is such a kind). A value is typed per kind: ``Kind[V, G]`` answers
with
``Answer[V]`` and reads a reply as ``G``.

>>> from tutor.words.i18n import Speaker
>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario('''
... id = "demo/key"
... game = "cutthroat"
... topic = "key-cards"
... level = 3
... title = "Both ends are hard"
... seats = ["you", "Marcia", "Desmond", "Kenrick"]
... [table]
... line = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
... [hands]
... you = ["3-4"]
... Marcia = ["1-1", "1-2", "2-2", "0-1", "0-2"]
... Desmond = 5
... Kenrick = 5
... [score]
... you = 2
... [question]
... ask = "game-points"
... tile = "4-3"
... expect = 2
... ''')
>>> result = answer(s.position, s.question)
>>> result.value, question_text(s, Speaker("en"))
(2, 'How many points does playing 4-3 earn you now?')
>>> from tutor.rules.tiles import Tile
>>> answer(s.position, Question(Ask.KEY_CARD, {"tile": Tile(6, 6)}))
Traceback (most recent call last):
...
tutor.questions.QuestionError: 6-6 is not in the hand of you, who is to play
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from tutor import questions as q
from tutor.questions import Answer, Ask, Question, QuestionError, Reply, next_stake, topics
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, GAMES, GameName
from tutor.words import prompts
from tutor.words.i18n import Speaker
from tutor.words.replies import (
    Reading,
    as_written,
    canonical_tile,
    equal,
    one_of,
    ordered_ends,
    read_ends,
    read_number,
    read_number_or_word,
    read_play,
    read_plays,
    read_result,
    read_seat,
    read_tile,
    read_yes_no,
    result_matches,
    sorted_plays,
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
    PIP_SUM = "pip-sum"
    """A count: the sum written out pip by pip."""


@dataclass(frozen=True)
class Kind(Generic[V, G]):
    """One kind of question: what it asks, how it is answered, read, judged and written.

    ``answerer`` computes the answer (raising ``QuestionError``); ``prompt`` asks the question
    in the speaker's words; ``read`` turns a reply into ``G`` (raising
    ``tutor.words.replies.Unreadable``) and ``right`` compares it with the answer; ``format`` writes
    the answer's value; ``reply`` is the shape of a reply (for "please answer with ..." and
    the quiz's completion); ``canonical`` rewrites a file's ``expect`` for comparison;
    ``teaches`` are the topics that asking it teaches, whatever the position.
    """

    ask: str
    answerer: Callable[[Position, Question], Answer[V]]
    prompt: Callable[[Position, Question, Speaker], str]
    reply: Reply
    read: Callable[[str, Reading], G]
    right: Callable[[G, Answer[V]], bool]
    format: Callable[[V, Speaker], str]
    canonical: Callable[[Any], Any] = as_written
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    games: tuple[GameName, ...] = GAMES
    teaches: frozenset[str] = frozenset()
    review: Review = Review.NONE


_TILE = frozenset({"tile"})
_TILE_END = frozenset({"end"})
_WINNER = frozenset({"winner"})
_KEY_CARD = frozenset({"key_card"})
_PLAYS = (Reply.PLAYS, read_plays, equal, format_list, sorted_plays)
_PLAY = (Reply.PLAY, read_play, one_of, format_list, sorted_plays)
_NUMBER = (Reply.NUMBER, read_number, equal, format_number)
_NUMBER_OR_WORD = (Reply.NUMBER, read_number_or_word, equal, format_number)
_YES_NO = (Reply.YES_NO, read_yes_no, equal, format_yes_no)

# Each entry is built without a declared type around it, so that mypy infers its V and G
# from the functions and checks that they agree (an answerer of int with a list formatter
# is an error).
_BUILT_IN = (
    Kind(
        Ask.LEGAL_PLAYS,
        q.answer_legal_plays,
        prompts.legal_plays,
        *_PLAYS,
        teaches=frozenset({"legal-plays"}),
        review=Review.PLAYS,
    ),
    Kind(
        Ask.PIP_COUNT,
        q.answer_pip_count,
        prompts.pip_count,
        *_NUMBER,
        required=frozenset({"seat"}),
        review=Review.PIP_SUM,
    ),
    Kind(
        Ask.IS_BLOCKED,
        q.answer_is_blocked,
        prompts.is_blocked,
        *_YES_NO,
        teaches=frozenset({"blocked-boards"}),
    ),
    Kind(
        Ask.BLOCKED_WINNER,
        q.answer_blocked_winner,
        prompts.blocked_winner,
        Reply.SEAT,
        read_seat,
        equal,
        format_seat,
        games=(CUTTHROAT,),
        teaches=frozenset({"blocked-boards"}),
    ),
    Kind(
        Ask.HARD_ENDS,
        q.answer_hard_ends,
        prompts.hard_ends,
        Reply.ENDS,
        read_ends,
        equal,
        format_list,
        ordered_ends,
        teaches=frozenset({"hard-ends"}),
    ),
    Kind(
        Ask.LAST_TILE,
        q.answer_last_tile,
        prompts.last_tile,
        Reply.TILE,
        read_tile,
        equal,
        format_tile,
        canonical_tile,
        frozenset({"end"}),
        teaches=frozenset({"hard-ends"}),
    ),
    Kind(
        Ask.KEY_CARD,
        q.answer_key_card,
        prompts.key_card,
        *_YES_NO,
        required=_TILE,
        games=(CUTTHROAT,),
        teaches=frozenset({"key-cards"}),
    ),
    Kind(
        Ask.GAME_POINTS,
        q.answer_game_points,
        prompts.game_points,
        *_NUMBER,
        required=_TILE,
        optional=_TILE_END,
        games=(CUTTHROAT,),
        teaches=frozenset({"six-love"}),
    ),
    Kind(
        Ask.PLAY_SCORE,
        q.answer_play_score,
        prompts.play_score,
        *_NUMBER,
        required=_TILE,
        optional=_TILE_END,
        games=(FIVES_AND_THREES,),
        teaches=frozenset({"fives-and-threes-scoring"}),
    ),
    Kind(
        Ask.BEST_PLAY,
        q.answer_best_play,
        prompts.best_play,
        *_PLAY,
        games=(FIVES_AND_THREES,),
        teaches=frozenset({"fives-and-threes-scoring"}),
        review=Review.BEST_PLAY,
    ),
    Kind(
        Ask.AFTER_GAME,
        q.answer_after_game,
        prompts.after_game,
        Reply.RESULT,
        read_result,
        result_matches,
        format_result,
        required=_WINNER,
        optional=_KEY_CARD,
        games=(CUTTHROAT,),
        teaches=frozenset({"six-love", "the-pose"}),
    ),
    Kind(
        Ask.WINNING_PLAY,
        q.answer_winning_play,
        prompts.winning_play,
        *_PLAY,
        optional=frozenset({"lacks"}),
        teaches=frozenset({"only-winning-play"}),
    ),
    Kind(
        next_stake.NEXT_STAKE,
        next_stake.answer_next_stake,
        next_stake.prompt,
        *_NUMBER_OR_WORD,
        required=_WINNER,
        optional=_KEY_CARD,
        games=(CUTTHROAT,),
        teaches=frozenset({"six-love"}),
    ),
)

KINDS: dict[str, Kind[Any, Any]] = {kind.ask: kind for kind in _BUILT_IN}
"""Every kind of question, in the order of docs/write-a-scenario.md."""


def register(kind: Kind[Any, Any]) -> None:
    """Add a kind of question (its name must be new)."""
    if kind.ask in KINDS:
        raise ValueError(f"the question kind {kind.ask!r} is registered already")
    KINDS[kind.ask] = kind


def kind_of(ask: str) -> Kind[Any, Any]:
    """The registered kind named ``ask``; raises ``QuestionError`` naming the known kinds."""
    try:
        return KINDS[ask]
    except KeyError:
        known = ", ".join(KINDS)
        problem = f"unknown question kind {ask!r} (known kinds: {known})"
        raise QuestionError("ask", problem) from None


def check_game(ask: str, game: str) -> None:
    """Raise ``QuestionError`` when a kind of question does not apply to ``game``.

    >>> check_game(Ask.PLAY_SCORE, "cutthroat")
    Traceback (most recent call last):
    ...
    tutor.questions.QuestionError: 'play-score' is a Fives & Threes question, but this is Cutthroat
    """
    if game in kind_of(ask).games:
        return
    if game == FIVES_AND_THREES:
        raise QuestionError("ask", f"'{ask}' is a Cutthroat question, but this is Fives & Threes")
    raise QuestionError("ask", f"'{ask}' is a Fives & Threes question, but this is Cutthroat")


def answer(position: Position, question: Question) -> Answer[Any]:
    """Answer ``question`` about ``position`` (raises ``QuestionError`` when it cannot)."""
    check_game(question.ask, position.game)
    return kind_of(question.ask).answerer(position, question)


def canonical_expect(ask: str, expect: Any) -> Any:
    """An ``expect`` in canonical form, for comparison with the engine's answer.

    Tiles are rewritten larger number first and lists are sorted, so that an author
    may write ``"3-4 right"`` for ``"4-3 right"``.

    >>> canonical_expect(Ask.LEGAL_PLAYS, ["3-4 right", "1-6"])
    ['4-3 right', '6-1 left']
    """
    return KINDS[ask].canonical(expect) if ask in KINDS else expect


class Asked(Protocol):
    """Anything with a position and a question about it (a scenario, a puzzle)."""

    @property
    def position(self) -> Position: ...

    @property
    def question(self) -> Question: ...


def question_text(asked: Asked, sp: Speaker) -> str:
    """The question asked of the learner, in the speaker's words."""
    return kind_of(asked.question.ask).prompt(asked.position, asked.question, sp)


def format_value(ask: str, value: Any, sp: Speaker) -> str:
    """An answer's value in the speaker's words, by the kind's own formatter."""
    return kind_of(ask).format(value, sp)


def topics_of(p: Position, question: Question) -> list[str]:
    """Every topic the position with its question shows (the topics the kind teaches too)."""
    return topics.topics_of(p, question, kind_of(question.ask).teaches)


def shows_topic(key: str, p: Position, question: Question) -> bool:
    """Whether the position with its question shows the topic ``key``."""
    return topics.shows_topic(key, p, question, kind_of(question.ask).teaches)
