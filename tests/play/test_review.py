"""The review in words: what each step says, and the plain text for screen readers (the table
written out at each play where the learner chose, no prompts)."""

from __future__ import annotations

import io
from pathlib import Path

from tests.play.tui.screens import QUICK
from tutor.play.model.practice import CoachMode, PracticeGame
from tutor.play.model.session import Options
from tutor.play.review import Review
from tutor.words.i18n import Speaker


def one_hand(options: Options, coach: CoachMode) -> PracticeGame:
    game = PracticeGame(options, coach=coach, budget=QUICK)
    while not game.session.hand_over:
        _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
    return game


def test_plain_review_writes_the_table_at_each_choice_and_the_grade_with_no_prompt() -> None:
    game = one_hand(Options(players=3, level=1, seed=21), "live")
    lines = Review(game, Speaker("en")).plain()
    assert not any(line.startswith(">") for line in lines)
    graded = [k for k, line in enumerate(lines) if "graded play" in line]
    assert len(graded) == len(game.grades) > 0
    for k in graded:  # the heading, the line, both seats, the hand, the play, the grade
        assert lines[k + 1].startswith("Line: ")
        assert lines[k + 2].startswith("Marcia: ") and lines[k + 3].startswith("Desmond: ")
        assert lines[k + 4].startswith("Your hand: ")
        assert lines[k + 5].startswith("You lay ") and lines[k + 6].startswith("Coach: ")
    assert any(line.startswith("Final line: ") for line in lines)
    assert any(line.startswith("Accuracy in game 1: ") for line in lines)


def test_with_the_coach_off_the_review_says_so_and_still_shows_the_positions() -> None:
    game = one_hand(Options(players=4, level=1, seed=2), "off")
    text = "\n".join(Review(game, Speaker("en")).plain())
    assert "no play of yours had a choice" not in text
    assert "Not graded: the coach was off" in text
    assert "The coach was off in this game: no grades." in text
    assert "Line: " in text and "Your hand: " in text


def test_two_player_cutthroat_says_every_hand_could_be_known_not_that_it_could_not() -> None:
    game = one_hand(Options(players=2, level=1, seed=7), "live")
    text = "\n".join(Review(game, Speaker("en")).plain())
    assert "Every hand could be known here: Marcia held all the tiles you could not see." in text
    assert "not knowable" not in text


def test_fives_and_threes_marks_the_value_with_every_hand_known_as_not_knowable() -> None:
    game = one_hand(Options(game="fives-and-threes", level=1, seed=4), "after")
    review = Review(game, Speaker("en"))
    said = [review.text(k) for k in review.graded]
    assert said and all(
        any(line.startswith("With all hands known (not knowable during play)") for line in s.coach)
        for s in said
    )
    assert all(s.heading.startswith("Step ") and "round 1" in s.heading for s in said)


def test_review_and_replay_of_a_record_print_the_same_steps(tmp_path: Path) -> None:
    from tutor.play.app import replay, review
    from tutor.play.model.record import export_game

    game = one_hand(Options(players=4, level=1, seed=2), "off")
    path = tmp_path / "game.json"
    export_game(game, path)
    reviewed, replayed = io.StringIO(), io.StringIO()
    assert review(path, Speaker("en"), reviewed, stdin=io.StringIO()) == 0
    assert replay(path, Speaker("en"), io.StringIO(), replayed) == 0
    assert reviewed.getvalue() == replayed.getvalue()
    text = reviewed.getvalue()
    assert "no play of yours had a choice" not in text and "\n> " not in text
    assert "The coach was off in this game: no grades." in text
