"""The game screen's state and what each key does to it, without prompt-toolkit.

``Screen`` holds a ``PracticeGame`` and what the screen shows around it: the mode (the
learner's turn, a question "which end?", a verdict waiting for the learner, the final board
of a hand with its last plays (until Enter opens the summary), a page such
as help, the review or the end of a hand (``tutor.play.tui.pages``), a retry of a mistake),
the cursor in the hand, the coach's words and a notice. The panels (``tutor.play.tui.panels``)
draw it; the key bindings (``tutor.play.tui.keys``) call its methods; a timer calls ``tick``
to show the computer plays one at a time.

>>> from tutor.words.i18n import Speaker
>>> from tutor.play.model.practice import PracticeGame
>>> from tutor.play.model.session import Options
>>> screen = Screen(PracticeGame(Options(players=2, level=1, seed=7), coach="off"), Speaker("en"))
>>> while not screen.game.learner_to_play:
...     screen.tick()
>>> screen.mode
'play'
>>> screen.submit("1") or screen.mode in ("play", "ends", "wait", "page")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Literal

from tutor.play.model.choices import plays_named, read_reply
from tutor.play.model.practice import Decision, HandReview, PracticeGame
from tutor.play.model.session import SessionError
from tutor.play.tui.pages import Page, hand_page, help_page, log_lines, review_page
from tutor.play.tui.settle import EnterGuard
from tutor.play.tui.thinking import Done, Job, Thinker, think_at_once
from tutor.questions.coach import Grade, Verdict
from tutor.render.terminal import HandTile
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.series import LEARNER_SEAT, Event, GameOver, HandOver
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.rules.tiles import Mask, Tile, tiles_of
from tutor.words.i18n import Speaker
from tutor.words.play import choose_again, grade_lines, hint_lines, retry_lines, seat_names
from tutor.words.vocabulary import play_words

Mode = Literal["play", "ends", "wait", "page", "retry", "final"]
Tone = Literal["", "coach", "good", "bad", "notice"]

BAD = (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)
"""Verdicts that wait for the learner before the computer plays on."""

class Screen:
    """What the game screen shows, and the actions of its keys."""

    def __init__(
        self,
        game: PracticeGame,
        sp: Speaker,
        *,
        save: Callable[[PracticeGame], object] = lambda game: None,
        on_review: Callable[[PracticeGame, HandReview], object] = lambda game, review: None,
        think: Thinker | None = None,
        guard: EnterGuard | None = None,
        checkpoint: Callable[[PracticeGame], object] = lambda game: None,
    ) -> None:
        self.game, self.sp = game, sp
        self.save, self.on_review = save, on_review
        self.checkpoint = checkpoint
        """Saves the game after every play, pass, draw, hint and take-back (any kill resumes
        there); ``save`` keeps it at the end of a hand and when the screen closes."""
        self.think = think or think_at_once(game)
        self.guard = guard or EnterGuard(settle=0.0)
        """When a bare Enter may act (``tutor.play.tui.settle``; off unless given)."""
        self.thinking: str | None = None
        """While a job runs: what the screen says meanwhile ("" for nothing); keys that change
        the game wait for it, the others (help, review, quit) do not."""
        self.names = seat_names(game.session.seats)
        self.end_words = {sp._("left").casefold(): LEFT, sp._("right").casefold(): RIGHT}
        self.mode: Mode = "play"
        self.page: Page | None = None
        self.cursor = 0
        self.pending: Tile | None = None
        """The tile that fits both ends, while the screen asks which."""
        self.coach: list[str] = []
        self.tone: Tone = ""
        self.notice = ""
        self.retries: list[tuple[Decision, Grade]] = []
        self.finished = False
        """True when the screen should close (the learner quit, or the game ended)."""
        self.open_review: Callable[[], None] | None = None
        """F5 opens the full-screen review over its page (``tutor.play.tui.review``; the
        application sets it)."""
        self._log_cache: tuple[int, int, list[str]] = (0, -1, [])
        self._hand_page: Page | None = None
        self._before_page: Mode = "play"

    # --- what is shown -------------------------------------------------------------------------

    @property
    def retrying(self) -> tuple[Decision, Grade] | None:
        """The mistake being tried again ("learn from your mistakes"), if any."""
        return self.retries[0] if self.retries and self.mode in ("retry", "ends", "wait") else None

    def view(self) -> Position:
        """What the learner knew in the position shown (the seats' counts and passes)."""
        retry = self.retrying
        return retry[0].view if retry else self.game.session.view()

    def line(self) -> Line:
        """The line of play shown: the game's, or the retried position's."""
        retry = self.retrying
        return retry[0].view.line if retry else self.game.session.game.line

    def hand(self) -> Mask:
        """The learner's hand shown."""
        retry = self.retrying
        if retry:
            return retry[0].view.known_hand(LEARNER_SEAT)
        return self.game.session.game.hands[LEARNER_SEAT]

    def choices(self) -> list[Play]:
        """The plays the learner may choose now (empty when it is not their turn)."""
        retry = self.retrying
        if retry:
            return [play for play, _ in retry[1].chances]
        if self.mode in ("play", "ends") and self.thinking is None:
            return self.game.legal_choices()
        return []

    def hand_tiles(self) -> list[HandTile]:
        """The hand, numbered, with the legal plays and the cursor marked."""
        tiles = tiles_of(self.hand())
        legal = {play.tile for play in self.choices()}
        self.cursor = min(self.cursor, max(len(tiles) - 1, 0))
        if legal and tiles[self.cursor] not in legal:
            self.cursor = next(k for k, tile in enumerate(tiles) if tile in legal)
        return [
            HandTile(k, tile, tile in legal, k - 1 == self.cursor and bool(legal))
            for k, tile in enumerate(tiles, 1)
        ]

    def log(self) -> list[str]:
        """Every event of the game as sentences (built again only when something happened)."""
        session = self.game.session
        events = session.events
        if self._mode_under_page == "final":  # the plays that decided the hand, not its end
            while events and isinstance(events[-1], HandOver | GameOver):
                events = events[:-1]
        key = (id(session), len(events))
        if self._log_cache[:2] == key:
            return self._log_cache[2]
        lines = log_lines(events, session.rules, self.names, self.sp)
        self._log_cache = (key[0], key[1], lines)
        return lines

    # --- the timer -----------------------------------------------------------------------------

    def can_step(self) -> bool:
        """True when the next action is the computer's (or a forced one) and nothing waits."""
        game = self.game
        return (
            self.mode == "play"
            and self.thinking is None
            and not game.over
            and not game.learner_to_play
        )

    def tick(self) -> None:
        """One computer action (called on a timer, at the learner's pace; a new deal at once)."""
        if self.can_step():
            paced = not self.game.session.hand_over
            self._work("", lambda game: game.step(), self._events, paced=paced)

    # --- the learner's actions -----------------------------------------------------------------

    def move(self, step: int) -> None:
        """Move the cursor to the next legal tile left (-1) or right (+1)."""
        tiles = self.hand_tiles()
        legal = [t.number - 1 for t in tiles if t.legal]
        if not legal:
            return
        self.guard.acted()
        ahead = [i for i in legal if (i - self.cursor) * step > 0]
        if ahead:
            self.cursor = min(ahead, key=lambda i: abs(i - self.cursor))
        else:
            self.cursor = legal[0] if step > 0 else legal[-1]

    def enter(self) -> None:
        """Enter with nothing typed: play the tile under the cursor, or go on (not at once
        after the screen changed: that Enter was meant for the screen before)."""
        if not self.guard.accepts():
            return
        if self.mode == "wait":
            self.go_on()
        elif self.mode == "final":
            self._show_hand_page()
        elif self.mode == "page":
            self.close_page()
        elif self.mode in ("play", "retry"):
            tiles = self.hand_tiles()
            if tiles and tiles[self.cursor].legal:
                self.pick(tiles[self.cursor].tile)

    def submit(self, reply: str) -> None:
        """A typed reply: a number of the hand, a tile, a tile and an end, or (asked which end)
        an end word or 1/2."""
        sp = self.sp
        words = reply.strip().casefold().split()
        if not words:
            self.enter()
            return
        asked = self.mode == "ends" and self.pending is not None
        if asked and len(words) == 1 and words[0] in ("1", "2", *self.end_words):
            chosen = self.end_words.get(words[0]) or (LEFT if words[0] == "1" else RIGHT)
            self.end(chosen == RIGHT)
            return
        if self.mode not in ("play", "ends", "retry"):
            return
        tiles = tiles_of(self.hand())
        named = read_reply(reply, tiles, self.end_words)
        if named is None:
            self.say(
                choose_again(len(tiles), sp),
                "notice",
            )
            return
        if named.tile not in tiles:
            self.say(sp._("{tile} is not in your hand.").format(tile=named.tile), "notice")
            return
        plays = plays_named(named, self.choices())
        if len(plays) == 1:
            self.choose(plays[0])
        else:  # it fits both ends (which?) or none (say so)
            self.pick(named.tile)

    def pick(self, tile: Tile) -> None:
        """The learner chose a tile: play it, or ask which end when it fits both."""
        sp = self.sp
        fitting = [p for p in self.choices() if p.tile == tile]
        if not fitting:
            self.say(sp._("{tile} does not fit the ends now.").format(tile=tile), "notice")
        elif len(fitting) == 1:
            self.choose(fitting[0])
        else:
            self.pending = tile
            self.mode = "ends"
            self.notice = ""

    def end(self, right: bool) -> None:
        """The answer to "which end?"."""
        if self.mode != "ends" or self.pending is None:
            return
        tile, self.pending = self.pending, None
        self.mode = "retry" if self.retries else "play"
        wanted = RIGHT if right else LEFT
        for play in self.choices():
            if play.tile == tile and play.end == wanted:
                self.choose(play)

    def cancel(self) -> None:
        """Escape: forget the tile waiting for an end, or close a page."""
        if self.mode == "ends":
            self.pending = None
            self.mode = "retry" if self.retries else "play"
        elif self.mode == "page":
            self.close_page()
        elif self.mode == "wait":
            self.go_on()
        elif self.mode == "final":
            self._show_hand_page()

    def choose(self, play: Play) -> None:
        """Play ``play`` (or, retrying a mistake, try it)."""
        if self.retries:
            self._tried(play)
            return
        if self.thinking is not None or play not in self.game.legal_choices():
            return
        self.notice = ""
        self.coach, self.tone = [], ""
        game, sp = self.game, self.sp
        saying = ""
        lead = self._lead()
        if game.coach == "live" and len(game.legal_choices()) > 1:
            saying = sp._("The coach is looking at {play}…").format(
                play=play_words(play, sp, lead=lead)
            )
        elif game.coach != "off" and len(tiles_of(self.hand())) == 1:
            fives = game.session.rules.game == FIVES_AND_THREES
            saying = (
                sp._("The coach is going over the round…") if fives
                else sp._("The coach is going over the game…")
            )
        self._work(saying, lambda game: game.choose(play), partial(self._chosen, lead=lead))

    def _lead(self) -> bool:
        """True while the table is empty: a play is a pose or a lead, with no end yet."""
        return not len(self.game.session.game.line)

    def _chosen(self, result: tuple[list[Event], Grade | None], *, lead: bool = False) -> None:
        events, graded = result
        if graded is not None:
            self.coach = grade_lines(graded, self.names, self.sp, known=False, lead=lead)
            self.tone = "bad" if graded.verdict in BAD else "good"
            if graded.verdict in BAD:
                self._set_mode("wait")
        self._events(events)

    def hint(self) -> None:
        """F2: the coach's best play and why (counted)."""
        if (
            self.mode not in ("play", "ends")
            or self.thinking is not None
            or not self.game.learner_to_play
        ):
            return
        looking = self.sp._("The coach is looking for your best play…")
        self._work(looking, lambda game: game.hint(), self._hinted)

    def _hinted(self, graded: Grade | None) -> None:
        self.checkpoint(self.game)  # the hint is counted
        if graded is None:
            self.say(self.sp._("There is only one play: no hint needed."), "coach")
        else:
            self.coach = hint_lines(graded, self.names, self.sp, lead=self._lead())
            self.tone = "coach"
            self.notice = ""

    def take_back(self) -> None:
        """Ctrl-Z: take back the learner's last play (practice only, counted)."""
        if self.mode not in ("play", "ends", "wait") or self.thinking is not None:
            return
        try:
            self.game.take_back()
        except SessionError:
            self.say(self.sp._("There is no play of yours to take back."), "notice")
            return
        self.mode, self.pending = "play", None
        self.coach, self.tone = [], ""
        self.guard.acted()
        self.checkpoint(self.game)
        self.say(self.sp._("Taken back: it is your turn again."), "notice")

    def go_on(self) -> None:
        """Enter after a verdict: the game goes on (or the next mistake comes back)."""
        if self.mode != "wait":
            return
        self.coach, self.tone, self.notice = [], "", ""
        self.mode = "play"
        self.guard.changed()
        if self.retries:
            self.retries.pop(0)
            if self.retries:
                self.mode = "retry"
                self._ask_retry()
            elif self.game.over:
                self.finished = True
            return
        if self._hand_page is not None:
            self._set_mode("final")

    def say(self, text: str, tone: Tone = "notice") -> None:
        """A one-line notice (a hint that is not needed, a reply that was not understood)."""
        if tone == "coach":
            self.coach, self.tone = [text], "coach"
        else:
            self.notice = text

    # --- pages ---------------------------------------------------------------------------------

    def show_help(self) -> None:
        """F1: the keys and how to choose a play (F1 again closes it)."""
        if self.page is not None and self.page.kind == "help":
            self.close_page()
            return
        self._open(help_page(self.sp))

    def show_review(self) -> None:
        """F5: the review of each finished hand and the grades of this one so far."""
        if self.page is not None and self.page.kind == "review":
            self.close_page()
            return
        self._open(review_page())
        if self.open_review is not None and self.page is not None and self.page.kind == "review":
            self.open_review()

    def scroll(self, rows: int) -> None:
        """Scroll the page."""
        if self.page is not None:
            self.page.top = max(0, min(self.page.top + rows, len(self.page.lines) - 1))

    def close_page(self) -> None:
        """Close the page; the end of a hand goes on to the next deal."""
        page, self.page = self.page, None
        self.guard.changed()
        if self.mode == "page":
            self.mode = self._before_page
        if page is not None and page.kind == "hand":
            self.retries = []
            if self.game.over:
                self.finished = True
            else:
                self.mode = "play"

    def learn(self) -> None:
        """On the end-of-hand page: "learn from your mistakes", one position at a time."""
        page = self.page
        review = self.game.reviews[-1] if self.game.reviews else None
        if page is None or page.kind != "hand" or review is None or not review.mistakes:
            return
        self.page = None
        self.retries = list(review.mistakes)
        self.mode = "retry"
        self._ask_retry()

    def _open(self, page: Page) -> None:
        if self.page is not None and self.page.kind == "hand" and page.kind != "hand":
            return  # the end of the hand stays until the learner goes on
        if self.mode != "page":
            self._before_page = self.mode
        self.page = page
        self.mode = "page"
        self.guard.changed()

    # --- inside --------------------------------------------------------------------------------

    def _work(self, saying: str, job: Job, done: Done, *, paced: bool = False) -> None:
        """Run ``job`` through the thinker; ``saying`` is shown until ``done`` has the result."""
        self.thinking = saying

        def finish(result: Any) -> None:
            self.thinking = None
            done(result)

        try:
            self.think(job, finish, paced)
        except BaseException:
            self.thinking = None
            raise

    @property
    def _mode_under_page(self) -> Mode:
        """The mode, or under an open page the mode it goes back to."""
        return self._before_page if self.mode == "page" else self.mode

    def _set_mode(self, mode: Mode) -> None:
        """Change the mode; under an open page (help opened while the coach looked), the mode
        the page goes back to."""
        if self.mode == "page":
            self._before_page = mode
        else:
            self.mode = mode
            self.guard.changed()

    def _events(self, events: Sequence[Event]) -> None:
        if events:
            self.checkpoint(self.game)
        for event in events:
            if isinstance(event, HandOver):
                self._hand_over(event, [e for e in events if isinstance(e, GameOver)])

    def _hand_over(self, event: HandOver, over: list[GameOver]) -> None:
        game = self.game
        review = game.reviews[-1] if game.reviews else None
        if review is not None and review.hand == event.hand and game.coach != "off":
            self.on_review(game, review)
        else:
            self.save(game)
        self._hand_page = hand_page(game, event, over, self.names, self.sp)
        if self._mode_under_page != "wait":  # else the verdict first, then the final board
            self._set_mode("final")  # the final board and the last plays until Enter

    def _show_hand_page(self) -> None:
        page, self._hand_page = self._hand_page, None
        if page is not None:
            self.mode = "play"
            self._open(page)

    def _ask_retry(self) -> None:
        sp = self.sp
        self.cursor = 0
        self.coach, self.tone = [sp._("Find a better play:")], "coach"

    def _tried(self, play: Play) -> None:
        sp = self.sp
        decision, graded = self.retries[0]
        lead = not len(decision.view.line)
        found = self.game.retry(decision, play)
        self.coach = retry_lines(found, play, graded, self.names, sp, lead=lead)
        self.tone = "good" if found else "bad"
        self.mode = "wait"
        self.guard.changed()
