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

from tutor.quiz.plain import PlainUI
from tutor.quiz.progress import ProgressStore, default_store
from tutor.quiz.runner import QuizRunner, QuizState, QuizUI, UIStyle
from tutor.quiz.selection import Tagged, choose, filter_scenarios
from tutor.scenarios.index import Entry, cached_index, read_index
from tutor.scenarios.library import default_library, load_library
from tutor.scenarios.model import Scenario, ScenarioError
from tutor.scenarios.reader import load_scenario
from tutor.store.database import StoreError, default_path, diagnose
from tutor.store.ratings import GAME
from tutor.terminal import can_draw_boxes, clean, fill, one_line, wrap
from tutor.words.i18n import Speaker
from tutor.words.library import scenario_error
from tutor.words.records import old_progress_lines
from tutor.words.system import system_reason


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


def interactive(options: QuizOptions, stdin: TextIO, stdout: TextIO) -> bool:
    """The prompt-toolkit session runs only on a real terminal and without ``--plain``."""
    return not options.plain and stdin.isatty() and stdout.isatty()


def open_store(out: TextIO, sp: Speaker, *, write: bool = True) -> ProgressStore:
    """The learner's progress store; tells the learner when a file was moved aside or unread,
    and stops (exit status 2) with a sentence that says what is wrong and how to mend it when
    the database cannot be opened at all, or, with ``write``, when nothing could be saved."""
    from tutor.store import notices
    from tutor.words.store import notice_sentence, problem_sentence

    try:
        store = default_store()
        if write:
            store.db.check_writable()
    except (OSError, StoreError) as error:
        for notice in notices.take():
            print(clean(notice_sentence(notice, sp)), file=out)
        path = default_path()
        problem = error if isinstance(error, StoreError) else diagnose(path, error)
        print(clean(problem_sentence(problem, path, sp)), file=out)
        raise SystemExit(2) from None
    for notice in notices.take():
        print(clean(notice_sentence(notice, sp)), file=out)
    if store.moved_aside and store.database:
        pass  # the database itself: its notice said what was kept
    elif store.moved_aside and store.other_version:
        print(
            sp._(
                "Your progress file is of another version of domino-tutor; it was kept as {path} "
                "and a new one started."
            ).format(path=clean(str(store.moved_aside))),
            file=out,
        )
    elif store.moved_aside and store.json_problem is None and store.refused is None:
        print(
            sp._(
                "Your progress file could not be read; it was kept as {path} and a new one started."
            ).format(path=clean(str(store.moved_aside))),
            file=out,
        )
    for line in old_progress_lines(store, sp):
        print(clean(line), file=out)
    if store.unreadable:
        print(
            sp._(
                "Your old progress file {path} could not be read ({reason}); it stays where it "
                "is and is brought in once it can be read."
            ).format(
                path=clean(str(store.legacy)), reason=clean(system_reason(store.unreadable, sp))
            ),
            file=out,
        )
    return store


def missing_paths(options: QuizOptions, sp: Speaker, err: TextIO) -> bool:
    """True (after a message for each) when a ``--scenarios`` path does not exist."""
    missing = [path for path in options.paths if not Path(path).exists()]
    for path in missing:
        print(sp._("No such file or folder: {path}").format(path=clean(str(path))), file=err)
    return bool(missing)


def load(options: QuizOptions, sp: Speaker, err: TextIO) -> list[Scenario]:
    """The scenarios of the library or of ``--scenarios``; broken files are reported (a file
    that could not be read at all, in the learner's language)."""
    scenarios, errors = load_library([Path(p) for p in options.paths] or [default_library()])
    for error in errors:
        print(clean(scenario_error(error, sp)), file=err)
    return scenarios


def quick_index(store: ProgressStore) -> list[Entry] | None:
    """The bundled library's entries from the index in the learner's database (see
    ``tutor.scenarios.index``); read from the files when the database cannot help."""
    library = default_library()
    try:
        return cached_index(store.db, [library])
    except StoreError:
        return read_index([library])
    except OSError:
        return None


def folder_entries(paths: Sequence[str], sp: Speaker, err: TextIO) -> list[Entry]:
    """The entries of the files given with ``--scenarios`` (or ``--mine``'s folder), from the
    index in the cache where a file did not change (``tutor.scenarios.folders``); every broken
    file, every id used twice and a limit reached are said on ``err``."""
    from tutor.scenarios.folders import folder_index
    from tutor.store.cache import default_cache
    from tutor.words.library import duplicate_left_out, over_limit, where_of

    cache = default_cache()
    try:
        found = folder_index(paths, cache)
    finally:
        cache.close()
    for error in found.broken:
        print(clean(scenario_error(error, sp)), file=err)
    for kept, dropped in found.duplicates:
        where = where_of(one_line(dropped.file), found.lines.get(dropped.file))
        first = where_of(one_line(kept.file), found.lines.get(kept.file))
        print(clean(duplicate_left_out(where, one_line(dropped.id), first, sp)), file=err)
    for folder in found.over:
        print(clean(over_limit(one_line(folder), found.limit, sp)), file=err)
    return found.entries


def select(
    options: QuizOptions, store: ProgressStore, sp: Speaker, err: TextIO
) -> list[Scenario] | None:
    """The scenarios of this run, or None (after a message) when none match.

    Only the chosen files are parsed: the bundled library's from its index in the learner's
    database (``tutor.scenarios.index``), the files given with ``--scenarios`` from the index in
    the cache (``tutor.scenarios.folders``, where each file is checked whole when it is new or
    changed, and every broken one is reported at each start).
    """
    index = folder_entries(options.paths, sp, err) if options.paths else quick_index(store)
    tagged: Sequence[Tagged] = index if index is not None else load(options, sp, err)
    matching = filter_scenarios(tagged, topic=options.topic, level=options.level, game=options.game)
    if not tagged:  # nothing could be read: no topic to list either
        paths = [str(path) for path in options.paths] or [str(default_library())]
        where = sp.join([clean(path) for path in paths])
        print(sp._("No scenario could be read from {paths}.").format(paths=where), file=err)
        return None
    if not matching:
        from tutor.scenarios.own_topics import name_own_topics
        from tutor.words.vocabulary import topic_and_name, topic_name

        name_own_topics(tagged)  # a teacher's topics by their names (topics.toml)
        found = sorted({s.topic for s in tagged})
        if options.topic is None:  # by their names: a topic's key is only what --topic takes
            named = sorted({clean(topic_name(t, sp)) for t in found}, key=str.casefold)
        else:
            named = [clean(topic_and_name(t, sp)) for t in found]
        text = sp._("No scenario matches these choices. Topics: {topics}.")
        print(fill(text.format(topics=sp.join(named)), _columns() - 1), file=err)
        return None
    learner = {
        subject.removeprefix(GAME): rating.rating
        for subject, (rating, _) in store.learner_ratings().items()
        if subject.startswith(GAME)
    }
    chosen = choose(
        matching,
        store.cards,
        count=options.count,
        now=time.time(),
        seed=options.seed,
        learner=learner,
        puzzles=store.puzzle_ratings(),
    )
    if index is None:
        return [s for s in chosen if isinstance(s, Scenario)]
    scenarios = []
    for entry in chosen:
        assert isinstance(entry, Entry)
        try:
            scenarios.append(load_scenario(entry.path))
        except ScenarioError as error:
            print(clean(scenario_error(error, sp)), file=err)
    return scenarios


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
    if missing_paths(options, sp, stderr):
        return 2
    store = store if store is not None else open_store(stderr, sp)
    chosen = select(options, store, sp, stderr)
    if chosen is None:
        return 2
    ui, ascii = make_ui(options, sp, stdin, stdout)
    runner = QuizRunner(chosen, ui, sp, store, width=_columns, height=_rows, ascii=ascii)
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
    restart: bool = False,
) -> int:
    """The guided path: each step's rule text, then a few easy scenarios of this game that no
    other step asks; the step is remembered. A finished path says so and stops."""
    from tutor.quiz.learn import path_for, plan

    options = options or QuizOptions()
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    if missing_paths(options, sp, stderr):
        return 2
    store = store if store is not None else open_store(stderr, sp)
    steps = path_for(game)
    start = 0 if restart else store.learn.get(game, 0)
    if start >= len(steps):
        for line in wrap(
            sp._(
                "You have finished this path. Practise more with: domino-tutor quiz "
                "(or walk the path again with: domino-tutor learn --restart)"
            ),
            _columns(),
        ):
            print(line, file=stdout)
        return 0
    questions = plan(game, load(options, sp, stderr))
    ui, ascii = make_ui(options, sp, stdin, stdout)
    for number, step in enumerate(steps[start:], start=start + 1):
        heading = sp._("Step {number} of {total}: {title}").format(
            number=number, total=len(steps), title=sp._(step.title)
        )
        if number > start + 1:
            try:
                ui.pause(QuizState(total=0))
            except (KeyboardInterrupt, EOFError):
                return 0
        ui.clear()
        ui.show(["", *wrap(heading, _columns()), ""], UIStyle.TITLE)
        text: list[str] = []
        for paragraph in step.texts:
            text += [*wrap(sp._(paragraph), _columns()), ""]
        ui.show(text)
        runner = QuizRunner(
            questions[number - 1], ui, sp, store, width=_columns, height=_rows, ascii=ascii
        )
        if runner.scenarios:
            try:
                ui.pause(runner.state)
            except (KeyboardInterrupt, EOFError):
                return 0
            runner.run()
            if runner.interrupted:
                return 0
        store.learn[game] = number
        runner.save()
    ui.show(["", sp._("Well done: you have walked the whole path.")], UIStyle.TITLE)
    return 0


def _columns() -> int:
    return shutil.get_terminal_size().columns


def _rows() -> int:
    return shutil.get_terminal_size().lines
