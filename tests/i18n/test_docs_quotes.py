"""The docs quote the tutor's own sentences: the quote in each language is the tutor's
translation, not a second one (Papiamentu docs quoted "E man aki por kambia ..." where the
tutor says "E wega aki por kambia ...")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
QUOTED = "This game can swing your chance to win the set by {swing}."
PARAGRAPH = "In Cutthroat a deal is worth your chance to win the set"


def _catalog(lang: str, domain: str):  # type: ignore[no-untyped-def]
    path = ROOT / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"
    return read_po(io.BytesIO(path.read_bytes()), locale=lang)


@pytest.mark.parametrize("lang", ["de", "pap"])
def test_the_practice_page_quotes_the_coachs_swing_sentence_as_the_tutor_says_it(
    lang: str,
) -> None:
    said = _catalog(lang, "tutor")[QUOTED].string
    before, after = said.split("{swing}")
    paragraph = next(
        m for m in _catalog(lang, "docs") if isinstance(m.id, str) and m.id.startswith(PARAGRAPH)
    )
    assert QUOTED.split("{swing}")[0] in paragraph.id
    assert before in paragraph.string, (before, paragraph.string)
    assert after.rstrip(".") in paragraph.string, (after, paragraph.string)
