"""The calibration map: the coach's chance of one sampled deal, made to mean what it says.

The coach values a play by the mean, over sampled deals, of the match (set) equity after each
deal is played out with every hand known (``tutor.questions.chances``). Measured against what
happened in seeded self-play, those chances were too sure of themselves: of the Fives & Threes
predictions near 15% about a quarter won, of those near 85% about four in five (issue 22).
Two causes are known and neither could be measured away in the deals themselves: each deal is
solved with both hands known (the information leak of perfect-information sampling: the
solver plays a hand no one at the table can see), and the tables assume every hand or game
is an independent draw of level-5 play from the start. ``tools/calibration_map.py`` measured
the predictions in seeded self-play on seeds apart from the benchmark's, and fitted one
number per game: how much the log-odds of a chance are to be shrunk towards the chance of a
player who knows nothing (a half in Fives & Threes; one in the number of seats in Cutthroat),

    calibrated(p) = sigmoid(c + slope * (logit(p) - c)),  c = logit(1 / seats),

by the likelihood of the outcomes, with the map applied to every deal's chance before the
mean is taken, as the coach does (``equity_data/calibration.json``, with its provenance and
the records it was fitted on). So each play's chance, the paired loss of one play against
another and its standard error, and what a Cutthroat hand can swing all come from the same
calibrated deal values and stay consistent with one another. A slope of 1 leaves a chance as
it is; 0 and 1 stay 0 and 1; the map keeps the order of chances, so no play's rank changes.

Not calibrated: a Cutthroat hand without set scores (a scenario's chance to win the hand,
counted over deals as 1 or 0) and the equity tables themselves (the docs' heat maps).

>>> m = CalibrationMap(slope=0.8, seats=2)
>>> round(m(0.15), 3), round(m(0.85), 3), m(0.5), m(0.0), m(1.0)
(0.2, 0.8, 0.5, 0.0, 1.0)
>>> round(CalibrationMap(slope=0.8, seats=4)(0.25), 12)
0.25
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

__all__ = [
    "CALIBRATION_FILE",
    "EDGE",
    "CalibrationMap",
    "calibration_map",
    "fives_threes_map",
]

CALIBRATION_FILE = "calibration.json"
EDGE = 1e-9
"""Chances this close to 0 or 1 are certain: the map leaves them as they are."""


@dataclass(frozen=True, slots=True)
class CalibrationMap:
    """A chance's log-odds shrunk by ``slope`` towards those of ``1 / seats``."""

    slope: float = 1.0
    seats: int = 2

    def __call__(self, chance: float) -> float:
        """The calibrated chance (monotone; 0 and 1 stay as they are)."""
        if self.slope == 1.0 or chance <= EDGE or chance >= 1.0 - EDGE:
            return chance
        centre = -math.log(self.seats - 1)  # logit(1 / seats)
        odds = centre + self.slope * (math.log(chance / (1.0 - chance)) - centre)
        return 1.0 / (1.0 + math.exp(-odds))


@cache
def _data() -> dict[str, Any]:
    text = files("tutor.search").joinpath("equity_data", CALIBRATION_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def calibration_map(game: str, seats: int) -> CalibrationMap:
    """The committed map of ``game`` ("fives-and-threes" or "cutthroat") at this many seats
    (its slope was fitted at the seats of the provenance; the centre moves with ``seats``).

    >>> calibration_map("fives-and-threes", 2).slope < 1.0
    True
    """
    slopes = _data()["slopes"]
    if game not in slopes:
        raise ValueError(f"no calibration map for {game}")
    return CalibrationMap(slope=float(slopes[game]), seats=seats)


def fives_threes_map() -> CalibrationMap:
    """The Fives & Threes map (two seats)."""
    return calibration_map("fives-and-threes", 2)
