"""Placeholders of the page's texts, filled in after the translation."""

from __future__ import annotations

import pytest
from docutils import nodes

from tutor.sphinxext.labelled import PLACEHOLDER, fill, fill_nodes, words


def test_placeholders_are_words_in_braces_but_not_roles() -> None:
    text = "lose {loss} or more, see {ref}`grades` and {doc}`practice`; {a_1}"
    assert PLACEHOLDER.findall(text) == ["loss", "a_1"]


def test_fill_replaces_every_placeholder_and_refuses_an_unknown_one() -> None:
    assert fill("{a} and {b}, {a}", {"a": "1", "b": "2"}) == "1 and 2, 1"
    with pytest.raises(KeyError):
        fill("{typo}", {"a": "1"})


def test_fill_nodes_keeps_code_and_the_original() -> None:
    paragraph = nodes.paragraph(
        "", "", nodes.Text("at most {n} "), nodes.literal("{n}", "{n}"), nodes.strong("", "{n}!")
    )
    filled = fill_nodes(paragraph, {"n": "5"})
    assert filled.astext() == "at most 5 {n}5!"
    assert paragraph.astext() == "at most {n} {n}{n}!"


def test_words_are_the_plain_text_on_one_line() -> None:
    paragraph = nodes.paragraph("", "", nodes.Text("Your\n"), nodes.emphasis("", "score"))
    assert words(paragraph) == "Your score"
