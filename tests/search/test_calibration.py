"""The calibration benchmark (benchmarks/calibration.py): its table, its Brier score, a run."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _benchmark() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "calibration.py"
    spec = importlib.util.spec_from_file_location("calibration", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["calibration"] = module
    spec.loader.exec_module(module)
    return module


CALIBRATION = _benchmark()


def test_predictions_are_grouped_in_tenths() -> None:
    made = [(0.05, 0.0, "a"), (0.15, 1.0, "a"), (0.12, 0.0, "b"), (1.0, 1.0, "c")]
    groups = CALIBRATION.reliability(made)
    assert [(g.low, g.count) for g in groups] == [(0.0, 1), (0.1, 2), (0.9, 1)]
    assert groups[1].predicted == pytest.approx(0.135)
    assert groups[1].observed == pytest.approx(0.5)
    assert groups[1].difference == pytest.approx(0.365)
    assert groups[1].clusters == 2


def test_one_seat_set_counts_once_in_the_error() -> None:
    """Ten predictions of one seat in one set are one draw, not ten."""
    spread = [(0.5, float(k % 2), f"s{k}") for k in range(10)]
    clumped = [(0.5, 1.0, "s0")] * 5 + [(0.5, 0.0, "s1")] * 5
    assert CALIBRATION.reliability(clumped)[0].error > CALIBRATION.reliability(spread)[0].error


def test_the_brier_score() -> None:
    assert CALIBRATION.brier([(0.0, 0.0, "a"), (1.0, 1.0, "b")]) == 0.0
    assert CALIBRATION.brier([(0.3, 1.0, "a")]) == pytest.approx(0.49)


def test_a_quick_run_prints_both_tables_whatever_the_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert CALIBRATION.main(["--quick", "--jobs", jobs]) in (0, 1)
        out = capsys.readouterr().out
        assert "Cutthroat, 4 players, 1 sets of" in out
        assert "Fives & Threes to 21, 1 matches" in out
        assert "Brier score" in out
        outputs.append(re.sub(r"\(\d+ s, --jobs \d\)|CPU .*", "", out))  # times and load
    assert outputs[0] == outputs[1]
