"""The table rules: every option of RULES.md with its default.

>>> rules = TableRules()
>>> rules.game, rules.players, rules.tied_block, rules.key_card_bonus, rules.target
('cutthroat', 4, 'carry', 1, 61)
>>> TableRules(players=2, boneyard=True).hand_size
7
>>> TableRules(players=3).hand_size
9
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

GameName = Literal["cutthroat", "fives-and-threes"]
TiedBlock = Literal["carry", "void"]

CUTTHROAT: GameName = "cutthroat"
FIVES_AND_THREES: GameName = "fives-and-threes"
GAMES: tuple[GameName, ...] = (CUTTHROAT, FIVES_AND_THREES)
TIED_BLOCK_OPTIONS: tuple[TiedBlock, ...] = ("carry", "void")
SIX_LOVE = 6
"""Points that end a Cutthroat set while another player is still on 0."""


class RulesError(ValueError):
    """A combination of table rules that RULES.md does not allow."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """The options of one table; the defaults are those of RULES.md.

    - ``game``: ``"cutthroat"`` (2-4 players) or ``"fives-and-threes"`` (2 players).
    - ``players``: 2, 3 or 4.
    - ``boneyard``: Cutthroat with 2 players only: 7 each and a boneyard to draw from
      (default: 14 each, no boneyard).
    - ``tied_block``: ``"carry"`` (a tied block makes the next game worth one more) or
      ``"void"`` (nobody scores and the stake stays 1).
    - ``key_card_bonus``: extra points for winning with the key card (0 turns it off).
    - ``target``: Fives & Threes, the exact score that wins (61).
    """

    game: GameName = CUTTHROAT
    players: int = 4
    boneyard: bool = False
    tied_block: TiedBlock = "carry"
    key_card_bonus: int = 1
    target: int = 61

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise RulesError(f"unknown game {self.game!r}: choose cutthroat or fives-and-threes")
        if self.players not in (2, 3, 4):
            raise RulesError(f"{self.players} players: a table has 2, 3 or 4 seats")
        if self.game == FIVES_AND_THREES and self.players != 2:
            raise RulesError(f"Fives & Threes is a game for 2 players, not {self.players}")
        if self.boneyard and (self.game != CUTTHROAT or self.players != 2):
            raise RulesError(
                "a boneyard to draw from is an option "  # pragma: no mutate (text)
                "of 2-player Cutthroat only"  # pragma: no mutate (text)
            )
        if self.tied_block not in TIED_BLOCK_OPTIONS:
            raise RulesError(f"tied_block is 'carry' or 'void', not {self.tied_block!r}")
        if not isinstance(self.key_card_bonus, int) or self.key_card_bonus < 0:
            raise RulesError(f"key_card_bonus must be 0 or more, not {self.key_card_bonus!r}")
        if not isinstance(self.target, int) or self.target < 1:
            raise RulesError(f"the target must be a positive number, not {self.target!r}")

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each seat."""
        if self.game == FIVES_AND_THREES or self.boneyard:
            return 7
        return {2: 14, 3: 9, 4: 7}[self.players]

    @property
    def removes_double_blank(self) -> bool:
        """True when 0-0 is taken out of the set before the deal (3-player Cutthroat)."""
        return self.game == CUTTHROAT and self.players == 3

    @property
    def draws(self) -> bool:
        """True when undealt tiles form a boneyard that players draw from."""
        return self.boneyard
