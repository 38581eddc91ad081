"""Match equity: the Fives & Threes table and the Cutthroat set chain (tutor/search/equity.py).

The table is checked for what any match-equity table must be (symmetric, exact at the target,
about even at 0-0, monotone where the exact-target rule does not bend it) and rebuilt from the
committed hands with the script that wrote it; the set chain against RULES.md's worked
positions for stakes, ties, the key card, six-love and bruck.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tutor.rules.table_rules import TableRules
from tutor.search.equity import (
    FtHand,
    cutthroat_after_game,
    cutthroat_set_equity,
    decode_hand,
    encode_hand,
    expected_rest_points,
    fives_threes_after_hand,
    fives_threes_equity,
    fives_threes_table,
    outcome_chances,
)

ROOT = Path(__file__).resolve().parents[2]
TARGET = 61


def _tool() -> ModuleType:
    path = ROOT / "tools" / "equity.py"
    spec = importlib.util.spec_from_file_location("equity_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["equity_tool"] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


# --- Fives & Threes ------------------------------------------------------------------------


def test_the_table_is_symmetric() -> None:
    """Rule: my chance and yours add up to 1 (the lead goes with the player)."""
    for a in range(TARGET + 1):
        for b in range(TARGET + 1):
            if a == b == TARGET:
                continue
            for lead in (True, False):
                mine = fives_threes_equity(a, b, my_lead=lead)
                assert mine + fives_threes_equity(b, a, my_lead=not lead) == pytest.approx(1.0)
                assert 0.0 <= mine <= 1.0


def test_the_table_is_exact_at_the_target() -> None:
    for other in range(TARGET):
        for lead in (True, False):
            assert fives_threes_equity(TARGET, other, my_lead=lead) == 1.0
            assert fives_threes_equity(other, TARGET, my_lead=lead) == 0.0
    for scores in [(TARGET, TARGET), (62, 0), (0, -1)]:
        with pytest.raises(ValueError):
            fives_threes_equity(*scores, my_lead=True)


def test_0_0_is_about_even_with_a_small_lead_advantage() -> None:
    leading = fives_threes_equity(0, 0, my_lead=True)
    assert 0.5 < leading < 0.56
    assert fives_threes_equity(0, 0, my_lead=False) == pytest.approx(1.0 - leading)


def test_the_table_is_monotone_away_from_the_target() -> None:
    """More points for me never hurt, more for you never help, while nobody is close enough
    to the target for the exact-61 rule to bend it (at 60 only a 1-point play wins, at 59
    a 2 or two 1s: there a lower score can be worth more, as with the darts finish)."""
    far = 40
    for a in range(far):
        for b in range(far):
            for lead in (True, False):
                here = fives_threes_equity(a, b, my_lead=lead)
                assert fives_threes_equity(a + 1, b, my_lead=lead) >= here, (a, b, lead)
                assert fives_threes_equity(a, b + 1, my_lead=lead) <= here, (a, b, lead)


def test_after_a_hand_the_other_player_leads() -> None:
    assert fives_threes_after_hand(20, 31, led_this_hand=True) == fives_threes_equity(
        20, 31, my_lead=False
    )
    assert fives_threes_after_hand(61, 31, led_this_hand=False) == 1.0
    assert fives_threes_after_hand(12, 61, led_this_hand=True) == 0.0


def test_a_play_that_would_pass_the_target_scores_nothing() -> None:
    """Rule (RULES.md, target): at 58 a 4-point play scores nothing, a 3-point play wins."""
    four = FtHand(13, ((0, 0, 4), (1, 1, 3)))
    three = FtHand(13, ((0, 0, 3), (1, 1, 3)))
    assert fives_threes_table([four], TARGET)[58][58] == 0.0  # only the other's 3 counts
    assert fives_threes_table([three], TARGET)[58][58] == 1.0  # the leader's 3 comes first
    # The match ends the moment a player reaches it: the other's later points do not count.
    assert fives_threes_table([FtHand(13, ((0, 1, 3), (1, 0, 3)))], TARGET)[58][58] == 0.0


def test_another_target_is_built_from_the_same_hands() -> None:
    assert fives_threes_equity(11, 3, my_lead=True, target=11) == 1.0
    even = fives_threes_equity(0, 0, my_lead=True, target=11)
    assert 0.4 < even < 0.7
    assert even + fives_threes_equity(0, 0, my_lead=False, target=11) == pytest.approx(1.0)


def test_expected_rest_points_falls_as_the_hand_goes_on() -> None:
    rest = [expected_rest_points(t) for t in range(15)]
    assert rest[0] == rest[1] == 0.0  # with one tile left somebody has chipped out
    assert all(rest[t] < rest[t + 1] for t in range(1, 14))
    assert 10 < rest[14] < 30
    with pytest.raises(ValueError):
        expected_rest_points(15)


def test_a_hand_round_trips_through_its_text() -> None:
    hand = FtHand(11, ((0, 1, 9), (4, 0, 1), (10, 1, 2)))
    assert decode_hand(encode_hand(hand)) == hand
    with pytest.raises(ValueError):
        encode_hand(FtHand(13, ((13, 0, 1),)))


def test_the_table_reproduces_from_the_committed_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """Rule: ``tools/equity.py --check`` rebuilds the stored table exactly from the stored
    hands (no new self-play)."""
    assert TOOL.check(0) == 0
    assert "reproduced" in capsys.readouterr().out


def test_the_first_committed_hand_replays_the_same() -> None:
    data = json.loads((TOOL.OUT / TOOL.FT_FILE).read_text("utf-8"))
    seed = data["provenance"]["seed"]
    assert encode_hand(TOOL.ft_hand(seed, 0)) == data["hands"][0]


# --- Cutthroat -----------------------------------------------------------------------------


def _rotate(values: tuple[int, ...] | tuple[float, ...], k: int) -> tuple:  # type: ignore[type-arg]
    return tuple(values[(i - k) % len(values)] for i in range(len(values)))


STATES = {
    2: [((0, 0), 1, None), ((3, 0), 1, 0), ((0, 5), 2, None), ((1, 0), 1, 1)],
    3: [((0, 0, 0), 1, None), ((2, 0, 1), 1, 2), ((0, 4, 0), 3, None), ((5, 0, 0), 1, 0)],
    4: [((0, 0, 0, 0), 1, None), ((2, 0, 1, 0), 1, 0), ((0, 3, 3, 1), 2, None),
        ((5, 4, 0, 3), 1, 3)],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_equities_sum_to_1_and_turn_with_the_seats(players: int) -> None:
    rules = TableRules(players=players)
    for scores, stake, poser in STATES[players]:
        values = cutthroat_set_equity(scores, stake, poser, rules)
        assert sum(values) == pytest.approx(1.0)
        assert all(0.0 <= v <= 1.0 for v in values)
        for k in range(1, players):
            turned = cutthroat_set_equity(
                _rotate(scores, k), stake, None if poser is None else (poser + k) % players, rules
            )
            assert turned == pytest.approx(_rotate(values, k))
    start = cutthroat_set_equity((0,) * players, 1, None, rules)
    assert start == pytest.approx((1.0 / players,) * players)


def test_six_love_states_give_1_and_0() -> None:
    rules = TableRules()
    assert cutthroat_set_equity((6, 0, 2, 0), 1, None, rules) == (1.0, 0.0, 0.0, 0.0)
    assert cutthroat_set_equity((0, 7, 0), 1, 1, TableRules(players=3)) == (0.0, 1.0, 0.0)
    with pytest.raises(ValueError):
        cutthroat_set_equity((1, 1, 2, 3), 1, None, rules)  # a bruck state cannot stand


def test_worked_positions_of_rules_md() -> None:
    """RULES.md "Cutthroat, six-love": after_game moves the set, the chain values it."""
    rules = TableRules()
    # 5-0-2-0, seat 0 wins the stake of 1: six-love to seats 1 and 3.
    assert cutthroat_after_game((5, 0, 2, 0), 1, 0, rules) == (1.0, 0.0, 0.0, 0.0)
    # 2-1-1-0, seat 3 wins: every player has a point, bruck: the set starts again.
    start = cutthroat_set_equity((0, 0, 0, 0), 1, None, rules)
    assert cutthroat_after_game((2, 1, 1, 0), 1, 3, rules) == start
    # A tied block: nobody scores, the next game is worth 2 and 6-6 poses.
    assert cutthroat_after_game((2, 0, 1, 0), 1, None, rules) == cutthroat_set_equity(
        (2, 0, 1, 0), 2, None, rules
    )
    # void: the stake stays 1.
    void = TableRules(tied_block="void")
    assert cutthroat_after_game((2, 0, 1, 0), 1, None, void) == cutthroat_set_equity(
        (2, 0, 1, 0), 1, None, void
    )
    # 4-0-1-0, seat 0 wins with the key card: 4 + 1 + 1 = 6, six-love; without it: 5, poses.
    assert cutthroat_after_game((4, 0, 1, 0), 1, 0, rules, key_card=True) == (1, 0, 0, 0)
    plain = cutthroat_after_game((4, 0, 1, 0), 1, 0, rules)
    assert plain == cutthroat_set_equity((5, 0, 1, 0), 1, 0, rules)
    assert plain[0] > 0.5
    # With the key card bonus off the key card is a plain win.
    off = TableRules(key_card_bonus=0)
    assert cutthroat_after_game((4, 0, 1, 0), 1, 0, off, key_card=True) == (
        cutthroat_after_game((4, 0, 1, 0), 1, 0, off)
    )


def test_a_stake_of_6_or_more_wins_the_set_or_brucks_alike() -> None:
    rules = TableRules()
    assert cutthroat_set_equity((2, 0, 1, 0), 9, None, rules) == cutthroat_set_equity(
        (2, 0, 1, 0), 6, None, rules
    )


def test_one_win_from_six_love_is_the_favourite() -> None:
    """At 5-0-0-0 any win of seat 0 ends the set."""
    values = cutthroat_set_equity((5, 0, 0, 0), 1, None, TableRules())
    assert values[0] > 0.5
    assert values[0] > 3 * max(values[1:])


def test_outcome_chances_read_the_record() -> None:
    chances = outcome_chances("0012Bt", 3)
    assert chances.wins == pytest.approx((2 / 6, 1 / 6, 1 / 6))
    assert chances.key_wins == pytest.approx((0.0, 1 / 6, 0.0))
    assert chances.tie == pytest.approx(1 / 6)
