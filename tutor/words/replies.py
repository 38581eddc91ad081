"""Reading a learner's reply: one reader per shape of reply, forgiving in form.

Tiles in any order and notation, ends and seat names in any case, lists in any
order with commas or spaces, yes/no, numbers as digits or words. A reader
returns the reply in the canonical form of the answer, or raises ``Unreadable``.
The kinds of question name the reader they use (``tutor.words.kinds.WORDS``) and the check
(``tutor.questions.kinds.KINDS``); nothing here knows a kind of question.

>>> from tutor.rules import Line, TableRules
>>> r = Reading(Position(Line(), (0, 0, 0, 0), TableRules()), {"2": ("zwei",)})
>>> read_number(" 12 ", r), read_number("Zwei", r), read_yes_no("Y", r)
(12, 2, True)
>>> read_ends("r, L", r)
['left', 'right']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.questions.model import TIE, Answer
from tutor.rules.line import End
from tutor.rules.position import HiddenHandError, Position
from tutor.rules.tiles import Tile, TileError
from tutor.words.vocabulary import DEFAULT_WORDS, LEARNER, NUMBER_KEYS


class Unreadable(ValueError):
    """A reply that cannot be read as the kind of answer asked for."""


@dataclass(frozen=True)
class Reading:
    """What a reader may look at besides the reply: the position (its seats, hands and ends),
    the reply words of the learner's language, and the engine's answer (a bare tile stands for
    its plays in the answer)."""

    position: Position
    words: Mapping[str, Iterable[str]] = field(default_factory=dict)
    answer: Answer[Any] | None = None


_TILE = re.compile(r"\[?\s*[0-6]\s*[-|:]\s*[0-6]\s*\]?")
_SPLIT = re.compile(r"[\s,;/]+")


def _words(r: Reading, key: str) -> set[str]:
    return {w.casefold() for w in r.words.get(key, ())} | set(DEFAULT_WORDS.get(key, ()))


def _end_word(token: str, r: Reading) -> End | None:
    folded = token.casefold()
    if folded in _words(r, "left"):
        return End.LEFT
    if folded in _words(r, "right"):
        return End.RIGHT
    return None


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


def answer_plays(a: Answer[Any] | None) -> list[str]:
    """The plays of an answer whose value is a list of plays (else none)."""
    return list(a.value) if a is not None and isinstance(a.value, list) else []


def read_plays(text: str, r: Reading) -> list[str]:
    """Plays; an end may follow each tile; a bare tile stands for its plays."""
    folded = text.strip().casefold()
    if folded in _words(r, "none") or folded == "":
        return []
    plays: list[tuple[Tile, End | None]] = []
    for token in _tokens(text):
        end = _end_word(token, r)
        if end is not None:
            if not plays or plays[-1][1] is not None:
                raise Unreadable(token)
            plays[-1] = (plays[-1][0], end)
            continue
        try:
            plays.append((Tile.parse(token), None))
        except TileError:
            raise Unreadable(token) from None
    same = r.position.same_ends
    result: set[str] = set()
    for tile, end in plays:
        if end is None or same:
            matching = _tile_plays(r, tile)
            result.update(matching or [f"{tile} {End.LEFT if same else end or '?'}"])
        else:
            result.add(f"{tile} {end}")
    return sorted(result)


def _tile_plays(r: Reading, tile: Tile) -> list[str]:
    """What a bare tile stands for: every legal play of it (else its plays in the answer)."""
    try:
        legal = [str(play) for play in r.position.plays_of(tile)]
    except HiddenHandError:
        legal = []
    if r.position.same_ends:
        legal = legal[:1]
    return legal or [p for p in answer_plays(r.answer) if p.startswith(f"{tile} ")]


def read_play(text: str, r: Reading) -> str:
    """One play; a bare tile that fits both ends stands for its play only if every placement
    of it is in the answer (else the bare tile, which is never right)."""
    plays = read_plays(text, r)
    if len(plays) == 1:
        return plays[0]
    tiles = {p.split()[0] for p in plays}
    if len(tiles) != 1:
        raise Unreadable(text)
    best = [p for p in plays if p in answer_plays(r.answer)]
    return best[0] if len(best) == len(plays) else tiles.pop()


def read_yes_no(text: str, r: Reading) -> bool:
    """Yes or no, in the learner's words or in English."""
    folded = text.strip().casefold()
    if folded in _words(r, "yes"):
        return True
    if folded in _words(r, "no"):
        return False
    raise Unreadable(text)


def read_seat(text: str, r: Reading) -> str:
    """A seat's name (the learner's own in their words), or a tie."""
    folded = text.strip().casefold()
    if folded in _words(r, "tie"):
        return TIE
    seats = r.position.seats
    if LEARNER in seats and folded in _words(r, "you"):
        return LEARNER
    for seat in seats:
        if seat.casefold() == folded:
            return seat
    raise Unreadable(text)


def read_ends(text: str, r: Reading) -> list[str]:
    """Ends: left, right, both or none; a word of several ("tur dos") with any spaces.

    >>> from tutor.rules import Line, TableRules
    >>> read_ends("  Tur   Dos ", Reading(Position(Line(), (0, 0, 0, 0), TableRules()),
    ...                                   {"both": ("tur dos",)}))
    ['left', 'right']
    """
    folded = " ".join(text.split()).casefold()
    if folded == "" or folded in _words(r, "none"):
        return []
    if folded in _words(r, "both"):
        return ["left", "right"]
    ends = set()
    for token in _tokens(text):
        end = _end_word(token, r)
        if end is None:
            raise Unreadable(token)
        ends.add(str(end))
    return sorted(ends, key=["left", "right"].index)


def read_number(text: str, r: Reading) -> int:
    """A whole number in digits, or zero to ten in words ("two", "zwei", "dos"): every
    question that takes a number reads it so.

    >>> from tutor.rules import Line, TableRules
    >>> r = Reading(Position(Line(), (0, 0), TableRules(players=2)), {"8": ("ocho",)})
    >>> read_number("eight", r), read_number(" Ocho ", r), read_number("0", r)
    (8, 8, 0)
    """
    folded = text.strip().casefold()
    for key in NUMBER_KEYS:
        if folded in _words(r, key):
            return int(key)
    stripped = text.strip()
    if not re.fullmatch(r"[+-]?\d+", stripped):
        raise Unreadable(text)
    try:
        return int(stripped)
    except ValueError:  # more than 4300 digits
        raise Unreadable(text) from None


def read_tile(text: str, r: Reading) -> str:
    """One tile, larger number first."""
    try:
        return str(Tile.parse(text))
    except TileError:
        raise Unreadable(text) from None


RESULTS = ("continue", "six-love", "bruck")
"""What a finished game does to a set, as the reply words name it."""


def read_result(text: str, r: Reading) -> str | dict[str, Any]:
    """A set's result word, or the whole after-game answer as JSON (``check`` accepts it)."""
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
    for result in RESULTS:
        if folded in _words(r, result):
            return result
    raise Unreadable(text)
