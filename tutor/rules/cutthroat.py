"""Cutthroat six-love sets: stakes, ties, the key-card bonus, six-love, bruck, the pose.

>>> after = after_game((5, 0, 2, 0), stake=1, winner=0, rules=TableRules())
>>> after.result, after.scores, after.stake, after.poser
('six-love', (6, 0, 2, 0), 1, None)
>>> after_game((2, 1, 1, 0), stake=1, winner=3, rules=TableRules()).result
'bruck'
>>> tie = after_game((2, 0, 1, 0), stake=1, winner=None, rules=TableRules())
>>> tie.result, tie.stake, tie.poser
('continue', 2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.rules.table_rules import SIX_LOVE, TableRules
from tutor.rules.tiles import DOUBLES, TILES, Mask, Tile, iter_indexes

SetResult = Literal["continue", "six-love", "bruck"]
SIX_SIX = Tile(6, 6)


@dataclass(frozen=True, slots=True)
class AfterGame:
    """What a finished game does to the set.

    ``poser`` is the seat that poses the next game with any tile, or ``None``
    when the holder of 6-6 poses it (the first game of a set, so also after a
    six-love; after a tied block; after a bruck).
    """

    result: SetResult
    scores: tuple[int, ...]
    stake: int
    poser: int | None
    points: int
    """Points the winner took (stake plus any key-card bonus; 0 on a tie)."""
    winner: int | None
    key_card: bool = False

    @property
    def over(self) -> bool:
        """True when somebody dropped six-love."""
        return self.result == "six-love"

    @property
    def losers_on_love(self) -> tuple[int, ...]:
        """The seats still on 0 when the set ends six-love (empty otherwise)."""
        if not self.over:
            return ()
        return tuple(seat for seat, score in enumerate(self.scores) if score == 0)


def domino_points(stake: int, rules: TableRules, *, key_card: bool = False) -> int:
    """Points a Cutthroat win takes: the stake, plus ``key_card_bonus`` with the key card.

    >>> domino_points(2, TableRules(), key_card=True)
    3
    >>> domino_points(2, TableRules(key_card_bonus=0), key_card=True)
    2
    """
    return stake + (rules.key_card_bonus if key_card else 0)


def after_game(
    scores: Sequence[int],
    stake: int,
    winner: int | None,
    rules: TableRules,
    *,
    key_card: bool = False,
) -> AfterGame:
    """Apply one game's result to the set's scores.

    - A tied block (``winner is None``): nobody scores; with ``carry`` the next
      game is worth one more, with ``void`` the stake stays 1; 6-6 poses next.
    - A win: the winner takes the stake (plus ``key_card_bonus`` with the key
      card), the stake goes back to 1, and the winner poses next. Then, if the
      winner has 6 or more and another player is on 0, the set is over
      (six-love); otherwise, if every player has at least 1, bruck: every score
      goes back to 0 and 6-6 poses next.

    >>> after_game((0, 0), 1, 1, TableRules(players=2, key_card_bonus=1), key_card=True).points
    2
    >>> after_game((0, 0, 0), 3, None, TableRules(players=3, tied_block="void")).stake
    1
    """
    if len(scores) != rules.players:
        raise ValueError(f"{len(scores)} scores for a table of {rules.players} players")
    if winner is None:
        next_stake = stake + 1 if rules.tied_block == "carry" else 1
        return AfterGame("continue", tuple(scores), next_stake, None, 0, None)
    if not 0 <= winner < len(scores):
        raise ValueError(f"seat {winner} does not exist at a table of {len(scores)}")
    points = domino_points(stake, rules, key_card=key_card)
    new = list(scores)
    new[winner] += points
    if new[winner] >= SIX_LOVE and any(s == 0 for i, s in enumerate(new) if i != winner):
        # The set is over; the first game of the next set is posed with 6-6.
        return AfterGame("six-love", tuple(new), 1, None, points, winner, key_card)
    if all(s >= 1 for s in new):
        return AfterGame("bruck", tuple(0 for _ in new), 1, None, points, winner, key_card)
    return AfterGame("continue", tuple(new), 1, winner, points, winner, key_card)


def six_six_poser(hands: Sequence[Mask]) -> tuple[int, Tile]:
    """Who poses when 6-6 should, and with which tile.

    The holder of 6-6 poses it. When 6-6 was not dealt (a 2-player game with a
    boneyard), the highest double held poses; with no double dealt, the heaviest
    tile (on equal counts, the one with the higher number).

    >>> six_six_poser([Tile(6, 6).bit, Tile(1, 1).bit])
    (0, Tile(6, 6))
    >>> six_six_poser([Tile(6, 5).bit | Tile(2, 2).bit, Tile(4, 4).bit])
    (1, Tile(4, 4))
    >>> six_six_poser([Tile(6, 3).bit, Tile(5, 4).bit | Tile(1, 0).bit])
    (0, Tile(6, 3))
    """
    dealt = 0
    for hand in hands:
        dealt |= hand
    doubles = dealt & DOUBLES
    if doubles:
        best = TILES[doubles.bit_length() - 1]
    else:
        best = max((TILES[i] for i in iter_indexes(dealt)), key=lambda t: (t.pips, t.high))
    holder = next(seat for seat, hand in enumerate(hands) if hand & best.bit)
    return holder, best
