"""A game in progress: seats, hands, the line, turns, passing, drawing, the end.

Seats are numbered in turn order: seat ``s + 1`` plays after seat ``s``
(counter-clockwise at the table: the next player is the one to your right).
Hands are 28-bit masks underneath; the public methods check every request and
raise an ``IllegalPlayError`` (a ``ValueError``) that leaves the state unchanged.

>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "2-2", "5-3"]], rules=TableRules(players=2),
...                        pose=Tile(6, 6))
>>> game.turn, [str(p) for p in game.legal_plays()]
(0, ['6-6 left'])
>>> game.play(Play.parse("6-6 left"))
>>> [str(p) for p in game.legal_plays()]
['6-5 left']
>>> game.play(Play.parse("6-5 right"))
>>> game.legal_plays(), game.can_play()
([], False)
>>> game.pass_turn()
>>> game.play(Play.parse("2-2 left"))
Traceback (most recent call last):
...
tutor.rules.plays.IllegalPlayError: 2-2 does not fit: the ends show 6 and 5
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from tutor.rules.analysis import key_card
from tutor.rules.line import LEFT, RIGHT, End, Line, Placed
from tutor.rules.plays import (
    IllegalPlayError,
    Outcome,
    Play,
    SetupError,
    Termination,
    blocked_outcome,
    plays_for,
)
from tutor.rules.table_rules import FIVES_AND_THREES, TableRules
from tutor.rules.tiles import (
    FULL_SET,
    SUIT,
    TILES,
    Mask,
    Tile,
    hand_count,
    mask_of,
    tiles_of,
)


@dataclass(frozen=True, slots=True)
class Deal:
    """The tiles as they come out of the shuffle."""

    hands: tuple[Mask, ...]
    boneyard: tuple[Tile, ...]
    """Face-down tiles to draw from, top first (empty unless the rules draw)."""
    out: Mask
    """Tiles known to be out of play (0-0 with three players)."""
    sleeping: Mask
    """Face-down tiles that are never drawn (Fives & Threes)."""


def deal(rules: TableRules, rng: random.Random) -> Deal:
    """Shuffle and deal for the table rules.

    >>> d = deal(TableRules(players=3), random.Random(1))
    >>> [len(tiles_of(h)) for h in d.hands], d.out == Tile(0, 0).bit
    ([9, 9, 9], True)
    >>> d = deal(TableRules(game="fives-and-threes", players=2), random.Random(1))
    >>> [len(tiles_of(h)) for h in d.hands], len(tiles_of(d.sleeping)), d.boneyard
    ([7, 7], 14, ())
    """
    tiles = [t for t in TILES if not (rules.removes_double_blank and t.is_double and t.high == 0)]
    out = FULL_SET & ~mask_of(tiles)
    rng.shuffle(tiles)
    size = rules.hand_size
    hands = tuple(mask_of(tiles[i * size : (i + 1) * size]) for i in range(rules.players))
    rest = tiles[rules.players * size :]
    if rules.draws:
        return Deal(hands, tuple(rest), out, 0)
    return Deal(hands, (), out, mask_of(rest))


class StepKind(StrEnum):
    """What one step of a game was."""

    PLAY = "play"
    PASS = "pass"
    DRAW = "draw"


class _Step(NamedTuple):
    """One entry of the undo history (a tuple: cheap to make on every play)."""

    seat: int
    kind: StepKind
    passes: int
    play: Play | None = None
    drawn: Tile | None = None


class Game:
    """One game (a hand, a round) from the pose to a domino or a block."""

    __slots__ = (
        "_history",
        "_outcome",
        "boneyard",
        "hands",
        "line",
        "out",
        "passes",
        "pose",
        "rules",
        "sleeping",
        "turn",
    )

    def __init__(
        self,
        hands: Sequence[Mask],
        *,
        rules: TableRules | None = None,
        line: Line | None = None,
        turn: int | None = None,
        boneyard: Sequence[Tile] = (),
        out: Mask = 0,
        sleeping: Mask = 0,
        pose: Tile | None = None,
    ) -> None:
        self.rules = rules if rules is not None else TableRules(players=len(hands))
        if len(hands) != self.rules.players:
            raise SetupError(f"{len(hands)} hands for a table of {self.rules.players} players")
        self.hands: list[Mask] = list(hands)
        self.line = line if line is not None else Line()
        self.boneyard: list[Tile] = list(boneyard)
        self.out = out
        self.sleeping = sleeping
        self.pose = pose if not self.line else None
        self.passes = 0
        self._history: list[_Step] = []
        self._outcome: Outcome | None = None  # pragma: no mutate (set again below)
        self._check_tiles()
        if turn is None:
            turn = self.holder(pose) if pose is not None else 0
        if not 0 <= turn < len(self.hands):
            raise SetupError(f"seat {turn} does not exist at a table of {len(self.hands)}")
        if self.pose is not None and not self.hands[turn] & self.pose.bit:
            raise SetupError(f"seat {turn} must pose {self.pose} but does not hold it")
        self.turn = turn
        self._outcome = self._blocked_or_none()

    @classmethod
    def from_hands(
        cls, hands: Iterable[Iterable[str]], *, rules: TableRules | None = None, **kwargs: object
    ) -> Game:
        """Build a game from hands written as tile texts (see ``Game``)."""
        masks = [mask_of(Tile.parse(text) for text in hand) for hand in hands]
        return cls(masks, rules=rules, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def new(
        cls, rules: TableRules, rng: random.Random, *, pose: Tile | None = None, turn: int = 0
    ) -> Game:
        """Deal a fresh game. With ``pose`` its holder plays first; else ``turn`` does."""
        return cls.from_deal(deal(rules, rng), rules, pose=pose, turn=turn)

    @classmethod
    def from_deal(
        cls, dealt: Deal, rules: TableRules, *, pose: Tile | None = None, turn: int = 0
    ) -> Game:
        """A game on a deal. With ``pose`` its holder plays first; else ``turn`` does."""
        return cls(
            dealt.hands,
            rules=rules,
            boneyard=dealt.boneyard,
            out=dealt.out,
            sleeping=dealt.sleeping,
            pose=pose,
            turn=None if pose is not None else turn,
        )

    def _check_tiles(self) -> None:
        seen = self.line.mask
        for part in [*self.hands, mask_of(self.boneyard), self.out, self.sleeping]:
            if seen & part:
                twice = ", ".join(str(t) for t in tiles_of(seen & part))  # pragma: no mutate (text)
                raise SetupError(f"tiles appear twice: {twice}")
            seen |= part
        if len(self.boneyard) != len(set(self.boneyard)):
            raise SetupError("a tile appears twice in the boneyard")  # pragma: no mutate (text)

    # --- reading the state -------------------------------------------------

    def hand(self, seat: int) -> list[Tile]:
        """The tiles a seat holds, heaviest index first."""
        return tiles_of(self.hands[seat])

    def holder(self, tile: Tile) -> int:
        """The seat holding ``tile``."""
        for seat, hand in enumerate(self.hands):
            if hand & tile.bit:
                return seat
        raise SetupError(f"nobody holds {tile}")  # pragma: no mutate (text)

    def count(self, seat: int) -> int:
        """A seat's hand count."""
        return hand_count(self.hands[seat])

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.hands)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome

    def _fitting(self, hand: Mask) -> Mask:
        left = self.line.left
        if left is None:
            return hand
        right = self.line.right
        assert right is not None
        return hand & (SUIT[left] | SUIT[right])

    def can_play(self, seat: int | None = None) -> bool:
        """True when the seat (default: the one to play) holds a tile that fits."""
        seat = self.turn if seat is None else seat
        if self.line.left is None and self.pose is not None:
            return bool(self.hands[seat] & self.pose.bit)
        return bool(self._fitting(self.hands[seat]))

    def legal_plays(self) -> list[Play]:
        """The plays open to the seat to play, left end first (see ``plays_for``)."""
        if self._outcome is not None:
            return []
        return plays_for(
            self.line,
            self.hands[self.turn],
            pose=self.pose,
            fives_and_threes=self.is_fives_and_threes,
        )

    # --- changing the state ------------------------------------------------

    def play(self, play: Play) -> None:
        """Lay a tile for the seat to play."""
        if self._outcome is not None:
            raise IllegalPlayError(
                f"the game is over: {play.tile} cannot be played ({self._ends_text()})"
            )
        tile, seat = play.tile, self.turn
        bit, hand = tile.bit, self.hands[seat]
        if not hand & bit:
            raise IllegalPlayError(
                f"{tile} is not in the hand of seat {seat}, who is to play ({self._ends_text()})"
            )
        line = self.line
        left, right = line.left, line.right
        if left is None or right is None:  # pragma: no mutate (None together: or = and)
            if self.pose is not None and tile != self.pose:
                raise IllegalPlayError(f"{self.pose} must be posed first, not {tile}")
        elif not bit & SUIT[left if play.end is LEFT else right]:
            other = RIGHT if play.end is LEFT else LEFT
            if line.fits(tile, other):
                raise IllegalPlayError(
                    f"{tile} does not fit the {play.end} end, which shows "
                    f"{line.end_number(play.end)}; it fits the {other} end, which shows "
                    f"{line.end_number(other)}"
                )
            raise IllegalPlayError(
                f"{tile} does not fit: the ends show {line.left} and {line.right}"
            )
        key = bool(hand == bit and key_card(line, tile, self.out))
        # pragma below: on an empty line place() ignores the end, so the test is a shortcut.
        line.place(tile, play.end if left is not None else LEFT)  # pragma: no mutate
        self._history.append(_Step(seat, StepKind.PLAY, self.passes, play))
        self.hands[seat] = hand = hand ^ bit
        self.passes = 0
        if not hand:
            counts = tuple(hand_count(hand) for hand in self.hands)
            self._outcome = Outcome(Termination.DOMINO, seat, counts, key)
            return
        self.turn = (seat + 1) % len(self.hands)
        self._outcome = self._blocked_or_none()

    def pass_turn(self) -> None:
        """Pass (knock): allowed only when the seat cannot play and cannot draw."""
        if self._outcome is not None:
            raise IllegalPlayError("the game is over: nobody passes")  # pragma: no mutate (text)
        if self.can_play():
            plays = ", ".join(str(p) for p in self.legal_plays())  # pragma: no mutate (text)
            raise IllegalPlayError(
                f"seat {self.turn} can play {plays} ({self._ends_text()}) and must not pass"
            )
        if self.boneyard:
            raise IllegalPlayError(f"seat {self.turn} must draw from the boneyard before passing")
        self._history.append(_Step(self.turn, StepKind.PASS, self.passes))
        self.passes += 1
        self.turn = (self.turn + 1) % len(self.hands)

    def draw(self) -> Tile:
        """Draw the top tile of the boneyard: allowed only when the seat cannot play."""
        if self._outcome is not None:
            raise IllegalPlayError("the game is over: nobody draws")  # pragma: no mutate (text)
        if not self.boneyard:
            raise IllegalPlayError(
                "the boneyard is empty: there is nothing to draw"  # pragma: no mutate (text)
            )
        if self.can_play():
            plays = ", ".join(str(p) for p in self.legal_plays())  # pragma: no mutate (text)
            raise IllegalPlayError(
                f"seat {self.turn} can play {plays} ({self._ends_text()}) and must not draw"
            )
        tile = self.boneyard.pop(0)
        self._history.append(_Step(self.turn, StepKind.DRAW, self.passes, drawn=tile))
        self.hands[self.turn] |= tile.bit
        self._outcome = self._blocked_or_none()
        return tile

    def undo(self) -> None:
        """Take back the last play, pass or draw."""
        if not self._history:
            raise IllegalPlayError("there is nothing to undo")  # pragma: no mutate (text)
        step = self._history.pop()
        self._outcome = None
        self.turn = step.seat
        self.passes = step.passes
        if step.kind is StepKind.PLAY:
            assert step.play is not None
            tile = step.play.tile
            # pragma below: a lone tile is found at the left by _end_of too (a shortcut only).
            end = LEFT if len(self.line) == 1 else self._end_of(tile)  # pragma: no mutate
            self.line.unplace(end)
            self.hands[step.seat] |= tile.bit
        elif step.kind is StepKind.DRAW:
            assert step.drawn is not None
            self.hands[step.seat] &= ~step.drawn.bit
            self.boneyard.insert(0, step.drawn)

    def _ends_text(self) -> str:
        if self.line.left is None:
            return "the table is empty"  # pragma: no mutate (text)
        return f"the ends show {self.line.left} and {self.line.right}"

    def _end_of(self, tile: Tile) -> End:
        first = self.line.end_tile(LEFT)
        return LEFT if first is not None and first.tile == tile else RIGHT

    def _blocked_or_none(self) -> Outcome | None:
        """A block: the boneyard is empty and no seat holds a tile that fits."""
        left, right = self.line.left, self.line.right
        # pragma below: the two ends are None together ("and" is the same as "or").
        if left is None or right is None or self.boneyard:  # pragma: no mutate
            return None
        open_suits = SUIT[left] | SUIT[right]
        for hand in self.hands:
            if hand & open_suits:
                return None
        return blocked_outcome(self.hands)

    @property
    def history(self) -> list[tuple[int, StepKind, Play | Tile | None]]:
        """What happened, in order: ``(seat, kind, play or drawn tile)``."""
        return [
            (s.seat, s.kind, s.play if s.kind is StepKind.PLAY else s.drawn) for s in self._history
        ]

    def copy(self) -> Game:
        """An independent copy (without the undo history)."""
        game = Game.__new__(Game)
        game.rules = self.rules
        game.hands = list(self.hands)
        game.line = self.line.copy()
        game.boneyard = list(self.boneyard)
        game.out = self.out
        game.sleeping = self.sleeping
        game.pose = self.pose
        game.passes = self.passes
        game.turn = self.turn
        game._history = []
        game._outcome = self._outcome
        return game

    @property
    def is_fives_and_threes(self) -> bool:
        """True when the table plays Fives & Threes."""
        return self.rules.game == FIVES_AND_THREES

    def placed(self) -> list[Placed]:
        """The line of play as laid, left to right."""
        return list(self.line)
