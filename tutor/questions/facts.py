"""The facts behind an answer: small frozen dataclasses of engine values, never sentences.

An answerer (``tutor.questions.answers``, ``tutor.questions.winning``) returns its value with
the facts that explain it; ``tutor.words.narrate.say`` turns each kind of fact into a sentence
in the reader's language (and ``tests/words/test_coverage.py`` proves every kind has one).

>>> from tutor.rules.line import RIGHT
>>> HalvesOnTable(RIGHT, 3, 7, 8, True, False).hard
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.cutthroat import SetResult
from tutor.rules.line import End
from tutor.rules.plays import Play
from tutor.rules.table_rules import CUTTHROAT, GameName
from tutor.rules.tiles import Tile


@dataclass(frozen=True)
class EndsShow:
    """What the open ends show (``left is None`` on an empty table)."""

    left: int | None
    right: int | None


@dataclass(frozen=True)
class HalvesOnTable:
    """How many halves of an end's number are on the table, out of how many in play."""

    end: End
    number: int
    on_table: int
    in_play: int
    hard: bool
    dead: bool


@dataclass(frozen=True)
class CanPlay:
    """The plays a seat can make now (empty: the seat must pass or draw; in Fives & Threes,
    ``game``, a seat that cannot play knocks); ``lead``: the table is empty, so each play is a
    pose or a lead, with no end yet."""

    seat: str
    plays: tuple[Play, ...]
    game: GameName = CUTTHROAT
    lead: bool = False


@dataclass(frozen=True)
class MustPose:
    """The table is empty and this tile must be posed first."""

    seat: str
    tile: Tile


@dataclass(frozen=True)
class HandCount:
    """A seat's hand count, tile by tile."""

    seat: str
    tiles: tuple[Tile, ...]
    count: int


@dataclass(frozen=True)
class StillFits:
    """An unplayed tile that could still be laid at an end (so the table is not blocked)."""

    tile: Tile
    end: End
    number: int


@dataclass(frozen=True)
class NothingFits:
    """Nobody can play: no tile in a hand (or to draw) shows either end's number.

    ``out_of_play`` is True when such tiles do exist off the line, but out of play
    (the sleeping tiles of Fives & Threes, the 0-0 with three players).
    """

    left: int
    right: int
    out_of_play: bool = False


@dataclass(frozen=True)
class BlockCounts:
    """The counts that decide a block, and who has the lowest."""

    counts: tuple[tuple[str, int], ...]
    winner: str | None
    tied: tuple[str, ...]


@dataclass(frozen=True)
class LastTile:
    """The one unplayed tile that fits a hard end, and who is known to hold it."""

    end: End
    number: int
    tile: Tile
    holder: str | None


@dataclass(frozen=True)
class KeyCard:
    """Whether a tile is the key card, and whether playing it wins; ``holder`` is the name of
    the seat to play, whose tile it is."""

    tile: Tile
    both_ends_hard: bool
    fits_both: bool
    is_key: bool
    holder: str = "you"


@dataclass(frozen=True)
class GameGoesOn:
    """The play does not end the game."""

    tile: Tile
    tiles_left: int


@dataclass(frozen=True)
class Domino:
    """The seat plays its last tile and wins the stake, plus the key bonus if any."""

    seat: str
    stake: int
    key_bonus: int
    points: int


@dataclass(frozen=True)
class BlockedBy:
    """The play blocks the game; the counts then decide it."""

    tile: Tile
    winner: str | None
    points: int


@dataclass(frozen=True)
class ScoreBreakdown:
    """How a Fives & Threes play scores: the total, threes, fives, chip-out, target."""

    play: Play
    total: int
    threes: int
    fives: int
    chip_out: int
    earned: int
    credited: int
    score_before: int
    target: int
    lead: bool = False
    """The play is the first tile on an empty table: it has no end yet."""
    doubles: tuple[Tile, ...] = ()
    """The doubles at the ends after the play: each counts whole in ``total``."""


@dataclass(frozen=True)
class SetAfter:
    """What a finished game does to a Cutthroat set.

    ``poser`` is the seat that poses next, ``None`` when the holder of 6-6 does;
    ``carried`` is True when a tied block makes the next game worth more.
    """

    winner: str | None
    result: str
    scores: tuple[tuple[str, int], ...]
    stake: int
    poser: str | None
    points: int
    carried: bool


@dataclass(frozen=True)
class ProvedWin:
    """The solver's proof: only this tile wins (Cutthroat), or scores the most by the end of the
    hand, ``margin`` points more than any other tile (Fives & Threes, ``margin`` > 0)."""

    play: Play
    margin: int


@dataclass(frozen=True)
class ForcedPass:
    """On the winning line this seat is forced to pass (in Fives & Threes, ``game``: to knock)."""

    seat: str
    game: GameName = CUTTHROAT


@dataclass(frozen=True)
class GoesOut:
    """On the line this seat plays its last tile."""

    seat: str
    tile: Tile


@dataclass(frozen=True)
class ReachesTarget:
    """Fives & Threes: on the line this seat reaches the target exactly and wins the match."""

    seat: str
    target: int


@dataclass(frozen=True)
class HandPoints:
    """Fives & Threes: the points each seat scores from now to the end of the hand on the line."""

    points: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class OtherPlayFails:
    """What goes wrong after the most tempting other play.

    Cutthroat: ``winner`` wins the hand instead (``None``: the others stop the
    learner without winning themselves); Fives & Threes: ``loss`` points worse.
    """

    play: Play
    winner: str | None
    loss: int


# --- the winning play from the learner's view (``tutor.questions.winning``) -------------------


@dataclass(frozen=True)
class ProvedOnView:
    """The learner's view only: ``play`` is proved best over the deals the hidden hands can hold.

    ``every_deal``: every consistent deal was solved (else ``deals`` were drawn at random and
    the play is ahead on average by far more than the error); ``dominant``: it is best in each
    of them (else best on the exact average). Cutthroat: it wins in ``wins`` of the ``deals``,
    ``margin`` more than any other tile; Fives & Threes: ``margin`` points better on average
    (``wins`` is 0).
    """

    play: Play
    every_deal: bool
    deals: int
    wins: int
    margin: int
    dominant: bool = True


@dataclass(frozen=True)
class ExampleDeal:
    """One deal the hidden hands can hold: the line and the mistake below are told in it.

    ``only``: it is the one deal they can hold.
    """

    hands: tuple[tuple[str, tuple[Tile, ...]], ...]
    only: bool = False


@dataclass(frozen=True)
class OtherPlayOnView:
    """The most tempting other play over all the deals: Cutthroat, it wins in ``wins`` of
    the ``deals``; Fives & Threes, it ends the hand ``loss`` points worse on average."""

    play: Play
    deals: int
    wins: int
    loss: int


# --- the next stake --------------------------------------------------------------------------


@dataclass(frozen=True)
class NextStake:
    """What the next game is worth after this one (worth ``stake``) ends.

    ``winner`` is the seat that won (``None``: a tied block); ``carried`` says whether the
    table carries the stake after a tie (``tied_block = "carry"``) or voids the tie.
    """

    winner: str | None
    stake: int
    next: int
    carried: bool
    result: SetResult


Fact = (
    EndsShow
    | HalvesOnTable
    | CanPlay
    | MustPose
    | HandCount
    | StillFits
    | NothingFits
    | BlockCounts
    | LastTile
    | KeyCard
    | GameGoesOn
    | Domino
    | BlockedBy
    | ScoreBreakdown
    | SetAfter
    | ProvedWin
    | ForcedPass
    | GoesOut
    | ReachesTarget
    | HandPoints
    | OtherPlayFails
    | ProvedOnView
    | ExampleDeal
    | OtherPlayOnView
    | NextStake
)
"""Every kind of fact the built-in kinds of question explain with."""
