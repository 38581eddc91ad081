"""Judging a learner's reply: forgiving in form, strict in substance.

The kind of question names its reader (``tutor.words.kinds.WORDS``, ``tutor.words.replies``)
and its check (``tutor.questions.kinds.KINDS``): tiles in any order and notation, ends and
seat names in any case, lists in any order with commas or spaces, yes/no, numbers. A reply
that cannot be read gets a different verdict (``UNREADABLE``) from a wrong one.

>>> from tutor.questions.kinds import answer
>>> from tutor.questions.model import Question
>>> from tutor.rules import Line, TableRules
>>> from tutor.rules.tiles import mask_of, parse_tiles
>>> hand = mask_of(parse_tiles(["5-1", "6-2", "3-3", "0-0", "1-1", "2-2", "4-0"]))
>>> p = Position(Line.parse(["6-6", "6-5"]), (hand, None, None, None), TableRules(),
...              seats=("you", "Ann", "Ben", "Cy"), sizes=(7, 6, 7, 6))
>>> q = Question("legal-plays")
>>> a = answer(p, q)
>>> judge(p, q, a, "2|6 L, [1:5] right").verdict
<Verdict.RIGHT: 'right'>
>>> judge(p, q, a, "6-2 left").verdict
<Verdict.WRONG: 'wrong'>
>>> judge(p, q, a, "six two").verdict
<Verdict.UNREADABLE: 'unreadable'>
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tutor.questions.kinds import kind_of
from tutor.questions.model import Answer, Question, Reply
from tutor.rules.position import Position
from tutor.words.kinds import words_of
from tutor.words.replies import Reading, Unreadable


class Verdict(Enum):
    """How a reply was judged."""

    RIGHT = "right"
    WRONG = "wrong"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class Judgement:
    """A verdict, the reply as understood, and the engine's answer."""

    verdict: Verdict
    given: Any
    answer: Answer[Any]
    problem: Reply | None = None
    """For an unreadable reply: what kind of reply was expected."""


def read_reply(
    p: Position,
    q: Question,
    a: Answer[Any],
    reply: str,
    words: Mapping[str, Iterable[str]] | None = None,
) -> Any:
    """Read a reply into the canonical form of the answer; raises ``Unreadable``."""
    return words_of(q.ask).read(reply, Reading(p, words or {}, a))


def is_right(q: Question, given: Any, a: Answer[Any]) -> bool:
    """Whether a read reply matches the engine's answer."""
    return kind_of(q.ask).right(given, a)


def judge(
    p: Position,
    q: Question,
    a: Answer[Any],
    reply: str,
    words: Mapping[str, Iterable[str]] | None = None,
) -> Judgement:
    """Judge a learner's reply to question ``q`` about ``p``, whose answer is ``a``."""
    try:
        given = read_reply(p, q, a, reply, words)
    except Unreadable:
        return Judgement(Verdict.UNREADABLE, None, a, kind_of(q.ask).reply)
    return Judgement(Verdict.RIGHT if is_right(q, given, a) else Verdict.WRONG, given, a)
