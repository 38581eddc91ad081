"""A series of games: a Cutthroat set to six-love, a Fives & Threes match to the target.

``CutthroatSet`` deals each game with the right seat to pose and scores it (stakes, tied blocks,
the key card, bruck, six-love); ``FivesThreesMatch`` deals the rounds with alternating leads and
credits every play (chip-out, the exact target); ``Game`` checks each play, pass and draw. What
happens along the way is told as values: an ``Action`` (what a seat did, which replays the
series) and the events (``HandStarted``, ``Played``, ``Passed``, ``Drew``, ``HandOver``,
``GameOver``) that a face turns into words.

>>> match = FivesThreesMatch(seed=1)
>>> match.round, match.leader in (0, 1), match.scores
(1, True, (0, 0))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.rules.cutthroat import AfterGame, after_game, six_six_poser
from tutor.rules.fives_threes import PlayPoints, score_play
from tutor.rules.game import Game, deal
from tutor.rules.plays import Outcome, Play, Termination
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, RulesError, TableRules
from tutor.rules.tiles import Mask, Tile

__all__ = [
    "LEARNER_SEAT",
    "Action",
    "ActionKind",
    "CutthroatSet",
    "Drew",
    "Event",
    "FivesThreesMatch",
    "GameOver",
    "HandOver",
    "HandStarted",
    "Passed",
    "Played",
]

LEARNER_SEAT = 0
"""The learner always sits at seat 0; seat 1 plays after them (to their right). Events show
the tiles of this seat only (``Drew.tile``)."""

ActionKind = Literal["play", "pass", "draw"]
"""What a seat did: a play, a pass (knock) or a draw."""


class CutthroatSet:
    """A set of Cutthroat games played until somebody drops six-love.

    >>> cut = CutthroatSet(TableRules(players=2))
    >>> game = cut.new_game(random.Random(3))
    >>> game.pose
    Tile(6, 6)
    """

    def __init__(
        self,
        rules: TableRules | None = None,
        *,
        scores: Sequence[int] | None = None,
        stake: int = 1,
        poser: int | None = None,
    ) -> None:
        self.rules = rules if rules is not None else TableRules()
        if self.rules.game != CUTTHROAT:
            # pragma below: the text of a message
            raise RulesError("a Cutthroat set needs Cutthroat table rules")  # pragma: no mutate
        self.scores: tuple[int, ...] = tuple(scores) if scores else (0,) * self.rules.players
        self.stake = stake
        self.poser = poser
        self.last: AfterGame | None = None
        self.games = 0

    @property
    def over(self) -> bool:
        """True once the set has been won six-love."""
        return self.last is not None and self.last.over

    def new_game(self, rng: random.Random) -> Game:
        """Deal the next game with the right seat to pose."""
        if self.over:
            # pragma below: the text of a message
            raise ValueError("the set is over: somebody dropped six-love")  # pragma: no mutate
        dealt = deal(self.rules, rng)
        if self.poser is not None:
            return Game.from_deal(dealt, self.rules, turn=self.poser)
        _, tile = six_six_poser(dealt.hands)
        return Game.from_deal(dealt, self.rules, pose=tile)  # its holder poses

    def record(self, outcome: Outcome) -> AfterGame:
        """Score a finished game and move the set on."""
        key = outcome.kind is Termination.DOMINO and outcome.key_card
        after = after_game(self.scores, self.stake, outcome.winner, self.rules, key_card=key)
        self.scores, self.stake, self.poser = after.scores, after.stake, after.poser
        self.last = after
        self.games += 1
        return after


class FivesThreesMatch:
    """Two players, rounds of 7 tiles each, points after every play, exactly ``target`` wins."""

    def __init__(self, rules: TableRules | None = None, *, seed: int | None = None) -> None:
        self.rules = rules if rules is not None else TableRules(game=FIVES_AND_THREES, players=2)
        if self.rules.game != FIVES_AND_THREES:
            raise RulesError(
                "a Fives & Threes match needs Fives & Threes table rules"  # pragma: no mutate (msg)
            )
        self.rng = random.Random(seed)
        self.scores: tuple[int, int] = (0, 0)
        self.round = 1
        self.first_leader = self.rng.randrange(2)
        self.leader = self.first_leader
        self.game = Game.new(self.rules, self.rng, turn=self.leader)
        self.winner: int | None = None

    @property
    def over(self) -> bool:
        """True once a player has reached the target exactly."""
        return self.winner is not None

    def play(self, play: Play) -> PlayPoints:
        """Play for the seat to play and credit its points."""
        if self.over:
            raise ValueError("the match is over")  # pragma: no mutate (text)
        seat = self.game.turn
        self.game.play(play)
        points = score_play(
            self.game.line, not self.game.hands[seat], self.scores[seat], self.rules.target
        )
        scores = list(self.scores)
        scores[seat] += points.credited
        self.scores = (scores[0], scores[1])
        if points.reached_target:
            self.winner = seat
        return points

    def knock(self) -> None:
        """Knock (pass): only when the seat to play cannot play."""
        self.game.pass_turn()

    def next_round(self) -> Game:
        """Deal the next round; the lead alternates."""
        if self.over:
            raise ValueError("the match is over")  # pragma: no mutate (text)
        if not self.game.over:
            raise ValueError("the round is still being played")  # pragma: no mutate (text)
        self.round += 1
        self.leader = 1 - self.leader
        self.game = Game.new(self.rules, self.rng, turn=self.leader)
        return self.game


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a seat did: a play, a pass (knock) or a draw (with the tile drawn)."""

    hand: int
    seat: int
    kind: ActionKind
    play: Play | None = None
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new game (Cutthroat) or round (Fives & Threes) was dealt."""

    hand: int
    first: int
    """The seat to play first."""
    pose: Tile | None
    """The tile that must be posed (6-6 or the highest double), or ``None``: any tile."""
    stake: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """A seat laid a tile; ``points`` in Fives & Threes."""

    seat: int
    play: Play
    points: PlayPoints | None = None
    ends: tuple[int, int] | None = None
    """The numbers at the ends after the play."""


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat could not play (and had nothing to draw): it passed (knocked)."""

    seat: int
    ends: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Drew:
    """A seat drew from the boneyard; ``tile`` is shown only for the learner's draws."""

    seat: int
    tile: Tile | None


@dataclass(frozen=True, slots=True)
class HandOver:
    """A game or round ended: how, every hand revealed, and what it did to the score."""

    hand: int
    outcome: Outcome | None
    """``None`` when a Fives & Threes player reached the target before the round ended."""
    hands: tuple[Mask, ...]
    scores: tuple[int, ...]
    after: AfterGame | None = None
    """Cutthroat: what the game did to the set (points, bruck, six-love, next stake)."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """The set was won six-love, or the match reached the target."""

    winner: int
    scores: tuple[int, ...]
    losers_on_love: tuple[int, ...] = ()


Event = HandStarted | Played | Passed | Drew | HandOver | GameOver
