"""The review of a game as steps: every action with the position it was taken in, and the end
of every hand. No words: ``tutor.words.review`` says each step, ``tutor.play.tui.review``
shows them on a screen, ``tutor.play.app`` prints them for a screen reader.

A step keeps the session as it was (a fork), so a face draws the line, the hand, the counts,
the passes and the scores of that moment with the game screen's own panels. The record has no
positions: the steps come from replaying its actions through the engine.

>>> from tutor.play.model.practice import PracticeGame
>>> from tutor.play.model.session import Options
>>> game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
>>> while not game.session.hand_over:
...     _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
>>> steps = review_steps(game)
>>> steps[-1].kind, steps[-1].hand, len(steps) == len(game.session.actions) + 1
('end', 1, True)
>>> choice = next(k for k, s in enumerate(steps) if s.choices > 1)
>>> step_to(steps, 0, "choice", +1) == choice
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Session
from tutor.questions.coach import Grade, WentOutOnHardEnd, went_out_on_hard_end
from tutor.rules.position import Position
from tutor.rules.series import LEARNER_SEAT, Event, GameOver, HandOver

StepKind = Literal["action", "end", "stop"]
"""An action (a play, pass or draw), the end of a hand, or where an unfinished game stopped."""

Jump = Literal["play", "choice", "hand", "edge"]
"""How far a key moves: one step, to a play where the learner chose (graded or not), to the
start of a hand, to the first or last step."""


@dataclass(frozen=True, slots=True)
class Step:
    """One position of the review and what was done in it."""

    kind: StepKind
    hand: int
    action: int | None
    """The index of the action in ``Session.actions`` (``None`` at the end of a hand)."""
    session: Session
    """The game as it was: before the action, or after the hand at its end."""
    events: tuple[Event, ...]
    """What the action caused (the end of the hand apart), or the end of the hand."""
    choices: int = 0
    """The learner's legal plays when this is the learner's play (0 for any other action)."""
    grade: Grade | None = None
    knowable: bool = False
    """Every hidden tile was in one known place: the learner could know every hand."""
    ending: WentOutOnHardEnd | None = None
    """At the end of a hand the coach reviewed: how another seat went out on a hard end."""

    @property
    def learner(self) -> bool:
        """True for an action of the learner."""
        return self.kind == "action" and self.session.game.turn == LEARNER_SEAT


def every_hand_knowable(view: Position) -> bool:
    """True when the tiles ``view``'s seat cannot see are all in one hidden hand: 2-player
    Cutthroat without a boneyard, where the other player holds the other 14 tiles. Not with a
    boneyard or Fives & Threes' sleeping tiles, nor with two hidden hands.

    >>> from tutor.rules.game import Game
    >>> from tutor.rules.table_rules import TableRules
    >>> import random
    >>> two = Game.new(TableRules(players=2), random.Random(1))
    >>> every_hand_knowable(Position.from_game(two, 0))
    True
    >>> fives = Game.new(TableRules(game="fives-and-threes", players=2), random.Random(1))
    >>> every_hand_knowable(Position.from_game(fives, 0))
    False
    """
    hidden = [seat for seat, hand in enumerate(view.hands) if hand is None]
    return len(hidden) == 1 and view.size(hidden[0]) == view.unknown_count


def review_steps(game: PracticeGame) -> list[Step]:
    """The steps of ``game``: each action in the position before it, the end of each hand, and
    where the game stopped when it is not finished."""
    session = Session(game.options)
    steps: list[Step] = []
    for index, action in enumerate(game.session.actions):
        if session.hand_over:
            session.step()  # the next deal
        before = session.fork()
        learner_play = action.seat == LEARNER_SEAT and action.kind == "play"
        choices = len(session.legal_choices()) if learner_play else 0
        knowable = learner_play and every_hand_knowable(session.view())
        events = session.apply(action)
        ending = tuple(e for e in events if isinstance(e, HandOver | GameOver))
        own = tuple(e for e in events if not isinstance(e, HandOver | GameOver))
        grade = game.grades.get(index) if learner_play else None
        steps.append(
            Step("action", action.hand, index, before, own, choices, grade, knowable)
        )
        if ending:
            hard = None if game.coach == "off" else went_out_on_hard_end(session.game)
            steps.append(Step("end", action.hand, None, session.fork(), ending, ending=hard))
    if not session.over and not session.hand_over:
        steps.append(Step("stop", session.hand, None, session, ()))
    return steps


def step_to(steps: Sequence[Step], at: int, jump: Jump, direction: int) -> int:
    """The step a key moves to from step ``at``: ``direction`` +1 forward, -1 back; where there
    is none, the last (first) step the jump could reach, or ``at``.

    ``choice`` stops at each play where the learner chose among two or more (graded or not),
    ``hand`` at the first step of a hand (back: of this hand first, when not on it).
    """
    last = len(steps) - 1
    if jump == "edge":
        return last if direction > 0 else 0
    if jump == "play":
        return max(0, min(last, at + direction))
    ahead = range(at + 1, last + 1) if direction > 0 else range(at - 1, -1, -1)
    for k in ahead:
        if jump == "choice" and steps[k].choices > 1:
            return k
        if jump == "hand" and (k == 0 or steps[k - 1].hand != steps[k].hand):
            return k
    if jump == "hand":
        return last if direction > 0 else 0
    return at


def hand_grades(steps: Sequence[Step], hand: int) -> list[Grade]:
    """The grades of the learner's plays in ``hand``, in order."""
    return [s.grade for s in steps if s.hand == hand and s.grade is not None]


def chose(steps: Sequence[Step], hand: int) -> int:
    """How many times the learner chose among two or more plays in ``hand``."""
    return sum(1 for s in steps if s.hand == hand and s.choices > 1)
