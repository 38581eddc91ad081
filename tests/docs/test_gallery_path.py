"""The gallery's path through a topic: each puzzle links to the next, easiest first."""

from __future__ import annotations

import re

import pytest

from tests.docs.conftest import LANGUAGES, BuiltDocs

LABEL = {"en": "Next puzzle: ", "de": "Nächstes Rätsel: ", "pap": "Siguiente rompekabes: "}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_gallery_puzzle_but_the_last_links_to_the_next(
    built_docs: BuiltDocs, language: str
) -> None:
    pages = sorted((built_docs.html / language / "gallery").glob("*.html"))
    checked = 0
    for page in pages:
        html = page.read_text(encoding="utf-8")
        figures = re.findall(r'<figure class="domino-scenario" id="([^"]+)"', html)
        if not figures:
            continue
        links = re.findall(r'<p class="scenario-next"><a href="#([^"]+)">([^<]+)</a></p>', html)
        assert [target for target, _ in links] == figures[1:], page.name
        titles = re.findall(r'<p class="scenario-title">.*?</span> · ([^<]+)</p>', html)
        assert [label for _, label in links] == [LABEL[language] + t for t in titles[1:]]
        checked += 1
    assert checked >= 10
