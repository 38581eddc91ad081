"""The ``domino-tutor`` command line: reads the arguments and runs one command.

Each command group is a module of its own (``scenarios``, ``quiz``, ``play``, ``reference``,
``generate``), imported only when one of its commands runs, so that start-up and ``--help``
stay light. The exit codes are in ``tutor.cli.common``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutor.cli.common import EXIT_BROKEN, EXIT_OK, Command, error_text
from tutor.cli.parser import build_parser, requested_language

if TYPE_CHECKING:
    from tutor.words.i18n import Speaker


def command(name: str) -> Command:
    """The function that runs the command ``name``, its module imported only now."""
    if name in ("validate", "answer", "check", "list"):
        from tutor.cli import scenarios

        return scenarios.COMMANDS[name]
    if name in ("quiz", "learn", "progress"):
        from tutor.cli import quiz

        return quiz.COMMANDS[name]
    if name in ("play", "review"):
        from tutor.cli import play

        return play.COMMANDS[name]
    if name in ("rules", "glossary"):
        from tutor.cli import reference

        return reference.COMMANDS[name]
    from tutor.cli import generate

    return generate.COMMANDS[name]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (130 after Ctrl-C, at any moment)."""
    try:
        return _run(argv)
    except KeyboardInterrupt:  # before a command starts (catalogs, parser): no traceback
        print(file=sys.stderr)
        return 130


def _run(argv: Sequence[str] | None) -> int:
    """Choose the language, read the arguments and run the command."""
    from tutor.words.help import speaking
    from tutor.words.i18n import Speaker, choose_language

    arguments = list(sys.argv[1:] if argv is None else argv)
    sp = Speaker(choose_language(requested_language(arguments), os.environ)[0])
    with speaking(sp):
        parser = build_parser(sp)
        args = parser.parse_args(arguments)
        if args.command is None:
            parser.print_help()
            return EXIT_OK
    from tutor.scenarios.model import ScenarioError

    try:
        return command(args.command)(args)
    except ScenarioError as error:
        print(error_text(error, sp), file=sys.stderr)
        return EXIT_BROKEN
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK
    finally:
        _tell_store_notices(sp)


def _tell_store_notices(sp: Speaker) -> None:
    """What the store did with the learner's files during the command and nobody said yet (a
    damaged database found by a statement deep inside), one sentence each on stderr."""
    if "tutor.store.notices" not in sys.modules:
        return  # the command never opened the database
    from tutor.store.notices import take
    from tutor.terminal import tell
    from tutor.words.store import notice_sentence

    with contextlib.suppress(OSError, ValueError):
        tell([notice_sentence(notice, sp) for notice in take()], sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
