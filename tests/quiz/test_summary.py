"""The quiz's closing lines add up and name each title once (issue 24, read in German and
Papiamentu: "Du hast 1 Frage beantwortet: 0 richtig, 1 falsch, 1 ausgelassen" for two
questions, "Punkte nach Wahrscheinlichkeit und Punkte nach Wahrscheinlichkeit", and
"Esakinan lo bolbe mas lihé: Terminá bo man, pero kon?.")."""

from __future__ import annotations

import pytest

from tutor.quiz.runner import QuizRunner
from tutor.words.i18n import Speaker


def summary(language: str, titles: list[str], right: int, wrong: int, skipped: int) -> list[str]:
    runner = QuizRunner([], object(), Speaker(language), None)  # type: ignore[arg-type]
    state = runner.state
    state.right, state.wrong, state.skipped = right, wrong, skipped
    state.missed_titles = titles
    state.missed = titles
    return runner.summary()[1:]


@pytest.mark.parametrize(("language", "counts", "again"), [
    ("en", "2 questions: 0 right, 1 wrong, 1 skipped.",
     "These will come back sooner: Many threes and Who poses next?"),
    ("de", "2 Fragen: 0 richtig, 1 falsch, 1 ausgelassen.",
     "Diese kommen früher wieder: Many threes und Who poses next?"),
])
def test_the_counts_add_up_to_the_questions_asked(language: str, counts: str, again: str) -> None:
    lines = summary(language, ["Many threes", "Many threes", "Who poses next?"], 0, 1, 1)
    assert lines == [counts, again]


def test_one_title_is_one_and_ends_the_sentence_with_its_own_mark() -> None:
    lines = summary("pap", ["Terminá bo man, pero kon?"], 0, 0, 1)
    assert lines == ["1 pregunta: 0 korekto, 0 malu, 1 saltá.",
                     "Esaki lo bolbe mas lihé: Terminá bo man, pero kon?"]
