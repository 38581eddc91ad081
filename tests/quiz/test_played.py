"""``progress`` counts the practice games: games played, the accuracy of each hand (the very
number the review gave), the mistakes by topic; in the terminal and in the report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import store_game
from tutor.play.model.session import Options
from tutor.questions.coach import CoachBudget
from tutor.quiz.played import practice_games, topic_of_mistake
from tutor.store.database import Database
from tutor.store.games import save_game

BUDGET = CoachBudget(samples_fives_and_threes=8, samples_cutthroat=24, time_budget=0.2)


def played(options: Options) -> PracticeGame:
    """A whole game where the learner always makes the last legal play."""
    game = PracticeGame(options, budget=BUDGET)
    while not game.over:
        if game.learner_to_play:
            game.choose(game.legal_choices()[-1])
        else:
            game.step()
    return game


@pytest.fixture(scope="module")
def games() -> list[PracticeGame]:
    return [
        played(Options(game="cutthroat", players=2, level=1, seed=3)),
        played(Options(game="fives-and-threes", level=1, seed=5)),
    ]


def keep(folder: Path, games: list[PracticeGame]) -> Path:
    database = folder / "domino-tutor" / "learner.sqlite3"
    database.parent.mkdir(parents=True, exist_ok=True)
    for number, game in enumerate(games):
        store_game(game, database, f"{number:012x}")
    return database


def test_every_hand_has_the_accuracy_its_review_gave(tmp_path: Path, games) -> None:  # type: ignore[no-untyped-def]
    found = practice_games(Database(keep(tmp_path, games)))
    assert found.played == {"cutthroat": 1, "fives-and-threes": 1}
    assert found.total == 2 and found.finished == 2
    reviewed = [
        (review.hand, review.accuracy)
        for game in games for review in game.reviews if review.accuracy is not None
    ]
    assert [hand.hand for hand in found.hands] == [hand for hand, _ in reviewed]
    # the same: the record keeps six places of each chance (record.PLACES)
    assert [hand.accuracy for hand in found.hands] == pytest.approx(
        [accuracy for _, accuracy in reviewed], abs=0.01
    )
    mistakes = sum(len(review.mistakes) for game in games for review in game.reviews)
    assert mistakes > 0, "the games made no mistake to count"
    assert sum(count for _, count in found.mistakes()) == mistakes


def test_a_record_that_cannot_be_read_is_left_out(tmp_path: Path) -> None:
    db = Database(tmp_path / "learner.sqlite3")
    save_game(db, {"format": "domino-tutor-game", "rules": {"game": "cutthroat"},
                   "actions": "garbled", "grades": [{"action": 99}]})
    save_game(db, {"something": "else"})
    found = practice_games(db)
    assert found.played == {"cutthroat": 1} and found.hands == []


def test_a_mistake_counts_for_the_topic_its_reason_teaches() -> None:
    assert topic_of_mistake("fives-and-threes", [{"kind": "scores-now"}]) == (
        "fives-and-threes-scoring"
    )
    assert topic_of_mistake("cutthroat", []) == "play-the-odds"
    assert topic_of_mistake("cutthroat", ["not a reason", {"kind": "only-you-hold"}]) == "hard-ends"


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
@pytest.mark.parametrize("columns", [40, 80])
def test_progress_shows_the_games(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch, capsys, games, lang: str, columns: int
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", str(columns))
    keep(tmp_path, games)
    assert main(["progress", "--lang", lang]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert all(len(line) <= columns for line in lines), [x for x in lines if len(x) > columns]
    if lang == "en":
        assert "2 practice games (2 finished): Cutthroat 1 and Fives & Threes 1." in " ".join(
            line.strip() for line in lines
        )
        assert any(line.startswith("Accuracy per hand, the last") for line in lines)
        assert "Mistakes by topic:" in out
    chart = [line for line in lines if "┤" in line]
    assert chart[0].lstrip().startswith("100 ┤") and chart[-1].lstrip().startswith("0 ┤")


@pytest.mark.parametrize("suffix", [".html", ".svg"])
def test_the_report_shows_the_games(tmp_path, monkeypatch, capsys, games, suffix) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    keep(tmp_path, games)
    report = tmp_path / f"report{suffix}"
    assert main(["progress", "--report", str(report), "--lang", "en"]) == 0
    text = report.read_text(encoding="utf-8")
    assert "Accuracy per hand" in text and "Mistakes by topic" in text
    hands = sum(1 for game in games for review in game.reviews if review.accuracy is not None)
    accuracy_plot = text[text.index("<title>Accuracy per hand</title>"):]
    accuracy_plot = accuracy_plot[: accuracy_plot.index("</svg>")]
    assert accuracy_plot.count("<circle") == hands
    if suffix == ".html":
        assert "2 practice games (2 finished)" in text
    assert re.search(r"<rect [^>]*fill=\"#1f6feb\"", text), "a bar per topic"
