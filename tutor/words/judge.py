"""Judging a learner's reply: forgiving in form, strict in substance.

The kind of question (``tutor.words.kinds.KINDS``) names its reader and its check
(``tutor.words.replies``): tiles in any order and notation, ends and seat names in
any case, lists in any order with commas or spaces, yes/no, numbers. A reply
that cannot be read gets a different verdict (``UNREADABLE``) from a wrong one.

>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario('''
... id = "demo/plays"
... game = "cutthroat"
... topic = "legal-plays"
... level = 1
... title = "What can you play?"
... seats = ["you", "Ann", "Ben", "Cy"]
... [table]
... line = ["6-6", "6-5"]
... [hands]
... you = ["5-1", "6-2", "3-3", "0-0", "1-1", "2-2", "4-0"]
... Ann = 6
... Ben = 7
... Cy = 6
... [question]
... ask = "legal-plays"
... ''')
>>> judge(s, "2|6 L, [1:5] right").verdict
<Verdict.RIGHT: 'right'>
>>> judge(s, "6-2 left").verdict
<Verdict.WRONG: 'wrong'>
>>> judge(s, "six two").verdict
<Verdict.UNREADABLE: 'unreadable'>
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tutor.questions import Answer, Reply
from tutor.scenarios.model import Scenario, answer_scenario
from tutor.words.kinds import kind_of
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
    s: Scenario, reply: str, a: Answer[Any], words: Mapping[str, Iterable[str]] | None = None
) -> Any:
    """Read a reply into the canonical form of the answer; raises ``Unreadable``."""
    return kind_of(s.question.ask).read(reply, Reading(s.position, words or {}, a))


def is_right(s: Scenario, given: Any, a: Answer[Any]) -> bool:
    """Whether a read reply matches the engine's answer."""
    return kind_of(s.question.ask).right(given, a)


def judge(s: Scenario, reply: str, words: Mapping[str, Iterable[str]] | None = None) -> Judgement:
    """Judge a learner's reply to the scenario's question."""
    a = answer_scenario(s)
    try:
        given = read_reply(s, reply, a, words)
    except Unreadable:
        return Judgement(Verdict.UNREADABLE, None, a, kind_of(s.question.ask).reply)
    return Judgement(Verdict.RIGHT if is_right(s, given, a) else Verdict.WRONG, given, a)
