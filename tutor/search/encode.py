"""The search's own node type, and what it reads off a ``Position``.

The public functions of ``tutor.search`` take the engine's ``Position``. Inside,
the solver and the evaluation walk ``Node`` values: a small frozen value with
the hands as masks, the two open ends (the number each shows and whether a
double lies there, which Fives & Threes counts twice), the seat to play, the
boneyard (top first) and, for Fives & Threes, the match scores before this node.
``encode`` makes one from a position with every hand known; the deal sampler
makes them from a seat's view with the hidden tiles dealt (``tutor.search.deals``).

>>> from tutor.rules import Game, Play, Position, TableRules
>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "2-2"]], rules=TableRules(players=2))
>>> node = encode(Position.from_game(game))
>>> node.turn, node.left, node.right, node.placed
(0, -1, -1, 0)
>>> game.play(Play.parse("6-6"))
>>> n = encode(Position.from_game(game))
>>> (n.left, n.right, n.left_double, n.placed)
(6, 6, True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.rules.fast import HIGH, IS_DOUBLE, LOW, OTHER, plays_on
from tutor.rules.game import StepKind
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import PLAYS, Play
from tutor.rules.position import Position
from tutor.rules.table_rules import FIVES_AND_THREES, TableRules
from tutor.rules.tiles import DOUBLES, FULL_SET, SUIT, Mask

__all__ = ["Node", "NotAStudy", "after_play", "as_node", "encode", "play_of"]


def play_of(index: int, side: int) -> Play:
    """The engine's ``Play`` for a tile index and a side (0 left, 1 right).

    >>> str(play_of(26, 1))
    '6-5 right'
    """
    return PLAYS[index][side]


class NotAStudy(ValueError):
    """The position cannot be solved exactly (a hidden hand, an unknown boneyard order)."""


@dataclass(frozen=True, slots=True)
class Node:
    """Every hand known: what the exact solver searches.

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

    @property
    def is_fives_and_threes(self) -> bool:
        """True when the table plays Fives & Threes."""
        return self.rules.game == FIVES_AND_THREES

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def with_hands(self, hands: Sequence[Mask], boneyard: Sequence[int] = ()) -> Node:
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


def encode(p: Position, *, boneyard: Sequence[int] = ()) -> Node:
    """The node of a position with every hand known (``boneyard``: the order of a known
    boneyard that can be drawn, tile indexes top first).

    Raises ``NotAStudy`` when a hand is hidden or the boneyard's order is needed but
    not given. Fives & Threes scores are those of seats 0 and 1.

    >>> from tutor.rules.line import Line
    >>> n = encode(Position(Line.parse(["6-6"]), (1, 2), TableRules(players=2)))
    >>> (n.left, n.right, n.left_double, n.turn)
    (6, 6, True, 0)
    """
    hands = []
    for seat, hand in enumerate(p.hands):
        if hand is None:
            raise NotAStudy(f"the hand of {p.name(seat)} is hidden")
        hands.append(hand)
    if p.draws and (p.hidden_boneyard or p.boneyard.bit_count() != len(boneyard)):
        raise NotAStudy("the order of the boneyard is not known")
    return node_with(p, hands, tuple(boneyard) if p.draws else (), p.out)


def node_with(p: Position, hands: Sequence[Mask], boneyard: Sequence[int], out: Mask) -> Node:
    """The node of ``p`` with these hands, this boneyard (tile indexes, top first) and these
    tiles out of play: the one place a position's line, turn and scores become a node's."""
    left, right, left_double, right_double = ends_of(p.line)
    return Node(
        rules=p.rules,
        hands=tuple(hands),
        turn=p.turn,
        left=left,
        right=right,
        left_double=left_double,
        right_double=right_double,
        placed=len(p.line),
        table=p.line.mask,
        out=out,
        pose=pose_of(p),
        boneyard=tuple(boneyard),
        scores=match_scores(p),
        stake=p.stake,
    )


def as_node(position: Position | Node) -> Node:
    """A node as it is, a position encoded (the solver's public functions take either)."""
    return encode(position) if isinstance(position, Position) else position


def ends_of(line: Line) -> tuple[int, int, bool, bool]:
    """The numbers the ends show (-1 on an empty line) and whether a double lies there."""
    first, last = line.end_tile(LEFT), line.end_tile(RIGHT)
    if first is None or last is None:
        return -1, -1, False, False
    return first.left, last.right, first.tile.is_double, last.tile.is_double


def pose_of(p: Position) -> int:
    """The index of the tile that must be posed (-1: any tile, or the line is not empty)."""
    return -1 if p.pose is None or len(p.line) else p.pose.index


def viewer(p: Position) -> tuple[int, Mask]:
    """Whose view the search takes, and its hand: the seat to play when its hand is shown,
    else the one seat whose hand is shown.

    Raises ``ValueError`` when no such seat is found.
    """
    hand = p.hands[p.turn]
    if hand is not None:
        return p.turn, hand
    shown = [(seat, h) for seat, h in enumerate(p.hands) if h is not None]
    if len(shown) != 1:
        raise ValueError(f"the hand of seat {p.turn}, who is to play, is hidden")
    return shown[0]


def hand_to_play(p: Position) -> Mask:
    """The hand of the seat to play, whose view the search takes (see ``viewer``).

    Raises ``ValueError`` when the view is another seat's.
    """
    seat, hand = viewer(p)
    if seat != p.turn:
        raise ValueError(f"seat {seat} is not to play: seat {p.turn} is")
    return hand


def voids_of(p: Position) -> tuple[int, ...]:
    """Per seat, the 7-bit mask of the numbers it is known to lack (zeros: none known)."""
    return p.lacks or (0,) * len(p.hands)


def match_scores(p: Position) -> tuple[int, int]:
    """Fives & Threes: the match scores of seats 0 and 1 ((0, 0) in Cutthroat or unknown)."""
    if p.is_fives_and_threes and p.scores:
        return p.scores[0], p.scores[1]
    return 0, 0


def set_scores(p: Position) -> tuple[int, ...]:
    """Cutthroat: every seat's points in the six-love set (empty: not known, or F&3)."""
    return () if p.is_fives_and_threes else p.scores


def events_of(p: Position) -> tuple[tuple[tuple[str, int], ...], ...]:
    """With a boneyard, per seat what the others saw it do, in order: ``("lacks", mask)``
    when it drew or passed with the ends showing the numbers of the 7-bit mask,
    ``("draw", -1)`` (the tile is not seen), ``("play", tile index)``. Empty without a
    boneyard, where the voids say it all."""
    if not p.draws:
        return ()
    events: list[list[tuple[str, int]]] = [[] for _ in p.hands]
    for step in p.history:
        if step.kind is StepKind.PLAY:
            events[step.seat].append(("play", step.tile))
            continue
        if step.lacked:
            events[step.seat].append(("lacks", step.lacked))
        if step.kind is StepKind.DRAW:
            events[step.seat].append(("draw", -1))
    return tuple(tuple(e) for e in events)


def plays_seen(p: Position) -> tuple[tuple[int, int, int, int, int], ...]:
    """Every play of the history in order, as ``(seat, tile index, side, left, right)``:
    the side (0 left, 1 right) and the ends just before it as codes."""
    return tuple(
        (s.seat, s.tile, s.side, s.left, s.right) for s in p.history if s.kind is StepKind.PLAY
    )


def unseen_of(p: Position) -> Mask:
    """The tiles the seat to play has not seen: in other hands or face down.

    Known face-down tiles (a scenario's listed sleeping tiles or boneyard) are seen.
    """
    return p.unknown


def _both_sides(node: Node) -> bool:
    if node.left != node.right:
        return True
    return (
        node.is_fives_and_threes and node.placed >= 2 and node.left_double != node.right_double
    )


def double_bit(number: int) -> Mask:
    """The mask of the double of ``number``.

    >>> from tutor.rules.tiles import TILES
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


def after_play(node: Node, index: int, side: int) -> Node | None:
    """The node after a play (tile index, side), or ``None`` when the play is a domino.

    No points are credited here: ``scores`` stay as they were.
    """
    hands = list(node.hands)
    hands[node.turn] &= ~(1 << index)
    if not hands[node.turn]:
        return None
    if node.left < 0:
        left, right = HIGH[index], LOW[index]
    elif side == 0:
        left, right = OTHER[index][node.left], node.right
    else:
        left, right = node.left, OTHER[index][node.right]
    double = IS_DOUBLE[index]
    return Node(
        rules=node.rules,
        hands=tuple(hands),
        turn=(node.turn + 1) % len(hands),
        left=left,
        right=right,
        left_double=double if (side == 0 or node.left < 0) else node.left_double,
        right_double=double if (side == 1 or node.left < 0) else node.right_double,
        placed=node.placed + 1,
        table=node.table | 1 << index,
        out=node.out,
        pose=-1,
        boneyard=node.boneyard,
        scores=node.scores,
        stake=node.stake,
    )
