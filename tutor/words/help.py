"""argparse's own words (usage, headings, usage errors), marked for the ``tutor`` catalogs, and a
context in which argparse speaks the learner's language.

argparse looks its texts up with ``gettext`` in the ``argparse`` domain, which no catalog of
ours provides; inside ``speaking(sp)`` it asks the speaker instead.

>>> from tutor.words.i18n import Speaker
>>> import argparse
>>> with speaking(Speaker("de")):
...     argparse._("usage: ") != "usage: "
True
>>> argparse._("usage: ")
'usage: '
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from tutor.words.i18n import N_, Speaker

WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The texts argparse shows to a user of the command line (Python 3.11 to 3.13)."""


def _plurals(sp: Speaker, n: int) -> str:
    """Only here so that ``pybabel extract`` finds argparse's one plural text."""
    return sp.ngettext("expected %s argument", "expected %s arguments", n)


@contextmanager
def speaking(sp: Speaker) -> Iterator[None]:
    """Within this context argparse's texts come from the speaker's catalog."""
    saved = (getattr(argparse, "_"), getattr(argparse, "ngettext"))  # noqa: B009
    setattr(argparse, "_", sp._)  # noqa: B010
    setattr(argparse, "ngettext", sp.ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010
