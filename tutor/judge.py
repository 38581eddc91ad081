"""Judging a learner's reply: forgiving in form, strict in substance.

Tiles in any order and notation, ends and seat names in any case, lists in any
order with commas or spaces, yes/no. A reply that cannot be read gets a
different verdict (``UNREADABLE``) from a wrong one.

>>> from tutor.scenarios import parse_scenario
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

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tutor.questions import KINDS, TIE, Answer, Ask, Reply
from tutor.rules.line import End
from tutor.rules.position import HiddenHandError
from tutor.rules.tiles import Tile, TileError
from tutor.scenarios import Scenario, answer_scenario
from tutor.vocabulary import DEFAULT_WORDS, LEARNER


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
    answer: Answer
    problem: Reply | None = None
    """For an unreadable reply: what kind of reply was expected."""


REPLY_KIND: dict[str, Reply] = {ask: kind.reply for ask, kind in KINDS.items()}
"""What a reply to each kind of question looks like (from ``tutor.questions.KINDS``)."""

_TILE = re.compile(r"\[?\s*[0-6]\s*[-|:]\s*[0-6]\s*\]?")
_SPLIT = re.compile(r"[\s,;/]+")


class Unreadable(ValueError):
    """A reply that cannot be read as the kind of answer asked for."""


def _words(words: Mapping[str, Iterable[str]], key: str) -> set[str]:
    return {w.casefold() for w in words.get(key, ())} | set(DEFAULT_WORDS.get(key, ()))


def _end_word(token: str, words: Mapping[str, Iterable[str]]) -> End | None:
    folded = token.casefold()
    if folded in _words(words, "left"):
        return End.LEFT
    if folded in _words(words, "right"):
        return End.RIGHT
    return None


def _plays(text: str, s: Scenario, a: Answer, words: Mapping[str, Iterable[str]]) -> list[str]:
    """Read plays; an end may follow each tile; a bare tile stands for its plays in the answer."""
    folded = text.strip().casefold()
    if folded in _words(words, "none") or folded == "":
        return []
    tokens = _tokens(text)
    plays: list[tuple[Tile, End | None]] = []
    for token in tokens:
        end = _end_word(token, words)
        if end is not None:
            if not plays or plays[-1][1] is not None:
                raise Unreadable(token)
            plays[-1] = (plays[-1][0], end)
            continue
        try:
            plays.append((Tile.parse(token), None))
        except TileError:
            raise Unreadable(token) from None
    same = s.position.same_ends
    result: set[str] = set()
    for tile, end in plays:
        if end is None or same:
            matching = _tile_plays(s, a, tile)
            result.update(matching or [f"{tile} {End.LEFT if same else end or '?'}"])
        else:
            result.add(f"{tile} {end}")
    return sorted(result)


def _tile_plays(s: Scenario, a: Answer, tile: Tile) -> list[str]:
    """What a bare tile stands for: every legal play of it (else its plays in the answer)."""
    try:
        legal = [str(play) for play in s.position.plays_of(tile)]
    except HiddenHandError:
        legal = []
    if s.position.same_ends:
        legal = legal[:1]
    return legal or [p for p in _answer_plays(a) if p.startswith(f"{tile} ")]


def _answer_plays(a: Answer) -> list[str]:
    return list(a.value) if isinstance(a.value, list) else []


def _tokens(text: str) -> list[str]:
    """Split a reply into tiles and words; a tile may be written with spaces inside."""
    tokens: list[str] = []
    position = 0
    for match in _TILE.finditer(text):
        tokens += [t for t in _SPLIT.split(text[position : match.start()]) if t]
        tokens.append(re.sub(r"\s", "", match.group()))
        position = match.end()
    tokens += [t for t in _SPLIT.split(text[position:]) if t]
    return tokens


def _yes_no(text: str, words: Mapping[str, Iterable[str]]) -> bool:
    folded = text.strip().casefold()
    if folded in _words(words, "yes"):
        return True
    if folded in _words(words, "no"):
        return False
    raise Unreadable(text)


def _seat(text: str, s: Scenario, words: Mapping[str, Iterable[str]]) -> str:
    folded = text.strip().casefold()
    if folded in _words(words, "tie"):
        return TIE
    if LEARNER in s.seats and folded in _words(words, "you"):
        return LEARNER
    for seat in s.seats:
        if seat.casefold() == folded:
            return seat
    raise Unreadable(text)


def _ends(text: str, words: Mapping[str, Iterable[str]]) -> list[str]:
    folded = text.strip().casefold()
    if folded == "" or folded in _words(words, "none"):
        return []
    if folded in _words(words, "both"):
        return ["left", "right"]
    ends = set()
    for token in _tokens(text):
        end = _end_word(token, words)
        if end is None:
            raise Unreadable(token)
        ends.add(str(end))
    return sorted(ends, key=["left", "right"].index)


def _number(text: str) -> int:
    stripped = text.strip()
    if not re.fullmatch(r"[+-]?\d+", stripped):
        raise Unreadable(text)
    try:
        return int(stripped)
    except ValueError:  # more than 4300 digits
        raise Unreadable(text) from None


def _result(text: str, words: Mapping[str, Iterable[str]]) -> Any:
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            given = json.loads(stripped)
        except json.JSONDecodeError:
            raise Unreadable(text) from None
        if not isinstance(given, dict):
            raise Unreadable(text)
        return given
    folded = stripped.casefold().replace(" ", "-")
    for result in ("continue", "six-love", "bruck"):
        if folded in _words(words, result):
            return result
    raise Unreadable(text)


def read_reply(
    s: Scenario, reply: str, a: Answer, words: Mapping[str, Iterable[str]] | None = None
) -> Any:
    """Read a reply into the canonical form of the answer; raises ``Unreadable``."""
    words = words or {}
    kind = REPLY_KIND[s.question.ask]
    if kind is Reply.PLAYS:
        return _plays(reply, s, a, words)
    if kind is Reply.PLAY:
        plays = _plays(reply, s, a, words)
        if len(plays) != 1:
            tiles = {p.split()[0] for p in plays}
            if len(tiles) != 1:
                raise Unreadable(reply)
            # A bare tile that fits both ends: right only if every placement is a best play.
            best = [p for p in plays if p in _answer_plays(a)]
            return best[0] if len(best) == len(plays) else tiles.pop()
        return plays[0]
    if kind is Reply.NUMBER:
        return _number(reply)
    if kind is Reply.YES_NO:
        return _yes_no(reply, words)
    if kind is Reply.SEAT:
        return _seat(reply, s, words)
    if kind is Reply.ENDS:
        return _ends(reply, words)
    if kind is Reply.TILE:
        try:
            return str(Tile.parse(reply))
        except TileError:
            raise Unreadable(reply) from None
    return _result(reply, words)


def is_right(s: Scenario, given: Any, a: Answer) -> bool:
    """Whether a read reply matches the engine's answer."""
    value = a.value
    if s.question.ask in (Ask.BEST_PLAY, Ask.WINNING_PLAY):
        return given in _answer_plays(a)
    if isinstance(value, dict):  # after-game
        if isinstance(given, str):
            return bool(given == value["result"])
        known: dict[str, object] = dict(value)
        return all(known.get(key) == item for key, item in given.items()) and bool(given)
    return bool(given == value)


def judge(s: Scenario, reply: str, words: Mapping[str, Iterable[str]] | None = None) -> Judgement:
    """Judge a learner's reply to the scenario's question."""
    a = answer_scenario(s)
    try:
        given = read_reply(s, reply, a, words)
    except Unreadable:
        return Judgement(Verdict.UNREADABLE, None, a, REPLY_KIND[s.question.ask])
    return Judgement(Verdict.RIGHT if is_right(s, given, a) else Verdict.WRONG, given, a)
