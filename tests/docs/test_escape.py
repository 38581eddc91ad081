"""The docs escape what scenario files say: a title with markup is shown as text, never run."""

from __future__ import annotations

from tests.scenarios.test_reader import BASE
from tutor.scenarios.reader import parse_scenario
from tutor.sphinxext import scenario_html
from tutor.words.i18n import Speaker

EVIL = "<script>alert('x')</script>"


def test_scenario_markup_is_escaped_in_the_docs() -> None:
    text = (
        BASE.replace('title = "Both ends are hard"', f'title = "{EVIL}"')
        .replace('turn = "you"', f'turn = "you"\nstory = "<img src=x onerror=alert(1)> {EVIL}"')
        .replace('"Kenrick"]', '"<b>Kenrick</b>"]')
        .replace("Kenrick = 5", '"<b>Kenrick</b>" = 5')
        .replace("expect = 2", f'expect = 2\nhint = "{EVIL}"')
    )
    html = scenario_html(parse_scenario(text), Speaker("en"), "s1")
    assert "<script>" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "&lt;img src=x" in html
