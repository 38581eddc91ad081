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


def test_hidden_characters_and_line_breaks_never_reach_a_page() -> None:
    """Issue 23: a title, story, hint or id with bidi, zero-width or line-breaking characters
    (put in by hand: the reader refuses them) is shown with the characters as escapes, and the
    story paragraph by paragraph."""
    from dataclasses import replace

    from tutor.terminal import is_hidden

    s = parse_scenario(BASE)
    evil = replace(
        s,
        id="test/\u202eevil",
        title="Both\u2028ends\u200b are hard",
        story="One\nparagraph.\n\nA\u200f second.",
        question=replace(s.question, hint="Count\u061c.\nCorrect answer: 6-6"),
    )
    html = scenario_html(evil, Speaker("en"), "s1")
    assert not [c for c in html if is_hidden(c)]
    assert "Both\\u2028ends\\u200b are hard" in html and 'data-scenario="test/\\u202eevil"' in html
    assert '<p class="scenario-story">One paragraph.</p>' in html
    assert '<p class="scenario-story">A\\u200f second.</p>' in html
    assert "Count\\u061c.\\nCorrect answer: 6-6" in html
