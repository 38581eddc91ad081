"""The heat map and its legend: well-formed, accessible, and showing exactly the chances given."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from tutor.render.heatmap import COLOURS, MapLabels, heatmap_svg, legend_svg, runs, shade

SVG = "{http://www.w3.org/2000/svg}"
WORDS = MapLabels("Chances <&>", "How to read it.", "Your score", "Their score")


def grid(width: int, height: int, seed: int = 1) -> list[list[float]]:
    rng = random.Random(seed)
    return [[rng.random() for _ in range(height)] for _ in range(width)]


def shown(svg: str) -> dict[tuple[int, int], int]:
    """The shade of every cell, read back from the picture's rectangles and their colours."""
    root = ET.fromstring(svg)
    cells: dict[tuple[int, int], int] = {}
    size = None
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("class") != "cell":
            continue
        size = size or float(rect.get("height", "0"))
        first, y = int(rect.get("data-x", "")), int(rect.get("data-y", ""))
        colour = COLOURS.index(rect.get("fill", ""))
        assert int(rect.get("data-shade", "")) == colour
        for x in range(first, first + round(float(rect.get("width", "0")) / size)):
            assert (x, y) not in cells, "two rectangles cover one cell"
            cells[(x, y)] = colour
    return cells


def test_every_cell_is_drawn_once_in_the_colour_of_its_tenth() -> None:
    values = grid(13, 9)
    svg = heatmap_svg(values, WORDS, uid="t")
    cells = shown(svg)
    assert set(cells) == {(x, y) for x in range(13) for y in range(9)}
    for (x, y), colour in cells.items():
        assert colour == shade(values[x][y])


def test_higher_rows_are_drawn_higher_up() -> None:
    svg = heatmap_svg([[0.0, 1.0]], WORDS, uid="t", ticks=(0,))
    root = ET.fromstring(svg)
    rects = {r.get("data-y"): float(r.get("y", "")) for r in root.iter(f"{SVG}rect")
             if r.get("class") == "cell"}
    assert rects["1"] < rects["0"]


def test_title_desc_and_axis_names_are_there_and_escaped() -> None:
    svg = heatmap_svg(grid(3, 3), WORDS, uid="map")
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "map-title map-desc"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == "Chances <&>" and title.get("id") == "map-title"
    assert desc is not None and desc.text == "How to read it."
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Your score" in texts and "Their score" in texts
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_the_half_line_runs_between_the_cells_under_and_over_one_half() -> None:
    left_low = [[0.2, 0.2], [0.8, 0.8]]  # x = 0 under one half, x = 1 over it
    svg = heatmap_svg(left_low, WORDS, uid="t", ticks=(0,))
    root = ET.fromstring(svg)
    paths = [p for p in root.iter(f"{SVG}path") if p.get("class") == "half"]
    assert len(paths) == 1
    assert paths[0].get("d", "").count("v") == 2  # one vertical edge per row
    even = heatmap_svg([[0.7, 0.7], [0.8, 0.9]], WORDS, uid="t", ticks=(0,))
    assert 'class="half"' not in even


def test_a_61_by_61_table_stays_small() -> None:
    values = [[min(1.0, max(0.0, 0.5 + (x - y) / 40)) for y in range(61)] for x in range(61)]
    svg = heatmap_svg(values, WORDS, uid="t")
    assert svg.count('class="cell"') < 61 * 14  # runs, not 3,721 squares
    assert len(svg) < 120_000


@pytest.mark.parametrize("bad", [-0.01, 1.01, float("nan")])
def test_a_chance_outside_0_and_1_is_refused(bad: float) -> None:
    with pytest.raises(ValueError):
        shade(bad)


def test_a_ragged_table_is_refused() -> None:
    with pytest.raises(ValueError):
        heatmap_svg([[0.1, 0.2], [0.3]], WORDS, uid="t")


def test_runs_cover_the_row() -> None:
    row = [random.Random(3).randrange(3) for _ in range(50)]
    found = runs(row)
    assert sum(length for _, length, _ in found) == len(row)
    for start, length, value in found:
        assert row[start : start + length] == [value] * length


def test_legend_has_ten_colours_and_the_chances_at_its_ends() -> None:
    svg = legend_svg("Chance to win", uid="k", chance=lambda c: f"{round(100 * c)} %")
    root = ET.fromstring(svg)
    swatches = [r.get("fill") for r in root.iter(f"{SVG}rect") if r.get("class") == "swatch"]
    assert swatches == list(COLOURS)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == ["Chance to win", "0 %", "50 %", "100 %"]
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == "Chance to win"
