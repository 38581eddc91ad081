"""Mistakes become puzzles: every file written validates and asks the learner's view only."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tutor.cli.app import main
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.puzzles import write_puzzles
from tutor.questions.coach import CoachBudget
from tutor.rules.series import HandOver
from tutor.scenarios.reader import load_scenario
from tutor.scenarios.writer import scenario_text
from tutor.words.i18n import Speaker

BUDGET = CoachBudget(samples_fives_and_threes=8, time_budget=0.2)


def play_and_write(seed: int, folder: Path, language: str) -> list[Path]:
    game = PracticeGame(Options(game="fives-and-threes", level=3, seed=seed), budget=BUDGET)
    written: list[Path] = []
    while not game.over:
        events = game.choose(game.legal_choices()[-1])[0] if game.learner_to_play else game.step()
        if any(isinstance(e, HandOver) for e in events):
            written += write_puzzles(game, game.reviews[-1], Speaker(language), folder)
    return written


def test_every_puzzle_written_validates(tmp_path: Path) -> None:
    written = []
    for seed, language in ((1, "en"), (2, "de"), (3, "pap")):
        written += play_and_write(seed, tmp_path, language)
    assert written, "the games made no puzzle"
    assert main(["validate", str(tmp_path)]) == 0
    for path in written:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["question"]["ask"] == "best-play"
        # The learner's view only: the other hand is a count.
        assert isinstance(data["hands"]["Marcia"], int)
        assert data["seats"][0] == "you" and data["turn"] == "you"
        # Written by the one scenario writer: read back, it writes the same bytes again.
        again = scenario_text(load_scenario(path), ("score.target",))
        assert again == path.read_text(encoding="utf-8")


def test_quiz_mine_refuses_politely_without_puzzles(
    tmp_path: Path,
    monkeypatch,
    capsys,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    try:
        code = main(["quiz", "--mine", "--plain"])
    except SystemExit as stop:
        code = stop.code  # type: ignore[assignment]
    assert code == 2
    assert "no puzzles from your games yet" in capsys.readouterr().err
