"""Starting a quiz from the command line: load, choose, pick the UI, run."""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tutor.i18n import Speaker
from tutor.library import default_library, load_library
from tutor.quiz.plain import PlainUI
from tutor.quiz.progress import ProgressStore, default_store
from tutor.quiz.runner import QuizRunner, QuizUI, UIStyle
from tutor.quiz.selection import choose, filter_scenarios
from tutor.scenarios import Scenario


@dataclass(frozen=True)
class QuizOptions:
    """What the learner asked for on the command line."""

    topic: str | None = None
    level: int | None = None
    game: str | None = None
    count: int = 10
    seed: int | None = None
    ascii: bool = False
    plain: bool = False
    paths: Sequence[str] = ()


def can_draw_boxes(stream: TextIO) -> bool:
    """True when the stream's encoding can show the box characters of the tiles."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "┌─┬┐│└┘▶·".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return os.environ.get("TERM") != "linux"


def interactive(options: QuizOptions, stdin: TextIO, stdout: TextIO) -> bool:
    """The prompt-toolkit session runs only on a real terminal and without ``--plain``."""
    return not options.plain and stdin.isatty() and stdout.isatty()


def open_store(out: TextIO, sp: Speaker) -> ProgressStore:
    """The learner's progress store; tells the learner when its file was moved aside or unread."""
    store = default_store()
    if store.moved_aside:
        print(
            sp._(
                "Your progress file could not be read; it was kept as {path} and a new one started."
            ).format(path=store.moved_aside),
            file=out,
        )
    if store.unreadable:
        print(
            sp._(
                "Your progress file {path} could not be read ({reason}); this session is not saved."
            ).format(path=store.path, reason=store.unreadable),
            file=out,
        )
    return store


def select(
    options: QuizOptions, store: ProgressStore, sp: Speaker, err: TextIO
) -> list[Scenario] | None:
    """The scenarios of this run, or None (after a message) when none match."""
    scenarios, errors = load_library([Path(p) for p in options.paths] or [default_library()])
    for error in errors:
        print(error, file=err)
    matching = filter_scenarios(
        scenarios, topic=options.topic, level=options.level, game=options.game
    )
    if not matching:
        topics = sp.join(sorted({s.topic for s in scenarios}))
        print(
            sp._("No scenario matches these choices. Topics: {topics}.").format(topics=topics),
            file=err,
        )
        return None
    return choose(matching, store.cards, count=options.count, now=time.time(), seed=options.seed)


def make_ui(
    options: QuizOptions, sp: Speaker, stdin: TextIO, stdout: TextIO
) -> tuple[QuizUI, bool]:
    """The prompt-toolkit UI on a terminal (plain text otherwise), and whether to draw in ASCII."""
    ascii = options.ascii or not can_draw_boxes(stdout)
    if interactive(options, stdin, stdout):
        from tutor.quiz.session import PromptUI

        return PromptUI(sp, color="NO_COLOR" not in os.environ), ascii
    return PlainUI(stdin, stdout), ascii


def run(
    options: QuizOptions,
    sp: Speaker,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    store: ProgressStore | None = None,
) -> int:
    """Run a quiz; returns the exit code (0, or 2 when nothing matches)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    store = store if store is not None else open_store(stderr, sp)
    chosen = select(options, store, sp, stderr)
    if chosen is None:
        return 2
    ui, ascii = make_ui(options, sp, stdin, stdout)
    runner = QuizRunner(
        chosen, ui, sp, store, width=lambda: shutil.get_terminal_size().columns, ascii=ascii
    )
    runner.run()
    return 0


def run_learn(
    game: str,
    sp: Speaker,
    *,
    options: QuizOptions | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    store: ProgressStore | None = None,
) -> int:
    """The guided path: each step's rule text, then a few easy scenarios; the step is remembered."""
    from tutor.lessons import path_for, practice

    options = options or QuizOptions()
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    store = store if store is not None else open_store(stderr, sp)
    scenarios, errors = load_library([Path(p) for p in options.paths] or [default_library()])
    for error in errors:
        print(error, file=stderr)
    steps = path_for(game)
    start = store.learn.get(game, 0)
    if start >= len(steps):
        print(
            sp._("You have finished this path. Practise more with: domino-tutor quiz"), file=stdout
        )
        start = 0
    ui, ascii = make_ui(options, sp, stdin, stdout)
    for number, step in enumerate(steps[start:], start=start + 1):
        heading = sp._("Step {number} of {total}: {title}").format(
            number=number, total=len(steps), title=sp._(step.title)
        )
        ui.show(["", heading, ""], UIStyle.TITLE)
        ui.show([sp._(text) for text in step.texts])
        runner = QuizRunner(
            practice(step, scenarios),
            ui,
            sp,
            store,
            width=lambda: shutil.get_terminal_size().columns,
            ascii=ascii,
        )
        runner.run()
        if runner.interrupted:
            return 0
        store.learn[game] = number
        runner.save()
    ui.show(["", sp._("Well done: you have walked the whole path.")], UIStyle.TITLE)
    return 0
