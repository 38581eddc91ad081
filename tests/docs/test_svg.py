"""The SVG drawings of every scenario in the library, in every language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tutor.scenarios.library import load_library
from tutor.scenarios.model import Scenario
from tutor.scenarios.reader import parse_scenario
from tutor.sphinxext.scenarios import scenario_svg
from tutor.words.i18n import LANGUAGES, Speaker

SVG = "{http://www.w3.org/2000/svg}"
LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
SCENARIOS, _ERRORS = load_library([LIBRARY])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_scenario_draws_as_well_formed_svg(language: str) -> None:
    speaker = Speaker(language)
    assert SCENARIOS
    for s in SCENARIOS:
        text = scenario_svg(s, speaker, uid="x")
        root = ET.fromstring(text)
        assert root.tag == f"{SVG}svg"
        assert root.get("role") == "img"
        assert root.get("aria-labelledby") == "x-title x-desc"
        title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
        assert title is not None and title.text == speaker._(s.title)
        assert desc is not None and desc.text
        assert str(s.line) in desc.text
        tiles = root.findall(f".//{SVG}g[@class='tile']")
        known = sum(mask.bit_count() for mask in s.hands.values())
        assert len(tiles) == len(s.line) + known, s.id
        backs = root.findall(f".//{SVG}rect[@class='face-down']")
        assert len(backs) == sum(s.hidden.values()) + s.boneyard_hidden + s.boneyard.bit_count()
        assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_doubles_lie_crosswise_and_long_lines_wrap() -> None:
    s = parse_scenario(
        """
id = "t/long"
game = "cutthroat"
topic = "legal-plays"
level = 1
title = "Long"
seats = ["you", "Ann"]
[table]
line = ["0-0", "0-1", "1-1", "1-2", "2-2", "2-3", "3-3", "3-4", "4-4", "4-5", "5-5", "5-6",
        "6-6", "6-0", "0-2", "2-4", "4-6", "6-1", "1-3", "3-5", "5-0"]
[hands]
you = ["6-2"]
Ann = 6
[question]
ask = "legal-plays"
"""
    )
    root = ET.fromstring(scenario_svg(s))
    rects = {
        g.get("data-tile"): g.find(f"{SVG}rect") for g in root.findall(f".//{SVG}g[@class='tile']")
    }
    double, single = rects["3-3"], rects["0-1"]
    assert double is not None and single is not None
    assert float(double.get("height", 0)) > float(double.get("width", 0))  # crosswise
    assert float(single.get("width", 0)) > float(single.get("height", 0))  # lengthwise
    arrows = root.findall(f"{SVG}path")  # the drawing's own paths (the pips are in their tiles)
    assert len(arrows) == 4  # two row breaks, each: an arrow at a row end and at the next start


def test_tiles_are_large_enough_to_read() -> None:
    """A lengthwise tile of the line is about 60 by 30 px with pips of 7 px (was 43 by 21, 4)."""
    s = next(s for s in SCENARIOS if s.id == "hard-ends/seven-fives")
    root = ET.fromstring(scenario_svg(s))
    g = root.find(f".//{SVG}g[@data-tile='0-1']")
    assert g is not None
    rect, pips = g.find(f"{SVG}rect"), g.find(f"{SVG}path[@class='pips']")
    assert rect is not None and pips is not None
    assert float(rect.get("width", 0)) >= 56 and float(rect.get("height", 0)) >= 28
    # one pip (the 1): a dot, the round caps of a line of no length as wide as the pip
    assert re.fullmatch(r"M[\d.]+ [\d.]+h0", str(pips.get("d")))
    assert pips.get("stroke-linecap") == "round" and float(pips.get("stroke-width", 0)) >= 6


def _box(element: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(element.get("x", 0)), float(element.get("y", 0))
    return x, y, x + float(element.get("width", 0)), y + float(element.get("height", 0))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: str(s.id))
def test_both_open_ends_are_marked(scenario: Scenario) -> None:
    """A frame around the first half of the line and one around its last half, wrapped or not."""
    root = ET.fromstring(scenario_svg(scenario))
    marks = root.findall(f".//{SVG}rect[@class='open-end']")
    if not len(scenario.line):
        assert not marks
        return
    assert [m.get("data-end") for m in marks] == ["left", "right"]
    placed = list(scenario.line)
    for mark, tile, half in ((marks[0], placed[0], 0), (marks[1], placed[-1], 1)):
        g = root.find(f".//{SVG}g[@data-tile='{tile.left}-{tile.right}']")
        assert g is not None
        rect = g.find(f"{SVG}rect")
        assert rect is not None
        x0, y0, x1, y1 = _box(rect)
        mx0, my0, mx1, my1 = _box(mark)
        cx, cy = (mx0 + mx1) / 2, (my0 + my1) / 2
        assert x0 < cx < x1 and y0 < cy < y1, (scenario.id, mark.get("data-end"))
        if not tile.tile.is_double:  # lengthwise: the frame sits on the half at the end
            middle = (x0 + x1) / 2
            assert (cx < middle) if half == 0 else (cx > middle), scenario.id
