"""The Cutthroat coach in a six-love set: plays valued by the chance to win the set, graded
on the loss against what the hand can swing (issue 22)."""

from __future__ import annotations

from functools import cache

import pytest

from tutor.play.model.session import Options, Session
from tutor.questions.coach import (
    CoachBudget,
    Grade,
    SetScore,
    Verdict,
    found,
    grade,
    hand_accuracy,
)
from tutor.questions.set_score import LOSS_ENDS, WIN_ENDS, set_score
from tutor.rules import Line, Play, TableRules
from tutor.rules.position import Position
from tutor.rules.tiles import Tile, mask_of
from tutor.words.coach import grade_lines
from tutor.words.i18n import Speaker
from tutor.words.play import seat_names

BUDGET = CoachBudget(samples_cutthroat=64, time_budget=None)


@cache
def end_of_hand() -> Session:
    """Three players, seed 21, the end of the first hand (the 24th action): the learner holds
    2-2 and 2-1 with the ends 2 and 3, seat 1 and seat 2 one tile each. Neither play can win:
    after 2-1 seat 1 goes out on every deal; after 2-2 seat 2 wins about half of them."""
    session = Session(Options(players=3, level=3, seed=21))
    while len(session.actions) < 23:
        if session.learner_to_play:
            session.choose(session.legal_choices()[0])
        else:
            session.step()
    assert session.game.hands[0] == mask_of(Tile.parse(t) for t in ("2-2", "2-1"))
    return session


def view(scores: tuple[int, ...]) -> Position:
    return Position.from_game(end_of_hand().game, 0, scores=scores)


def test_on_love_against_a_seat_on_five_the_set_score_makes_the_best_play() -> None:
    two_one = Play.parse("2-1 left")
    # A lone hand: both plays lose it, so they are as good as each other.
    alone = grade(view(()), two_one, seed=1, budget=BUDGET)
    assert alone.verdict is Verdict.BEST and alone.loss == 0.0 and alone.scope == "hand"
    # At 0-5-0 a win by seat 1 ends the set six-love with the learner on love; a win by seat 2
    # does not: 2-2 keeps the set alive about half the time.
    graded = grade(view((0, 5, 0)), two_one, seed=1, budget=BUDGET)
    assert graded.scope == "set" and graded.best == Play.parse("2-2 left")
    assert graded.chance(two_one) == 0.0
    assert 0.04 < graded.loss < 0.1  # of the set: under the old threshold of 0.1...
    assert 0.1 < graded.swing < 0.3
    # ...and a mistake or worse against what the hand swings.
    assert graded.normalised_loss == pytest.approx(graded.loss / graded.swing)
    assert graded.normalised_loss >= 0.2
    assert graded.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
    assert SetScore(1, 0, 5, 1, LOSS_ENDS) in graded.reasons
    assert not found(graded, two_one) and found(graded, graded.best)
    accuracy = hand_accuracy([graded])
    assert accuracy is not None and accuracy < 50  # a mistake's accuracy, not a 95
    said = grade_lines(graded, seat_names(3), Speaker("en"))
    assert said[0].startswith(f"Coach: 2-1 on the left: {graded.verdict.value} (")
    assert said[0].endswith("less chance to win the set); 2-2 on the left was better.")
    assert said[1].startswith("This game can swing your chance to win the set by about ")
    assert any("a win by" in line and "ends the set six-love with you on love" in line
               for line in said), said
    assert "chance to win the set is" in said[-1]


def test_the_accuracy_is_of_the_normalised_loss() -> None:
    p, q = Play.parse("6-6"), Play.parse("5-5")
    lone = Grade(q, p, ((p, 0.6), (q, 0.55)), Verdict.GOOD)
    in_set = Grade(q, p, ((p, 0.6), (q, 0.55)), Verdict.INACCURACY, swing=0.25, scope="set")
    assert in_set.loss == lone.loss == pytest.approx(0.05)
    assert in_set.normalised_loss == pytest.approx(0.2)
    assert hand_accuracy([in_set]) < hand_accuracy([lone])


def test_a_carried_stake_is_told_with_what_a_win_does_to_the_set() -> None:
    hand = mask_of(Tile.parse(t) for t in ("2-2", "2-1"))

    def at(scores: tuple[int, int], stake: int) -> Position:
        return Position(Line.parse(["2-3"]), (hand, None), TableRules(players=2), sizes=(2, 2),
                        hidden_boneyard=0, scores=scores, stake=stake)

    # At 4-0 a win of one point does not end the set; after a tied block it is worth 2, and
    # it does.
    assert set_score(at((4, 0), 1)) is None
    fact = set_score(at((4, 0), 2))
    assert fact == SetScore(1, 4, 0, 2, WIN_ENDS)
    said = grade_lines(
        Grade(Play.parse("2-1 left"), Play.parse("2-2 left"),
              ((Play.parse("2-2 left"), 0.9), (Play.parse("2-1 left"), 0.7)),
              Verdict.MISTAKE, (fact,), swing=0.6, scope="set"),
        seat_names(2), Speaker("en"),
    )
    assert said[2] == (
        "With you on 4 and Marcia on 0, a win now ends the set six-love. "
        "A tied block carried the stake: this game is worth 2 points."
    )
