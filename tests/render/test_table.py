"""Setting text out: one packing rule, blocks side by side, squeezing out blank lines."""

from __future__ import annotations

from tutor.render.table import side_by_side, squeeze, strips


def test_strips_fit_the_width_with_the_gaps_between_pieces() -> None:
    assert strips([3, 3, 3], 9, gap=1) == [[0, 1], [2]]
    assert strips([3, 3, 3], 11, gap=1) == [[0, 1, 2]]
    assert strips([], 10) == []


def test_a_piece_wider_than_the_width_has_a_strip_alone() -> None:
    assert strips([2, 30, 2], 10) == [[0], [1], [2]]


def test_blocks_side_by_side_keep_their_columns() -> None:
    lines = side_by_side([["a", "bbb"], ["cc"], ["dddd", "e", "f"]], 12, gap=2)
    assert lines == ["a    cc", "bbb", "dddd", "e", "f"]
    assert side_by_side([["a", "bbb"], ["cc"]], 80, gap=2) == ["a    cc", "bbb"]


def test_squeeze_drops_blank_lines_only_when_short_of_rows() -> None:
    lines = ["Title", "", "story", "", "question"]
    assert squeeze(lines, 5) == lines
    assert squeeze(lines, 4) == ["Title", "story", "question"]
