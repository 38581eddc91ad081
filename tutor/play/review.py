"""The review of a game, step by step, in the learner's words: what the review screen shows
under the board at each step (``tutor.play.tui.review``), and the same as plain text, position
by position, for a screen reader or a pipe (``review --plain``, ``play --replay --plain``).

>>> from tutor.play.model.practice import PracticeGame
>>> from tutor.play.model.session import Options
>>> from tutor.words.i18n import Speaker
>>> game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
>>> while not game.session.hand_over:
...     _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
>>> review = Review(game, Speaker("en"))
>>> review.text(len(review.steps) - 1).coach[0]
'The coach was off in this game: no grades. You chose among several plays 7 times.'
>>> any(line.startswith(">") for line in review.plain())
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tutor.play.model.practice import PracticeGame
from tutor.play.model.review import Step, chose, hand_grades, review_steps
from tutor.questions.coach import Verdict
from tutor.rules.series import LEARNER_SEAT, HandStarted
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.rules.tiles import Tile, tiles_of
from tutor.words.i18n import Speaker
from tutor.words.play import event_lines, hand_line, position_lines, seat_names
from tutor.words.review import (
    choice_lines,
    final_line,
    hand_summary,
    step_heading,
    stop_line,
)

Tone = Literal["", "good", "bad", "coach"]

BAD = (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)


@dataclass
class StepText:
    """The words of one step: where it is, what was done, what the coach says of it."""

    heading: str
    done: list[str]
    coach: list[str] = field(default_factory=list)
    tone: Tone = ""


class Review:
    """A game's review: its steps (``tutor.play.model.review``) and their words."""

    def __init__(self, game: PracticeGame, sp: Speaker) -> None:
        self.game, self.sp = game, sp
        self.steps = review_steps(game)
        self.names = seat_names(game.session.seats)
        self.fives = game.session.rules.game == FIVES_AND_THREES
        self.graded = [k for k, step in enumerate(self.steps) if step.grade is not None]

    def start(self) -> int:
        """The step the review opens on: the first graded play, else the first step."""
        return self.graded[0] if self.graded else 0

    def heading(self, k: int) -> str:
        """Where step ``k`` is in the review."""
        step = self.steps[k]
        graded = None
        if step.grade is not None:
            graded = (self.graded.index(k) + 1, len(self.graded))
        return step_heading(k + 1, len(self.steps), step.hand, self.fives, graded, self.sp)

    def text(self, k: int) -> StepText:
        """The words of step ``k``."""
        step, sp, names = self.steps[k], self.sp, self.names
        session = step.session
        rules = session.rules
        if step.kind == "stop":
            return StepText(self.heading(k), [stop_line(sp)])
        if step.kind == "end":
            done: list[str] = []
            for event in step.events:
                done += event_lines(event, names, sp, first=False, rules=rules)
            coach = hand_summary(
                step.hand,
                hand_grades(self.steps, step.hand),
                chose(self.steps, step.hand),
                self.game.coach,
                step.ending,
                names,
                sp,
                fives=self.fives,
            )
            return StepText(self.heading(k), done, coach, "coach")
        first = not len(session.game.line)
        done = []
        for event in step.events:
            done += event_lines(
                event, names, sp, first=first, rules=rules, scores_before=session.scores
            )
        if step.choices < 2:
            return StepText(self.heading(k), done)
        coach = choice_lines(
            step.grade, step.choices, self.game.coach, step.knowable, names, sp, lead=first,
            fives=self.fives,
        )
        tone: Tone = "coach"
        if step.grade is not None:
            tone = "bad" if step.grade.verdict in BAD else "good"
        return StepText(self.heading(k), done, coach, tone)

    def played(self, k: int) -> int | None:
        """The number (from 0) in the hand shown of the tile the learner played at step ``k``."""
        step = self.steps[k]
        if not step.learner or step.action is None:
            return None
        play = self.game.session.actions[step.action].play
        hand = session_hand(step)
        return None if play is None or play.tile not in hand else hand.index(play.tile)

    # --- plain text ----------------------------------------------------------------------------

    def plain(self) -> list[str]:
        """The whole review as lines: every play in a sentence, the table written out at each
        play where the learner chose, the end of each hand with the coach's summary."""
        game, sp, names = self.game, self.sp, self.names
        lines = [
            sp._("Deal {id} (seed {seed}), computer level {level}.").format(
                id=game.session.deal_id, seed=game.options.seed, level=game.options.level
            )
        ]
        for k, step in enumerate(self.steps):
            session = step.session
            if k == 0 or self.steps[k - 1].kind == "end":
                lines += ["", *self._hand_start(step)]
            said = self.text(k)
            if step.kind == "action" and step.choices < 2:
                lines += said.done
                continue
            view = session.view()
            lines += ["", said.heading]
            if step.kind == "end":
                line = session.game.line
                lines += said.done
                lines.append(final_line(str(line), line.left, line.right, sp))
            else:
                lines += position_lines(view, session.game.line, names, sp)
                lines += said.done
            lines += said.coach
            if step.kind == "action":
                lines.append("")
        lines += [
            "",
            sp._("Hints: {hints}, take-backs: {backs}.").format(
                hints=game.counters.hints, backs=game.counters.take_backs
            ),
        ]
        return lines

    def _hand_start(self, step: Step) -> list[str]:
        session = step.session
        started = [e for e in session.events if isinstance(e, HandStarted)][-1]
        lines = event_lines(started, self.names, self.sp, first=True, rules=session.rules)
        return [*lines, hand_line(session.game.hands[LEARNER_SEAT], self.sp)]


def session_hand(step: Step) -> list[Tile]:
    """The learner's tiles at ``step``, in the order the hand is drawn."""
    return list(tiles_of(step.session.game.hands[LEARNER_SEAT]))
