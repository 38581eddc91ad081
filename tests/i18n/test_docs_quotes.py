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


def _docs_msgstr(lang: str, start: str) -> str:
    return next(
        m.string for m in _catalog(lang, "docs") if isinstance(m.id, str) and m.id.startswith(start)
    )


@pytest.mark.parametrize("lang", ["de", "pap"])
def test_the_contract_page_quotes_a_mistakes_title_as_the_quiz_says_it(lang: str) -> None:
    """The docs quoted "Deine Partie 5a54d514: Runde 3, Wahl 5" (pap "ronda 3, eskoho 5") where
    the quiz says "Spiel 3, Zug 5" ("wega 3, hugada 5")."""
    from tutor.words.i18n import Speaker
    from tutor.words.mistakes import origin_title

    said = origin_title("5a54d514f7f3", 3, 5, Speaker(lang))
    assert said in _docs_msgstr(lang, "This is a whole puzzle as `domino-tutor play` writes it")


@pytest.mark.parametrize("lang", ["de", "pap"])
def test_the_contract_page_quotes_the_cutthroat_winning_play_question(lang: str) -> None:
    """de "Welcher Zug gewinnt die Runde", pap "gana e ronda": the quiz says das Spiel, e wega."""
    asked = _catalog(lang, "tutor")[
        "Which play wins the game, whatever the others do? (like: 6-5 left)"
    ].string
    question = asked.split("?")[0]
    paragraph = _docs_msgstr(lang, "Both games. No parameters. Every hand must be shown")
    assert question.lower() in paragraph.lower(), (question, paragraph)
