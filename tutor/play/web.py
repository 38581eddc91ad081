"""The practice game in a web page: plain mode's game, driven by the page's buttons.

The page (``docs/_static/tutor-play.js``, in a Web Worker) cannot wait for a typed line, so this
face turns plain mode (``tutor.play.plain.PlainGame``) inside out: ``WebGame.advance`` plays the
computer seats until the learner is to choose and returns what plain mode would have printed;
``choose(n)`` plays the learner's n-th legal play (or, after a hand, the n-th play of a position
that comes back) and goes on. The lines are plain mode's, word for word, but for its prompts
(``tests/play/test_web.py`` plays whole games both ways and compares them).

>>> game = WebGame.start({"game": "fives-and-threes", "level": 1, "seed": 7}, "de")
>>> said = game.state()
>>> said["lines"][0]
'Partie 9B73B1 (Startwert 7), Computerstufe 1.'
>>> said["asking"], len(said["choices"]) > 0
('play', True)
"""

from __future__ import annotations

import dataclasses
import io
import time
from collections.abc import Sequence
from typing import Any

from tutor.play.model.practice import Counters, Decision, HandReview, PracticeGame
from tutor.play.model.session import Options, SessionError
from tutor.play.plain import PlainGame
from tutor.questions.coach import CoachBudget
from tutor.render.svg import Labels, position_svg, tile_svg
from tutor.rules.plays import Play
from tutor.rules.series import Action, Event, HandOver, HandStarted
from tutor.rules.tiles import Tile, TileError
from tutor.words.describe import drawing_words
from tutor.words.i18n import Speaker
from tutor.words.play import (
    choice_lines,
    grade_lines,
    hint_lines,
    position_lines,
    retry_lines,
)
from tutor.words.vocabulary import play_words

State = dict[str, Any]


class WebGame(PlainGame):
    """Plain mode without its input: the learner's choices come from ``choose``."""

    def __init__(self, game: PracticeGame, sp: Speaker) -> None:
        self.buffer = io.StringIO()
        super().__init__(game, sp, io.StringIO(), self.buffer)
        self.asking: str | None = None
        """``play`` (the learner's turn), ``retry`` (a position that comes back) or None."""
        self.retries: list[tuple[Decision, list[Play]]] = []
        self.waiting: list[Event] = []
        """Events still to show after the positions that come back (as plain mode's order)."""
        self.choices: list[Play] = []
        self.took: dict[str, float] = {}
        """Milliseconds of the last answer: ``coach`` (the grade of the learner's play),
        ``computer`` (the longest computer play), ``review`` (the end of a hand)."""

    @classmethod
    def start(cls, options: dict[str, Any], language: str) -> WebGame:
        """A new game: ``game``, ``players``, ``level``, ``seed`` as ``domino-tutor play``;
        ``samples`` gives the coach that many samples and no time limit (the same grades on
        any machine, however busy: the tests use it), else it has the terminal's budget."""
        game = PracticeGame(_options(options), budget=_budget(options))
        web = cls(game, Speaker(language))
        session = game.session
        web.say(
            [
                web.sp._("Deal {id} (seed {seed}), computer level {level}.").format(
                    id=session.deal_id, seed=game.options.seed, level=game.options.level
                )
            ]
        )
        started = [e for e in session.events if isinstance(e, HandStarted)]
        if started and not session.game.line:
            web._show([started[-1]])
        web._first = not session.game.line
        web.advance()
        return web

    @classmethod
    def resume(
        cls, options: dict[str, Any], actions: list[Any], language: str,
        counters: dict[str, Any] | None = None,
    ) -> WebGame:
        """The game of ``options`` after ``actions`` (as ``state()["actions"]`` gave them, kept
        by the page across a reload), at the learner's turn; it says nothing of what came
        before (the page keeps what was said). The grades of the hand in progress are made
        again at its end: the coach's budget is a count of positions, so they are the grades
        the learner saw. ``counters`` (``state()["counters"]``) are the hints and take-backs
        used so far. ``SessionError`` when the actions or the counters do not read.

        >>> game = WebGame.start({"game": "fives-and-threes", "level": 1, "seed": 7}, "en")
        >>> game.choose(1)
        >>> said = game.state()
        >>> again = WebGame.resume({"game": "fives-and-threes", "level": 1, "seed": 7},
        ...                        said["actions"], "en")
        >>> again.state()["choices"] == said["choices"], again.state()["board"] == said["board"]
        (True, True)
        """
        try:
            played = [_action(item) for item in actions]
        except (TypeError, ValueError, IndexError, TileError) as error:
            raise SessionError(f"the kept game is damaged: {error}") from error
        game = PracticeGame.replay(_options(options), played, budget=_budget(options))
        game.counters = _counters(counters or {})
        web = cls(game, Speaker(language))
        web._first = not game.session.game.line
        web.advance()
        web.buffer.seek(0)
        web.buffer.truncate()
        return web

    # --- plain mode's pieces, without waiting -------------------------------------------------

    def _show(self, events: Sequence[Event]) -> None:
        queue = list(events)
        while queue:
            if self.retries:  # a hand's positions come back before anything after it
                self.waiting += queue
                return
            super()._show([queue.pop(0)])

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
        self.retries = [(decision, [p for p, _ in graded.chances]) for decision, graded in mistakes]

    def advance(self) -> None:
        """Play on until the learner is asked (a play, or a position that comes back)."""
        game, sp = self.game, self.sp
        while True:
            if self.retries:
                decision, choices = self.retries[0]
                lead = not len(decision.view.line)
                self.say(position_lines(decision.view, decision.view.line, self.names, sp))
                self.say([sp._("Find a better play:"), *choice_lines(choices, sp, lead=lead)])
                self.asking, self.choices = "retry", choices
                return
            if self.waiting:
                waiting, self.waiting = self.waiting, []
                self._show(waiting)
                continue
            if game.over:
                self.asking, self.choices = None, []
                return
            if game.learner_to_play:
                session = game.session
                self.choices = game.legal_choices()
                lead = not len(session.game.line)
                self.say(position_lines(session.view(), session.game.line, self.names, sp))
                self.say([sp._("Your plays:"), *choice_lines(self.choices, sp, lead=lead)])
                self.asking = "play"
                return
            started = time.perf_counter()
            events = game.step()
            took = 1000 * (time.perf_counter() - started)
            key = "review" if any(isinstance(e, HandOver) for e in events) else "computer"
            self.took[key] = max(self.took.get(key, 0.0), took)
            self._show(events)

    def choose(self, n: int) -> None:
        """The learner picks the ``n``-th choice (from 1); the game goes on."""
        if self.asking is None or not 1 <= n <= len(self.choices):
            raise SessionError(f"there is no choice {n}")
        play = self.choices[n - 1]
        sp = self.sp
        self.took = {}
        if self.asking == "retry":
            decision, _ = self.retries.pop(0)
            lead = not len(decision.view.line)
            earlier = self.game.grades[decision.action]
            found = self.game.retry(decision, play)
            self.say(retry_lines(found, play, earlier, self.names, sp, lead=lead))
        else:
            lead = not len(self.game.session.game.line)
            started = time.perf_counter()
            events, graded = self.game.choose(play)
            self.took["coach"] = 1000 * (time.perf_counter() - started)
            self._show(events[:1])
            if graded is not None:
                self.say(grade_lines(graded, self.names, sp, lead=lead))
            self._show(events[1:])
        self.asking = None
        self.advance()

    def hint(self) -> None:
        """The coach's hint for the learner's turn (as ``?`` in plain mode)."""
        sp = self.sp
        if self.asking != "play":
            return
        hint = self.game.hint()
        if hint is None:
            self.say([sp._("There is only one play: no hint needed.")])
        else:
            lead = not len(self.game.session.game.line)
            self.say(hint_lines(hint, self.names, sp, lead=lead))

    def board(self) -> str:
        """The table the learner is asked about (the position that comes back, or now) as the
        puzzles' SVG drawing (``tutor.render.svg``), the learner at the bottom."""
        sp = self.sp
        if self.asking == "retry" and self.retries:
            view = self.retries[0][0].view
        else:
            view = self.game.session.view()
        p = dataclasses.replace(view, seats=tuple(self.names))
        words = Labels(title=sp._("The table as you see it"), **drawing_words(p, sp))
        return position_svg(p, words, learner=0, uid="play-board")

    def state(self) -> State:
        """What was said since the last call, what the learner may choose now (each choice's
        words and its tile drawn), the table drawn, and every action so far (for ``resume``)."""
        said = self.buffer.getvalue().splitlines()
        self.buffer.seek(0)
        self.buffer.truncate()
        lead = not len(self.game.session.game.line)
        if self.asking == "retry" and self.retries:
            lead = not len(self.retries[0][0].view.line)
        return {
            "lines": said,
            "asking": self.asking,
            "choices": [play_words(play, self.sp, lead=lead) for play in self.choices],
            "tiles": [tile_svg(play.tile.high, play.tile.low) for play in self.choices],
            "board": self.board(),
            "over": self.game.over,
            "scores": list(self.game.session.scores),
            "actions": [_action_json(action) for action in self.game.session.actions],
            "counters": dataclasses.asdict(self.game.counters),
            "took": {key: round(ms) for key, ms in self.took.items()},
        }


def _options(options: dict[str, Any]) -> Options:
    known = {"game", "players", "level", "seed"}
    return Options(**{k: v for k, v in options.items() if k in known})


def _budget(options: dict[str, Any]) -> CoachBudget | None:
    if "samples" not in options:
        return None
    n = max(1, min(int(options["samples"]), 2000))
    return CoachBudget(samples_cutthroat=n, samples_fives_and_threes=n, time_budget=None)


def _counters(kept: dict[str, Any]) -> Counters:
    """The hints and take-backs a kept game had used (``state()["counters"]``).

    >>> _counters({"hints": 2}), _counters({})
    (Counters(hints=2, take_backs=0), Counters(hints=0, take_backs=0))
    """
    if not isinstance(kept, dict):
        raise SessionError("the kept game is damaged: its counters are not a record")
    counts: dict[str, int] = {}
    for name in ("hints", "take_backs"):
        value = kept.get(name, 0)
        if type(value) is not int or not 0 <= value <= 10**6:
            raise SessionError(f"the kept game is damaged: {name} is not a count")
        counts[name] = value
    return Counters(**counts)


def _action_json(action: Action) -> list[Any]:
    """An action as the page keeps it: ``[hand, seat, kind, play, tile]`` (texts or None)."""
    play = None if action.play is None else str(action.play)
    tile = None if action.tile is None else str(action.tile)
    return [action.hand, action.seat, action.kind, play, tile]


def _action(item: Any) -> Action:
    """The action ``_action_json`` wrote (``ValueError`` and the like on anything else)."""
    hand, seat, kind, play, tile = item
    if kind not in ("play", "pass", "draw") or not isinstance(hand, int):
        raise ValueError(f"{item!r} is not an action")
    return Action(
        hand,
        int(seat),
        kind,
        None if play is None else Play.parse(str(play)),
        None if tile is None else Tile.parse(str(tile)),
    )


_GAME: list[WebGame] = []
"""The page's game (one at a time)."""


def handle(request: dict[str, Any]) -> State:
    """One request of the page: ``play-new`` (with ``options`` and ``language``),
    ``play-resume`` (the same and ``actions``), ``play-choose`` (``n``), ``play-hint``; a bad
    one gets ``error``."""
    do = request.get("do")
    try:
        if do == "play-new":
            options = dict(request.get("options", {}))
            _GAME[:] = [WebGame.start(options, str(request.get("language", "en")))]
            return _GAME[0].state()
        if do == "play-resume":
            options, language = dict(request.get("options", {})), str(request.get("language"))
            actions = list(request.get("actions", []))
            counters = request.get("counters") or {}
            _GAME[:] = [WebGame.resume(options, actions, language, counters)]
            return _GAME[0].state()
        if not _GAME:
            return {"error": "no game"}
        if do == "play-choose":
            _GAME[0].choose(int(request.get("n", 0)))
        elif do == "play-hint":
            _GAME[0].hint()
        else:
            return {"error": f"unknown request {do!r}"}
        return _GAME[0].state()
    except (SessionError, TypeError, ValueError) as error:
        return {"error": str(error)}

