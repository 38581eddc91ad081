"""Line numbers of TOML keys, and TOML errors turned into ``path:line`` errors."""

from __future__ import annotations

import pytest

from tutor.scenarios.model import ScenarioError
from tutor.scenarios.toml_lines import line_numbers, parse_toml

TEXT = """\
id = "x/y"  # a comment
"quoted key" = 1
[question]
ask = "hard-ends"
[ "score" ]  # spaces and quotes in a header
you = 2
ask = "again"
"""


def test_keys_and_sections_are_found_on_their_lines() -> None:
    assert line_numbers(TEXT) == {
        "id": 1,
        "quoted key": 2,
        "question": 3,
        "question.ask": 4,
        "score": 5,
        "score.you": 6,
        "score.ask": 7,
    }


def test_only_a_newline_ends_a_line() -> None:
    assert line_numbers('title = "a\u2028b\u0085c"\nlevel = 1\n')["level"] == 2


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('id = "x"\nlevel = \n', 2, "this is not valid TOML: Invalid value"),
        ("id = 1\nlevel = " + "9" * 5000 + "\n", 2, "a number is too long"),
        ("id = 1\n\nx = " + "[" * 3000 + "]" * 3000 + "\n", 3, "nested too deeply"),
    ],
)
def test_broken_toml_names_its_line(text: str, line: int, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_toml(text, "a.toml")
    assert caught.value.line == line and words in caught.value.problem, str(caught.value)


def test_good_toml_is_parsed() -> None:
    assert parse_toml(TEXT, "a.toml")["score"] == {"you": 2, "ask": "again"}
