"""The calibration map (tutor.search.calibration) and the data it was fitted on."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tutor.questions.chances import deal_value
from tutor.rules import Line, Position, TableRules
from tutor.rules.tiles import TILES
from tutor.search.calibration import CalibrationMap, calibration_map

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    path = ROOT / "tools" / "calibration_map.py"
    spec = importlib.util.spec_from_file_location("calibration_map", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["calibration_map"] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
CHANCES = [k / 100 for k in range(101)]


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("slope", [0.5, 0.7, 1.0, 1.3])
def test_the_map_keeps_the_order_the_edges_and_the_centre(slope: float, seats: int) -> None:
    mapped = CalibrationMap(slope=slope, seats=seats)
    values = [mapped(p) for p in CHANCES]
    assert values == sorted(values)
    assert (mapped(0.0), mapped(1.0)) == (0.0, 1.0)
    assert mapped(1 / seats) == pytest.approx(1 / seats)
    if slope == 1.0:
        assert values == CHANCES


def test_a_slope_under_1_brings_chances_nearer_the_centre() -> None:
    mapped = CalibrationMap(slope=0.7, seats=2)
    for p in CHANCES[1:-1]:
        assert abs(mapped(p) - 0.5) <= abs(p - 0.5) + 1e-12
        assert mapped(1 - p) == pytest.approx(1 - mapped(p))  # two seats: symmetric


def test_the_coach_values_each_deal_through_the_map() -> None:
    """A Fives & Threes deal value is the raw equity after the hand, through the map."""
    ft = TableRules(game="fives-and-threes", players=2)
    view = Position(Line(), (TILES[0].bit, None), ft, hidden_boneyard=14, sizes=(7, 7),
                    scores=(30, 40))
    raw = deal_value(view, -6.0, calibrated=False)
    assert deal_value(view, -6.0) == pytest.approx(calibration_map("fives-and-threes", 2)(raw))
    assert abs(deal_value(view, -6.0) - 0.5) < abs(raw - 0.5)


def test_the_data_file_names_its_provenance() -> None:
    data = json.loads(TOOL.OUT.read_text("utf-8"))
    assert data["provenance"]["script"] == "tools/calibration_map.py"
    for game, fit in data["fit"].items():
        assert data["slopes"][game] == fit["slope"]
        assert 0 < fit["error"] < 0.5 and fit["runs"] > 10
    seeds = data["provenance"]["fives-and-threes"]["seeds"]
    assert all(first >= 1_000_000 for first, _ in seeds)  # the benchmark plays 0 to 199
    records = TOOL.read_records()
    assert [r["seed"] for r in records["fives-and-threes"]] == TOOL._seeds(TOOL.FT_SEEDS)
    assert [r["seed"] for r in records["cutthroat"]] == TOOL._seeds(TOOL.CT_SEEDS)


@pytest.mark.slow  # about 20 s
def test_the_slopes_reproduce_from_the_committed_records() -> None:
    data = json.loads(TOOL.OUT.read_text("utf-8"))
    assert TOOL.fitted(TOOL.read_records()) == data["fit"]


@pytest.mark.slow  # about 10 s
def test_the_first_match_of_the_records_replays() -> None:
    """The records come from the self-play of this code: the first match plays out again
    with the same raw chances at every decision."""
    first = TOOL.read_records()["fives-and-threes"][0]
    assert TOOL.ft_match(int(first["seed"])) == first
