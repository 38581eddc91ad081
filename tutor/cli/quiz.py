"""The learner's commands: ``quiz``, ``learn`` and ``progress``."""

from __future__ import annotations

import argparse
import shutil
import sys
from typing import Any

from tutor.cli.common import EXIT_BROKEN, EXIT_OK, Command, speaker_for


def _quiz(args: argparse.Namespace) -> int:
    """``quiz``: the interactive quiz (or its plain face)."""
    from tutor.quiz.app import QuizOptions, run

    if args.count < 1:
        print(speaker_for(args.lang)._("domino-tutor: --count must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    options = QuizOptions(
        topic=args.topic,
        level=args.level,
        game=args.game,
        count=args.count,
        seed=args.seed,
        ascii=args.ascii,
        plain=args.plain,
        paths=[*(args.scenarios or ()), *_mine(args)],
    )
    return run(options, speaker_for(args.lang))


def _mine(args: argparse.Namespace) -> list[str]:
    """``quiz --mine``: the puzzles written from the learner's mistakes (``domino-tutor play``)."""
    if not getattr(args, "mine", False):
        return []
    from tutor.store.files import data_dir

    folder = data_dir() / "puzzles"
    if not any(folder.glob("*.toml")):
        print(
            speaker_for(args.lang)._(
                "domino-tutor: no puzzles from your games yet: play with domino-tutor play first."
            ),
            file=sys.stderr,
        )
        raise SystemExit(EXIT_BROKEN)
    return [str(folder)]


def _progress(args: argparse.Namespace) -> int:
    """``progress``: the accuracy per topic and the ratings, optionally a report file."""
    from pathlib import Path

    from tutor.quiz.app import open_store
    from tutor.quiz.overview import (
        accuracy_lines,
        games_lines,
        rating_lines,
        sections,
        write_report,
    )
    from tutor.scenarios.own_topics import name_indexed_topics
    from tutor.store.ratings import TOPIC
    from tutor.terminal import can_draw_boxes, clean, fill
    from tutor.words.system import system_reason

    sp = speaker_for(args.lang)
    if args.days < 1:
        print(sp._("domino-tutor: --days must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    if args.export or args.import_file:
        return _exchange(args, sp)
    store = open_store(sys.stderr, sp, write=False)
    table = store.accuracy_by_topic()
    rated = [subject.removeprefix(TOPIC) for subject in store.learner_ratings()]
    name_indexed_topics([*table, *rated])  # a teacher's topics by their names (topics.toml)
    columns = shutil.get_terminal_size().columns
    if not table:
        print(fill(sp._("No answers yet. Start with: domino-tutor quiz"), columns - 1))
    found = sections(store, sp, args.days)
    ascii = not can_draw_boxes(sys.stdout)
    games = store.practice_games()
    for line in [*accuracy_lines(table, sp, columns),
                 *rating_lines(found, sp, columns, days=args.days, ascii=ascii),
                 *games_lines(games, sp, columns, ascii=ascii)]:
        print(line)
    if args.report:
        path = Path(args.report)
        try:
            write_report(store, sp, path, days=args.days)
        except OSError as error:
            print(
                sp._("Could not write the report {path}: {error}").format(
                    path=clean(str(path)), error=system_reason(error, sp)
                ),
                file=sys.stderr,
            )
            return EXIT_BROKEN
        print(sp._("Report written to {path}.").format(path=clean(str(path))))
    return EXIT_OK


def _exchange(args: argparse.Namespace, sp: Any) -> int:
    """``progress --export FILE`` and ``progress --import FILE``: the progress file the docs
    pages write and read (``tutor.quiz.exchange``)."""
    from pathlib import Path

    from tutor.quiz.app import open_store
    from tutor.quiz.exchange import (
        ExchangeError,
        bring_in,
        exchange_json,
        kept_answers,
        read_exchange,
    )
    from tutor.store.files import PROGRESS_LIMIT, FileRefused, read_limited, write_atomic
    from tutor.terminal import clean
    from tutor.words.exchange import brought_in_lines, exchange_sentence, exported_line
    from tutor.words.records import refused_sentence
    from tutor.words.system import system_reason

    if args.export:
        path = Path(args.export)
        store = open_store(sys.stderr, sp, write=False)
        answers = kept_answers(store)
        try:
            write_atomic(path, exchange_json(answers))
        except OSError as error:
            print(sp._("domino-tutor: could not write the progress file {path}: {error}").format(
                path=clean(str(path)), error=system_reason(error, sp)), file=sys.stderr)
            return EXIT_BROKEN
        print(exported_line(len(answers), clean(str(path)), sp))
        return EXIT_OK
    path = Path(args.import_file)
    try:
        read = read_exchange(read_limited(path, limit=PROGRESS_LIMIT))
    except FileRefused as refused:
        print(refused_sentence(refused, sp), file=sys.stderr)
        return EXIT_BROKEN
    except ExchangeError as error:
        print(exchange_sentence(error, clean(str(path)), sp), file=sys.stderr)
        return EXIT_BROKEN
    store = open_store(sys.stderr, sp, write=True)
    try:
        added, already = bring_in(store, read)
    except OSError as error:
        print(sp._("Could not save your progress: {error}").format(
            error=system_reason(error, sp)), file=sys.stderr)
        return EXIT_BROKEN
    for line in brought_in_lines(added, already, clean(str(path)), sp):
        print(line)
    return EXIT_OK


def _learn(args: argparse.Namespace) -> int:
    """``learn``: the guided path through the rules."""
    from tutor.quiz.app import QuizOptions, run_learn

    options = QuizOptions(ascii=args.ascii, plain=args.plain)
    return run_learn(args.game, speaker_for(args.lang), options=options, restart=args.restart)


COMMANDS: dict[str, Command] = {
    "quiz": _quiz,
    "progress": _progress,
    "learn": _learn,
}
