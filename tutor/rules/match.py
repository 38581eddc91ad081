"""A Fives & Threes match: rounds, points after every play, chipping out, the exact target.

>>> match = FivesThreesMatch(seed=1)
>>> match.round, match.leader in (0, 1), match.scores
(1, True, (0, 0))
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.rules.fives_threes import FivesThreesScore, credited_points, ends_total, score_total
from tutor.rules.game import Game, Play
from tutor.rules.line import Line
from tutor.rules.table_rules import FIVES_AND_THREES, RulesError, TableRules


@dataclass(frozen=True, slots=True)
class PlayPoints:
    """How one Fives & Threes play scored.

    ``earned`` is what the ends and the chip-out point are worth; ``credited``
    is what the player actually gets (0 when it would pass the target).
    """

    score: FivesThreesScore
    chip_out: int
    earned: int
    credited: int
    reached_target: bool

    @property
    def overshoot(self) -> bool:
        """True when the play earned points but they would have passed the target."""
        return self.earned > 0 and self.credited == 0


def play_points(game: Game, play: Play, score_before: int, target: int) -> PlayPoints:
    """Points the seat to play would be credited for ``play`` (the game is not changed).

    >>> g = Game.from_hands([["4-1", "6-6"], ["1-5", "3-3"]],
    ...                     rules=TableRules(game="fives-and-threes", players=2))
    >>> play_points(g, Play.parse("4-1"), 0, 61).credited
    1
    """
    trial = game.copy()
    trial.play(play)
    return points_after(trial, game.turn, score_before, target)


def points_after(game: Game, seat: int, score_before: int, target: int) -> PlayPoints:
    """Points for the play just made by ``seat`` in ``game``."""
    return score_play(game.line, not game.hands[seat], score_before, target)


def score_play(line: Line, chipped_out: bool, score_before: int, target: int) -> PlayPoints:
    """Points for a play that made ``line``; ``chipped_out`` when it was the player's last tile.

    >>> score_play(Line.parse(["4-1", "1-5"]), False, 0, 61).credited
    3
    >>> score_play(Line.parse(["5-5", "5-0"]), True, 60, 61).overshoot
    True
    """
    score = score_total(ends_total(line))
    chip_out = 1 if chipped_out else 0
    earned = score.points + chip_out
    credited = credited_points(score_before, earned, target)
    return PlayPoints(score, chip_out, earned, credited, score_before + credited == target)


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
        points = points_after(self.game, seat, self.scores[seat], self.rules.target)
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
