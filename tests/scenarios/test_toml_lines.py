"""Line numbers of TOML keys, and TOML errors turned into ``path:line`` errors."""

from __future__ import annotations

import pytest

from tests.scenarios.test_reader import BASE, line_of
from tutor.scenarios.model import ScenarioError
from tutor.scenarios.reader import parse_scenario
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


QUOTED = '''\
id = "x/y"
"ti\\u0074le" = "a title"
story = """
level = 9
"""
seats = ["you", "Mar\\ncia"]
question.hint = "dotted"
[hands]
"Mar\\ncia" = 5
'Ann' = 13
"Ken\\u2028rick" = { count = 5 }
[ "sc\\u006fre" ]
you = 2
'''


def test_quoted_keys_with_escapes_and_newlines_keep_their_lines() -> None:
    """A quoted key is read as TOML reads it (its escapes, a newline in it); a line inside a
    multi-line string is no key; dotted keys and inline tables are found."""
    numbers = line_numbers(QUOTED)
    assert numbers["title"] == 2
    assert "level" not in numbers  # inside the story
    assert numbers["seats"] == 6
    assert numbers["question.hint"] == 7
    assert numbers["hands.Mar\ncia"] == 9
    assert numbers["hands.Ann"] == 10
    assert numbers["hands.Ken\u2028rick"] == 11 and numbers["hands.Ken\u2028rick.count"] == 11
    assert numbers["score"] == 12 and numbers["score.you"] == 13


def test_a_quoted_key_error_names_its_line() -> None:
    """The reader's error about a key written with an escape points at the key's line."""
    text = BASE.replace("Kenrick = 5", '"Ken\\nrick" = 5')
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "a.toml")
    assert caught.value.line == line_of(text, "Ken\\nrick"), str(caught.value)
    assert "unknown key 'hands.Ken\\nrick'" in caught.value.problem
    text = BASE.replace('title = "Both ends are hard"', '"ti\\u0074le" = 5')
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "a.toml")
    assert caught.value.line == 5 and "'title' must be" in caught.value.problem


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('id = "x"\ntitle = "never closed', 2),
        ('id = "x"\nseats = ["you",\n  "Ann"', 2),
        ('id = "x"\nstory = """never\nclosed\n\n', 2),
        ("id = 'x'\nstory = '''never closed", 2),
        ('id = "x"\n[hands', 2),
        ('id = "x"\nhands = { you = 5', 2),
        ('id = "x"\n\n# a comment\nlevel =', 4),
        ('id = "x"\nlevel =\n\n\n', 2),
    ],
)
def test_an_error_at_the_end_of_the_text_names_a_line(text: str, line: int) -> None:
    """tomllib says "at end of document" without a line: the error names the line where the
    statement that was never finished began."""
    with pytest.raises(ScenarioError) as caught:
        parse_toml(text, "a.toml")
    assert caught.value.line == line, str(caught.value)
    assert str(caught.value).startswith(f"a.toml:{line}: this is not valid TOML")
