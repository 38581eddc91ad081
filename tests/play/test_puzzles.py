"""Mistakes become puzzles: every file written validates and asks the learner's view only."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tutor.cli.app import main
from tutor.play.model.practice import PracticeGame, decision_now
from tutor.play.model.session import Options, Session
from tutor.play.puzzles import Mistake, mistakes_of, puzzle_text, write_puzzles
from tutor.questions.coach import CoachBudget, Grade, Verdict
from tutor.rules.plays import Play
from tutor.rules.series import HandOver
from tutor.scenarios.reader import load_scenario
from tutor.scenarios.writer import scenario_text
from tutor.words.i18n import Speaker

BUDGET = CoachBudget(samples_fives_and_threes=8, time_budget=0.2)


def play_and_write(seed: int, folder: Path, game_id: str) -> list[Path]:
    game = PracticeGame(Options(game="fives-and-threes", level=3, seed=seed), budget=BUDGET)
    written: list[Path] = []
    while not game.over:
        events = game.choose(game.legal_choices()[-1])[0] if game.learner_to_play else game.step()
        if any(isinstance(e, HandOver) for e in events):
            written += write_puzzles(game.reviews[-1], folder, game_id)
    return written


def test_every_puzzle_written_validates(tmp_path: Path) -> None:
    written = []
    for seed in (1, 2, 3):
        written += play_and_write(seed, tmp_path, f"{seed:012x}")
    assert written, "the games made no puzzle"
    assert main(["validate", str(tmp_path)]) == 0
    for path in written:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["question"]["ask"] == "best-play"
        # The learner's view only: the other hand is a count.
        assert isinstance(data["hands"]["Marcia"], int)
        assert data["seats"][0] == "you" and data["turn"] == "you"
        # Facts and ids, no sentence of the coach in the language the game was played in.
        origin = data["origin"]
        assert set(origin) == {"game", "hand", "choice", "played", "best"}
        hint = data["question"]["hint"]
        assert Speaker("de")._(hint) != hint, "the hint is a msgid every catalog translates"
        # Written by the one scenario writer: read back, it writes the same bytes again.
        again = scenario_text(load_scenario(path), ("score.target",))
        assert again == path.read_text(encoding="utf-8")


def test_each_puzzle_has_its_own_title_naming_game_hand_and_choice(tmp_path: Path) -> None:
    written = play_and_write(5, tmp_path, "460e78b8765e")  # seed 5 makes 3 puzzles
    assert len(written) >= 2, "the game made too few puzzles to compare"
    scenarios = [load_scenario(path) for path in written]
    titles = [s.title for s in scenarios]
    assert len(set(titles)) == len(titles), titles
    for s in scenarios:
        assert s.origin is not None and s.origin.game == "460e78b8765e"
        assert s.title == f"Your game 460e78b8: hand {s.origin.hand}, choice {s.origin.choice}"
        assert s.id == f"mine/460e78b8765e-{s.origin.hand}-{s.origin.choice}"
        assert s.origin.played in s.position.legal_plays()


def test_the_choice_counts_the_graded_plays_of_the_hand(tmp_path: Path) -> None:
    game = PracticeGame(Options(game="fives-and-threes", level=3, seed=1), budget=BUDGET)
    seen = 0
    while not game.over:
        events = game.choose(game.legal_choices()[-1])[0] if game.learner_to_play else game.step()
        if any(isinstance(e, HandOver) for e in events):
            review = game.reviews[-1]
            for mistake in mistakes_of(review, "g"):
                decision, graded = review.grades[mistake.choice - 1]
                assert (decision, graded) == (mistake.decision, mistake.graded)
                assert graded.is_mistake and mistake.origin.hand == review.hand
                seen += 1
    assert seen == sum(len(review.mistakes) for review in game.reviews) > 0


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


def test_a_fives_and_threes_mistake_in_the_middle_of_a_hand_becomes_a_puzzle(
    tmp_path: Path,
) -> None:
    """The user trial: Fives & Threes mistakes seldom made puzzles. A learner who takes the most
    points now errs by what the play leaves to score, with more than 8 tiles in the hands, and
    only 8 or fewer were proved. Seed 7: the answer to the lead, 13 tiles in the hands; 6-2 and
    4-0 both score 2 now, and 4-0 on the right is proved best from the learner's view."""
    session = Session(Options(game="fives-and-threes", level=3, seed=7))
    while not session.learner_to_play:
        session.step()
    decision = decision_now(session)
    assert sum(decision.view.counts) == 13
    played, best = Play.parse("6-2 left"), Play.parse("4-0 right")
    chances = tuple((p, 0.7 if p == best else 0.5) for p in session.legal_choices())
    mistake = Mistake("00000000007a", decision, Grade(played, best, chances, Verdict.MISTAKE), 1)
    text = puzzle_text(mistake)
    assert text is not None, "no puzzle"
    path = tmp_path / f"{mistake.name}.toml"
    path.write_text(text, encoding="utf-8")
    puzzle = load_scenario(path)
    assert puzzle.question.ask == "winning-play" and puzzle.question.expect == ["4-0 right"]
    assert puzzle.topic == "score-the-odds" and puzzle.position.hands[1] is None
    assert main(["validate", str(tmp_path)]) == 0
