"""A position with every hand known: what the solver searches.

``Board`` is a small frozen value: the hands as masks, the two open ends (the
number each shows and whether a double lies there, which Fives & Threes counts
twice), the seat to play, tiles on the table and out of play, the boneyard (top
first) and, for Fives & Threes, the match scores before this position. It comes
from a ``Game`` (``Board.from_game``) or from a seat's view with the hidden
tiles dealt by the sampler (``tutor.search.deals``).

>>> from tutor.rules import Game, Play, TableRules
>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "2-2"]], rules=TableRules(players=2))
>>> board = Board.from_game(game)
>>> board.turn, board.left, board.right, board.placed
(0, -1, -1, 0)
>>> game.play(Play.parse("6-6"))
>>> b = Board.from_game(game)
>>> (b.left, b.right, b.left_double, b.placed)
(6, 6, True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.rules.fast import OTHER
from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT
from tutor.rules.plays import PLAYS, Play
from tutor.rules.table_rules import FIVES_AND_THREES, TableRules
from tutor.rules.tiles import DOUBLES, FULL_SET, SUIT, TILES, Mask

__all__ = ["HIGH", "IS_DOUBLE", "LOW", "PIPS", "Board", "after_play", "play_of"]

HIGH: tuple[int, ...] = tuple(t.high for t in TILES)
"""``HIGH[i]``: the larger number of the tile with index ``i``."""
LOW: tuple[int, ...] = tuple(t.low for t in TILES)
"""``LOW[i]``: the smaller number of the tile with index ``i``."""
PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
"""``PIPS[i]``: the count of the tile with index ``i``."""
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in TILES)
"""``IS_DOUBLE[i]``: True for the doubles."""


def play_of(index: int, side: int) -> Play:
    """The engine's ``Play`` for a tile index and a side (0 left, 1 right).

    >>> str(play_of(26, 1))
    '6-5 right'
    """
    return PLAYS[index][side]


@dataclass(frozen=True, slots=True)
class Board:
    """Every hand known: the input of the exact solver.

    ``left``/``right`` are the numbers the ends show (-1 on an empty line);
    ``left_double``/``right_double`` say that a double lies at that end;
    ``placed`` is the number of tiles on the line; ``table`` their mask.
    ``pose`` is the index of the tile that must be posed (-1: any tile).
    ``boneyard`` holds tile indexes, top first. ``scores`` are the Fives & Threes
    match scores of seats 0 and 1 before this position (unused in Cutthroat);
    ``stake`` is what the Cutthroat game is worth (unused by the solver's
    yes/no question).
    """

    rules: TableRules
    hands: tuple[Mask, ...]
    turn: int
    left: int = -1
    right: int = -1
    left_double: bool = False
    right_double: bool = False
    placed: int = 0
    table: Mask = 0
    out: Mask = 0
    pose: int = -1
    boneyard: tuple[int, ...] = ()
    scores: tuple[int, int] = (0, 0)
    stake: int = 1

    @classmethod
    def from_game(cls, game: Game, *, scores: Sequence[int] = (0, 0), stake: int = 1) -> Board:
        """The board of a game in progress (``scores``: Fives & Threes match scores).

        The game's sleeping tiles simply stay out of the search: nobody draws them.
        """
        line = game.line
        first, last = line.end_tile(LEFT), line.end_tile(RIGHT)
        if len(scores) != 2:
            raise ValueError(f"scores must be two numbers (seats 0 and 1), not {tuple(scores)}")
        return cls(
            rules=game.rules,
            hands=tuple(game.hands),
            turn=game.turn,
            left=-1 if first is None else first.left,
            right=-1 if last is None else last.right,
            left_double=first is not None and first.tile.is_double,
            right_double=last is not None and last.tile.is_double,
            placed=len(line),
            table=line.mask,
            out=game.out,
            pose=-1 if game.pose is None or len(line) else game.pose.index,
            boneyard=tuple(t.index for t in game.boneyard),
            scores=(scores[0], scores[1]),
            stake=stake,
        )

    @property
    def is_fives_and_threes(self) -> bool:
        """True when the table plays Fives & Threes."""
        return self.rules.game == FIVES_AND_THREES

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def with_hands(self, hands: Sequence[Mask], boneyard: Sequence[int] = ()) -> Board:
        """The same position with other hands (and boneyard): a sampled deal."""
        return replace(self, hands=tuple(hands), boneyard=tuple(boneyard))

    def tiles_left(self) -> int:
        """Tiles still in the hands."""
        return sum(h.bit_count() for h in self.hands)

    def fits(self) -> Mask:
        """The mask of tiles that fit an open end (every tile on an empty line)."""
        if self.left < 0:
            return FULL_SET if self.pose < 0 else 1 << self.pose
        return SUIT[self.left] | SUIT[self.right]

    def plays(self) -> list[tuple[int, int]]:
        """The legal plays of the seat to play as ``(tile index, side)``, in ``Game`` order.

        Left end first, lowest index first; a tile that fits both ends when they
        show the same number is listed once, except in Fives & Threes when the
        ends count differently (one of the end tiles is a double).
        """
        return plays_on(
            self.hands[self.turn],
            self.left,
            self.right,
            self.pose,
            both=_both_sides(self),
        )


def _both_sides(board: Board) -> bool:
    if board.left != board.right:
        return True
    return (
        board.is_fives_and_threes and board.placed >= 2 and board.left_double != board.right_double
    )


def plays_on(hand: Mask, left: int, right: int, pose: int, *, both: bool) -> list[tuple[int, int]]:
    """The plays of ``hand`` on ends ``left``/``right`` (-1: empty line).

    >>> plays_on(TILES[26].bit | TILES[5].bit, 6, 5, -1, both=True)
    [(26, 0), (26, 1)]
    """
    if left < 0:
        if pose >= 0:
            return [(pose, 0)] if hand >> pose & 1 else []
        return [(i, 0) for i in range(28) if hand >> i & 1]
    moves = [(i, 0) for i in range(28) if hand >> i & 1 and SUIT[left] >> i & 1]
    if both:
        moves += [(i, 1) for i in range(28) if hand >> i & 1 and SUIT[right] >> i & 1]
    return moves


def double_bit(number: int) -> Mask:
    """The mask of the double of ``number``.

    >>> double_bit(6) == TILES[27].bit
    True
    """
    return DOUBLES & SUIT[number]


def side_play(play: Play) -> tuple[int, int]:
    """``(tile index, side)`` of an engine play.

    >>> side_play(Play.parse("6-5 right"))
    (26, 1)
    """
    return play.tile.index, 0 if play.end is LEFT else 1


def after_play(board: Board, index: int, side: int) -> Board | None:
    """The board after a play (tile index, side), or ``None`` when the play is a domino.

    No points are credited here: ``scores`` stay as they were.
    """
    hands = list(board.hands)
    hands[board.turn] &= ~(1 << index)
    if not hands[board.turn]:
        return None
    if board.left < 0:
        left, right = HIGH[index], LOW[index]
    elif side == 0:
        left, right = OTHER[index][board.left], board.right
    else:
        left, right = board.left, OTHER[index][board.right]
    double = IS_DOUBLE[index]
    return Board(
        rules=board.rules,
        hands=tuple(hands),
        turn=(board.turn + 1) % len(hands),
        left=left,
        right=right,
        left_double=double if (side == 0 or board.left < 0) else board.left_double,
        right_double=double if (side == 1 or board.left < 0) else board.right_double,
        placed=board.placed + 1,
        table=board.table | 1 << index,
        out=board.out,
        pose=-1,
        boneyard=board.boneyard,
        scores=board.scores,
        stake=board.stake,
    )
