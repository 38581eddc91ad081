"""Tiles of the double-six set, and hands as 28-bit masks.

Every tile has an index 0..27 (``high * (high + 1) // 2 + low``) and a bit
``1 << index``. A hand, a suit or the table is an ``int`` whose set bits are
its tiles, so "can this seat play on 4?" is one AND.

>>> Tile.parse("5-6")
Tile(6, 5)
>>> str(Tile.parse("[3|4]"))
'4-3'
>>> hand_count(mask_of([Tile(6, 6), Tile(3, 2)]))
17
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

Mask = int
"""A set of tiles as a 28-bit integer: bit ``i`` is the tile with index ``i``."""

PIPS = range(7)
"""The numbers of a double-six set, 0 (blank) to 6."""

_TILE_PATTERN = re.compile(r"^\s*\[?\s*([0-6])\s*[-|:\u2010-\u2013\u2212]\s*([0-6])\s*\]?\s*$")
"""A tile as people write it; the hyphen may also be one copied from a page: the docs
write tile names with a non-breaking hyphen (U+2011) so that they never wrap."""


class TileError(ValueError):
    """A text that is not a tile of the double-six set."""


@dataclass(frozen=True, slots=True, order=False)
class Tile:
    """One tile of the double-six set, stored with the larger number first.

    ``Tile(5, 6)`` and ``Tile(6, 5)`` are the same tile.

    >>> Tile(5, 6) == Tile(6, 5)
    True
    >>> Tile(4, 4).is_double, Tile(4, 4).pips
    (True, 8)
    >>> Tile(6, 5).index, Tile(0, 0).index
    (26, 0)
    """

    high: int
    low: int
    index: int = field(init=False, repr=False, compare=False)
    """Position 0..27 in the set (0-0 is 0, 6-6 is 27)."""
    bit: Mask = field(init=False, repr=False, compare=False)
    """This tile as a one-tile mask."""

    _NOTATION: ClassVar[str] = "a-b, a|b, a:b or [a|b] with a and b from 0 to 6"

    def __post_init__(self) -> None:
        a, b = self.high, self.low
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a <= 6 and 0 <= b <= 6):
            raise TileError(f"{a}-{b} is not a tile of the double-six set (numbers run 0 to 6)")
        if b > a:  # pragma: no mutate (swapping equal halves changes nothing)
            object.__setattr__(self, "high", b)
            object.__setattr__(self, "low", a)
        # Computed once: the engine reads them on every play.
        object.__setattr__(self, "index", _index(a, b))
        object.__setattr__(self, "bit", 1 << _index(a, b))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``6-5``, ``5-6``, ``6|5``, ``6:5`` or ``[6|5]``.

        >>> Tile.parse(" 2:0 ")
        Tile(2, 0)
        >>> Tile.parse("6\u20115")  # copied from the docs, with their non-breaking hyphen
        Tile(6, 5)
        >>> Tile.parse("7-1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tutor.rules.tiles.TileError: '7-1' is not a tile: write a-b, a|b, a:b or [a|b] ...
        """
        match = _TILE_PATTERN.match(text) if isinstance(text, str) else None
        if match is None:
            raise TileError(f"{text!r} is not a tile: write {cls._NOTATION}")
        return TILES[_index(int(match.group(1)), int(match.group(2)))]

    @property
    def is_double(self) -> bool:
        """True for 0-0, 1-1, ..., 6-6."""
        return self.high == self.low

    @property
    def pips(self) -> int:
        """The tile's count: both halves added (a double counts both halves)."""
        return self.high + self.low

    def has(self, number: int) -> bool:
        """True when one half of the tile shows ``number``."""
        return number in (self.high, self.low)

    def other(self, number: int) -> int:
        """The half that is left open when the tile is joined on ``number``.

        >>> Tile(6, 2).other(2)
        6
        """
        if number == self.high:
            return self.low
        if number == self.low:
            return self.high
        raise TileError(f"{self} has no {number}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


def _index(a: int, b: int) -> int:
    high, low = (a, b) if a >= b else (b, a)  # pragma: no mutate (equal halves: same)
    return high * (high + 1) // 2 + low


TILES: tuple[Tile, ...] = tuple(
    sorted((Tile(a, b) for a in PIPS for b in PIPS if a >= b), key=lambda t: t.index)
)
"""The 28 tiles, indexed by ``Tile.index``."""

FULL_SET: Mask = (1 << 28) - 1
"""The whole double-six set as a mask."""

SUIT: tuple[Mask, ...] = tuple(
    sum(tile.bit for tile in TILES if tile.has(number)) for number in PIPS
)
"""``SUIT[n]`` is the mask of the seven tiles that carry ``n``."""

DOUBLES: Mask = sum(tile.bit for tile in TILES if tile.is_double)
"""The seven doubles."""

PIPS_OF: tuple[int, ...] = tuple(tile.pips for tile in TILES)
"""``PIPS_OF[i]`` is the count of the tile with index ``i``."""


def mask_of(tiles: Iterable[Tile]) -> Mask:
    """The mask of some tiles.

    >>> mask_of([Tile(0, 0), Tile(1, 0)])
    3
    """
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


def tiles_of(mask: Mask) -> list[Tile]:
    """The tiles of a mask, heaviest index first (6-6, 6-5, ..., 0-0).

    >>> [str(t) for t in tiles_of(SUIT[6])][:3]
    ['6-6', '6-5', '6-4']
    """
    return [TILES[i] for i in iter_indexes(mask)][::-1]


def iter_indexes(mask: Mask) -> Iterator[int]:
    """The indexes of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def hand_count(mask: Mask) -> int:
    """The count of a hand: all its pips added, a double counting both halves.

    >>> hand_count(mask_of([Tile.parse("3-2"), Tile.parse("5-5")]))
    15
    """
    return sum(PIPS_OF[i] for i in iter_indexes(mask))


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    """Parse several tiles; raises ``TileError`` on the first bad one."""
    return [Tile.parse(text) for text in texts]
