"""Reading a typed play: one reader for every face, given the list that face numbers.

A reply is a number, a tile, or a tile and an end (``6-5``, ``5-6 right``, ``6-5 links`` in
the learner's words, or ``l``/``r``). A number names an item of the list the screen shows
numbered: plain mode numbers the legal plays (so ``yes 1 | domino-tutor play --plain`` plays
the first legal play each time), the full screen numbers the learner's hand. ``read_reply``
says which tile (and end) the reply names; ``plays_named`` which legal plays that can be: one
(play it), two (a tile that fits both ends: ask which) or none.

>>> from tutor.rules.plays import Play
>>> from tutor.rules.line import LEFT
>>> plays = [Play.parse("6-5 left"), Play.parse("6-5 right"), Play.parse("4-4 left")]
>>> [str(read_reply(r, plays, {"links": LEFT})) for r in ("2", "6-5 links", "4-4", "9", "x")]
['6-5 right', '6-5 left', '4-4', 'None', 'None']
>>> hand = [Tile(6, 5), Tile(4, 4), Tile(1, 0)]
>>> [str(read_reply(r, hand)) for r in ("2", "1 r", "5-6", "4")]
['4-4', '6-5 right', '6-5', 'None']
>>> [str(p) for p in plays_named(read_reply("6-5", hand), plays)]
['6-5 left', '6-5 right']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.rules.line import End
from tutor.rules.plays import Play
from tutor.rules.tiles import Tile


@dataclass(frozen=True, slots=True)
class Named:
    """What a reply names: a tile, and the end it goes to when the reply says one."""

    tile: Tile
    end: End | None = None

    def __str__(self) -> str:
        return f"{self.tile} {self.end}" if self.end is not None else str(self.tile)


def read_reply(
    reply: str,
    numbered: Sequence[Play] | Sequence[Tile],
    ends: Mapping[str, End] | None = None,
) -> Named | None:
    """The tile (and end) ``reply`` names, or ``None`` when it names none.

    A number is an item of ``numbered``, counted from 1: a play names its tile and its end, a
    tile its tile alone (an end may follow the number of a tile, not of a play). Otherwise the
    reply is a tile, alone or with an end: one of ``ends`` (the learner's words for them,
    casefolded) or ``left``, ``right``, ``l``, ``r``.

    >>> from tutor.rules.line import LEFT
    >>> read_reply("1 links", [Tile(6, 5)], {"links": LEFT})
    Named(tile=Tile(6, 5), end=<End.LEFT: 'left'>)
    >>> read_reply("1 left", [Play(Tile(6, 5), LEFT)]) is None
    True
    """
    words = reply.strip().split()
    if not 1 <= len(words) <= 2:
        return None
    end: End | None = None
    if len(words) == 2:
        end = _end(words[1], ends or {})
        if end is None:
            return None
    if words[0].isdecimal():
        number = int(words[0])
        if not 1 <= number <= len(numbered):
            return None
        item = numbered[number - 1]
        if isinstance(item, Play):
            return None if end is not None else Named(item.tile, item.end)
        return Named(item, end)
    try:
        return Named(Tile.parse(words[0]), end)
    except ValueError:
        return None


def plays_named(named: Named | None, legal: Sequence[Play]) -> list[Play]:
    """The legal plays ``named`` can be: the tile at the end named; a tile without an end (or
    with an end it does not fit) where it fits, at one end or both (left first).

    >>> from tutor.rules.line import LEFT
    >>> plays = [Play.parse("6-5 right"), Play.parse("4-4 left")]
    >>> [str(p) for p in plays_named(Named(Tile(6, 5), LEFT), plays)]
    ['6-5 right']
    >>> plays_named(Named(Tile(1, 0)), plays), plays_named(None, plays)
    ([], [])
    """
    if named is None:
        return []
    fitting = [play for play in legal if play.tile == named.tile]
    wanted = [play for play in fitting if play.end == named.end]
    return wanted or fitting


def _end(word: str, ends: Mapping[str, End]) -> End | None:
    """The end a word names: the learner's words first, then ``left``/``right``/``l``/``r``."""
    folded = word.casefold()
    if folded in ends:
        return ends[folded]
    try:
        return End.parse(folded)
    except ValueError:
        return None

