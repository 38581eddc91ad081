"""Honest grades: every play on the same deals, a loss called only past the threshold and the
noise, equal plays "as good as", and chances said with the precision they have (issue 22)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.questions.chances import PlayChances, play_chances
from tutor.questions.coach import (
    NOISE_Z,
    CoachBudget,
    Grade,
    Verdict,
    found,
    grade,
    hand_accuracy,
    hint,
    verdict_of,
)
from tutor.rules import Line, Play, TableRules
from tutor.rules.position import Position
from tutor.rules.seen import Seen, StepKind
from tutor.rules.tiles import Tile, mask_of
from tutor.search.evaluate import evaluate
from tutor.words.coach import percent
from tutor.words.i18n import Speaker
from tutor.words.play import grade_lines, hint_lines, seat_names

FT = TableRules(game="fives-and-threes", players=2)
BUDGET = CoachBudget(time_budget=None)


def tiles(*names: str) -> int:
    return mask_of(Tile.parse(name) for name in names)


def five_one_or_one_one() -> Position:
    """The issue's first example (seed 207, round 2): 5-1 or 1-1 on the right at 14-6.

    Today's main said "5-1 on the right: good (0% less chance to win); 1-1 on the right was
    better", both 69%.
    """
    return Position(
        Line.parse(["0-0", "0-3", "3-5", "5-6", "6-4", "4-3", "3-1"]),
        (tiles("6-6", "5-4", "5-1", "1-1"), None),
        FT,
        turn=0,
        hidden_boneyard=14,
        scores=(14, 6),
        sizes=(4, 3),
        history=(Seen(1, StepKind.PLAY, 25, 0, -1, -1),),
    )


def test_equal_plays_are_as_good_as_each_other_and_keep_the_accuracy() -> None:
    graded = grade(five_one_or_one_one(), Play.parse("5-1 right"), seed=207, budget=BUDGET)
    assert graded.verdict is Verdict.BEST
    assert graded.loss == 0.0 and not graded.is_mistake and not graded.reasons
    assert hand_accuracy([graded]) == pytest.approx(100.0, abs=0.001)
    for lang in ("en", "de", "pap"):
        text = " ".join(grade_lines(graded, seat_names(2), Speaker(lang)))
        assert "0%" not in text, text
    text = " ".join(grade_lines(graded, seat_names(2), Speaker("en")))
    assert "better" not in text, text
    other = grade(five_one_or_one_one(), Play.parse("1-1 right"), seed=207, budget=BUDGET)
    assert other.verdict is Verdict.BEST and other.loss == 0.0
    said = " ".join(grade_lines(other, seat_names(2), Speaker("en")))
    assert "better" not in said and ("as good as" in said) == (other.best != other.played)


def test_a_loss_within_the_noise_is_no_loss() -> None:
    assert verdict_of(0.25, error=0.25 / NOISE_Z) is Verdict.BEST
    assert verdict_of(0.25, error=0.25 / NOISE_Z - 0.001) is Verdict.MISTAKE
    assert verdict_of(0.04, error=0.001) is Verdict.GOOD
    assert verdict_of(0.0) is Verdict.BEST


def test_the_loss_is_paired_deal_by_deal() -> None:
    # Two plays worth the same in every deal, but the deals differ widely: no loss at all,
    # and no error, although each play's own chance is uncertain.
    deals = tuple((v, v) for v in (0.1, 0.9, 0.4, 0.7, 0.2))
    table = PlayChances((), (0.46, 0.46), (0.15, 0.15), deals, (1.0,) * 5)
    assert table.loss(0, 1) == 0.0 and table.loss_error(0, 1) == 0.0
    # One play always 0.05 better: a real loss, with no noise in it.
    deals = tuple((v + 0.05, v) for v in (0.1, 0.9, 0.4, 0.7, 0.2))
    table = PlayChances((), (0.51, 0.46), (0.15, 0.15), deals, (1.0,) * 5)
    assert table.loss(0, 1) == pytest.approx(0.05) and table.loss_error(0, 1) < 1e-9


@pytest.mark.parametrize("game", ["cutthroat", "fives-and-threes"])
def test_kept_deals_give_the_same_values_and_the_chances(game: str) -> None:
    from tutor.play.model.session import Options, Session

    session = Session(Options(game=game, players=2 if game != "cutthroat" else 3, seed=5))
    while not (session.learner_to_play and len(session.legal_choices()) > 1):
        if session.learner_to_play:
            session.choose(session.legal_choices()[0])
        else:
            session.step()
    view = session.view()
    plain = evaluate(view, random.Random(3), samples=24, min_samples=24)
    kept = evaluate(view, random.Random(3), samples=24, min_samples=24, keep_deals=True)
    assert kept.values == plain.values and not plain.outcomes
    assert len(kept.outcomes) == kept.samples == len(kept.weights)
    table = play_chances(view, kept)
    assert all(len(deal) == len(kept.values) for deal in table.deals)
    if game == "cutthroat":  # the chance is the share of deals the seat wins
        assert table.means == pytest.approx([v.mean for v in kept.values])


def test_a_retry_within_the_noise_is_found() -> None:
    p, q = Play.parse("6-6"), Play.parse("5-5")
    graded = Grade(q, p, ((p, 0.6), (q, 0.45)), Verdict.INACCURACY, loss_errors=((q, 0.07),))
    assert found(graded, q)  # 0.15 lost, but 2.1 errors: not past the noise
    sure = Grade(q, p, ((p, 0.6), (q, 0.45)), Verdict.INACCURACY, loss_errors=((q, 0.01),))
    assert not found(sure, q)


def test_a_hint_between_equal_plays_gives_no_reason_to_prefer_one() -> None:
    given_hint = hint(five_one_or_one_one(), seed=207, budget=BUDGET)
    assert given_hint is not None and given_hint.verdict is Verdict.BEST
    assert not given_hint.reasons
    assert len(hint_lines(given_hint, seat_names(2), Speaker("en"))) == 1


@given(
    st.floats(min_value=0.0, max_value=1.0),
    st.floats(min_value=0.0, max_value=0.2),
    st.sampled_from(["en", "de", "pap"]),
)
def test_a_chance_is_never_said_more_precisely_than_it_is(
    chance: float, error: float, lang: str
) -> None:
    text = percent(chance, error, Speaker(lang))
    shown = int("".join(c for c in text if c.isdigit()))
    if chance > 0 and text.endswith(" 0%"):
        pytest.fail(text)
    if text in ("0%", "100%"):
        assert error < 0.005 and abs(chance - shown / 100) < 0.005
    if text[0].isdigit():  # a bare whole percent: only when the error allows it
        assert error < 0.005
    if chance < 1.0:
        assert text != "100%"
    if chance > 0.0:
        assert text != "0%"


def test_a_real_loss_is_never_zero_percent() -> None:
    for loss in (0.001, 0.004, 0.02):
        for lang in ("en", "de", "pap"):
            assert percent(loss, 0.0, Speaker(lang)) not in ("0%", "0 %")
    assert percent(0.003, 0.0, Speaker("en")) == "less than 1%"
    assert percent(0.9996, 0.0, Speaker("en")) == "more than 99%"


def test_the_review_keeps_the_precision_of_each_grade() -> None:
    from tutor.play.model.practice import PracticeGame
    from tutor.play.model.record import from_json, to_json
    from tutor.play.model.session import Options

    budget = CoachBudget(samples_cutthroat=24, time_budget=None)
    game = PracticeGame(Options(players=2, level=1, seed=3), coach="live", budget=budget)
    while not game.reviews:
        if game.learner_to_play:
            game.choose(game.legal_choices()[-1])
        else:
            game.step()
    graded = [g for _, g in game.reviews[0].grades if g.verdict is not Verdict.FORCED]
    assert graded and all(g.errors and g.loss_errors for g in graded)
    again = from_json(to_json(game))
    for index, g in game.grades.items():
        assert again.grades[index].errors == tuple((p, round(e, 4)) for p, e in g.errors)


def test_a_cutthroat_deal_is_valued_in_the_set_when_the_set_scores_are_known() -> None:
    from tutor.questions.chances import deal_value

    rules = TableRules(players=3)
    view = Position(Line.parse(["6-6"]), (tiles("6-5"), None, None), rules, turn=0,
                    sizes=(1, 1, 1), scores=(5, 0, 0), hidden_boneyard=0)
    assert deal_value(view, 0.0) == 1.0  # winning this game wins the set six-love
    assert 0.0 < deal_value(view, 1.0) < 1.0  # seat 1 wins: 5-1-0, the set goes on
    plain = Position(Line.parse(["6-6"]), (tiles("6-5"), None, None), rules, turn=0,
                     sizes=(1, 1, 1), hidden_boneyard=0)
    assert (deal_value(plain, 0.0), deal_value(plain, 2.0)) == (1.0, 0.0)  # the game only
