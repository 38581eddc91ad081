"""The top of the game screen: the score. While a mistake is tried again it is the score of
that position, not the score at the end of the hand (the trial showed 'Scores: you: 3 and
Marcia: 8' over the board of the first lead)."""

from __future__ import annotations

from tests.play.tui.screens import worst_to_the_end_of_the_hand
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.tui.panels import status
from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.questions.coach import CoachBudget
from tutor.render.terminal import text
from tutor.words.i18n import Speaker

EN = Speaker("en")
STEADY = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=8, time_budget=None)


def to_the_end_of_a_hand_with_mistakes(game: str, seed: int) -> Screen:
    options = Options(game=game, players=2, level=3, seed=seed)  # type: ignore[arg-type]
    return worst_to_the_end_of_the_hand(
        Screen(PracticeGame(options, coach="live", budget=STEADY), EN)
    )


def test_a_retried_mistake_shows_the_score_of_its_position() -> None:
    screen = to_the_end_of_a_hand_with_mistakes("fives-and-threes", 21)
    review = screen.game.reviews[-1]
    assert review.mistakes, "the worst plays make mistakes"
    end_scores = screen.game.session.scores
    decision, _ = review.mistakes[0]
    assert decision.view.scores != end_scores, "the hand scored after the mistake"
    screen.learn()
    head = text(status.rows(screen, Pen(EN, 80))).splitlines()[0]
    mine, theirs = decision.view.scores
    assert head.startswith(f"Round 1. Scores: you {mine} and Marcia {theirs}."), head
