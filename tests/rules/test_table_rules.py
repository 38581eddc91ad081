"""Table rules: the defaults of RULES.md and the options it allows."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.rules import TableRules
from tutor.rules.table_rules import RulesError


def test_defaults_are_four_player_cutthroat() -> None:
    rules = TableRules()
    assert rules.game == "cutthroat"
    assert rules.players == 4
    assert rules.boneyard is False
    assert rules.tied_block == "carry"
    assert rules.key_card_bonus == 1
    assert rules.target == 61
    assert rules.hand_size == 7
    assert not rules.removes_double_blank and not rules.draws


@pytest.mark.parametrize(
    ("kwargs", "size", "removes_00", "draws"),
    [
        ({}, 7, False, False),
        ({"players": 3}, 9, True, False),
        ({"players": 2}, 14, False, False),
        ({"players": 2, "boneyard": True}, 7, False, True),
        ({"game": "fives-and-threes", "players": 2}, 7, False, False),
    ],
)
def test_hand_sizes_and_set_up(
    kwargs: dict[str, Any], size: int, removes_00: bool, draws: bool
) -> None:
    rules = TableRules(**kwargs)
    assert rules.hand_size == size
    assert rules.removes_double_blank is removes_00
    assert rules.draws is draws


def test_options_are_accepted() -> None:
    assert TableRules(tied_block="void").tied_block == "void"
    assert TableRules(key_card_bonus=0).key_card_bonus == 0
    assert TableRules(key_card_bonus=2).key_card_bonus == 2
    assert TableRules(game="fives-and-threes", players=2, target=31).target == 31


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "draw"}, "unknown game 'draw'"),
        ({"players": 1}, "1 players"),
        ({"players": 5}, "5 players"),
        ({"game": "fives-and-threes"}, "Fives & Threes is a game for 2 players, not 4"),
        ({"game": "fives-and-threes", "players": 3}, "not 3"),
        ({"boneyard": True}, "boneyard"),
        ({"players": 3, "boneyard": True}, "boneyard"),
        ({"game": "fives-and-threes", "players": 2, "boneyard": True}, "boneyard"),
        ({"tied_block": "split"}, "'carry' or 'void'"),
        ({"key_card_bonus": -1}, "key_card_bonus"),
        ({"target": 0}, "target"),
        ({"game": "fives-and-threes", "players": 2, "target": -5}, "target"),
    ],
)
def test_invalid_combinations_raise(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as info:
        TableRules(**kwargs)
    assert message in str(info.value)


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


def test_rules_are_frozen_values() -> None:
    rules = TableRules()
    assert rules == TableRules()
    assert hash(rules) == hash(TableRules())
    with pytest.raises(AttributeError):
        rules.players = 3  # type: ignore[misc]


def test_a_target_of_one_point_is_allowed() -> None:
    """Rule: the Fives & Threes target is any positive number, 1 included (0 is refused)."""
    assert TableRules(game="fives-and-threes", players=2, target=1).target == 1
    with pytest.raises(RulesError, match="the target must be a positive number"):
        TableRules(game="fives-and-threes", players=2, target=0)
