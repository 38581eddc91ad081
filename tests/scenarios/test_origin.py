"""The ``[origin]`` section: optional, read strictly, written back the same, validated."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.scenarios.mining.recipes import theme_hint
from tutor.scenarios.model import ScenarioError
from tutor.scenarios.origin import old_mine
from tutor.scenarios.reader import load_scenario, parse_scenario
from tutor.scenarios.writer import scenario_text

MINE = Path(__file__).resolve().parents[1] / "quiz" / "mine"
WITH_ORIGIN = (MINE / "b77f8ddc3c2c-3-5.toml").read_text(encoding="utf-8")
SPELLED = ("table.boneyard", "table.out", "score.target")
"""What ``domino-tutor play`` spells out in a puzzle's file."""


def test_written_back_byte_for_byte() -> None:
    s = parse_scenario(WITH_ORIGIN)
    assert scenario_text(s, SPELLED) == WITH_ORIGIN


def test_a_file_without_origin_reads_as_before() -> None:
    bare = WITH_ORIGIN[: WITH_ORIGIN.index("\n\n[origin]")] + "\n"
    s = parse_scenario(bare)
    assert s.origin is None
    assert scenario_text(s, SPELLED) == bare


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ('hand = 3\n', "the key 'origin.hand' is missing"),
        ('hand = 3\n', "'origin.hand' must be 1 or more, not 0"),
        ('played = "6-2 left"', "'origin.played' names 5-3 left, which is not a legal play here"),
        ('best = "5-5 right"', "'origin.best' must be a play in quotes like \"6-5 left\""),
        ('choice = 5\n', "unknown key 'origin.move'"),
        ('game = "b77f8ddc3c2c"', "'origin.game' must be a non-empty text in quotes"),
    ],
)
def test_a_broken_origin_is_refused_with_its_line(change: str, problem: str) -> None:
    replacement = {
        "the key 'origin.hand' is missing": "",
        "'origin.hand' must be 1 or more, not 0": "hand = 0\n",
        "'origin.played' names 5-3 left, which is not a legal play here": 'played = "5-3 left"',
        "'origin.best' must be a play in quotes like \"6-5 left\"": 'best = "five-five"',
        "unknown key 'origin.move'": "choice = 5\nmove = 1\n",
        "'origin.game' must be a non-empty text in quotes": 'game = ""',
    }[problem]
    text = WITH_ORIGIN.replace(change, replacement)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "mine.toml")
    assert problem in str(caught.value)
    section = WITH_ORIGIN.count("\n", 0, WITH_ORIGIN.index("[origin]")) + 1
    assert caught.value.line is not None and caught.value.line >= section


def test_validate_accepts_a_file_with_origin(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(WITH_ORIGIN, encoding="utf-8")
    assert main(["validate", str(path)]) == 0


def test_the_theme_hint_is_the_generators() -> None:
    assert theme_hint("fives-and-threes-scoring", "best-play")
    assert theme_hint("score-the-odds", "winning-play")
    assert theme_hint("play-the-odds", "best-play") is None


def test_an_earlier_versions_puzzle_is_known_by_its_id() -> None:
    old = load_scenario(MINE / "945AC4-3-64.toml")
    assert old_mine(old) == ("945AC4", 3)
    assert old_mine(load_scenario(MINE / "b77f8ddc3c2c-3-5.toml")) is None
