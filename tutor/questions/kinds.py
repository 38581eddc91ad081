"""The registry of question kinds, without words: what each kind asks of a position.

A ``Kind`` names its answerer (``tutor.questions.answers``, ``tutor.questions.winning``), its
parameters and games, the shape of a reply, how a reply (as read) is compared with the answer,
how a file's ``expect`` is put in canonical form, and the topics it teaches. ``answer``,
``check``, ``validate``, the quiz and the docs reach a kind only through ``KINDS``; its words
(prompt, reader, formatter) are ``tutor.words.kinds.WORDS``, keyed by the same name. Adding a
kind is one entry in each. A value is typed per kind: ``Kind[V, G]`` answers with ``Answer[V]``
and compares a reply read as ``G``.

>>> from tutor.rules import Line, TableRules
>>> p = Position(Line(), (0, 0, 0), TableRules(players=3), seats=("you", "Ann", "Ben"))
>>> answer(p, Question(Ask.AFTER_GAME, {"winner": "tie"})).value["stake"]
2
>>> answer(p, Question(Ask.KEY_CARD, {"tile": Tile(6, 6)}))
Traceback (most recent call last):
...
tutor.questions.model.QuestionError: 6-6 is not in the hand of you, who is to play
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tutor.questions import answers, topics, winning
from tutor.questions.model import AfterGameValue, Answer, Ask, Question, QuestionError, Reply
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, GAMES, GameName
from tutor.rules.tiles import Tile

V = TypeVar("V")
G = TypeVar("G")
T = TypeVar("T")

# --- checks: is a reply, as read, the engine's answer? ----------------------------------


def equal(given: T, a: Answer[T]) -> bool:
    """The reply is the answer."""
    return bool(given == a.value)


def one_of(given: str, a: Answer[list[str]]) -> bool:
    """The reply is one of the answer's plays (any best play is right)."""
    return given in a.value


def result_matches(given: str | Mapping[str, Any], a: Answer[AfterGameValue]) -> bool:
    """A result word matches the answer's result; a JSON reply must agree on every key it has."""
    if isinstance(given, str):
        return given == a.value["result"]
    known: dict[str, object] = dict(a.value)
    return bool(given) and all(known.get(key) == item for key, item in given.items())


# --- canonical forms of a file's ``expect`` ----------------------------------------------


def sorted_plays(expect: Any) -> Any:
    """An ``expect`` of plays in canonical form: tiles larger number first, sorted.

    >>> sorted_plays(["3-4 right", "1-6"])
    ['4-3 right', '6-1 left']
    """
    if not isinstance(expect, list) or not all(isinstance(item, str) for item in expect):
        return expect  # not plays at all: it cannot agree, and must not crash the sort

    def canonical(item: str) -> str:
        try:
            return str(Play.parse(item))
        except ValueError:
            return item

    return sorted(canonical(item) for item in expect)


def canonical_tile(expect: Any) -> Any:
    """An ``expect`` tile written larger number first."""
    if not isinstance(expect, str):
        return expect
    try:
        return str(Tile.parse(expect))
    except ValueError:
        return expect


def ordered_ends(expect: Any) -> Any:
    """An ``expect`` of ends in lower case, left first."""
    if not isinstance(expect, list):
        return expect
    order = {"left": 0, "right": 1}
    return sorted((str(e).lower() for e in expect), key=lambda e: order.get(e, 2))


def as_written(expect: Any) -> Any:
    """An ``expect`` that needs no rewriting."""
    return expect


# --- the form of a file's ``expect`` -------------------------------------------------------


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_yes_no(value: Any) -> bool:
    return isinstance(value, bool)


def _is_table(value: Any) -> bool:
    return isinstance(value, dict)


EXPECT_FORMS: dict[Reply, tuple[Callable[[Any], bool], str]] = {
    Reply.PLAYS: (_is_texts, 'a list of plays in quotes, like ["6-5 left", "4-4 right"]'),
    Reply.PLAY: (_is_texts, 'a list of plays in quotes, like ["6-5 left"]'),
    Reply.NUMBER: (_is_number, "a whole number without quotes, like 2"),
    Reply.YES_NO: (_is_yes_no, "true or false, without quotes"),
    Reply.SEAT: (_is_text, 'a seat in quotes, like "Marcia", or "tie"'),
    Reply.ENDS: (_is_texts, 'a list of ends in quotes, like ["left"], or []'),
    Reply.TILE: (_is_text, 'a tile in quotes, like "6-4"'),
    Reply.RESULT: (_is_table, 'a table, like { result = "continue", stake = 1 }'),
}
"""The TOML form a file's ``expect`` takes for each shape of reply, and its description
(``validate`` refuses another form at the line of ``expect``; the contract page lists them)."""


def expect_form_problem(ask: str, expect: Any) -> str | None:
    """What is wrong with the form of an ``expect`` for the kind ``ask`` (``None``: nothing);
    the reader adds the value as written.

    >>> expect_form_problem(Ask.PLAY_SCORE, 2) is None
    True
    >>> expect_form_problem(Ask.PLAY_SCORE, "2")
    "the 'expect' of 'play-score' must be a whole number without quotes, like 2"
    """
    fits, form = EXPECT_FORMS[kind_of(ask).reply]
    return None if fits(expect) else f"the 'expect' of '{ask}' must be {form}"


# --- the kinds -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind(Generic[V, G]):
    """One kind of question: what it asks and how its answer is found and compared.

    ``answerer`` computes the answer (raising ``QuestionError``); ``reply`` is the shape of a
    reply (read by ``tutor.words``) and ``right`` compares a reply, read as ``G``, with the
    answer; ``canonical`` rewrites a file's ``expect`` for comparison; ``teaches`` are the
    topics that asking it teaches, whatever the position.
    """

    ask: str
    answerer: Callable[[Position, Question], Answer[V]]
    reply: Reply
    right: Callable[[G, Answer[V]], bool]
    canonical: Callable[[Any], Any] = as_written
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    games: tuple[GameName, ...] = GAMES
    teaches: frozenset[str] = frozenset()


_TILE = frozenset({"tile"})
_TILE_END = frozenset({"end"})
_WINNER = frozenset({"winner"})
_KEY_CARD = frozenset({"key_card"})

# Each kind is built without a declared type, so that mypy infers its V and G from the
# functions and checks that they agree; ``tutor.words.kinds`` names these constants, so the
# reader and formatter of a kind are checked against them too.
LEGAL_PLAYS = Kind(
    Ask.LEGAL_PLAYS,
    answers.answer_legal_plays,
    Reply.PLAYS,
    equal,
    sorted_plays,
    teaches=frozenset({"legal-plays"}),
)
PIP_COUNT = Kind(
    Ask.PIP_COUNT, answers.answer_pip_count, Reply.NUMBER, equal, required=frozenset({"seat"})
)
IS_BLOCKED = Kind(
    Ask.IS_BLOCKED,
    answers.answer_is_blocked,
    Reply.YES_NO,
    equal,
    teaches=frozenset({"blocked-boards"}),
)
BLOCKED_WINNER = Kind(
    Ask.BLOCKED_WINNER,
    answers.answer_blocked_winner,
    Reply.SEAT,
    equal,
    games=(CUTTHROAT,),
    teaches=frozenset({"blocked-boards"}),
)
HARD_ENDS = Kind(
    Ask.HARD_ENDS,
    answers.answer_hard_ends,
    Reply.ENDS,
    equal,
    ordered_ends,
    teaches=frozenset({"hard-ends"}),
)
LAST_TILE = Kind(
    Ask.LAST_TILE,
    answers.answer_last_tile,
    Reply.TILE,
    equal,
    canonical_tile,
    frozenset({"end"}),
    teaches=frozenset({"hard-ends"}),
)
KEY_CARD = Kind(
    Ask.KEY_CARD,
    answers.answer_key_card,
    Reply.YES_NO,
    equal,
    required=_TILE,
    games=(CUTTHROAT,),
    teaches=frozenset({"key-cards"}),
)
GAME_POINTS = Kind(
    Ask.GAME_POINTS,
    answers.answer_game_points,
    Reply.NUMBER,
    equal,
    required=_TILE,
    optional=_TILE_END,
    games=(CUTTHROAT,),
    teaches=frozenset({"six-love"}),
)
PLAY_SCORE = Kind(
    Ask.PLAY_SCORE,
    answers.answer_play_score,
    Reply.NUMBER,
    equal,
    required=_TILE,
    optional=_TILE_END,
    games=(FIVES_AND_THREES,),
    teaches=frozenset({"fives-and-threes-scoring"}),
)
BEST_PLAY = Kind(
    Ask.BEST_PLAY,
    answers.answer_best_play,
    Reply.PLAY,
    one_of,
    sorted_plays,
    games=(FIVES_AND_THREES,),
    teaches=frozenset({"fives-and-threes-scoring"}),
)
AFTER_GAME = Kind(
    Ask.AFTER_GAME,
    answers.answer_after_game,
    Reply.RESULT,
    result_matches,
    required=_WINNER,
    optional=_KEY_CARD,
    games=(CUTTHROAT,),
    teaches=frozenset({"six-love", "the-pose"}),
)
WINNING_PLAY = Kind(
    Ask.WINNING_PLAY,
    winning.answer_winning_play,
    Reply.PLAY,
    one_of,
    sorted_plays,
    optional=frozenset({"lacks"}),
    teaches=frozenset({"only-winning-play"}),
)
NEXT_STAKE = Kind(
    Ask.NEXT_STAKE,
    answers.answer_next_stake,
    Reply.NUMBER,
    equal,
    required=_WINNER,
    optional=_KEY_CARD,
    games=(CUTTHROAT,),
    teaches=frozenset({"six-love"}),
)

KINDS: dict[str, Kind[Any, Any]] = {
    kind.ask: kind
    for kind in (
        LEGAL_PLAYS,
        PIP_COUNT,
        IS_BLOCKED,
        BLOCKED_WINNER,
        HARD_ENDS,
        LAST_TILE,
        KEY_CARD,
        GAME_POINTS,
        PLAY_SCORE,
        BEST_PLAY,
        AFTER_GAME,
        WINNING_PLAY,
        NEXT_STAKE,
    )
}
"""Every kind of question, in the order of docs/write-a-scenario.md."""


def register(kind: Kind[Any, Any]) -> None:
    """Add a kind of question (its name must be new; its words go to ``tutor.words.kinds``)."""
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
    tutor.questions.model.QuestionError: 'play-score' is a Fives & Threes question, but this is \
Cutthroat
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


def _taught(question: Question) -> Collection[str]:
    return kind_of(question.ask).teaches


def topics_of(p: Position, question: Question) -> list[str]:
    """Every topic the position with its question shows (the topics the kind teaches too)."""
    return topics.topics_of(p, question, _taught(question))


def shows_topic(key: str, p: Position, question: Question) -> bool:
    """Whether the position with its question shows the topic ``key``."""
    return topics.shows_topic(key, p, question, _taught(question))
