"""The scenario commands: ``validate``, ``answer``, ``check`` and ``list``."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tutor.cli.common import (
    EXIT_BROKEN,
    EXIT_OK,
    EXIT_UNREADABLE,
    EXIT_WRONG,
    Command,
    error_text,
    speaker_for,
)

if TYPE_CHECKING:
    from tutor.words.i18n import Speaker


def _validate(args: argparse.Namespace) -> int:
    """``validate PATH...``: every problem on a line of its own, the worst exit code; with
    ``--jobs``, the files are checked by several processes and printed in file order, as one
    job prints them. Two files with the same id are refused, each named with path:line."""
    from tutor.scenarios.library import scenario_files
    from tutor.terminal import clean, one_line
    from tutor.words.library import duplicate_id, where_of

    sp = speaker_for(args.lang)
    jobs = getattr(args, "jobs", 1)
    if jobs < 1:
        print(sp._("domino-tutor: --jobs must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    worst = EXIT_OK
    counts = {"ok": 0, "broken": 0, "disagree": 0}
    files = list(scenario_files(args.paths, topics=True))  # a topics.toml is checked too
    missing = [str(p) for p in files if not p.exists()]
    for gone in missing:
        print(clean(sp._("{path}: no such file or folder").format(path=one_line(gone))))
    if missing:
        return EXIT_BROKEN
    first: dict[str, str] = {}
    printed: set[str] = set()  # a broken topics.toml is said once, not under every file it serves
    progress = _Checked(len(files), sp, quiet=args.quiet)
    with _results(files, sp.language, jobs) as results:
        for done, (status, lines, scenario_id, id_line) in enumerate(results, 1):
            progress.clear()
            for line in lines:
                if line not in printed:
                    print(line)
                printed.add(line)
            where = where_of(one_line(str(files[done - 1])), id_line)
            if scenario_id is not None and scenario_id in first:
                print(clean(duplicate_id(where, one_line(scenario_id), first[scenario_id], sp)))
                status = "broken"
            elif scenario_id is not None:
                first[scenario_id] = where
            counts[status] += 1
            worst = max(worst, {"ok": EXIT_OK, "disagree": EXIT_WRONG}.get(status, EXIT_BROKEN))
            progress.show(done)
    progress.clear()
    if not args.quiet:
        print(
            sp.ngettext(
                "{files} file: {ok} ok, {disagree} disagree, {broken} broken",
                "{files} files: {ok} ok, {disagree} disagree, {broken} broken",
                len(files),
            ).format(files=len(files), **counts),
            file=sys.stderr,
        )
    return worst


FileResult = tuple[str, list[str], "str | None", "int | None"]
"""What checking one file gives: its status (ok, broken, disagree), the lines to print, its id
(None when it could not be read) and the line of its id."""


def _check_file(path: Path, language: str) -> FileResult:
    """Check one file as ``validate`` does (run in a worker process with ``--jobs``)."""
    from tutor.questions.kinds import shows_topic, topics_of
    from tutor.questions.topics import TOPICS
    from tutor.scenarios.mining.recipes import story_problem
    from tutor.scenarios.model import ScenarioError, answer_scenario, expected
    from tutor.scenarios.own_topics import TOPICS_FILE, read_topics
    from tutor.scenarios.reader import load_scenario
    from tutor.terminal import clean, one_line
    from tutor.words.i18n import Speaker

    sp = Speaker(language)
    if path.name == TOPICS_FILE:  # given by name: the teacher's topics, checked alone
        try:
            read_topics(path)
        except ScenarioError as error:
            return "broken", [error_text(error, sp)], None, None
        return "ok", [], None, None
    try:
        scenario = load_scenario(path)
        result = answer_scenario(scenario)
    except ScenarioError as error:
        return "broken", [error_text(error, sp)], None, None
    id_line = scenario.line_of("id")
    if scenario.question.has_expect and expected(scenario) != result.value:
        expect = _json_or_shown(scenario.question.expect)
        computed = _json_or_shown(result.value)
        line = scenario.line_of("question.expect")
        problem = ScenarioError(
            str(path), line, f"expect is {expect}, but the engine answers {computed}"
        )
        return "disagree", [str(problem)], scenario.id, id_line
    if problem_text := story_problem(scenario.story, result.facts):
        return "broken", [str(scenario.error("story", problem_text))], scenario.id, id_line
    lines = []
    own = scenario.topic not in TOPICS  # a teacher's topic (topics.toml) has no detector
    if not own and not shows_topic(scenario.topic, scenario.position, scenario.question):
        shows = topics_of(scenario.position, scenario.question)
        line = scenario.line_of("topic")
        where = f"{one_line(scenario.path)}:{line}" if line else one_line(scenario.path)
        warning = sp._(
            "{where}: warning: the topic {topic} does not show in this position "
            "(it shows: {topics})"
        )
        topics = ", ".join(shows) or sp._("none")
        lines.append(clean(warning.format(where=where, topic=repr(scenario.topic), topics=topics)))
    return "ok", lines, scenario.id, id_line


@contextlib.contextmanager
def _results(files: list[Path], language: str, jobs: int) -> Iterator[Iterator[FileResult]]:
    """Each file's result in file order: in this process, or over ``jobs`` processes (a few
    files at a time each, so that the results stream as they come)."""
    if jobs == 1 or len(files) < 2:
        yield (_check_file(path, language) for path in files)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(files)))
    try:
        chunk = max(1, min(32, len(files) // (8 * jobs)))
        yield pool.map(_check_file, files, [language] * len(files), chunksize=chunk)
    finally:
        pool.shutdown(cancel_futures=True)


class _Checked:
    """``validate``'s progress on a terminal (standard error): "Checked 40 of 10000 files",
    drawn after the first second and at most ten times a second, cleared before each printed
    line. Nothing when the stream is not a terminal, with ``TERM=dumb`` or ``--quiet``.

    >>> import io
    >>> class Terminal(io.StringIO):
    ...     def isatty(self) -> bool:
    ...         return True
    >>> from tutor.words.i18n import Speaker
    >>> clock = iter([0.0, 0.5, 1.5, 1.55, 2.0]).__next__
    >>> shown = _Checked(4, Speaker("en"), quiet=False, stream=Terminal(), clock=clock)
    >>> for done in (1, 2, 3, 4):
    ...     shown.show(done)
    >>> shown.clear()
    >>> shown.stream.getvalue().split("\\r")
    ['', 'Checked 2 of 4 files\\x1b[K', 'Checked 4 of 4 files\\x1b[K', '\\x1b[K']
    """

    def __init__(
        self,
        total: int,
        sp: Speaker,
        *,
        quiet: bool,
        stream: TextIO | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        import time

        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock if clock is not None else time.monotonic
        self.total, self.sp = total, sp
        self.live = not quiet and self.stream.isatty() and os.environ.get("TERM") != "dumb"
        self.start = self.last = self.clock()
        self.shown = False

    def show(self, done: int) -> None:
        """Draw the count when a second has passed, and then every tenth of a second."""
        if not self.live:
            return
        now = self.clock()
        if now - self.start < 1.0 or (now - self.last < 0.1 and done < self.total):
            return
        from tutor.words.library import checked

        self.last = now
        self.stream.write("\r" + checked(done, self.total, self.sp) + "\033[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the count off the screen (before a line is printed, and at the end)."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False


def _json_or_shown(value: Any) -> str:
    """A value as JSON; TOML dates as text; a number too long to print, in words."""
    from tutor.scenarios.model import shown

    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:
        return shown(value)


def _answer(args: argparse.Namespace) -> int:
    """``answer FILE``: the engine's answer and its explanation (text or ``--json``)."""
    from tutor.scenarios.model import answer_scenario
    from tutor.scenarios.reader import load_scenario
    from tutor.terminal import clean
    from tutor.words.kinds import format_value
    from tutor.words.narrate import explain

    speaker = speaker_for(args.lang)
    scenario = load_scenario(args.file)
    result = answer_scenario(scenario)
    sentences = explain(result.facts, speaker)
    if args.json:
        payload = {
            "id": scenario.id,
            "ask": scenario.question.ask,
            "answer": result.value,
            "explanation": sentences,
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        print(clean(format_value(scenario.question.ask, result.value, speaker, scenario.position)))
        for sentence in sentences:
            print(f"  {clean(sentence)}")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    """``check FILE ANSWER``: the verdict as the quiz gives it; the exit code says which."""
    from tutor.scenarios.model import answer_scenario
    from tutor.scenarios.reader import load_scenario
    from tutor.terminal import clean
    from tutor.words.feedback import feedback_lines
    from tutor.words.judge import Verdict, judge
    from tutor.words.vocabulary import reply_words

    speaker = speaker_for(args.lang)
    scenario = load_scenario(args.file)
    p, q = scenario.position, scenario.question
    judgement = judge(p, q, answer_scenario(scenario), args.reply, reply_words(speaker))
    for line in feedback_lines(p, q, judgement, speaker):
        print(clean(line))
    return {
        Verdict.RIGHT: EXIT_OK,
        Verdict.WRONG: EXIT_WRONG,
        Verdict.UNREADABLE: EXIT_UNREADABLE,
    }[judgement.verdict]


def _list(args: argparse.Namespace) -> int:
    """``list``: the scenarios (id, topic, level, title) and a count per topic."""
    from collections import Counter

    from tutor.scenarios.library import default_library, load_library
    from tutor.terminal import clean, one_line
    from tutor.words.vocabulary import topic_and_name, topic_name

    sp = speaker_for(args.lang)
    scenarios, errors = load_library(args.paths or [default_library()])
    for error in errors:
        print(error_text(error, sp), file=sys.stderr)
    chosen = [s for s in scenarios if args.topic in (None, s.topic)]
    if args.topic and not chosen:
        topics = ", ".join(topic_and_name(t, sp) for t in sorted({s.topic for s in scenarios}))
        print(
            sp._("domino-tutor: no scenario has the topic {topic} (topics: {topics})").format(
                topic=one_line(repr(args.topic)), topics=clean(topics)
            ),
            file=sys.stderr,
        )
        return EXIT_BROKEN
    width = max((len(one_line(s.id)) for s in chosen), default=2)
    topic_width = max((len(one_line(s.topic)) for s in chosen), default=5)
    for s in sorted(chosen, key=lambda s: (s.topic, s.level, s.id)):
        ident, topic, title = one_line(s.id), one_line(s.topic), one_line(sp._(s.title))
        print(f"{ident:<{width}}  {topic:<{topic_width}}  {s.level}  {title}")
    print()
    for topic, count in sorted(Counter(s.topic for s in chosen).items()):
        print(f"{one_line(topic):<{topic_width}}  {count}  {clean(topic_name(topic, sp))}")
    total = sp._("total")
    print(f"{total:<{topic_width}}  {len(chosen)}")
    return EXIT_BROKEN if errors else EXIT_OK


COMMANDS: dict[str, Command] = {
    "validate": _validate,
    "answer": _answer,
    "check": _check,
    "list": _list,
}
