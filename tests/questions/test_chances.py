"""What a Cutthroat hand can swing in a six-love set, and the values it is divided into
(issue 22: a set chance graded as GNU Backgammon grades match play, normalised)."""

from __future__ import annotations

import pytest

from tutor.questions.chances import hand_reach, hand_swing, play_chances
from tutor.questions.coach import MIN_SWING, Verdict, normalised, verdict_of
from tutor.rules import Line, Play, TableRules
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT
from tutor.rules.tiles import Tile, mask_of
from tutor.search.calibration import calibration_map
from tutor.search.equity import cutthroat_after_game
from tutor.search.evaluate import Evaluation, PlayValue

THREE = TableRules(players=3)


def test_the_swing_is_a_win_less_the_mean_of_the_rest_weighted() -> None:
    # Made up: after a win the set chance is 0.7; the best play's other deals end at 0.0
    # (weight 1), 0.4 (weight 2) and 0.2 (a tied block, weight 1): their mean is 0.25.
    assert hand_swing(0.7, [0.0, 0.4, 0.2], [1.0, 2.0, 1.0], 0.9) == pytest.approx(0.45)
    # Every deal won: what a loss would leave is the fallback.
    assert hand_swing(0.7, [], [], 0.3) == pytest.approx(0.4)
    # A win worth less than the rest (never seen in a set, but never a negative swing).
    assert hand_swing(0.2, [0.5], [1.0], 0.0) == 0.0


def test_the_reach_is_the_most_a_play_can_lose_where_the_swing_is_less() -> None:
    # Made up, three seats: the learner's win leaves 0.5, seat 1's 0.05 (it leads the set),
    # seat 2's 0.45, a block 0.4. Play A gives the hand to seat 2 or wins; play B to seat 1.
    values = {0: 0.5, 1: 0.05, 2: 0.45, -1: 0.4}
    a = [values[o] for o in (0, 2, 2, 2)]  # 0.4625
    b = [values[o] for o in (0, 1, 1, 1)]  # 0.1625
    loss = sum(a) / 4 - sum(b) / 4
    swing = hand_swing(values[0], [values[o] for o in (2, 2, 2)], [1.0] * 3, 0.0)
    # The best play's swing (0.05) is far less than what B loses (0.3): the coach said
    # "a 6% loss" beside "can swing ... by about 3%". The reach is never less than a loss.
    assert swing == pytest.approx(0.05) and loss == pytest.approx(0.3)
    reach = hand_reach(list(values.values()))
    assert reach == pytest.approx(0.45) and reach >= loss


def test_a_loss_is_graded_against_what_the_hand_can_swing() -> None:
    # 4% of the set where the hand swings 45%: worth 0.089 of a hand, "good"; where it swings
    # 20%: worth 0.2 of a hand, a mistake. A lone hand (swing 1) is graded as before.
    assert verdict_of(normalised(0.04, 0.45)) is Verdict.GOOD
    assert verdict_of(normalised(0.04, 0.2)) is Verdict.MISTAKE
    assert normalised(0.25, 1.0) == 0.25
    # A dead hand: the divisor stops at MIN_SWING, so a tiny loss stays tiny...
    assert normalised(0.002, 0.0) == pytest.approx(0.002 / MIN_SWING)
    assert verdict_of(normalised(0.002, 0.001)) is Verdict.GOOD
    # ...and the noise is scaled alike: a loss within it stays within it.
    assert verdict_of(normalised(0.01, 0.02), normalised(0.005, 0.02)) is Verdict.BEST


def view_at(scores: tuple[int, ...]) -> Position:
    hand = mask_of(Tile.parse(t) for t in ("2-2", "2-1"))
    return Position(Line.parse(["2-3"]), (hand, None, None), THREE, sizes=(2, 1, 1),
                    scores=scores)


def made_up(view: Position) -> Evaluation:
    """Two plays on four deals: after 2-1 seat 1 wins them all; after 2-2 seat 2 wins two,
    the learner one, seat 1 one (winners as ``Evaluation.outcomes`` give them)."""
    plays = (Play.parse("2-1 left"), Play.parse("2-2 left"))
    values = tuple(PlayValue(p, 0.0, 0.0) for p in plays)
    outcomes = ((1.0, 2.0), (1.0, 2.0), (1.0, 0.0), (1.0, 1.0))
    return Evaluation(values, 4, "exact", outcomes, (1.0,) * 4)


def test_a_seat_on_five_with_another_on_love_changes_what_a_lost_hand_is_worth() -> None:
    # The learner on love, seat 1 on 5, seat 2 on love: a win by seat 1 ends the set with
    # the learner on love; a win by seat 2 does not.
    # The raw set equities (``calibrated=False``); the calibrated table maps each deal's.
    view = view_at((0, 5, 0))
    table = play_chances(view, made_up(view), calibrated=False)
    after = {w: cutthroat_after_game((0, 5, 0), 1, w, THREE)[0] for w in (0, 1, 2)}
    mapped = calibration_map(CUTTHROAT, 3)
    calibrated = play_chances(view, made_up(view))
    assert calibrated.means[1] == pytest.approx((2 * mapped(after[2]) + mapped(after[0])) / 4)
    assert calibrated.means[1] != pytest.approx(table.means[1])
    assert after[1] == 0.0 < after[2] < after[0]
    assert table.scope == "set"
    assert table.means[0] == 0.0
    assert table.means[1] == pytest.approx((2 * after[2] + after[0]) / 4)
    # The swing, from the best play's deals: a win, less the mean of the three it does not win.
    assert table.swing == pytest.approx(after[0] - (2 * after[2] + after[1]) / 3)
    # Without the set scores the same deals are a lone hand: win 1, else 0, swing 1.
    plain = play_chances(view_at(()), made_up(view_at(())))
    assert plain.scope == "hand" and plain.swing == 1.0
    assert plain.means == (0.0, 0.25)
