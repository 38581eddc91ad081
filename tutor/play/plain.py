"""Plain mode: the practice game line by line, for screen readers, scripts and pipes.

Each play is announced in a sentence; the learner's plays are numbered, so that
``yes 1 | domino-tutor play --plain --seed 7`` plays a whole game choosing the first legal
play each time. Replies: a number, a tile (``6-5`` or ``6-5 left``), ``?`` for a hint,
``u`` to take back your last play, ``q`` to stop (the game is saved for ``--resume``).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from tutor.play.model.choices import plays_named, read_reply
from tutor.play.model.practice import Decision, HandReview, PracticeGame
from tutor.play.model.session import SessionError
from tutor.play.tui.pages import end_of_hand_lines
from tutor.rules.line import LEFT, RIGHT
from tutor.rules.plays import Play
from tutor.rules.series import Event, HandOver, HandStarted, Played
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.terminal import clean, is_terminal
from tutor.words.i18n import Speaker
from tutor.words.play import (
    choice_lines,
    choose_again,
    event_lines,
    grade_lines,
    hint_lines,
    position_lines,
    retry_lines,
    seat_names,
)
from tutor.words.review import final_line
from tutor.words.store import not_saved_sentence

QUIT_WORDS = ("q", "quit", "exit")
HINT_WORDS = ("?", "hint")
BACK_WORDS = ("u", "undo", "back")


@dataclass
class PlainOptions:
    """How plain mode runs: the pace of computer plays (0 with ``--fast``)."""

    pace: float = 0.0


class Stop(Exception):
    """The learner stopped (``q`` or the end of the input)."""


class StopSignals:
    """SIGTERM and SIGHUP stop plain mode as ``q`` does (``Stop``): at once while it waits for a
    reply or the pace, else at the next turn, so that a play is never cut in half. Only in the
    main thread; the handlers before are put back on leaving.

    >>> import os, signal
    >>> signals = StopSignals()
    >>> with signals:
    ...     os.kill(os.getpid(), signal.SIGTERM)
    ...     try:
    ...         signals.check()
    ...     except Stop:
    ...         print("stopped")
    stopped
    """

    NAMES = ("SIGTERM", "SIGHUP")

    def __init__(self) -> None:
        self.caught = False
        self._waiting = False
        self._before: dict[int, Any] = {}

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            for name in self.NAMES:
                number = getattr(signal, name, None)
                if number is not None:
                    self._before[number] = signal.signal(number, self._caught)
        return self

    def __exit__(self, *exc: object) -> None:
        for number, handler in self._before.items():
            signal.signal(number, handler)
        self._before = {}

    def _caught(self, number: int, frame: object) -> None:
        self.caught = True
        if self._waiting:
            raise Stop

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """While the game waits (for a reply, for the pace), a signal stops it at once."""
        self.check()
        self._waiting = True
        try:
            yield
        finally:
            self._waiting = False

    def check(self) -> None:
        """Stop now when a signal came."""
        if self.caught:
            raise Stop


class PlainGame:
    """Plays a ``PracticeGame`` over two text streams."""

    def __init__(
        self,
        game: PracticeGame,
        sp: Speaker,
        input: TextIO,
        output: TextIO,
        *,
        options: PlainOptions | None = None,
        save: Callable[[PracticeGame], object] = lambda game: None,
        on_review: Callable[[PracticeGame, HandReview], object] = lambda game, review: None,
        checkpoint: Callable[[PracticeGame], object] = lambda game: None,
    ) -> None:
        self.game, self.sp = game, sp
        self.input, self.output = input, output
        self.options = options or PlainOptions()
        self.save, self.on_review = save, on_review
        self.checkpoint = checkpoint
        """Saves after every play, pass, draw, hint and take-back (any kill resumes there)."""
        self.signals = StopSignals()
        self.names = seat_names(game.session.seats)
        self.end_words = {sp._("left").casefold(): LEFT, sp._("right").casefold(): RIGHT}
        self._first = False
        self._scores_before: Sequence[int] = game.session.scores

    def say(self, lines: Sequence[str]) -> None:
        for line in lines:
            print(clean(line), file=self.output)
        self.output.flush()

    def read(self) -> str:
        self.output.write("> ")
        self.output.flush()
        with self.signals.waiting():
            line = self.input.readline()
        if not line:
            self.output.write("\n")
            raise Stop
        reply = line.strip()
        if not is_terminal(self.input):
            self.output.write(clean(reply) + "\n")
        return reply

    # --- the game ------------------------------------------------------------------------------

    def run(self) -> bool:
        """Play until the game is over (True) or the learner stops (False); saves either way.
        SIGTERM and SIGHUP stop it as ``q`` does (``StopSignals``)."""
        try:
            with self.signals:
                self._loop()
        except Stop:
            saved = self.save(self.game) is not False
            with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
                said = self.sp._("Game saved: continue it with domino-tutor play --resume.")
                self.say([said if saved else not_saved_sentence(self.sp)])
            return False
        except BaseException:
            self.save(self.game)
            raise
        self.save(self.game)
        return True

    def _loop(self) -> None:
        game, sp = self.game, self.sp
        session = game.session
        self.say(
            [
                sp._("Deal {id} (seed {seed}), computer level {level}.").format(
                    id=session.deal_id, seed=game.options.seed, level=game.options.level
                )
            ]
        )
        started = [e for e in session.events if isinstance(e, HandStarted)]
        if started and not session.game.line:
            self._show([started[-1]])
        self._first = not session.game.line
        while not game.over:
            self.signals.check()
            if game.learner_to_play:
                self._learner_turn()
            else:
                if self.options.pace and not session.hand_over:
                    with self.signals.waiting():
                        time.sleep(self.options.pace)
                events = game.step()
                self.checkpoint(game)
                self._show(events)
            session = game.session

    def _show(self, events: Sequence[Event]) -> None:
        rules = self.game.session.rules
        for event in events:
            if isinstance(event, HandStarted):
                self._first = True
            if isinstance(event, HandOver):  # the line that decided the hand, before its end
                line = self.game.session.game.line
                self.say([final_line(str(line), line.left, line.right, self.sp)])
            self.say(
                event_lines(
                    event,
                    self.names,
                    self.sp,
                    first=self._first,
                    rules=rules,
                    scores_before=self._scores_before,
                )
            )
            if isinstance(event, Played):
                self._first = False
                self._scores_before = self.game.session.scores
            if isinstance(event, HandStarted):
                self._scores_before = event.scores
            if isinstance(event, HandOver):
                self._hand_over(event)

    def _hand_over(self, event: HandOver) -> None:
        game = self.game
        if game.coach == "off" or not game.reviews or game.reviews[-1].hand != event.hand:
            self.save(game)  # the record file too, after every hand, with or without the coach
            return
        review = game.reviews[-1]
        fives = game.session.rules.game == FIVES_AND_THREES
        self.say(end_of_hand_lines(review, game.coach, self.names, self.sp, fives=fives))
        self.on_review(game, review)
        self._learn(review)

    def _learn(self, review: HandReview) -> None:
        mistakes = review.mistakes
        if not mistakes:
            return
        sp = self.sp
        self.say(
            [
                sp.ngettext(
                    "Learn from your mistakes: {n} position comes back.",
                    "Learn from your mistakes: {n} positions come back.",
                    len(mistakes),
                ).format(n=len(mistakes))
            ]
        )
        for decision, graded in mistakes:
            self._retry(decision, [p for p, _ in graded.chances])

    def _retry(self, decision: Decision, choices: list[Play]) -> None:
        sp = self.sp
        lead = not len(decision.view.line)
        self.say(position_lines(decision.view, decision.view.line, self.names, sp))
        self.say([sp._("Find a better play:"), *choice_lines(choices, sp, lead=lead)])
        play = self._read_play(choices, commands=False)
        assert play is not None
        graded = self.game.grades[decision.action]
        found = self.game.retry(decision, play)
        self.say(retry_lines(found, play, graded, self.names, sp, lead=lead))

    def _learner_turn(self) -> None:
        game, sp = self.game, self.sp
        session = game.session
        choices = game.legal_choices()
        lead = not len(session.game.line)
        self.say(position_lines(session.view(), session.game.line, self.names, sp))
        self.say(
            [
                sp._("Your plays:"),
                *choice_lines(choices, sp, lead=lead),
                sp._("Type a number or a tile; ? for a hint, u to take back, q to stop."),
            ]
        )
        play = self._read_play(choices, commands=True)
        if play is None:  # taken back
            self._first = not game.session.game.line
            return
        events, graded = game.choose(play)
        self.checkpoint(game)
        self._show(events[:1])
        if graded is not None:
            self.say(grade_lines(graded, self.names, sp, lead=lead))
        self._show(events[1:])

    def _read_play(self, choices: list[Play], *, commands: bool) -> Play | None:
        """The play the learner names; ``None`` after a take-back (only with ``commands``)."""
        sp = self.sp
        while True:
            reply = self.read()
            word = reply.lower()
            if word in QUIT_WORDS:
                raise Stop
            if commands and word in HINT_WORDS:
                hint = self.game.hint()
                self.checkpoint(self.game)
                if hint is None:
                    self.say([sp._("There is only one play: no hint needed.")])
                else:
                    lead = not len(self.game.session.game.line)
                    self.say(hint_lines(hint, self.names, sp, lead=lead))
                continue
            if commands and word in BACK_WORDS:
                try:
                    self.game.take_back()
                except SessionError:
                    self.say([sp._("There is no play of yours to take back.")])
                    continue
                self.checkpoint(self.game)
                self.say([sp._("Taken back: it is your turn again.")])
                return None
            plays = plays_named(read_reply(reply, choices, self.end_words), choices)
            if len(plays) == 1:
                return plays[0]
            if len(plays) == 2:  # a tile typed alone that fits both ends
                tile = plays[0].tile
                self.say(
                    [
                        sp._(
                            "{tile} fits both ends: type its number, or {left} or {right}."
                        ).format(
                            tile=tile,
                            left=f"{tile} " + sp._("left"),
                            right=f"{tile} " + sp._("right"),
                        )
                    ]
                )
                continue
            self.say([choose_again(len(choices), sp)])
