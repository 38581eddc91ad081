"""What one seat can know: the line, the hands it sees, the tiles it can only count.

A ``Position`` is the one place above the tiles that knows which tiles are
known and which are face down, which plays are legal (with the Fives & Threes
case of equal ends that count differently), whether anybody can still play, and
what a play leads to: the game goes on, a domino (with or without the key card),
a block; the Cutthroat points it takes and the Fives & Threes points it scores.
A scenario file makes one, and ``Position.from_game(game, seat)`` is the one a
seat sees in a live game: with what the seat has seen happen, ``history`` (every
play, pass and draw with the ends it saw) and ``lacks`` (the numbers a seat is
known to lack because it passed or drew while the ends showed them).

Hands are masks, or ``None`` when the seat cannot see them; ``play()`` returns a
``PlayResult`` holding the new position, so a position never changes.

>>> line = Line.parse(["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3",
...                    "3-5", "5-4", "4-2", "2-3"])
>>> p = Position(line, (Tile(4, 3).bit, None, None, None), TableRules(), sizes=(1, 5, 5, 5))
>>> [str(play) for play in p.legal_plays()], p.key_card(Tile(4, 3))
(['4-3 left', '4-3 right'], True)
>>> result = p.play(Play.parse("4-3 left"))
>>> result.kind, result.key_card, result.game_points
(<PlayKind.DOMINO: 'domino'>, True, 2)
>>> p.play(Play.parse("6-6 left"))
Traceback (most recent call last):
...
tutor.rules.plays.IllegalPlayError: 6-6 is not in the hand of seat 0, who is to play
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from tutor.rules.analysis import EndFact, end_facts, key_card, last_tile
from tutor.rules.cutthroat import domino_points
from tutor.rules.fast import end_codes
from tutor.rules.fives_threes import PlayPoints, score_play
from tutor.rules.game import StepKind
from tutor.rules.line import LEFT, RIGHT, End, Line
from tutor.rules.plays import (
    IllegalPlayError,
    Outcome,
    Play,
    SetupError,
    blocked_outcome,
    placement_matters,
    plays_for,
)
from tutor.rules.seen import Seen, seen_in
from tutor.rules.table_rules import FIVES_AND_THREES, GameName, TableRules
from tutor.rules.tiles import FULL_SET, PIPS, SUIT, Mask, Tile, mask_of, tiles_of

if TYPE_CHECKING:
    from tutor.rules.game import Game


class PositionError(SetupError):
    """A position that cannot be: a tile in two places, a seat that does not exist."""


class HiddenHandError(ValueError):
    """A hand is needed but the seat that looks cannot see it.

    >>> HiddenHandError(2).seat
    2
    """

    def __init__(self, seat: int, why: str = "") -> None:
        self.seat = seat
        super().__init__(f"the hand of seat {seat} is hidden{': ' + why if why else ''}")


class PlayKind(Enum):
    """What a play leads to."""

    GOES_ON = "goes-on"
    """Somebody can still play."""
    DOMINO = "domino"
    """The player laid the last tile (in Fives & Threes: chips out)."""
    BLOCKED = "blocked"
    """Nobody can play any more: the counts decide."""


@dataclass(frozen=True, slots=True)
class Position:
    """What one seat can know about a game (see the module docstring).

    ``hands[s]`` is seat ``s``'s mask (seats in turn order) or ``None`` when it is
    hidden; ``sizes`` gives every hand's number of tiles when a hand is hidden.
    ``boneyard`` holds known tiles that can be drawn (2-player Cutthroat with a
    boneyard), ``sleeping`` known tiles that are never drawn (Fives & Threes), and
    ``hidden_boneyard`` counts the face-down tiles whose faces are not known.
    ``seats`` are the seats' names, for the faces above the engine.
    ``lacks[s]`` is a 7-bit mask of the numbers seat ``s`` is known to lack (bit
    ``n``: it holds no ``n``; empty: nothing is known), from its passes (with a
    boneyard: since its last draw) or from a scenario's ``lacks``; ``history`` what
    every seat saw happen in the game so far (``Seen`` steps, oldest first).
    """

    line: Line
    hands: tuple[Mask | None, ...]
    rules: TableRules
    turn: int = 0
    out: Mask = 0
    boneyard: Mask = 0
    sleeping: Mask = 0
    hidden_boneyard: int = 0
    scores: tuple[int, ...] = ()
    stake: int = 1
    pose: Tile | None = None
    seats: tuple[str, ...] = ()
    sizes: tuple[int, ...] = ()
    lacks: tuple[int, ...] = ()
    history: tuple[Seen, ...] = ()

    def __post_init__(self) -> None:
        if len(self.hands) != self.rules.players:
            raise PositionError(
                f"{len(self.hands)} hands for a table of {self.rules.players} players"
            )
        seats = len(self.hands)
        if not 0 <= self.turn < seats:
            raise PositionError(f"seat {self.turn} does not exist at a table of {seats}")
        for name, values in (("seats", self.seats), ("scores", self.scores), ("sizes", self.sizes),
                             ("lacks", self.lacks)):
            if values and len(values) != seats:
                raise PositionError(f"{len(values)} {name} for a table of {seats} players")
        if self.pose is not None and len(self.line):
            raise PositionError("a pose is only asked for while the table is empty")
        seen = self.line.mask
        for part in (*self.hands, self.out, self.boneyard, self.sleeping):
            if part is not None and seen & part:
                twice = ", ".join(str(t) for t in tiles_of(seen & part))
                raise PositionError(f"tiles appear twice: {twice}")
            seen |= part or 0

    @classmethod
    def from_game(
        cls,
        game: Game,
        seat: int | None = None,
        *,
        scores: tuple[int, ...] = (),
        stake: int = 1,
        seats: tuple[str, ...] = (),
        copy: bool = True,
    ) -> Position:
        """The position ``seat`` sees in ``game`` (``None``: every hand and the boneyard known).

        ``lacks`` and ``history`` come from the game's history (what happened before
        the game was built is not known). With ``copy=False`` the position shares
        the game's line: cheap, but only valid until the next play.

        >>> from tutor.rules.game import Game
        >>> g = Game.from_hands([["6-6", "6-1"], ["5-5", "2-2"]], rules=TableRules(players=2))
        >>> view = Position.from_game(g, 1)
        >>> view.hands == (None, mask_of([Tile(5, 5), Tile(2, 2)])), view.sizes, view.unknown_count
        (True, (2, 2), 26)
        >>> g.play(Play.parse("6-6"))
        >>> g.pass_turn()
        >>> view = Position.from_game(g, 0)
        >>> view.lacked(1), view.history[-1].kind
        ([6], <StepKind.PASS: 'pass'>)
        """
        line = game.line.copy() if copy else game.line
        pose = game.pose if not len(game.line) else None
        if (seats and len(seats) != game.seats) or (scores and len(scores) != game.seats):
            raise PositionError(f"seats and scores must name all {game.seats} seats")
        lacks, history = seen_in(game)
        if seat is None:
            boneyard = mask_of(game.boneyard)
            return _trusted(
                line, tuple(game.hands), game.rules, game.turn, game.out, boneyard,
                game.sleeping, 0, scores, stake, pose, seats, (), lacks, history,
            )  # fmt: skip
        if not 0 <= seat < game.seats:
            raise PositionError(f"seat {seat} does not exist at a table of {game.seats}")
        hands = tuple(hand if s == seat else None for s, hand in enumerate(game.hands))
        held = game.line.mask | game.out
        for hand in game.hands:
            held |= hand
        # The boneyard and the sleeping tiles; in a game built from some hands only, also
        # the tiles that are nowhere: the seat cannot tell them apart.
        face_down = (FULL_SET & ~held).bit_count()
        sizes = tuple(hand.bit_count() for hand in game.hands)
        return _trusted(
            line, hands, game.rules, game.turn, game.out, 0, 0, face_down,
            scores, stake, pose, seats, sizes, lacks, history,
        )  # fmt: skip

    # --- who and what is known ---------------------------------------------------

    @property
    def game(self) -> GameName:
        """``"cutthroat"`` or ``"fives-and-threes"``."""
        return self.rules.game

    @property
    def is_fives_and_threes(self) -> bool:
        """True when the table plays Fives & Threes."""
        return self.rules.game == FIVES_AND_THREES

    @property
    def draws(self) -> bool:
        """True when face-down tiles can be drawn (2-player Cutthroat with a boneyard)."""
        return self.rules.draws

    @property
    def hand(self) -> Mask | None:
        """The hand of the seat to play (``None`` when hidden)."""
        return self.hands[self.turn]

    def known_hand(self, seat: int, why: str = "") -> Mask:
        """A seat's hand; raises ``HiddenHandError`` when it is hidden."""
        hand = self.hands[seat]
        if hand is None:
            raise HiddenHandError(seat, why)
        return hand

    def size(self, seat: int) -> int:
        """How many tiles a seat holds (known hand, or ``sizes``)."""
        hand = self.hands[seat]
        if self.sizes:
            return self.sizes[seat]
        if hand is None:
            raise HiddenHandError(seat, "its number of tiles is not given")
        return hand.bit_count()

    @property
    def counts(self) -> tuple[int, ...]:
        """How many tiles every seat holds (see ``size``)."""
        return tuple(self.size(seat) for seat in range(len(self.hands)))

    def lacked(self, seat: int) -> list[int]:
        """The numbers ``seat`` is known to lack, lowest first."""
        mask = self.lacks[seat] if self.lacks else 0
        return [n for n in PIPS if mask >> n & 1]

    def name(self, seat: int) -> str:
        """A seat's name (its number when the position has no names)."""
        return self.seats[seat] if self.seats else str(seat)

    def score(self, seat: int) -> int:
        """A seat's score (0 when no scores are given)."""
        return self.scores[seat] if self.scores else 0

    @property
    def known(self) -> Mask:
        """Every tile whose place is known: table, out, known hands, known face-down tiles."""
        mask = self.line.mask | self.out | self.boneyard | self.sleeping
        for hand in self.hands:
            mask |= hand or 0
        return mask

    @property
    def unknown(self) -> Mask:
        """Tiles face down in a hidden hand or among the counted face-down tiles."""
        return FULL_SET & ~self.known

    @property
    def unknown_count(self) -> int:
        """How many tiles are face down and unknown."""
        return self.unknown.bit_count()

    def holder(self, tile: Tile) -> int | None:
        """The seat known to hold ``tile`` (``None``: on the table, out, or face down)."""
        for seat, hand in enumerate(self.hands):
            if hand is not None and hand & tile.bit:
                return seat
        return None

    # --- the ends ------------------------------------------------------------------

    def end_facts(self) -> list[EndFact]:
        """What each open end shows and how many of its halves are down, left first."""
        return end_facts(self.line, self.out)

    def last_tile(self, end: End) -> Tile | None:
        """The one unplayed tile that still fits ``end`` (``None`` unless it is hard)."""
        number = self.line.end_number(end)
        return None if number is None else last_tile(self.line, number, self.out)

    def key_card(self, tile: Tile) -> bool:
        """True when ``tile`` is the key: both ends hard, one showing each of its numbers."""
        return key_card(self.line, tile, self.out)

    # --- plays ---------------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """The plays of the seat to play, left end first (see ``plays_for``).

        Raises ``HiddenHandError`` when the seat to play is hidden.
        """
        hand = self.known_hand(self.turn, "its plays are not known")
        return plays_for(self.line, hand, pose=self.pose, fives_and_threes=self.is_fives_and_threes)

    def plays_of(self, tile: Tile) -> list[Play]:
        """The legal plays of one tile of the seat to play."""
        return [play for play in self.legal_plays() if play.tile == tile]

    @property
    def same_ends(self) -> bool:
        """True when a tile laid at either end makes the same line: its end does not matter.

        Both ends show one number, except in Fives & Threes when they count
        differently (one end tile is a double).
        """
        left = self.line.left
        if left is None or left != self.line.right:
            return False
        return not (self.is_fives_and_threes and placement_matters(self.line))

    def playable(self) -> Mask:
        """Unplayed tiles that a seat holds, could hold or could draw, and that fit an end."""
        left, right = self.line.left, self.line.right
        if left is None or right is None:  # pragma: no mutate (None together: or = and)
            return 0
        candidates = 0
        for hand in self.hands:
            if hand is not None:
                candidates |= hand
        if None in self.hands or (self.draws and self.hidden_boneyard):
            candidates |= self.unknown
        if self.draws:
            candidates |= self.boneyard
        return candidates & (SUIT[left] | SUIT[right]) & ~self.line.mask

    def still_fits(self) -> Play | None:
        """A tile somebody may still lay, at the first end it fits (``None`` when blocked)."""
        playable = self.playable()
        for end in (LEFT, RIGHT):
            number = self.line.end_number(end)
            if number is not None and playable & SUIT[number]:
                return Play(tiles_of(playable & SUIT[number])[0], end)
        return None

    @property
    def blocked(self) -> bool:
        """True when tiles are down and nobody can play, whatever the hidden tiles are."""
        return self.line.left is not None and not self.playable()

    def block_outcome(self) -> Outcome:
        """The counts that decide a block: every hand must be known."""
        why = "the counts decide a block"
        return blocked_outcome([self.known_hand(seat, why) for seat in range(len(self.hands))])

    def play(self, play: Play) -> PlayResult:
        """Lay a tile for the seat to play; the position itself does not change.

        A tile that fits an end is accepted there; on an empty line it goes to the
        left. Raises ``IllegalPlayError`` (nothing changes) or ``HiddenHandError``.
        """
        seat, tile = self.turn, play.tile
        hand = self.known_hand(seat, "its plays are not known")
        if not hand & tile.bit:
            raise IllegalPlayError(f"{tile} is not in the hand of seat {seat}, who is to play")
        line = self.line
        if line.left is None:
            if self.pose is not None and tile != self.pose:
                raise IllegalPlayError(f"{self.pose} must be posed first, not {tile}")
            end = LEFT
        else:
            end = play.end
            if not line.fits(tile, end):
                raise IllegalPlayError(
                    f"{tile} does not fit the {end} end, which shows {line.end_number(end)}"
                )
        after_line = line.copy()
        after_line.place(tile, end)
        rest = hand & ~tile.bit
        hands = tuple(rest if s == seat else h for s, h in enumerate(self.hands))
        sizes = tuple(n - 1 if s == seat else n for s, n in enumerate(self.sizes))
        seen = Seen(seat, StepKind.PLAY, tile.index, 0 if end is LEFT else 1, *end_codes(line))
        after = _trusted(
            after_line,
            hands,
            self.rules,
            (seat + 1) % len(hands),
            self.out,
            self.boneyard,
            self.sleeping,
            self.hidden_boneyard,
            self.scores,
            self.stake,
            None,
            self.seats,
            sizes,
            self.lacks,
            (*self.history, seen),
        )
        key = not rest and key_card(line, tile, self.out)
        if not rest:
            kind = PlayKind.DOMINO
        elif after.blocked:
            kind = PlayKind.BLOCKED
        else:
            kind = PlayKind.GOES_ON
        return PlayResult(Play(tile, end), seat, self, after, kind, key)


def _trusted(
    line: Line,
    hands: tuple[Mask | None, ...],
    rules: TableRules,
    turn: int,
    out: Mask,
    boneyard: Mask,
    sleeping: Mask,
    hidden_boneyard: int,
    scores: tuple[int, ...],
    stake: int,
    pose: Tile | None,
    seats: tuple[str, ...],
    sizes: tuple[int, ...],
    lacks: tuple[int, ...],
    history: tuple[Seen, ...],
) -> Position:
    """A ``Position`` from parts already checked (a live game's, a checked position's).

    The checks of ``Position.__post_init__`` are skipped: mining a game for
    positions builds one at every play.
    """
    position = object.__new__(Position)
    put = object.__setattr__
    put(position, "line", line)
    put(position, "hands", hands)
    put(position, "rules", rules)
    put(position, "turn", turn)
    put(position, "out", out)
    put(position, "boneyard", boneyard)
    put(position, "sleeping", sleeping)
    put(position, "hidden_boneyard", hidden_boneyard)
    put(position, "scores", scores)
    put(position, "stake", stake)
    put(position, "pose", pose)
    put(position, "seats", seats)
    put(position, "sizes", sizes)
    put(position, "lacks", lacks)
    put(position, "history", history)
    return position


@dataclass(frozen=True, slots=True)
class PlayResult:
    """What a play leads to: the new position, and how the game stands."""

    play: Play
    seat: int
    before: Position
    after: Position
    kind: PlayKind
    key_card: bool
    """True when the play is a domino made with the key card."""

    @property
    def tiles_left(self) -> int:
        """Tiles the player still holds."""
        hand = self.after.hands[self.seat]
        return 0 if hand is None else hand.bit_count()

    def block_outcome(self) -> Outcome:
        """The counts after a blocking play (every hand must be known)."""
        return self.after.block_outcome()

    @property
    def game_points(self) -> int:
        """Cutthroat: the points the player takes (stake and key bonus; a block won: the stake).

        Raises ``HiddenHandError`` for a block while a hand is hidden.
        """
        before = self.before
        if self.kind is PlayKind.DOMINO:
            return domino_points(before.stake, before.rules, key_card=self.key_card)
        if self.kind is PlayKind.BLOCKED and self.block_outcome().winner == self.seat:
            return before.stake
        return 0

    @property
    def score(self) -> PlayPoints:
        """Fives & Threes: what the play scores (ends, chip-out point, the exact target)."""
        before = self.before
        return score_play(
            self.after.line,
            self.kind is PlayKind.DOMINO,
            before.score(self.seat),
            before.rules.target,
        )
