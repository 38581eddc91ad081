"""The line of play: one row of tiles with exactly two open ends.

Doubles lie crosswise but are not spinners: they never open extra ends.

>>> line = Line()
>>> line.place(Tile(6, 6), LEFT)
Placed(tile=Tile(6, 6), left=6, right=6)
>>> _ = line.place(Tile(6, 5), RIGHT)
>>> _ = line.place(Tile(3, 6), LEFT)
>>> str(line), line.left, line.right
('3-6 6-6 6-5', 3, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from tutor.rules.tiles import Mask, Tile, TileError


class End(Enum):
    """One of the two open ends of the line."""

    LEFT = "left"
    RIGHT = "right"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> End:
        """Read ``left``/``right`` in any case, or ``l``/``r``.

        >>> End.parse(" Right ")
        <End.RIGHT: 'right'>
        """
        # pragma below: any fallback word that names no end is equivalent to "".
        word = text.strip().lower() if isinstance(text, str) else ""  # pragma: no mutate
        for end in cls:
            if word in (end.value, end.value[0]):
                return end
        raise ValueError(f"{text!r} is not an end: write left or right")


LEFT = End.LEFT
RIGHT = End.RIGHT


class MismatchError(ValueError):
    """A tile that does not match the end it is laid at."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile as it lies in the line: ``left`` touches the tile to its left."""

    tile: Tile
    left: int
    right: int

    def __str__(self) -> str:
        return f"{self.left}-{self.right}"


class Line:
    """The tiles on the table from the left end to the right end.

    ``left`` and ``right`` are the numbers the open ends show (``None`` while the
    line is empty). A one-tile line shows both of its numbers as ends.
    """

    __slots__ = ("_placed", "mask")

    def __init__(self, placed: Iterable[Placed] = ()) -> None:
        self._placed: list[Placed] = list(placed)
        self.mask: Mask = 0
        for item in self._placed:
            self.mask |= item.tile.bit

    @classmethod
    def parse(cls, texts: Iterable[str]) -> Line:
        """Build a line from tiles written left to right with touching halves matching.

        >>> str(Line.parse(["4-0", "0-3", "3-3"]))
        '4-0 0-3 3-3'
        >>> Line.parse(["4-0", "3-0"])
        Traceback (most recent call last):
        ...
        tutor.rules.line.MismatchError: 3-0 does not join 4-0: 0 meets 3
        """
        placed: list[Placed] = []
        mask = 0
        for text in texts:
            tile = Tile.parse(text)
            first, second = (int(part) for part in _halves(text))
            if placed and placed[-1].right != first:
                raise MismatchError(
                    f"{first}-{second} does not join {placed[-1]}: {placed[-1].right} meets {first}"
                )
            if mask & tile.bit:
                raise TileError(f"{tile} appears twice in the line")
            mask |= tile.bit
            placed.append(Placed(tile, first, second))
        return cls(placed)

    @property
    def left(self) -> int | None:
        """The number shown at the left end."""
        return self._placed[0].left if self._placed else None

    @property
    def right(self) -> int | None:
        """The number shown at the right end."""
        return self._placed[-1].right if self._placed else None

    def end_number(self, end: End) -> int | None:
        """The number shown at ``end``."""
        return self.left if end is LEFT else self.right

    def end_tile(self, end: End) -> Placed | None:
        """The tile lying at ``end``."""
        if not self._placed:
            return None
        return self._placed[0] if end is LEFT else self._placed[-1]

    def fits(self, tile: Tile, end: End) -> bool:
        """True when ``tile`` can be laid at ``end`` (any tile fits an empty line)."""
        number = self.end_number(end)
        return number is None or tile.has(number)

    def place(self, tile: Tile, end: End) -> Placed:
        """Lay ``tile`` at ``end``, turned so that the touching halves match.

        >>> line = Line.parse(["4-1"])
        >>> line.place(Tile(5, 1), RIGHT)
        Placed(tile=Tile(5, 1), left=1, right=5)
        >>> line.place(Tile(2, 2), LEFT)
        Traceback (most recent call last):
        ...
        tutor.rules.line.MismatchError: 2-2 does not fit the left end, which shows 4
        """
        if self.mask & tile.bit:
            raise TileError(f"{tile} is already on the table")
        number = self.end_number(end)
        if number is None:
            placed = Placed(tile, tile.high, tile.low)
            self._placed.append(placed)
        elif not tile.has(number):
            raise MismatchError(f"{tile} does not fit the {end} end, which shows {number}")
        elif end is LEFT:
            placed = Placed(tile, tile.other(number), number)
            self._placed.insert(0, placed)
        else:
            placed = Placed(tile, number, tile.other(number))
            self._placed.append(placed)
        self.mask |= tile.bit
        return placed

    def unplace(self, end: End) -> Placed:
        """Take back the tile at ``end`` (the undo of ``place``)."""
        placed = self._placed.pop(0 if end is LEFT else -1)
        self.mask &= ~placed.tile.bit
        return placed

    def copy(self) -> Line:
        """An independent copy."""
        return Line(self._placed)

    def __iter__(self) -> Iterator[Placed]:
        return iter(self._placed)

    def __len__(self) -> int:
        return len(self._placed)

    def __str__(self) -> str:
        return " ".join(str(placed) for placed in self._placed)

    def __repr__(self) -> str:
        return f"Line.parse({[str(p) for p in self._placed]!r})"


def _halves(text: str) -> tuple[str, str]:
    digits = [ch for ch in text if ch.isdigit()]
    return digits[0], digits[1]
