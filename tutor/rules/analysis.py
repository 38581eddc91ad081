"""Facts about a position: halves on the table, hard and dead ends, key cards.

Facts are small frozen dataclasses and plain values, never sentences. They
count only the table (and tiles known to be out of play), never a hand.

A worked position (the seeds' 4-3 key card): the left end shows 4, the right
end shows 3, and seven of the eight fours and seven of the eight threes are on
the table.

>>> from tutor.rules.line import Line
>>> line = Line.parse(["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3",
...                    "3-5", "5-4", "4-2", "2-3"])
>>> halves_on_table(line.mask, 4), halves_on_table(line.mask, 3)
(7, 7)
>>> [str(e.end) for e in hard_ends(line)]
['left', 'right']
>>> str(last_tile(line, 4)), str(last_tile(line, 3))
('4-3', '4-3')
>>> key_card(line, Tile(4, 3))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.line import LEFT, RIGHT, End, Line
from tutor.rules.tiles import DOUBLES, SUIT, TILES, Mask, Tile

HALVES_IN_SET = 8
"""Each number appears eight times in a double-six set (its double carries it twice)."""


def halves_on_table(table: Mask, number: int) -> int:
    """How many halves showing ``number`` lie in the mask ``table``.

    >>> halves_on_table(Tile(5, 5).bit | Tile(5, 1).bit, 5)
    3
    """
    suit = table & SUIT[number]
    return suit.bit_count() + (1 if suit & DOUBLES else 0)


def halves_in_play(number: int, out: Mask = 0) -> int:
    """Halves of ``number`` in play: 8, less those on tiles out of play.

    >>> halves_in_play(0, out=Tile(0, 0).bit), halves_in_play(6, out=Tile(0, 0).bit)
    (6, 8)
    """
    return HALVES_IN_SET - halves_on_table(out, number)


@dataclass(frozen=True, slots=True)
class EndFact:
    """What one open end shows and how many of its halves are on the table."""

    end: End
    number: int
    on_table: int
    in_play: int

    @property
    def is_hard(self) -> bool:
        """All halves but one are on the table: exactly one tile can still be laid here."""
        return self.on_table == self.in_play - 1

    @property
    def is_dead(self) -> bool:
        """Every half of the number is on the table: nothing can be laid here ever."""
        return self.on_table >= self.in_play


def end_facts(line: Line, out: Mask = 0) -> list[EndFact]:
    """A fact for each open end, left first (nothing for an empty line)."""
    facts = []
    for end in (LEFT, RIGHT):
        number = line.end_number(end)
        if number is not None:
            on_table = halves_on_table(line.mask, number)
            facts.append(EndFact(end, number, on_table, halves_in_play(number, out)))
    return facts


def hard_ends(line: Line, out: Mask = 0) -> list[EndFact]:
    """The open ends that are hard."""
    return [fact for fact in end_facts(line, out) if fact.is_hard]


def dead_ends(line: Line, out: Mask = 0) -> list[EndFact]:
    """The open ends that are dead."""
    return [fact for fact in end_facts(line, out) if fact.is_dead]


def unplayed(number: int, table: Mask, out: Mask = 0) -> list[Tile]:
    """The tiles carrying ``number`` that are neither on the table nor out of play."""
    rest = SUIT[number] & ~table & ~out
    return [tile for tile in TILES if rest & tile.bit]


def last_tile(line: Line, number: int, out: Mask = 0) -> Tile | None:
    """The one unplayed tile that can still be laid on ``number`` when it is hard.

    ``None`` when more than one tile, or none, is left for that number.
    """
    rest = unplayed(number, line.mask, out)
    return rest[0] if len(rest) == 1 else None


def is_hard(table: Mask, number: int, out: Mask = 0) -> bool:
    """True when all halves of ``number`` but one are in ``table``."""
    return halves_on_table(table, number) == halves_in_play(number, out) - 1


def key_card(line: Line, tile: Tile, out: Mask = 0) -> bool:
    """True when ``tile`` is the key: both ends hard, one showing each of its numbers.

    The key is then the only tile in the game that can be played, and it fits
    both ends. A double is never a key. Whether it *wins* depends on it being
    its holder's last tile.
    """
    left, right = line.left, line.right
    # pragma below: each check is a shortcut. The ends are None together; equal ends or a
    # double never match the two numbers of a key (a double's own end cannot be hard while
    # it is unplayed), which the two checks after this one find as well.
    if left is None or right is None or tile.is_double or left == right:  # pragma: no mutate
        return False
    if {left, right} != {tile.high, tile.low}:
        return False
    return is_hard(line.mask, left, out) and is_hard(line.mask, right, out)
