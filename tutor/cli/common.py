"""What every command shares: the exit codes, the speaker of ``--lang``, a scenario error's text.

Exit codes: 0 all good; 1 a wrong answer or an ``expect`` that disagrees with the engine; 2 a
broken scenario file or a usage error; 3 a reply that could not be read (``check``); 130
interrupted. Light to import: the words are loaded when a command asks for them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.scenarios.model import ScenarioError
    from tutor.words.i18n import Speaker

EXIT_OK, EXIT_WRONG, EXIT_BROKEN, EXIT_UNREADABLE = 0, 1, 2, 3

Command = Callable[[argparse.Namespace], int]
"""A command: its parsed arguments in, its exit code out."""


def speaker_for(requested: str | None) -> Speaker:
    """The speaker of the language asked for with ``--lang`` (else the environment's); an
    unknown language is said on stderr and English spoken."""
    from tutor.words.i18n import Speaker, choose_language

    language, unknown = choose_language(requested, os.environ)
    if unknown:
        print(
            f"domino-tutor: no catalog for language {unknown!r}; speaking English "
            "(available: en, de, pap)",
            file=sys.stderr,
        )
    return Speaker(language)


def error_text(error: ScenarioError, sp: Speaker) -> str:
    """A scenario error for the learner, cleaned for the terminal: a file that cannot be read
    is said in their language (``tutor.words.library.scenario_error``; the other sentences are
    the scenario contract's, for teachers, in English)."""
    from tutor.terminal import clean
    from tutor.words.library import scenario_error

    return clean(scenario_error(error, sp))
