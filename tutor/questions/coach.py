"""The coach: grades each of the learner's plays on what the learner could know.

A play is graded on the information-fair evaluation (``tutor.search.evaluate``) of the
learner's ``Position`` (``Position.from_game(game, seat)``), never on the hidden hands: the
*loss* is the win chance of the best play minus that of the play made (win chances in
0..1). As chess sites grade: a loss of 0.1 or more is an inaccuracy, 0.2 a mistake, 0.3 a
blunder; the best play is always graded best. Fives & Threes values are expected point
differences; ``ft_win_chance`` turns them into a chance to win the match.

After the hand ``known_values`` gives what the plays were worth with every hand known
(where the exact solver is quick), shown beside the
grade and marked as such. Reasons are facts (engine values) that tell the best play from
the play made; the words are the narration's (``tutor.words.play``).

>>> [verdict_of(x).value for x in (0.0, 0.05, 0.1, 0.2, 0.35)]
['good', 'good', 'inaccuracy', 'mistake', 'blunder']
>>> round(move_accuracy(0.0)), round(move_accuracy(0.3))
(100, 25)
>>> round(ft_win_chance(0.0, 0, 0, 0.0, 0.0), 2), round(ft_win_chance(10.0, 0, 0, 0.0, 0.0), 2)
(0.5, 0.73)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.rules.analysis import is_hard
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import Play, Termination
from tutor.rules.position import Position
from tutor.rules.tiles import SUIT, TILES, Mask, Tile, hand_count, iter_indexes
from tutor.search.encode import encode
from tutor.search.evaluate import (
    Evaluation,
    PlayValue,
    default_exact_tiles,
    evaluate,
)
from tutor.search.players import BUDGETS
from tutor.search.solver.cutthroat import WIN, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

__all__ = [
    "BlockWins",
    "Chances",
    "CoachBudget",
    "Dominoes",
    "Grade",
    "KeepsNumbers",
    "NextSeatLacks",
    "OnlyYouHold",
    "Reason",
    "ScoresNow",
    "Verdict",
    "WentOutOnHardEnd",
    "found",
    "ft_win_chance",
    "grade",
    "hand_accuracy",
    "known_values",
    "move_accuracy",
    "reasons_for",
    "verdict_of",
    "went_out_on_hard_end",
]

INACCURACY, MISTAKE, BLUNDER = 0.1, 0.2, 0.3
FOUND = 0.04
"""A retry within this much of the best play's win chance counts as found."""
FT_SCALE = 10.0
"""Fives & Threes: a lead of this many points is worth a win chance of about 0.73."""


class Verdict(Enum):
    """How a play is graded."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    FORCED = "forced"


def verdict_of(loss: float) -> Verdict:
    """The grade of a loss of win chance (the play made was not the best)."""
    if loss >= BLUNDER:
        return Verdict.BLUNDER
    if loss >= MISTAKE:
        return Verdict.MISTAKE
    if loss >= INACCURACY:
        return Verdict.INACCURACY
    return Verdict.GOOD


def ft_win_chance(mean: float, mine: int, theirs: int, wins: float, losses: float) -> float:
    """A Fives & Threes chance to win the match from a play's expected point difference.

    ``wins``/``losses``: the share of deals in which the match ends in this hand; the
    rest counts the lead after the hand on a logistic curve (``FT_SCALE``).
    """
    rest = max(0.0, 1.0 - wins - losses)
    lead = mine - theirs + mean
    return wins + rest / (1.0 + math.exp(-lead / FT_SCALE))


# --- reasons -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dominoes:
    """The best play was the learner's last tile: it wins the hand now."""

    play: Play


@dataclass(frozen=True, slots=True)
class ScoresNow:
    """Fives & Threes: the best play scores now (``total`` of the ends: threes + fives)."""

    play: Play
    total: int
    threes: int
    fives: int
    points: int
    """Credited (chip-out point and the exact target included)."""


@dataclass(frozen=True, slots=True)
class BlockWins:
    """The best play blocks the game, and the learner's count is lower than any other can be."""

    play: Play
    mine: int
    least_other: int


@dataclass(frozen=True, slots=True)
class OnlyYouHold:
    """After the best play an end shows ``number``: no unseen tile carries it, you hold one."""

    play: Play
    number: int


@dataclass(frozen=True, slots=True)
class NextSeatLacks:
    """After the best play an end shows ``number``, which the next seat passed on before."""

    play: Play
    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class KeepsNumbers:
    """The best play keeps more different numbers in the hand than the play made."""

    play: Play
    kept: int
    played: Play
    played_kept: int


@dataclass(frozen=True, slots=True)
class Chances:
    """The win chances of the best play and of the play made, on what the learner knew."""

    best: Play
    best_chance: float
    played: Play
    played_chance: float


@dataclass(frozen=True, slots=True)
class WentOutOnHardEnd:
    """After the hand: ``seat`` dominoed with the last ``number`` tile, on the end ``after`` made.

    "The fours were hard: after 4-2 Marcia dominoed."
    """

    seat: int
    number: int
    after: Tile
    tile: Tile


Reason = (
    Dominoes
    | ScoresNow
    | BlockWins
    | OnlyYouHold
    | NextSeatLacks
    | KeepsNumbers
    | Chances
    | WentOutOnHardEnd
)


def went_out_on_hard_end(game: Game, learner: int = 0) -> WentOutOnHardEnd | None:
    """How another seat won the hand, when it went out on a hard end (else ``None``).

    >>> from tutor.rules.table_rules import TableRules
    >>> g = Game.from_hands([["4-1"], ["4-4", "0-0"]], rules=TableRules(players=2),
    ...                     line=Line.parse(["2-4", "4-3", "3-5", "5-4", "4-6", "6-0", "0-4"]),
    ...                     turn=1)
    >>> g.play(Play.parse("4-4 right")); g.play(Play.parse("4-1 right"))
    >>> went_out_on_hard_end(g, learner=1)
    WentOutOnHardEnd(seat=0, number=4, after=Tile(4, 4), tile=Tile(4, 1))
    """
    outcome = game.outcome()
    if outcome is None or outcome.kind is not Termination.DOMINO or outcome.winner == learner:
        return None
    history = game.history
    if not history or history[-1][1] != "play" or len(game.line) < 2:
        return None
    last = history[-1][2]
    assert isinstance(last, Play)
    line = game.line.copy()
    first = line.end_tile(LEFT)
    end = LEFT if first is not None and first.tile == last.tile else RIGHT
    line.unplace(end)
    number = line.end_number(end)
    before = line.end_tile(end)
    if number is None or before is None or not is_hard(line.mask, number, game.out):
        return None
    assert outcome.winner is not None
    return WentOutOnHardEnd(outcome.winner, number, before.tile, last.tile)


# --- grading -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoachBudget:
    """How hard the coach looks: level 5's sample budget, capped in time for a quick grade."""

    samples_cutthroat: int = BUDGETS[5].cutthroat
    samples_fives_and_threes: int = BUDGETS[5].fives_and_threes
    smart: bool = BUDGETS[5].smart
    time_budget: float | None = 0.6


@dataclass(frozen=True, slots=True)
class Grade:
    """One graded play of the learner."""

    played: Play
    best: Play
    chances: tuple[tuple[Play, float], ...]
    """Every legal play's win chance, on what the learner could know."""
    verdict: Verdict
    reasons: tuple[Reason, ...] = ()
    known: tuple[tuple[Play, float], ...] = ()
    """After the hand: every legal play's value with all hands known (may stay empty)."""
    known_exact: bool = False
    """True when ``known`` is an exact solve, False for one playout of the real deal."""

    def chance(self, play: Play) -> float:
        """The win chance of ``play`` (0 for a play that was not legal)."""
        return dict(self.chances).get(play, 0.0)

    @property
    def best_chance(self) -> float:
        """The best play's win chance."""
        return self.chance(self.best)

    @property
    def loss(self) -> float:
        """Win chance the play made lost against the best play."""
        return max(0.0, self.best_chance - self.chance(self.played))

    @property
    def known_loss(self) -> float | None:
        """The loss with every hand known (``None`` before the hand's review)."""
        if not self.known:
            return None
        values = dict(self.known)
        return max(0.0, max(values.values()) - values.get(self.played, 0.0))

    @property
    def is_mistake(self) -> bool:
        """True when the play lost 0.1 or more: it comes back in "learn from your mistakes"."""
        return self.verdict in (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)


def found(grade: Grade, retry: Play) -> bool:
    """True when a retry is within ``FOUND`` of the best play's win chance."""
    return grade.best_chance - grade.chance(retry) <= FOUND + 1e-9


def _seed(view: Position, seed: int) -> random.Random:
    """Random numbers from the seed and the learner's view: the text recorded games were
    graded with, byte for byte."""
    hand, voids = view.hands[view.turn], view.lacks or (0,) * len(view.hands)
    return random.Random(f"coach|{seed}|{hand}|{view.line.mask}|{view.counts}|{voids}")


def _chances(view: Position, evaluation: Evaluation) -> list[tuple[Play, float]]:
    if not view.is_fives_and_threes:
        return [(v.play, v.mean) for v in evaluation.values]
    mine, theirs = view.score(view.turn), view.score(1 - view.turn)
    return [(v.play, _ft_value(v, mine, theirs)) for v in evaluation.values]


def _ft_value(value: PlayValue, mine: int, theirs: int) -> float:
    return ft_win_chance(value.mean, mine, theirs, value.match_wins, value.match_losses)


def grade(
    view: Position,
    played: Play,
    *,
    seed: int = 0,
    budget: CoachBudget | None = None,
) -> Grade:
    """Grade ``played`` for the seat to play of ``view`` (its own hand shown)."""
    budget = budget or CoachBudget()
    samples = (
        budget.samples_fives_and_threes if view.is_fives_and_threes else budget.samples_cutthroat
    )
    evaluation = evaluate(
        view,
        _seed(view, seed),
        samples=samples,
        min_samples=min(16, samples),
        time_budget=budget.time_budget,
        smart=budget.smart,
    )
    chances = _chances(view, evaluation)
    if not chances:
        raise ValueError("there is no play to grade: the seat must pass")
    if played not in dict(chances):
        raise ValueError(f"{played} is not a legal play here")
    if len(chances) == 1:
        return Grade(played, played, tuple(chances), Verdict.FORCED)
    best = max(chances, key=lambda pc: pc[1])[0]
    if dict(chances)[played] >= dict(chances)[best] - 1e-12:
        best = played  # of equal plays, the one made is the best
    result = Grade(played, best, tuple(chances), Verdict.GOOD)
    verdict = Verdict.BEST if best == played else verdict_of(result.loss)
    reasons = reasons_for(view, best, played, chances) if best != played else ()
    return Grade(played, best, tuple(chances), verdict, reasons)


def reasons_for(
    view: Position,
    best: Play,
    played: Play,
    chances: Sequence[tuple[Play, float]],
) -> tuple[Reason, ...]:
    """Facts that tell ``best`` from ``played`` (the strongest first), then the chances."""
    values = dict(chances)
    said = Chances(best, values[best], played, values[played])
    fact = _telling_fact(view, best, played)
    return (fact, said) if fact is not None else (said,)


def _telling_fact(view: Position, best: Play, played: Play) -> Reason | None:
    seat = view.turn
    hand = view.known_hand(seat, "the coach grades its plays")
    if hand == best.tile.bit:
        return Dominoes(best)
    after_best, after_played = _line_after(view.line, best), _line_after(view.line, played)
    if view.is_fives_and_threes:
        score = view.score(seat)
        target = view.rules.target
        # Neither play goes out: with one tile left the best play is a domino (above).
        mine = score_play(after_best, False, score, target)
        theirs = score_play(after_played, False, score, target)
        if mine.credited > theirs.credited:
            total = mine.score
            return ScoresNow(best, total.total, total.threes, total.fives, mine.credited)
    rest = hand & ~best.tile.bit
    left, right = after_best.left, after_best.right
    assert left is not None and right is not None
    open_suits = SUIT[left] | SUIT[right]
    unseen = view.unknown
    if not view.is_fives_and_threes and not (unseen | rest) & open_suits:
        least = _least_other_count(view)
        mine_count = hand_count(rest)
        if mine_count < least:
            return BlockWins(best, mine_count, least)
    for number in dict.fromkeys((left, right)):
        if not unseen & SUIT[number] and rest & SUIT[number]:
            return OnlyYouHold(best, number)
    nxt = (seat + 1) % len(view.hands)
    lacks = view.lacks or (0,) * len(view.hands)
    for number in dict.fromkeys((left, right)):
        if lacks[nxt] >> number & 1 and view.size(nxt):
            return NextSeatLacks(best, nxt, number)
    kept, played_kept = _numbers(rest), _numbers(hand & ~played.tile.bit)
    if kept > played_kept:
        return KeepsNumbers(best, kept, played, played_kept)
    return None


def _line_after(line: Line, play: Play) -> Line:
    trial = line.copy()
    trial.place(play.tile, play.end if len(trial) else LEFT)
    return trial


def _numbers(hand: Mask) -> int:
    return sum(1 for n in range(7) if hand & SUIT[n])


def _least_other_count(view: Position) -> int:
    """The lowest count any other seat could hold (its lightest possible tiles)."""
    least = 10**6
    for seat, count in enumerate(view.counts):
        if seat == view.turn or not count:
            continue
        allowed = view.unknown
        for number in view.lacked(seat):
            allowed &= ~SUIT[number]
        pips = sorted(TILES[i].pips for i in iter_indexes(allowed))
        least = min(least, sum(pips[:count]))
    return least


# --- with every hand known -----------------------------------------------------------------


def known_values(
    known: Position, *, boneyard: Sequence[Tile] = (), exact_tiles: int | None = None
) -> tuple[tuple[tuple[Play, float], ...], bool]:
    """Each legal play's win chance with every hand known, and whether it is exact.

    ``known`` shows every hand (``Position.from_game(game)``); ``boneyard`` is the order of
    a boneyard that can be drawn, top first (a position keeps its tiles, not their order).

    Fives & Threes: the exact point difference of the hand (as a win chance, like the
    grade). Cutthroat: exact (every seat playing for itself) with at most ``exact_tiles``
    tiles in the hands (the evaluation's default); earlier an exact solve is too slow and
    one playout says little, so nothing is claimed (empty).
    """
    board = encode(known, boneyard=[tile.index for tile in boneyard])
    if board.is_fives_and_threes:
        solution = solve_fives_threes(board, match_bonus=1000)
        mine, theirs = board.scores[board.turn], board.scores[1 - board.turn]
        values = []
        for play, value in solution.values:
            wins = 1.0 if value > 500 else 0.0
            losses = 1.0 if value < -500 else 0.0
            points = value - 1000 if wins else value + 1000 if losses else value
            values.append((play, ft_win_chance(points, mine, theirs, wins, losses)))
        return tuple(values), True
    if exact_tiles is None:
        exact_tiles = default_exact_tiles(board.seats)
    if board.tiles_left() <= exact_tiles:
        maxn = who_wins(board)
        seat = board.turn
        return tuple((p, 1.0 if u[seat] >= WIN else 0.0) for p, u in maxn.values), True
    return (), False


# --- accuracy (as chess sites compute it) --------------------------------------------------


def move_accuracy(loss: float) -> float:
    """The accuracy of one play (0..100) from its loss of win chance (0..1)."""
    drop = 100.0 * max(0.0, loss)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def hand_accuracy(grades: Sequence[Grade]) -> float | None:
    """The hand's accuracy: the mean of a volatility-weighted mean and a harmonic mean.

    Forced plays do not count. ``None`` when no play was graded.

    >>> from tutor.rules.plays import Play
    >>> p, q = Play.parse("6-6"), Play.parse("5-5")
    >>> good = Grade(p, p, ((p, 0.6), (q, 0.5)), Verdict.BEST)
    >>> bad = Grade(q, p, ((p, 0.6), (q, 0.2)), Verdict.BLUNDER)
    >>> round(hand_accuracy([good, good])), round(hand_accuracy([good, bad]))
    (100, 42)
    """
    graded = [g for g in grades if g.verdict is not Verdict.FORCED]
    if not graded:
        return None
    accuracies = [move_accuracy(g.loss) for g in graded]
    wins = [100.0 * g.best_chance for g in graded]
    window = max(2, min(8, len(graded) // 10))
    weights = []
    for k in range(len(graded)):
        part = wins[max(0, k - window + 1) : k + 1]
        spread = statistics.pstdev(part) if len(part) > 1 else 0.0
        weights.append(max(0.5, min(12.0, spread)))
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = len(accuracies) / sum(1.0 / max(a, 1e-6) for a in accuracies)
    return (weighted + harmonic) / 2.0
