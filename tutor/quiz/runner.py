"""The quiz loop, independent of the terminal: ask, judge, explain, remember.

A ``QuizUI`` shows lines and reads replies; the interactive prompt-toolkit
session and the plain line-by-line mode are two such UIs. Progress is saved
after every answer, so Ctrl-C or Ctrl-D never loses it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import Protocol

from tutor.quiz.progress import ProgressStore
from tutor.quiz.screen import hint_of, screen_lines, title_of
from tutor.render.table import squeeze
from tutor.scenarios.model import Scenario
from tutor.scenarios.origin import told_against
from tutor.store.database import StoreError
from tutor.terminal import clean, wrap
from tutor.words.i18n import N_, Speaker
from tutor.words.store import problem_sentence
from tutor.words.system import system_reason


class Command(Enum):
    """A reply that is not an answer."""

    HINT = "hint"
    """Show the hint (the hint key, or a typed ``?``)."""
    SKIP = "skip"
    """Skip this question (the skip key, or a typed ``!``)."""


class UIStyle(StrEnum):
    """How a block of lines is shown (a class of the terminal's style sheet)."""

    PLAIN = ""
    RIGHT = "right"
    WRONG = "wrong"
    HINT = "hint"
    NOTICE = "notice"
    TITLE = "title"


COMMAND_WORDS = {"hint": N_("hint"), "skip": N_("skip")}


@dataclass
class QuizState:
    """Counts shown in the toolbar and the summary."""

    total: int
    number: int = 0
    right: int = 0
    wrong: int = 0
    skipped: int = 0
    streak: int = 0
    best_streak: int = 0
    missed: list[str] = field(default_factory=list)
    """The ids of the scenarios missed or skipped."""
    missed_titles: list[str] = field(default_factory=list)
    """Their titles in the learner's language (what the summary names)."""

    @property
    def answered(self) -> int:
        """Questions answered right or wrong."""
        return self.right + self.wrong


class QuizUI(Protocol):
    """What the quiz needs from a terminal."""

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        """Print lines in a style."""

    def ask(self, scenario: Scenario, state: QuizState) -> str | Command:
        """Read one reply, or a ``Command``; raises EOFError or KeyboardInterrupt."""

    def pause(self, state: QuizState) -> None:
        """Keep what is on screen until the learner goes on (Enter); may raise like ``ask``."""

    def clear(self) -> bool:
        """Start a new screen for the next question (the title at the top); False when the UI
        keeps a running transcript instead."""


def _command(reply: str | Command, words: dict[str, tuple[str, ...]]) -> Command | None:
    if isinstance(reply, Command):
        return reply
    text = reply.strip().casefold()
    if text in ("?", *words["hint"]):
        return Command.HINT
    if text in ("!", *words["skip"]):
        return Command.SKIP
    return None


class QuizRunner:
    """Runs a list of scenarios through a UI and records the results."""

    def __init__(
        self,
        scenarios: Sequence[Scenario],
        ui: QuizUI,
        speaker: Speaker,
        store: ProgressStore | None,
        *,
        width: Callable[[], int] = lambda: 80,
        height: Callable[[], int] = lambda: 24,
        ascii: bool = False,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.scenarios = list(scenarios)
        self.ui, self.speaker, self.store = ui, speaker, store
        self.width, self.height, self.ascii, self.clock = width, height, ascii, clock
        self.state = QuizState(total=len(self.scenarios))
        self.commands = {
            key: tuple({word, speaker._(word).casefold()}) for key, word in COMMAND_WORDS.items()
        }
        self.interrupted = False
        self.unsaved = False
        """True when the last save of the progress failed (the summary does not say saved)."""

    def run(self) -> QuizState:
        """Ask every scenario; Ctrl-C and Ctrl-D end the run early, keeping progress."""
        try:
            for index, scenario in enumerate(self.scenarios):
                if index:
                    self.ui.pause(self.state)
                self.state.number += 1
                self.ask_one(scenario)
        except (KeyboardInterrupt, EOFError):
            self.interrupted = True
        finally:
            self.save()
        self.show(self.summary(), UIStyle.TITLE)
        return self.state

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        """Show lines, wrapping long sentences at word boundaries to the terminal's width."""
        self.ui.show(self.wrapped(lines), style)

    def wrapped(self, lines: Sequence[str], *, indent: str = "") -> list[str]:
        """Lines longer than the terminal is wide, wrapped at word boundaries (continuation
        lines start with ``indent``)."""
        width = max(self.width(), 20)
        result: list[str] = []
        for line in lines:
            result += wrap(line, width, indent=indent) if len(line) > width else [line]
        return result

    def screen(self, scenario: Scenario, *, reserve: int = 0) -> list[str]:
        """A new screen for ``scenario``: the title at the top, the prompt and the toolbar
        (and ``reserve`` more rows, for a hint) below the question. When the drawn tiles leave
        too few rows for that (a long line of play at 40 columns), the tiles are drawn one row
        high, and as a last resort the story is left out (the title and the question always
        stay)."""
        rows = self.height() - 2 - reserve
        width, sp = self.width(), self.speaker
        for compact, story in ((False, True), (True, True), (True, False)):
            drawn = screen_lines(scenario, sp, width=width, ascii=self.ascii, compact=compact,
                                 story=story)
            lines = squeeze(self.wrapped(drawn), rows)
            if len(lines) <= rows:
                break
        return lines

    def ask_one(self, scenario: Scenario) -> None:
        """Show one scenario and read replies until it is answered or skipped."""
        sp = self.speaker
        if self.ui.clear():
            lines = self.screen(scenario)
        else:
            lines = self.wrapped(screen_lines(scenario, sp, width=self.width(), ascii=self.ascii))
            lines = ["", ("-" if self.ascii else "─") * min(self.width(), 60), *lines]
        self.ui.show(lines)
        hints = 0
        while True:
            reply = self.ui.ask(scenario, self.state)
            command = _command(reply, self.commands)
            if command is Command.HINT:
                hints += 1
                hint = hint_of(scenario, sp) or sp._(
                    "There is no hint for this one."
                )
                # The hint is the file's text: its continuation lines are indented, so that no
                # hint can start a line of its own choosing (a fake "Right!").
                said = self.wrapped([sp._("Hint: {hint}").format(hint=hint)], indent="  ")
                if self.ui.clear():  # the screen again, with room for the hint under it
                    self.ui.show(self.screen(scenario, reserve=len(said)))
                self.ui.show(said, UIStyle.HINT)
                continue
            if command is Command.SKIP:
                self.skip(scenario)
                return
            # The judge and its explanations are loaded with the first reply, not before the
            # first screen (see benchmarks/startup.py).
            from tutor.scenarios.model import answer_scenario
            from tutor.words.feedback import feedback_lines
            from tutor.words.judge import Verdict, judge
            from tutor.words.vocabulary import reply_words

            assert isinstance(reply, str)
            p, q = scenario.position, scenario.question
            judgement = judge(p, q, answer_scenario(scenario), reply, reply_words(sp))
            against = told_against(scenario, judgement.verdict is Verdict.WRONG, judgement.given)
            if against is not None:
                # the explanation tells what goes wrong after the answer just given
                judgement = replace(judgement, answer=answer_scenario(scenario, against))
            lines = feedback_lines(p, q, judgement, sp)
            if judgement.verdict is Verdict.UNREADABLE:
                self.show(lines, UIStyle.NOTICE)
                continue
            right = judgement.verdict is Verdict.RIGHT
            self.count(scenario, right, hints)
            self.show(lines[:1], UIStyle.RIGHT if right else UIStyle.WRONG)
            self.show(lines[1:])
            return

    def skip(self, scenario: Scenario) -> None:
        """Show the answer and its explanation; the card counts as missed."""
        from tutor.scenarios.model import answer_scenario
        from tutor.words.kinds import format_value
        from tutor.words.narrate import explain

        sp, state = self.speaker, self.state
        result = answer_scenario(scenario, made_in_game(scenario))
        state.skipped += 1
        state.streak = 0
        self.miss(scenario)
        head = sp._("Skipped. The answer is {answer}.").format(
            answer=format_value(scenario.question.ask, result.value, sp, scenario.position)
        )
        self.show([head], UIStyle.NOTICE)
        self.show(explain(result.facts, sp))
        if self.store is not None:
            self.store.record(
                scenario.id, scenario.topic, right=False, now=self.clock(),
                game=scenario.game, level=scenario.level,
            )
            self.save()

    def miss(self, scenario: Scenario) -> None:
        """Note a missed or skipped scenario for the summary."""
        self.state.missed.append(scenario.id)
        self.state.missed_titles.append(clean(title_of(scenario, self.speaker)))

    def count(self, scenario: Scenario, right: bool, hints: int = 0) -> None:
        """Update the counts and the progress store (and the ratings: a solve after ``hints``
        hints counts less), and save at once. A right answer given after a hint counts as
        right, but does not build the streak."""
        helped = hints > 0
        state = self.state
        if right:
            state.right += 1
            if not helped:
                state.streak += 1
                state.best_streak = max(state.best_streak, state.streak)
        else:
            state.wrong += 1
            state.streak = 0
            self.miss(scenario)
        if self.store is not None:
            self.store.record(
                scenario.id, scenario.topic, right=right, now=self.clock(),
                game=scenario.game, level=scenario.level, hints=hints,
            )
            self.save()

    def save(self) -> None:
        """Write progress (atomically); a failure is reported, not raised."""
        if self.store is None:
            return
        try:
            self.store.save()
        except OSError as error:
            self.unsaved = True
            cause = error.__cause__
            if isinstance(cause, StoreError):
                said = problem_sentence(cause, self.store.path, self.speaker)
            else:
                said = self.speaker._("Could not save your progress: {error}").format(
                    error=system_reason(error, self.speaker)
                )
            self.show([said], UIStyle.NOTICE)
        else:
            self.unsaved = False

    def summary(self) -> list[str]:
        """The closing lines."""
        sp, state = self.speaker, self.state
        lines = [""]
        if self.interrupted and self.unsaved:
            lines.append(sp._("Stopped. Your progress could not be saved (see above)."))
        elif self.interrupted:
            lines.append(sp._("Stopped. Your progress is saved."))
        asked = state.answered + state.skipped
        lines.append(
            sp.ngettext(
                "{asked} question: {right} right, {wrong} wrong, {skipped} skipped.",
                "{asked} questions: {right} right, {wrong} wrong, {skipped} skipped.",
                asked,
            ).format(asked=asked, right=state.right, wrong=state.wrong, skipped=state.skipped)
        )
        if state.best_streak > 1:
            lines.append(sp._("Best streak: {streak} in a row.").format(streak=state.best_streak))
        titles = list(dict.fromkeys(state.missed_titles))  # two files may share a title
        if titles:
            line = sp.ngettext(
                "This will come back sooner: {titles}.",
                "These will come back sooner: {titles}.",
                len(titles),
            ).format(titles=sp.join(titles))
            # a title ending in "?" or "!" ends the sentence itself
            lines.append(line[:-1] if line[-2:] in ("?.", "!.", "….") else line)
        return lines


def made_in_game(scenario: Scenario) -> str | None:
    """The play made in the learner's game that a puzzle came from (``None`` for any other
    scenario): the explanation of a skip tells what goes wrong after it. A reply is explained
    on its own (``tutor.scenarios.origin.told_against``), never by the play made in the game.
    """
    return None if scenario.origin is None else str(scenario.origin.played)


def toolbar_text(state: QuizState, sp: Speaker, width: int = 80) -> str:
    """The bottom toolbar: progress, score, streak and the keys; on a narrow terminal a
    shorter form that keeps the keys.

    >>> from tutor.words.i18n import Speaker
    >>> toolbar_text(QuizState(total=10, number=3), Speaker("en"), 40)
    '3/10 · F2 hint · F3 skip · ^D quit'
    """
    counts = {"number": state.number, "total": state.total}
    long = sp._(
        "Question {number}/{total} · right {right} · streak {streak} · "
        "F2 hint · F3 skip · Ctrl-D quit"
    ).format(**counts, right=state.right, streak=state.streak)
    if len(long) <= width:
        return long
    # TRANSLATORS: the toolbar on a narrow terminal (40 columns): keep it short.
    return sp._("{number}/{total} · F2 hint · F3 skip · ^D quit").format(**counts)


def pause_text(sp: Speaker) -> str:
    """The line that waits for the learner after a verdict."""
    return sp._("Press Enter to go on.")
