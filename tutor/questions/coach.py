"""The coach: grades each of the learner's plays on what the learner could know.

A play is graded on the information-fair evaluation (``tutor.search.evaluate``) of the
learner's ``Position`` (``Position.from_game(game, seat)``), never on the hidden hands. Every
legal play is valued on the same sampled deals (``tutor.questions.chances``): the *loss* of
the play made is its chance to win (0..1) below the best play's, measured deal by deal (a
paired mean), with the standard error of that mean. As chess sites grade, a loss of 0.1 or
more is an inaccuracy, 0.2 a mistake, 0.3 a blunder, and any smaller loss is "good"; but a
play is called worse at all only when its loss is also past the noise: more than ``NOISE_Z``
standard errors. Otherwise it is as good as the best play (graded ``BEST``): it does not lower
the hand's accuracy, and the words say "as good as", never "was better".

``NOISE_Z`` is 2.5: the best play is picked after looking at the same noisy values, as the
highest of up to about six, so one comparison at a time would call equal plays worse too
often; a family-wise 5% (one-sided) over six plays (Bonferroni: 0.05 / 6, z = 2.39) rounded
up gives 2.5. With the coach's deals a real loss of 0.1 is far past it.

**Inside a Cutthroat set** (the view holds the set scores) a play's value is the seat's chance
to win the *set* (``tutor.questions.chances``: the set equity after each sampled deal's
winner, tied blocks carrying the stake and bruck included). One hand moves the set chance by
much less than 1, most of all early in a set, so a loss of set chance is graded *normalised*,
as GNU Backgammon grades match play: divided by what the hand can swing at this score (the
set chance after a win less the mean after the best play's other sampled outcomes,
``chances.hand_swing``), which makes it the loss of hand-winning chance it is worth; the
thresholds above then mean what they meant for a lone hand. A hand that can swing the set
by less than ``MIN_SWING`` is divided by ``MIN_SWING`` instead: the losses of a dead hand
shrink to nothing with it, and neither the noise nor a record's rounding is magnified.
``Grade.chances`` and ``Grade.loss`` stay real set chances, as the learner is told them.
Fives & Threes is not normalised: a hand there ends in a point difference, not a win or a
loss, so there is no one "value of the game"; its thresholds are on the match chance.

After the hand ``known_values`` gives what the plays were worth with every hand known
(where the exact solver is quick), shown beside the grade and marked as such. Reasons are
facts (engine values) that tell the best play from the play made
(``tutor.questions.reasons``); the words are the narration's (``tutor.words.coach``).

>>> [verdict_of(x).value for x in (0.0, 0.05, 0.1, 0.2, 0.35)]
['best', 'good', 'inaccuracy', 'mistake', 'blunder']
>>> verdict_of(0.12, error=0.05).value  # 2.4 standard errors: within the noise
'best'
>>> round(move_accuracy(0.0)), round(move_accuracy(0.3))
(100, 25)
>>> verdict_of(normalised(0.04, 0.25)).value  # 4% of the set where the hand swings 25%
'inaccuracy'
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.questions.chances import PlayChances, Scope, deal_value, play_chances
from tutor.questions.reasons import (
    Answer,
    BlockWins,
    Chances,
    CountKept,
    Dominoes,
    EndsAfter,
    Followers,
    KeepsNumbers,
    MatchScore,
    NextSeatLacks,
    OnlyYouHold,
    PointsNow,
    Reason,
    ScoresNow,
    WentOutOnHardEnd,
    reasons_for,
    went_out_on_hard_end,
)
from tutor.questions.set_score import SetScore
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.tiles import Tile
from tutor.search.encode import encode
from tutor.search.evaluate import default_exact_tiles, evaluate
from tutor.search.players import BUDGETS
from tutor.search.rollouts import MATCH
from tutor.search.solver.cutthroat import WIN, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

__all__ = [
    "MIN_SWING",
    "NOISE_Z",
    "Answer",
    "BlockWins",
    "Chances",
    "CoachBudget",
    "CountKept",
    "Dominoes",
    "EndsAfter",
    "Followers",
    "Grade",
    "KeepsNumbers",
    "MatchScore",
    "NextSeatLacks",
    "OnlyYouHold",
    "PointsNow",
    "Reason",
    "Scope",
    "ScoresNow",
    "SetScore",
    "Verdict",
    "WentOutOnHardEnd",
    "found",
    "grade",
    "grades",
    "hand_accuracy",
    "hint",
    "known_values",
    "move_accuracy",
    "normalised",
    "play_table",
    "reasons_for",
    "verdict_band",
    "verdict_of",
    "went_out_on_hard_end",
]

INACCURACY, MISTAKE, BLUNDER = 0.1, 0.2, 0.3
FOUND = 0.04
"""A retry within this much of the best play's win chance counts as found."""
NOISE_Z = 2.5
"""A loss is past the noise when it is more than this many (paired) standard errors."""
MIN_SWING = 0.05
"""The least swing a loss is divided by (a hand worth less to the set is nearly dead)."""


def normalised(loss: float, swing: float) -> float:
    """A loss of set chance as the loss of hand-winning chance it is worth: divided by what
    the hand can swing the set by (at least ``MIN_SWING``).

    >>> normalised(0.03, 0.3), normalised(0.03, 1.0), normalised(0.001, 0.0)
    (0.1, 0.03, 0.02)
    """
    return round(loss / max(swing, MIN_SWING), 12)


class Verdict(Enum):
    """How a play is graded."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    FORCED = "forced"


def verdict_of(loss: float, error: float = 0.0) -> Verdict:
    """The grade of a loss of win chance with its standard error: ``BEST`` when the loss is
    not past the noise (``NOISE_Z`` errors), else by the thresholds."""
    if loss <= max(NOISE_Z * error, 1e-9):
        return Verdict.BEST
    if loss >= BLUNDER:
        return Verdict.BLUNDER
    if loss >= MISTAKE:
        return Verdict.MISTAKE
    if loss >= INACCURACY:
        return Verdict.INACCURACY
    return Verdict.GOOD


def verdict_band(verdict: Verdict, swing: float = 1.0) -> tuple[float, float]:
    """The losses of chance (not normalised) a verdict of a worse play stands for at this
    swing: from the first, up to but not including the second. What the coach shows of a
    loss stays inside it (``tutor.words.coach.loss_percent``), so that the number said never
    contradicts the grade.

    >>> verdict_band(Verdict.GOOD), verdict_band(Verdict.MISTAKE, swing=0.25)
    ((0.0, 0.1), (0.05, 0.075))
    >>> verdict_band(Verdict.BLUNDER, swing=0.01)
    (0.015, inf)
    """
    bands = {
        Verdict.GOOD: (0.0, INACCURACY),
        Verdict.INACCURACY: (INACCURACY, MISTAKE),
        Verdict.MISTAKE: (MISTAKE, BLUNDER),
        Verdict.BLUNDER: (BLUNDER, math.inf),
    }
    if verdict not in bands:
        raise ValueError(f"a {verdict.value} play has no loss to show")
    scale = max(swing, MIN_SWING)
    low, high = bands[verdict]
    return round(low * scale, 12), round(high * scale, 12)


# --- grading -------------------------------------------------------------------------------


COACH_NODES = 400_000
"""The positions a grade's solves may search (``evaluate``'s ``node_budget``): about 0.57 s at
the 700,000 a second this machine's solver searched, over the 154 grades of six seeded games
(Fives & Threes at most 315,000 and 0.42 s, Cutthroat at most 25,000), so it cuts only the
rare heaviest position. A count, not a time: a seeded game's grades are the same on a busy
machine as on an idle one (the 0.6 s time limit it replaces moved them by a point under
load)."""


@dataclass(frozen=True, slots=True)
class CoachBudget:
    """How hard the coach looks: level 5's sample budget, capped in searched positions for a
    quick grade (``COACH_NODES``); ``time_budget`` (seconds, none by default) would also cap
    it in time, at the cost of grades that depend on the machine's speed."""

    samples_cutthroat: int = BUDGETS[5].cutthroat
    samples_fives_and_threes: int = BUDGETS[5].fives_and_threes
    smart: bool = BUDGETS[5].smart
    time_budget: float | None = None
    nodes: int | None = COACH_NODES


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
    errors: tuple[tuple[Play, float], ...] = ()
    """The standard error of each play's win chance (empty: not kept, as in old records)."""
    loss_errors: tuple[tuple[Play, float], ...] = ()
    """The standard error of each play's loss against the best play, on the same deals."""
    swing: float = 1.0
    """What the hand could swing the chance by (Cutthroat in a set; else 1): the verdict is on
    the loss divided by it (``normalised``)."""
    scope: Scope = "hand"
    """What ``chances`` are chances to win: the hand, the set or the match."""
    reach: float | None = None
    """The most the hand could move the chance (``chances.hand_reach``; Cutthroat in a set):
    what the coach says the hand can swing. ``None`` in records made before it was kept."""

    def chance(self, play: Play) -> float:
        """The win chance of ``play`` (0 for a play that was not legal)."""
        return dict(self.chances).get(play, 0.0)

    def error(self, play: Play) -> float:
        """The standard error of ``chance(play)`` (0 when not known)."""
        return dict(self.errors).get(play, 0.0)

    def loss_error(self, play: Play) -> float:
        """The standard error of the loss of ``play`` against the best play (0: not known)."""
        return dict(self.loss_errors).get(play, 0.0)

    @property
    def best_chance(self) -> float:
        """The best play's win chance."""
        return self.chance(self.best)

    @property
    def difference(self) -> float:
        """The best play's win chance less the play made's, past the noise or not."""
        return max(0.0, self.best_chance - self.chance(self.played))

    @property
    def loss(self) -> float:
        """Win chance the play made lost against the best play: 0 for a play as good as the
        best (graded ``BEST``: its difference is within the noise) or forced."""
        if self.verdict in (Verdict.BEST, Verdict.FORCED):
            return 0.0
        return self.difference

    @property
    def normalised_loss(self) -> float:
        """The loss divided by the swing (``normalised``): what the verdict and the accuracy
        are measured on. The same as ``loss`` for a lone hand and in Fives & Threes."""
        return normalised(self.loss, self.swing)

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
    """True when a retry is within ``FOUND`` of the best play's win chance (normalised, as
    the verdict is), or its loss is within the noise."""
    loss = normalised(grade.best_chance - grade.chance(retry), grade.swing)
    return loss <= max(FOUND, NOISE_Z * normalised(grade.loss_error(retry), grade.swing)) + 1e-9


def _seed(view: Position, seed: int) -> random.Random:
    """Random numbers from the seed and the learner's view: the text recorded games were
    graded with, byte for byte."""
    hand, voids = view.hands[view.turn], view.lacks or (0,) * len(view.hands)
    return random.Random(f"coach|{seed}|{hand}|{view.line.mask}|{view.counts}|{voids}")


def play_table(
    view: Position, *, seed: int = 0, budget: CoachBudget | None = None, calibrated: bool = True
) -> PlayChances:
    """Every legal play's win chance on the same sampled deals, as ``grade`` samples them
    (``calibrated`` False: the raw chances the calibration map was fitted on)."""
    return _table(view, seed, budget, calibrated)


def _table(
    view: Position, seed: int, budget: CoachBudget | None, calibrated: bool = True
) -> PlayChances:
    """Every legal play's win chance on the same sampled deals."""
    budget = budget or CoachBudget()
    samples = (
        budget.samples_fives_and_threes if view.is_fives_and_threes else budget.samples_cutthroat
    )
    evaluation = evaluate(
        view,
        _seed(view, seed),
        samples=samples,
        min_samples=min(16, samples),
        target_se=0.0,  # the paired losses need every deal the budgets allow
        time_budget=budget.time_budget,
        node_budget=budget.nodes,
        smart=budget.smart,
        keep_deals=True,
    )
    table = play_chances(view, evaluation, calibrated=calibrated)
    if not table.plays:
        raise ValueError("there is no play to grade: the seat must pass")
    return table


def _graded(table: PlayChances, played: Play) -> Grade:
    """``played`` graded against the best play of ``table`` (no reasons yet)."""
    plays = list(table.plays)
    if played not in plays:
        raise ValueError(f"{played} is not a legal play here")
    chances = tuple(zip(plays, table.means, strict=True))
    errors = tuple(zip(plays, table.errors, strict=True))
    if len(plays) == 1:
        return Grade(
            played, played, chances, Verdict.FORCED, errors=errors,
            swing=table.swing, scope=table.scope, reach=table.reach,
        )
    top = max(range(len(plays)), key=lambda k: table.means[k])
    mine = plays.index(played)
    if table.means[mine] >= table.means[top] - 1e-12:
        top = mine  # of equal plays, the one made is the best
    loss_errors = tuple((p, table.loss_error(top, k)) for k, p in enumerate(plays))
    loss = table.means[top] - table.means[mine]
    error = loss_errors[mine][1]
    verdict = (
        Verdict.BEST
        if top == mine
        else verdict_of(normalised(loss, table.swing), normalised(error, table.swing))
    )
    return Grade(
        played, plays[top], chances, verdict, errors=errors, loss_errors=loss_errors,
        swing=table.swing, scope=table.scope, reach=table.reach,
    )


def _with_reasons(view: Position, result: Grade) -> Grade:
    if result.best == result.played or result.verdict is Verdict.FORCED:
        return result
    reasons = reasons_for(view, result.best, result.played, result.chances, result.errors)
    return dataclasses.replace(result, reasons=reasons)


def grade(
    view: Position,
    played: Play,
    *,
    seed: int = 0,
    budget: CoachBudget | None = None,
) -> Grade:
    """Grade ``played`` for the seat to play of ``view`` (its own hand shown).

    A play as good as the best (``BEST``, another play on top) is given no reasons.
    """
    result = _graded(_table(view, seed, budget), played)
    if result.verdict is Verdict.BEST:
        return result
    return _with_reasons(view, result)


def grades(
    view: Position, *, seed: int = 0, budget: CoachBudget | None = None
) -> tuple[Grade, ...]:
    """Every legal play graded as if it were made, on one sampling (``grade`` of each)."""
    table = _table(view, seed, budget)
    graded = (_graded(table, play) for play in table.plays)
    return tuple(g if g.verdict is Verdict.BEST else _with_reasons(view, g) for g in graded)


def hint(view: Position, *, seed: int = 0, budget: CoachBudget | None = None) -> Grade | None:
    """The coach's best play now and why, against the next best (``None``: no choice).

    The grade is the next best play's, as if it were made, with the reasons that tell the
    two apart; ``BEST``, and no reasons, when it is as good.
    """
    table = _table(view, seed, budget)
    if len(table.plays) < 2:
        return None
    top = max(range(len(table.plays)), key=lambda k: table.means[k])
    runner_up = max(
        (k for k in range(len(table.plays)) if k != top), key=lambda k: table.means[k]
    )
    result = _graded(table, table.plays[runner_up])
    return result if result.verdict is Verdict.BEST else _with_reasons(view, result)


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
        solution = solve_fives_threes(board, match_bonus=MATCH)
        return tuple((p, deal_value(known, value)) for p, value in solution.values), True
    if exact_tiles is None:
        exact_tiles = default_exact_tiles(board.seats)
    if board.tiles_left() <= exact_tiles:
        maxn = who_wins(board)
        return tuple(
            (p, deal_value(known, next((s for s, u in enumerate(us) if u >= WIN), -1)))
            for p, us in maxn.values
        ), True
    return (), False


# --- accuracy (as chess sites compute it) --------------------------------------------------


def move_accuracy(loss: float) -> float:
    """The accuracy of one play (0..100) from its loss of win chance (0..1)."""
    drop = 100.0 * max(0.0, loss)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def hand_accuracy(grades: Sequence[Grade]) -> float | None:
    """The hand's accuracy: the mean of a volatility-weighted mean and a harmonic mean.

    Each play's accuracy is of its normalised loss (in a Cutthroat set: the loss of set
    chance divided by what the hand could swing). Forced plays do not count. ``None`` when
    no play was graded.

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
    accuracies = [move_accuracy(g.normalised_loss) for g in graded]
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
