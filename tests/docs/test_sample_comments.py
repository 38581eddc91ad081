"""The German and Papiamentu pages show the TOML samples with comments in their language, and the
same code (issue 24: the samples of "Write a scenario" had English comments in every language)."""

from __future__ import annotations

import html
import re

import pytest

from tests.docs.conftest import BuiltDocs
from tutor.sphinxext.comments import comments, with_comments

PAGE = "write-a-scenario"


def samples(built_docs: BuiltDocs, language: str) -> list[str]:
    """The text of each TOML block of the page, as the reader sees it."""
    page = built_docs.page(language, PAGE).read_text("utf-8")
    blocks = re.findall(r'<div class="highlight-toml[^"]*"><div class="highlight"><pre>(.*?)</pre>',
                        page, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", block)) for block in blocks]


def code_of(text: str) -> str:
    """The text without its comments' words."""
    return with_comments(text, {words: "" for _, _, words in comments(text)})


@pytest.mark.parametrize("language", ["de", "pap"])
def test_the_samples_comments_are_translated_and_the_code_is_not(
    built_docs: BuiltDocs, language: str
) -> None:
    english, translated = samples(built_docs, "en"), samples(built_docs, language)
    assert len(english) == len(translated) >= 10
    said = [words for text in english for _, _, words in comments(text)]
    assert len(said) >= 9  # the first sample's (4) and the topics.toml's (5) comments
    for en, other in zip(english, translated, strict=True):
        assert code_of(other) == code_of(en)
        en_words = [words for _, _, words in comments(en)]
        other_words = [words for _, _, words in comments(other)]
        assert len(other_words) == len(en_words)
        for before, after in zip(en_words, other_words, strict=True):
            assert after != before, f"{language}: the comment {before!r} is still English"
    page = built_docs.page(language, PAGE).read_text("utf-8")
    assert "highlight-toml untranslated" not in page and "untranslated highlight" not in page


def test_english_keeps_its_comments(built_docs: BuiltDocs) -> None:
    first = samples(built_docs, "en")[0]
    assert 'game = "cutthroat"            # or "fives-and-threes"' in first
