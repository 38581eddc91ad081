"""Match equity: the Fives & Threes table and the Cutthroat set chain (tutor/search/equity.py).

The table is checked for what any match-equity table must be (symmetric, exact at the target,
about even at 0-0, monotone away from the target) and rebuilt from the committed hands with the
script that wrote it. The Cutthroat set is tested in test_set_equity.py.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tutor.search.equity import (
    FAR,
    FtHand,
    decode_hand,
    encode_hand,
    expected_rest_points,
    fives_threes_after_hand,
    fives_threes_equity,
    fives_threes_table,
    near_key,
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


def test_near_the_target_the_hands_played_knowing_the_score_are_used() -> None:
    """Rule: where a player needs 6 or fewer, the table replays the hands recorded at those
    needs (played knowing the score), not the hands from 0-0."""
    # From 60-36 the leader's 4 scores nothing; the other's 9, 8 and 8 make 61.
    blind = [FtHand(13, ((0, 0, 4), (1, 1, 9), (3, 1, 8), (5, 1, 8)))]
    knowing = {(1, FAR): [FtHand(13, ((0, 0, 1),))]}  # knowing the score, it plays a 1
    assert fives_threes_table(blind, TARGET)[60][36] == 0.0
    assert fives_threes_table(blind, TARGET, knowing)[60][36] == 1.0
    assert near_key(1, 25) == near_key(1, 40) == (1, FAR)
    assert near_key(7, 7) is None


def test_a_leader_one_point_from_the_target_is_a_big_favourite() -> None:
    """Played knowing the score, a leader on 60 against 30 finished in the hand in 96 of 100
    hands (the docstring's probe); the table must say so."""
    assert fives_threes_equity(60, 30, my_lead=True) > 0.9
    assert fives_threes_equity(59, 30, my_lead=True) > 0.9
