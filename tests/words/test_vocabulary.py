"""The vocabulary: every word the learner reads that is not a sentence, in each language."""

from __future__ import annotations

import pytest

from tutor.cli.app import main
from tutor.questions.kinds import KINDS
from tutor.questions.model import Reply
from tutor.rules import LEFT, RIGHT
from tutor.scenarios.library import default_library, load_library
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import (
    EXPECTED_TEXTS,
    LEARNER,
    REPLY_WORDS,
    end_name,
    expected_text,
    format_answer,
    game_name,
    reply_words,
    seat_name,
    topic_name,
)

ENGLISH_WORDS = {"left", "right", "yes", "no", "none", "tie", "you", "continue", "and"}


@pytest.mark.parametrize("language", ["de", "pap"])
def test_the_words_are_translated(language: str) -> None:
    sp = Speaker(language)
    assert {end_name(LEFT, sp), end_name(RIGHT, sp)}.isdisjoint({"left", "right"})
    assert seat_name(LEARNER, sp) != "you" and seat_name("Marcia", sp) == "Marcia"
    assert seat_name(None, sp) != "nobody"
    assert game_name("cutthroat", sp) and topic_name("hard-ends", sp) != "Hard ends"
    assert all(expected_text(reply, sp) != EXPECTED_TEXTS[reply] for reply in Reply)
    assert reply_words(sp)["left"] == (end_name(LEFT, sp),)


def test_answers_are_formatted_once_for_every_face() -> None:
    de = Speaker("de")
    assert format_answer(True, de) == "ja" and format_answer([], de) == de._("none")
    assert format_answer(["4-3 left", "6-5 right"], de) == "4-3 links und 6-5 rechts"
    assert format_answer("tie", de) == de._("tie") and format_answer(LEARNER, de) == "du"
    assert format_answer("4-3", de) == "4-3" and format_answer(12, de) == "12"
    after = {"result": "continue", "scores": {"you": 1}, "stake": 1, "poser": "you"}
    assert format_answer(after, de) == de._(REPLY_WORDS["continue"])


def one_file_per_kind() -> dict[str, str]:
    scenarios, _ = load_library([default_library()])
    return {str(s.question.ask): s.path for s in sorted(scenarios, key=lambda s: s.path)}


@pytest.mark.parametrize("language", ["de", "pap"])
def test_answer_prints_the_answer_in_the_language_for_every_kind(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    files = one_file_per_kind()
    assert set(files) == {str(ask) for ask in KINDS}
    for ask, path in files.items():
        assert main(["answer", path, "--lang", language]) == 0
        first = capsys.readouterr().out.splitlines()[0]
        english = set(first.replace(",", " ").split()) & ENGLISH_WORDS
        assert not english, f"{ask}: {first!r} keeps {english}"
