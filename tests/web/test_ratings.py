"""The page's ratings (``tutor.web.ratings``) move as the terminal's do: the same answers give
the same numbers as the quiz's database (``tutor.quiz.progress``) and the same lines as
``domino-tutor progress``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.quiz.overview import rating_lines as progress_lines
from tutor.quiz.overview import sections
from tutor.quiz.progress import ProgressStore
from tutor.web.answers import scenario
from tutor.web.ratings import kept_ratings, rate

ANSWERS = [
    ("legal-plays/after-the-big-six", True),
    ("legal-plays/after-the-big-six", False),
    ("hard-ends/after-a-pass", True),
]


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_the_same_answers_give_the_terminal_s_ratings_and_lines(
    tmp_path: Path, language: str
) -> None:
    from tutor.words.i18n import Speaker

    store = ProgressStore(tmp_path / "learner.sqlite3")
    kept: dict[str, list[float]] = {}
    for n, (puzzle, right) in enumerate(ANSWERS):
        s = scenario(puzzle)
        store.record(s.id, s.topic, right=right, now=100.0 + n, game=s.game, level=s.level)
        moved = rate({"id": puzzle, "right": right, "at": 100.0 + n, "ratings": kept,
                      "language": language})
        kept.update(moved["ratings"])
    store.save()
    terminal = store.learner_ratings()
    page = kept_ratings(kept)
    for subject, (rating, count) in terminal.items():
        assert page[subject] == (rating, count)
    assert store.puzzle_ratings() == {
        subject.removeprefix("puzzle:"): rating.rating
        for subject, (rating, _) in page.items() if subject.startswith("puzzle:")
    }
    sp = Speaker(language)
    said = progress_lines(sections(store, sp, 14), sp, 200, days=14, ascii=True)
    for line in moved["lines"][1:]:
        assert "  " + line in said
    assert moved["lines"][0] == said[1]
