"""The ``Scenario`` as read: its errors, its lines, its question's ``expect`` in canonical form."""

from __future__ import annotations

import pytest

from tests.scenarios.test_reader import BASE, FIVES, line_of
from tutor.scenarios.model import SHOWN_LENGTH, ScenarioError, answer_scenario, expected, shown
from tutor.scenarios.reader import parse_scenario


def test_an_error_says_where_and_why() -> None:
    error = ScenarioError("a.toml", 3, "the level must be 1 to 5")
    assert (error.path, error.line, error.problem) == ("a.toml", 3, "the level must be 1 to 5")
    assert str(error) == "a.toml:3: the level must be 1 to 5"
    assert str(ScenarioError("a.toml", None, "cannot read the file")) == (
        "a.toml: cannot read the file"
    )


def test_shown_cuts_long_values() -> None:
    assert shown("6-5") == "'6-5'"
    assert len(shown("x" * 100)) == SHOWN_LENGTH and shown("x" * 100).endswith("...")


def test_a_scenario_points_at_the_lines_of_its_keys() -> None:
    s = parse_scenario(BASE, "base.toml")
    assert s.line_of("question.tile") == line_of(BASE, 'tile = "4-3"')
    assert s.line_of("question.seat") == line_of(BASE, "[question]")  # the section's line
    assert s.line_of("nowhere") is None
    with pytest.raises(ScenarioError, match=r"^base.toml:4: too hard$"):
        raise s.error("level", "too hard")
    assert s.turn_index == s.seat_index("you") == 0 and not s.draws


def test_expect_is_compared_in_canonical_form() -> None:
    text = FIVES.replace('expect = ["6-3 left"]', 'expect = ["3-6 LEFT"]')
    s = parse_scenario(text)
    assert expected(s) == answer_scenario(s).value
