"""The practice game's coach in a Cutthroat set: it grades on the set scores (issue 22)."""

from __future__ import annotations

import json
from functools import cache

from tutor.play.model.practice import PracticeGame, coach_view
from tutor.play.model.record import from_json, to_json
from tutor.play.model.session import Options
from tutor.questions.coach import CoachBudget, Verdict

BUDGET = CoachBudget(samples_cutthroat=24, time_budget=None)


@cache
def three_hands() -> tuple[PracticeGame, list[tuple[int, ...]]]:
    """Two-player Cutthroat, seed 3: the learner always makes the last legal play."""
    game = PracticeGame(Options(players=2, level=1, seed=3), budget=BUDGET)
    scores = []
    while not game.over and len(game.reviews) < 3:
        if game.learner_to_play:
            scores.append(game.session.scores)
            assert coach_view(game.session).scores == game.session.scores
            game.choose(game.legal_choices()[-1])
        else:
            game.step()
    return game, scores


def test_cutthroat_plays_are_graded_by_the_chance_to_win_the_set() -> None:
    game, scores = three_hands()
    assert any(s != (0, 0) for s in scores), "the set score never moved"
    graded = [g for review in game.reviews for _, g in review.grades]
    assert graded and all(g.scope == "set" for g in graded)
    for decision, g in ((d, g) for review in game.reviews for d, g in review.grades):
        assert decision.view.scores == decision.known.scores != ()
        assert 0.0 <= g.swing <= 1.0
        # No play loses more than the most the hand can move the set (what the coach says
        # the hand can swing).
        assert g.reach is not None and g.loss <= g.reach + 1e-9
    # Early in a set a hand swings far less than 1, and the coach still finds mistakes.
    assert any(g.is_mistake for g in graded)
    assert all(g.swing < 0.9 for g in graded if g.verdict is not Verdict.FORCED)


def test_a_record_keeps_the_swing_and_the_scope() -> None:
    game, _ = three_hands()
    again = from_json(json.loads(json.dumps(to_json(game))))
    for index, g in game.grades.items():
        kept = again.grades[index]
        assert kept.scope == "set" and abs(kept.swing - g.swing) < 1e-6
        assert kept.verdict is g.verdict
        assert g.reach is not None and kept.reach is not None
        assert abs(kept.reach - g.reach) < 1e-6


def test_a_fives_and_threes_record_reads_back_with_the_chances_of_the_match() -> None:
    """Tried in tmux (de, 40x24): the game said "um etwa 6 % geringere Chance, die Partie zu
    gewinnen", its review of the same play "um etwa 6 % geringere Gewinnchance": a record kept
    the scope of a set only, and a Fives & Threes grade came back as the chance to win a hand."""
    from tutor.words.coach import grade_lines
    from tutor.words.i18n import Speaker
    from tutor.words.play import seat_names

    game = PracticeGame(Options(game="fives-and-threes", level=1, seed=21), budget=BUDGET)
    while len(game.grades) < 2:
        game.choose(game.legal_choices()[-1]) if game.learner_to_play else game.step()
    again = from_json(json.loads(json.dumps(to_json(game))))
    assert {g.scope for g in game.grades.values()} == {"match"}
    for index, g in game.grades.items():
        kept = again.grades[index]
        assert kept.scope == "match"
        for lang in ("en", "de"):
            said = grade_lines(kept, seat_names(2), Speaker(lang))
            assert said == grade_lines(g, seat_names(2), Speaker(lang))
