"""The sentences of the progress file that a web page and the terminal hand each other
(``domino-tutor progress --export/--import``, the docs pages' "Save my progress" and "Bring in
progress"): what was written, what was brought in, and why a file was not read.

What is wrong comes in no language from below (``tutor.quiz.exchange.ExchangeError``, or the
page's own check, ``tutor.web.exchange``): ``problem``, the ``field`` at fault, the JSON
``cause``; this module says it.

>>> from tutor.words.i18n import Speaker
>>> brought_in_lines(3, 1, "p.json", Speaker("en"))
['Brought in 3 answers from p.json.', '1 answer was already there and was left as it is.']
>>> exported_line(1, "p.json", Speaker("de"))
'Dein Fortschritt steht jetzt in p.json: 1 Antwort.'
"""

from __future__ import annotations

from typing import Any

from tutor.words.i18n import Speaker
from tutor.words.records import field_text, json_text

__all__ = ["brought_in_lines", "exchange_sentence", "exported_line"]


def exported_line(count: int, path: str, sp: Speaker) -> str:
    """What ``progress --export`` wrote."""
    return sp.ngettext(
        "Your progress is now in {path}: {count} answer.",
        "Your progress is now in {path}: {count} answers.",
        count,
    ).format(path=path, count=count)


def brought_in_lines(added: int, already: int, path: str, sp: Speaker) -> list[str]:
    """What bringing a progress file in did: the answers added, and those already there."""
    lines = [sp.ngettext(
        "Brought in {count} answer from {path}.",
        "Brought in {count} answers from {path}.",
        added,
    ).format(count=added, path=path)]
    if already:
        lines.append(sp.ngettext(
            "{count} answer was already there and was left as it is.",
            "{count} answers were already there and were left as they are.",
            already,
        ).format(count=already))
    return lines


def exchange_sentence(error: Any, path: str, sp: Speaker) -> str:
    """A file that is not a progress file the tutor reads, in one sentence that names it."""
    problem = error.problem
    if problem == "not-json" and error.cause is not None:
        return sp._("domino-tutor: {path} is not a progress file: {why}.").format(
            path=path, why=json_text(error.cause, sp)
        )
    if problem == "newer":
        return sp._("domino-tutor: {path} was written by a newer version of domino-tutor.").format(
            path=path
        )
    if problem == "damaged" and error.field is not None:
        return sp._("domino-tutor: the progress file {path} is damaged: {field}.").format(
            path=path, field=field_text(error.field, sp)
        )
    return sp._("domino-tutor: {path} is not a progress file of domino-tutor.").format(path=path)
