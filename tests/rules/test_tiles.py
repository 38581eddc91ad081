"""Tiles of the double-six set (RULES.md, "Common ground")."""

from __future__ import annotations

import pytest

from tutor.rules import FULL_SET, SUIT, TILES, Tile, TileError, hand_count, mask_of, tiles_of
from tutor.rules.tiles import DOUBLES, parse_tiles


@pytest.mark.parametrize("text", ["6-5", "5-6", "6|5", "6:5", "[6|5]", " [ 5 | 6 ] ", "5:6"])
def test_parse_accepts_every_notation(text: str) -> None:
    tile = Tile.parse(text)
    assert tile == Tile(6, 5)
    assert (tile.high, tile.low) == (6, 5)
    assert tile is TILES[tile.index]


@pytest.mark.parametrize("dash", ["\u2011", "\u2010", "\u2012", "\u2013", "\u2212"])
def test_parse_accepts_the_hyphens_a_page_shows(dash: str) -> None:
    """The docs write tile names with a non-breaking hyphen (U+2011, docs/conf.py) so that
    they never wrap: a learner who copies "6\u20115" from a page into the quiz means 6-5.
    Other dashes a page or a keyboard gives (hyphen, figure dash, en dash, minus) as well."""
    assert Tile.parse(f"6{dash}5") == Tile(6, 5)
    assert Tile.parse(f"[1 {dash} 0]") == Tile(1, 0)


@pytest.mark.parametrize(
    ("text", "printed"),
    [("5-6", "6-5"), ("0-0", "0-0"), ("3|4", "4-3"), ("[1:6]", "6-1"), ("2-0", "2-0")],
)
def test_tiles_print_larger_number_first(text: str, printed: str) -> None:
    assert str(Tile.parse(text)) == printed


def test_tile_built_either_way_round_is_one_tile() -> None:
    assert Tile(5, 6) == Tile(6, 5)
    assert hash(Tile(5, 6)) == hash(Tile(6, 5))
    assert str(Tile(2, 4)) == "4-2"


@pytest.mark.parametrize("text", ["7-1", "6-", "65", "6/5", "a-b", "", "6-5-4", "-1-2", "6 5"])
def test_parse_rejects_non_tiles_with_a_helpful_message(text: str) -> None:
    with pytest.raises(TileError) as info:
        Tile.parse(text)
    message = str(info.value)
    assert repr(text) in message  # names the bad text
    assert "is not a tile" in message  # says what is wrong
    assert "a-b" in message and "[a|b]" in message  # and how to write a tile


@pytest.mark.parametrize("value", [None, 65, ("6", "5"), b"6-5"])
def test_a_tile_that_is_not_text_is_a_tile_error(value: object) -> None:
    """Rule: anything but text is no tile, and says so with a TileError (a ValueError the
    scenario loader and the quiz turn into a sentence), never a TypeError."""
    with pytest.raises(TileError, match="is not a tile"):
        Tile.parse(value)  # type: ignore[arg-type]


def test_tile_error_is_a_value_error() -> None:
    assert issubclass(TileError, ValueError)
    with pytest.raises(ValueError):
        Tile.parse("9-9")


@pytest.mark.parametrize(("a", "b"), [(7, 1), (-1, 0), (3, 8), (1, 7), (0, -1), (6, 7)])
def test_constructing_a_tile_outside_the_set_fails(a: int, b: int) -> None:
    with pytest.raises(TileError, match="numbers run 0 to 6"):
        Tile(a, b)


def test_parse_tiles_stops_at_the_first_bad_tile() -> None:
    assert parse_tiles(["6-6", "1|0"]) == [Tile(6, 6), Tile(1, 0)]
    with pytest.raises(TileError, match="'x'"):
        parse_tiles(["6-6", "x", "7-7"])


def test_the_set_has_28_distinct_tiles_numbers_0_to_6() -> None:
    assert len(TILES) == 28
    assert len(set(TILES)) == 28
    assert [t.index for t in TILES] == list(range(28))
    assert {n for t in TILES for n in (t.high, t.low)} == set(range(7))
    assert mask_of(TILES) == FULL_SET
    assert FULL_SET.bit_count() == 28
    assert sum(t.is_double for t in TILES) == 7
    assert DOUBLES.bit_count() == 7
    # the seed's listing: 6-6 ... 6-0, 5-5 ... 5-0, ..., 0-0
    listed = [f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)]
    assert [str(t) for t in tiles_of(FULL_SET)] == listed


@pytest.mark.parametrize("number", range(7))
def test_each_number_is_on_seven_tiles_and_eight_halves(number: int) -> None:
    carrying = [t for t in TILES if t.has(number)]
    assert len(carrying) == 7
    halves = sum((t.high == number) + (t.low == number) for t in TILES)
    assert halves == 8
    assert SUIT[number] == mask_of(carrying)
    assert SUIT[number].bit_count() == 7


def test_suits_overlap_only_in_the_shared_tile() -> None:
    for a in range(7):
        for b in range(7):
            if a != b:
                assert tiles_of(SUIT[a] & SUIT[b]) == [Tile(a, b)]


def test_other_half_and_has() -> None:
    assert Tile(6, 2).other(2) == 6
    assert Tile(6, 2).other(6) == 2
    assert Tile(4, 4).other(4) == 4
    assert Tile(6, 2).has(2) and not Tile(6, 2).has(3)
    with pytest.raises(TileError, match="6-2 has no 3"):
        Tile(6, 2).other(3)


def test_pips_count_both_halves() -> None:
    assert Tile(4, 4).pips == 8
    assert Tile(6, 5).pips == 11
    assert Tile(0, 0).pips == 0
    assert sum(t.pips for t in TILES) == 168  # each number 8 times: 8 * (0+1+...+6)


def test_hand_count_seed_example() -> None:
    # 000 seed: 3-2 and 5-5 in hand at a block count 3 + 2 + 5 + 5 = 15
    assert hand_count(mask_of([Tile.parse("3-2"), Tile.parse("5-5")])) == 15


def test_hand_count_doubles_count_both_halves() -> None:
    assert hand_count(Tile(6, 6).bit) == 12
    assert hand_count(Tile(0, 0).bit) == 0
    assert hand_count(mask_of([Tile(6, 6), Tile(3, 2)])) == 17
    assert hand_count(0) == 0
    assert hand_count(FULL_SET) == 168


def test_masks_round_trip() -> None:
    tiles = [Tile(6, 6), Tile(4, 1), Tile(0, 0)]
    mask = mask_of(tiles)
    assert mask.bit_count() == 3
    assert tiles_of(mask) == tiles  # heaviest index first
    assert Tile(6, 6).bit == 1 << 27 and Tile(0, 0).bit == 1
