"""A practice game with its coach: the session, the grades, hints, take-backs and reviews.

``PracticeGame`` is what a face (plain text, or a full-screen application) drives; see
the package docstring for the API. The coach grades the learner's plays on the learner's
own view (``tutor.questions.coach``); ``live`` grades each play as it is made, ``after`` at the
end of the hand, ``off`` not at all.

>>> from tutor.play.model.session import Options
>>> game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
>>> while not game.over:
...     if game.learner_to_play:
...         _ = game.choose(game.legal_choices()[0])
...     else:
...         _ = game.step()
>>> game.session.over, len(game.reviews) == game.session.hand
(True, True)
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.play.model.session import Misfit, Options, ReplayError, Session, SessionError, seat_view
from tutor.questions.coach import (
    CoachBudget,
    Grade,
    WentOutOnHardEnd,
    found,
    grade,
    hand_accuracy,
    hint,
    known_values,
    went_out_on_hard_end,
)
from tutor.rules.plays import IllegalPlayError, Play
from tutor.rules.position import Position
from tutor.rules.series import LEARNER_SEAT, Action, Event, HandOver
from tutor.rules.tiles import Tile

CoachMode = Literal["live", "after", "off"]
COACH_MODES: tuple[CoachMode, ...] = ("live", "after", "off")


@dataclass(frozen=True, slots=True)
class Decision:
    """A position where the learner chose among several plays: what they saw, and the
    same moment with every hand known."""

    action: int
    """Index of the learner's action in ``Session.actions``."""
    hand: int
    view: Position
    """What the learner could know (``coach_view``): the coach grades on it."""
    known: Position
    """Every hand known: for the review after the hand only."""
    boneyard: tuple[Tile, ...] = ()
    """The order of a boneyard that can be drawn (top first), for the review."""


@dataclass(frozen=True, slots=True)
class HandReview:
    """The end of a hand from the coach's side: the graded plays and the accuracy."""

    hand: int
    grades: tuple[tuple[Decision, Grade], ...]
    accuracy: float | None
    ending: WentOutOnHardEnd | None = None
    """How the hand was lost, when another seat went out on a hard end."""

    @property
    def mistakes(self) -> list[tuple[Decision, Grade]]:
        """The plays that lost 0.1 or more: "learn from your mistakes" asks them again."""
        return [(d, g) for d, g in self.grades if g.is_mistake]


@dataclass
class Counters:
    """What the learner used: hints and take-backs are counted (practice only)."""

    hints: int = 0
    take_backs: int = 0


class PracticeGame:
    """A session with a coach (see the module docstring)."""

    def __init__(
        self,
        options: Options,
        *,
        coach: CoachMode = "live",
        budget: CoachBudget | None = None,
        session: Session | None = None,
    ) -> None:
        if coach not in COACH_MODES:
            raise SessionError(f"coach {coach!r}: choose live, after or off")
        self.options = options
        self.coach: CoachMode = coach
        self.budget = budget or CoachBudget()
        self.session = session or Session(options)
        self.decisions: dict[int, Decision] = {}
        self.grades: dict[int, Grade] = {}
        self.reviews: list[HandReview] = []
        self.counters = Counters()
        self.retries: dict[int, bool] = {}

    # --- state ---------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the set or match is won."""
        return self.session.over

    @property
    def learner_to_play(self) -> bool:
        """True when ``choose`` is expected."""
        return self.session.learner_to_play

    def legal_choices(self) -> list[Play]:
        """The learner's legal plays now."""
        return self.session.legal_choices()

    # --- actions -------------------------------------------------------------------------------

    def choose(self, play: Play) -> tuple[list[Event], Grade | None]:
        """The learner's play: the events it caused and, with ``live``, its grade."""
        session = self.session
        choices = session.legal_choices()
        if play not in choices:
            raise SessionError(f"{play} is not a legal play now")
        decision = None
        if self.coach != "off" and len(choices) > 1:
            decision = decision_now(session)
        graded = None
        if decision is not None:
            self.decisions[decision.action] = decision
            if self.coach == "live":
                graded = self._grade(decision, play)
                self.grades[decision.action] = graded
        events = session.choose(play)
        self._after(events)
        return events, graded

    @classmethod
    def replay(
        cls,
        options: Options,
        actions: Sequence[Action],
        *,
        coach: CoachMode = "live",
        budget: CoachBudget | None = None,
    ) -> PracticeGame:
        """The game after the recorded ``actions`` (``SessionError`` on one the rules refuse),
        with a ``Decision`` at each play where the learner chose (unless the coach is off): a
        game resumed in the middle of a hand reviews it whole at its end, the plays made
        before it stopped included.

        >>> from tutor.play.model.session import Options
        >>> game = PracticeGame(Options(players=2, level=1, seed=3), coach="after")
        >>> while len(game.decisions) < 2:
        ...     _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
        >>> again = PracticeGame.replay(game.options, game.session.actions, coach="after")
        >>> def seen(g):
        ...     return [(k, d.hand, str(d.view.line), d.view.hands) for k, d in g.decisions.items()]
        >>> seen(again) == seen(game), len(again.decisions)
        (True, 2)
        """
        session = Session(options)
        decisions: dict[int, Decision] = {}
        for index, action in enumerate(actions):
            if session.hand_over:
                session.step()  # the next deal
            mine = action.seat == LEARNER_SEAT and action.kind == "play"
            if coach != "off" and mine and len(session.legal_choices()) > 1:
                decisions[len(session.actions)] = decision_now(session)
            try:
                session.apply(action)
            except ReplayError as error:
                error.index = index
                raise
            except IllegalPlayError as error:
                misfit = Misfit("illegal", action.seat, action.hand, play=str(action.play))
                raise ReplayError(str(error), misfit, index) from error
        game = cls(options, coach=coach, budget=budget, session=session)
        game.decisions = decisions
        return game

    def step(self) -> list[Event]:
        """One computer action, a forced pass or draw, or the next deal."""
        events = self.session.step()
        self._after(events)
        return events

    def hint(self) -> Grade | None:
        """The coach's best play now and why, against the next best (counted).

        ``None`` when there is no choice to make.
        """
        session = self.session
        choices = session.legal_choices()
        if len(choices) < 2:
            return None
        self.counters.hints += 1
        return hint(coach_view(session), seed=self.options.seed, budget=self.budget)

    def take_back(self) -> None:
        """Undo the learner's last play and what followed (counted; ``SessionError`` if none)."""
        session = self.session.take_back()
        kept = len(session.actions)
        self.session = session
        for store in (self.decisions, self.grades):
            for index in [i for i in store if i >= kept]:
                del store[index]
        self.reviews = [r for r in self.reviews if r.hand < session.hand]
        self.counters.take_backs += 1

    def retry(self, decision: Decision, play: Play) -> bool:
        """ "Learn from your mistakes": True when ``play`` is within 0.04 of the best."""
        result = found(self.grades[decision.action], play)
        self.retries[decision.action] = result
        return result

    # --- thinking apart ------------------------------------------------------------------------

    def fork(self) -> PracticeGame:
        """A copy to act on apart from this game: a worker thread grades and plays on the fork
        while a screen draws this game; ``adopt`` then takes the fork's state. The result is
        the one acting on this game would give (the same seed, the same view).

        >>> from tutor.play.model.session import Options
        >>> game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
        >>> twin = game.fork()
        >>> _ = twin.step() if not twin.learner_to_play else twin.choose(twin.legal_choices()[0])
        >>> len(game.session.actions), len(twin.session.actions)
        (0, 1)
        >>> game.adopt(twin)
        >>> len(game.session.actions)
        1
        """
        twin = copy.copy(self)
        twin.session = self.session.fork()
        twin.decisions, twin.grades = dict(self.decisions), dict(self.grades)
        twin.reviews, twin.retries = list(self.reviews), dict(self.retries)
        twin.counters = dataclasses.replace(self.counters)
        return twin

    def adopt(self, fork: PracticeGame) -> None:
        """Take the state of ``fork`` (made by ``fork`` and acted on since): this object stays
        the game that callers hold."""
        vars(self).update(vars(fork))

    # --- inside --------------------------------------------------------------------------------

    def _grade(self, decision: Decision, play: Play) -> Grade:
        return grade(decision.view, play, seed=self.options.seed, budget=self.budget)

    def _after(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, HandOver):
                self.reviews.append(self._review(event.hand))

    def _review(self, hand: int) -> HandReview:
        actions = self.session.actions
        graded: list[tuple[Decision, Grade]] = []
        for index, decision in sorted(self.decisions.items()):
            if decision.hand != hand:
                continue
            played = _played(actions, index)
            if index not in self.grades:
                self.grades[index] = self._grade(decision, played)
            result = self.grades[index]
            if not result.known:
                values, exact = known_values(decision.known, boneyard=decision.boneyard)
                result = dataclasses.replace(result, known=values, known_exact=exact)
                self.grades[index] = result
            graded.append((decision, result))
        ending = went_out_on_hard_end(self.session.game, LEARNER_SEAT)
        return HandReview(hand, tuple(graded), hand_accuracy([g for _, g in graded]), ending)


def decision_now(session: Session) -> Decision:
    """The learner's choice about to be made in ``session``: what they can know (the coach
    grades on it) and the same moment with every hand known (for the review)."""
    game = session.game
    scores = session.scores  # Cutthroat too: the values are of the set
    return Decision(
        len(session.actions),
        session.hand,
        coach_view(session),
        Position.from_game(game, scores=scores, stake=session.stake),
        tuple(game.boneyard),
    )


def coach_view(session: Session) -> Position:
    """What the learner could know, as the coach grades it: ``Session.view`` and, in
    Cutthroat, the set scores and the stake, so that a play is valued by the chance to win
    the six-love set (``tutor.questions.chances``), not the hand alone.

    >>> from tutor.play.model.session import Options
    >>> session = Session(Options(players=3, level=1, seed=2))
    >>> while session.hand < 2 and not session.over:
    ...     _ = session.choose(session.legal_choices()[0]) if session.learner_to_play else (
    ...         session.step())
    >>> coach_view(session).scores == session.scores, session.view().scores
    (True, ())
    """
    if session.match is not None:
        return session.view()
    return seat_view(session.game, LEARNER_SEAT, scores=session.scores, stake=session.stake)


def _played(actions: Sequence[Action], index: int) -> Play:
    action = actions[index]
    assert action.seat == LEARNER_SEAT and action.play is not None
    return action.play
