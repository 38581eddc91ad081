"""The ``generate`` command: mining scenario files from simulated games, with a progress bar."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping
from typing import IO, TYPE_CHECKING

from tutor.cli.common import EXIT_BROKEN, EXIT_OK, EXIT_WRONG, Command, speaker_for

if TYPE_CHECKING:
    from tutor.words.i18n import Speaker

PROCESS_BATCH = 8
"""Chunks of games a worker plays at one call (``miner.mine_batch``): 64 games, about 40 ms of
work, so that the pool's messages cost little next to it."""


def _generate(args: argparse.Namespace) -> int:
    """``generate``: mine scenario files for a topic, with a progress bar on a terminal."""
    from tutor.scenarios.mining.miner import (
        GenerationError,
        Mapper,
        dask_mapper,
        generate,
        pool_mapper,
        serial_map,
    )
    from tutor.scenarios.mining.output import StagedFolder
    from tutor.scenarios.mining.recipes import RECIPES
    from tutor.terminal import clean

    sp = speaker_for(args.lang)
    if args.topic not in RECIPES:
        print(
            sp._("domino-tutor: no generator for the topic {topic} (topics: {topics})").format(
                topic=repr(clean(args.topic)), topics=", ".join(RECIPES)
            ),
            file=sys.stderr,
        )
        return EXIT_BROKEN
    if args.count < 1:
        print(sp._("domino-tutor: --count must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        print(sp._("domino-tutor: --jobs must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    close: Callable[[], None] = lambda: None  # noqa: E731
    mapper: Mapper = serial_map
    if args.dask:
        try:
            mapper, close = dask_mapper(args.dask)
        except ImportError:
            print(
                sp._("domino-tutor: --dask needs Dask: pip install 'domino-tutor[scale]'"),
                file=sys.stderr,
            )
            return EXIT_BROKEN
        except OSError as error:
            print(f"domino-tutor: {error}", file=sys.stderr)
            return EXIT_BROKEN
        jobs = max(jobs, 2)
    elif jobs > 1:
        mapper, close = pool_mapper(jobs)
    progress = None if args.quiet else Progress(args.count, args.topic)
    try:
        with StagedFolder(args.out) as folder:
            generate(
                args.topic,
                args.count,
                args.seed,
                on_progress=progress,
                mapper=mapper,
                wave=4 * jobs,
                batch=1 if mapper is serial_map else PROCESS_BATCH,
                on_made=folder.add,
            )
            paths = folder.commit()
    except (GenerationError, OSError) as error:
        message = _failure(error, args.out, sp)
        if progress is not None:
            progress.finish(message)
        else:
            print(message, file=sys.stderr)
        return EXIT_WRONG if isinstance(error, GenerationError) else EXIT_BROKEN
    finally:
        close()
    if progress is not None:
        folder = os.path.join(args.out, args.topic)
        written = sp.ngettext(
            "{count} {topic} scenario written to {folder}",
            "{count} {topic} scenarios written to {folder}",
            len(paths),
        )
        progress.finish(clean(written.format(count=len(paths), topic=args.topic, folder=folder)))
    return EXIT_OK


def _failure(error: Exception, out: str, sp: Speaker) -> str:
    """The sentence for a run that made nothing, in the learner's language.

    >>> from tutor.words.i18n import Speaker
    >>> from tutor.scenarios.mining.miner import TooFewPositions
    >>> import textwrap
    >>> text = _failure(TooFewPositions("key-cards", 2, 5, 3500), "gen", Speaker("en"))
    >>> print(textwrap.fill(text, 80))
    domino-tutor: only 2 of 5 different key-cards positions came up in 3,500 games;
    nothing was written. Ask for fewer, or try another --seed.
    >>> text = _failure(NotADirectoryError(20, "Not a directory", "x/k"), "x", Speaker("de"))
    >>> print(textwrap.fill(text, 80))
    domino-tutor: die Aufgaben konnten nicht nach x/k geschrieben werden: ein Teil
    des Pfads ist kein Ordner
    """
    from tutor.scenarios.mining.miner import TooFewPositions
    from tutor.terminal import clean
    from tutor.words.system import system_reason

    if isinstance(error, TooFewPositions):
        text = sp._(
            "domino-tutor: only {made} of {count} different {topic} positions came up in {games} "
            "games; nothing was written. Ask for fewer, or try another --seed."
        ).format(
            made=error.made, count=error.count, topic=error.topic, games=sp.number(error.games)
        )
    elif isinstance(error, OSError):
        text = sp._("domino-tutor: could not write the scenarios to {folder}: {error}").format(
            folder=error.filename or out, error=system_reason(error, sp)
        )
    else:
        text = f"domino-tutor: {error}"
    return clean(text)


class Progress:
    """A one-line text progress bar for a terminal; a single summary line otherwise.

    Colour only on a terminal and only when ``NO_COLOR`` is not set.

    >>> import io
    >>> stream = io.StringIO()
    >>> bar = Progress(4, "key-cards", stream, environ={})
    >>> bar(1); bar(4); bar.finish("4 files written")
    >>> stream.getvalue()
    '4 files written\\n'
    """

    WIDTH = 24

    def __init__(
        self,
        total: int,
        label: str,
        stream: IO[str] | None = None,
        *,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.total, self.label = total, label
        self.stream = stream if stream is not None else sys.stderr
        environ = os.environ if environ is None else environ
        isatty = getattr(self.stream, "isatty", None)
        self.live = bool(isatty and isatty()) and environ.get("TERM") != "dumb"
        self.color = self.live and not environ.get("NO_COLOR")
        self.shown = -1

    def bar(self, done: int) -> str:
        """The bar's text for ``done`` of ``total``.

        >>> Progress(4, "key-cards", environ={}).bar(1)
        'key-cards [######------------------] 1/4'
        """
        filled = self.WIDTH * done // self.total if self.total else self.WIDTH
        full, empty = "#" * filled, "-" * (self.WIDTH - filled)
        if self.color:
            full = f"\033[32m{full}\033[0m"
        return f"{self.label} [{full}{empty}] {done}/{self.total}"

    def __call__(self, done: int) -> None:
        if self.live and done != self.shown:
            self.shown = done
            self.stream.write("\r" + self.bar(done))
            self.stream.flush()

    def finish(self, message: str) -> None:
        """Replace the bar with a last line."""
        if self.live:
            self.stream.write("\r\033[K")
        self.stream.write(message + "\n")
        self.stream.flush()


COMMANDS: dict[str, Command] = {
    "generate": _generate,
}
