"""The line of play: two open ends, matching halves, doubles crosswise (RULES.md)."""

from __future__ import annotations

import itertools
import random

import pytest

from tutor.rules import LEFT, RIGHT, TILES, End, Line, MismatchError, Placed, Tile, TileError
from tutor.rules.fives_threes import ends_total


def test_empty_line_has_no_ends_and_any_tile_fits() -> None:
    line = Line()
    assert (line.left, line.right) == (None, None)
    assert len(line) == 0 and str(line) == ""
    assert line.end_tile(LEFT) is None
    assert all(line.fits(t, LEFT) and line.fits(t, RIGHT) for t in TILES)


def test_one_tile_line_shows_both_numbers() -> None:
    line = Line()
    placed = line.place(Tile(4, 1), RIGHT)
    assert placed == Placed(Tile(4, 1), 4, 1)
    assert (line.left, line.right) == (4, 1)
    assert str(line) == "4-1"
    assert line.fits(Tile(6, 4), LEFT) and line.fits(Tile(5, 1), RIGHT)
    assert not line.fits(Tile(5, 1), LEFT) and not line.fits(Tile(6, 4), RIGHT)


def test_placing_left_turns_the_tile_so_the_touching_halves_match() -> None:
    line = Line.parse(["4-1"])
    # 6-4 laid at the left: its 4 touches the 4, its 6 becomes the new left end
    assert line.place(Tile(6, 4), LEFT) == Placed(Tile(6, 4), 6, 4)
    assert str(line) == "6-4 4-1"
    # 1-6 is written 6-1 but at the left of 6 it lies 1-6
    assert line.place(Tile(6, 1), LEFT) == Placed(Tile(6, 1), 1, 6)
    assert str(line) == "1-6 6-4 4-1"
    assert (line.left, line.right) == (1, 1)


def test_placing_right_turns_the_tile_so_the_touching_halves_match() -> None:
    line = Line.parse(["4-1"])
    assert line.place(Tile(5, 1), RIGHT) == Placed(Tile(5, 1), 1, 5)
    assert line.place(Tile(6, 5), RIGHT) == Placed(Tile(6, 5), 5, 6)
    assert str(line) == "4-1 1-5 5-6"
    assert (line.left, line.right) == (4, 6)


def test_every_join_in_a_random_line_matches() -> None:
    rng = random.Random(7)
    for _ in range(200):
        line = Line()
        tiles = list(TILES)
        rng.shuffle(tiles)
        for tile in tiles:
            ends = [e for e in (LEFT, RIGHT) if line.fits(tile, e)]
            if ends:
                end = rng.choice(ends)
                placed = line.place(tile, end)
                assert line.end_tile(end) == placed
        items = list(line)
        for a, b in itertools.pairwise(items):
            assert a.right == b.left
        assert line.left == items[0].left and line.right == items[-1].right
        assert line.mask == sum(p.tile.bit for p in items)


def test_mismatch_raises_and_leaves_the_line_unchanged() -> None:
    line = Line.parse(["4-1"])
    with pytest.raises(MismatchError, match="2-2 does not fit the left end, which shows 4"):
        line.place(Tile(2, 2), LEFT)
    with pytest.raises(MismatchError, match="6-4 does not fit the right end, which shows 1"):
        line.place(Tile(6, 4), RIGHT)
    assert str(line) == "4-1" and line.mask == Tile(4, 1).bit
    assert issubclass(MismatchError, ValueError)


def test_a_tile_cannot_be_laid_twice() -> None:
    line = Line.parse(["1-1", "1-4"])
    with pytest.raises(TileError, match="1-1 is already on the table"):
        line.place(Tile(1, 1), LEFT)
    with pytest.raises(TileError, match="appears twice"):
        Line.parse(["1-1", "1-4", "4-1"])


def test_double_lies_crosswise_and_opens_no_extra_end() -> None:
    line = Line.parse(["6-5"])
    placed = line.place(Tile(5, 5), RIGHT)
    assert placed == Placed(Tile(5, 5), 5, 5)
    # still exactly two open ends, and the double's end still shows 5
    assert (line.left, line.right) == (6, 5)
    assert len(list(end for end in End)) == 2
    # only the two ends take tiles: 5-3 fits the right end, nothing fits "across" the double
    line.place(Tile(5, 3), RIGHT)
    assert (line.left, line.right) == (6, 3)
    assert not line.fits(Tile(5, 4), LEFT) and not line.fits(Tile(5, 4), RIGHT)
    assert str(line) == "6-5 5-5 5-3"


def test_a_double_posed_shows_its_number_at_both_ends() -> None:
    line = Line()
    line.place(Tile(6, 6), LEFT)
    assert (line.left, line.right) == (6, 6)
    line.place(Tile(6, 2), RIGHT)
    line.place(Tile(6, 1), LEFT)
    assert (line.left, line.right) == (1, 2)
    # the 6-6 is now in the middle and takes nothing more: no spinner
    assert not any(line.fits(t, e) for t in (Tile(6, 5), Tile(6, 4)) for e in (LEFT, RIGHT))


def test_unplace_undoes_place() -> None:
    line = Line.parse(["4-1", "1-5"])
    line.place(Tile(6, 4), LEFT)
    assert line.unplace(LEFT) == Placed(Tile(6, 4), 6, 4)
    assert str(line) == "4-1 1-5" and line.mask == Tile(4, 1).bit | Tile(5, 1).bit
    assert line.unplace(RIGHT).tile == Tile(5, 1)
    assert str(line) == "4-1"


def test_copy_is_independent() -> None:
    line = Line.parse(["4-1"])
    other = line.copy()
    other.place(Tile(5, 1), RIGHT)
    assert str(line) == "4-1" and str(other) == "4-1 1-5"


def test_parse_checks_joins() -> None:
    assert str(Line.parse(["4-0", "0-3", "3-3"])) == "4-0 0-3 3-3"
    with pytest.raises(MismatchError, match="3-0 does not join 4-0: 0 meets 3"):
        Line.parse(["4-0", "3-0"])


@pytest.mark.parametrize(("text", "end"), [("left", LEFT), (" Right ", RIGHT), ("l", LEFT)])
def test_end_parse(text: str, end: End) -> None:
    assert End.parse(text) is end


def test_end_parse_rejects() -> None:
    with pytest.raises(ValueError, match="'middle' is not an end"):
        End.parse("middle")


@pytest.mark.parametrize("value", [None, 5, ["left"], b"left"])
def test_an_end_that_is_not_text_is_a_value_error(value: object) -> None:
    """Rule: anything but text is no end, and says so with a ValueError (the scenario loader
    turns a ValueError into a sentence for the author)."""
    with pytest.raises(ValueError, match="is not an end"):
        End.parse(value)  # type: ignore[arg-type]


def test_a_tile_repeated_away_from_its_neighbour_is_refused() -> None:
    """Rule: a tile lies in the line once, even when the repeat is not next to it
    (4-1 again after 1-4 ... 4-4)."""
    with pytest.raises(TileError, match="4-1 appears twice in the line"):
        Line.parse(["1-1", "1-4", "4-4", "4-1"])


def test_a_line_prints_as_the_code_that_builds_it() -> None:
    """Rule: the repr of a line is the Line.parse call that rebuilds it, tiles as laid."""
    line = Line.parse(["3-6", "6-6", "6-5"])
    assert repr(line) == "Line.parse(['3-6', '6-6', '6-5'])"
    assert str(eval(repr(line))) == str(line)


# --- Fives & Threes: the total of the open ends --------------------------------------


@pytest.mark.parametrize(
    ("tiles", "total"),
    [
        (["5-5"], 10),  # a lone first tile counts its two halves once
        (["6-6"], 12),
        (["4-1"], 5),
        (["4-1", "1-5"], 9),  # the seed: 4 + 5
        (["5-5", "5-0"], 10),  # the double at the left end counts both halves
        (["6-6", "6-5", "5-5"], 22),  # doubles at both ends: 12 + 10
        (["6-6", "6-5"], 17),
        (["3-6", "6-6", "6-5"], 8),  # a double in the middle counts nothing
        (["0-0", "0-5"], 5),
        (["2-2", "2-1", "1-1"], 6),
    ],
)
def test_ends_total(tiles: list[str], total: int) -> None:
    assert ends_total(Line.parse(tiles)) == total


def test_ends_total_of_empty_line_is_zero() -> None:
    assert ends_total(Line()) == 0
