"""Cutthroat set equity (tutor/search/set_equity.py): the six-love set as a Markov chain.

Checked against RULES.md's worked positions for stakes, ties, the key card, six-love and bruck,
and for what set chances must be: they add up to 1 and turn with the seats.
"""

from __future__ import annotations

import pytest

from tutor.rules.table_rules import TableRules
from tutor.search.set_equity import cutthroat_after_game, cutthroat_set_equity, outcome_chances


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
