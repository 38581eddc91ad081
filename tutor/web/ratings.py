"""A page's puzzle ratings: the learner's Glicko-2 ratings per game and topic and each puzzle's,
kept in the browser's storage (IndexedDB) by the page and moved here, in the worker, by the
same arithmetic as the terminal quiz's (``tutor.questions.ratings.rate_reply``).

The page sends the ratings it keeps (``{subject: [rating, deviation, volatility, answers]}``)
with the reply's verdict; it gets back the three ratings the answer moved, the answer as one
entry of the exchange file's list (``tutor.web.progress``) and the lines to show, the same
lines as ``domino-tutor progress`` prints for those ratings.

>>> moved = rate({"do": "rate", "id": "legal-plays/after-the-big-six", "right": True,
...               "at": 100.0, "ratings": {}, "language": "de"})
>>> moved["lines"]
['Deine Wertungen:', 'Cutthroat: 1623 ± 421 (1 Antwort)', 'Erlaubte Züge: 1623 ± 421 (1 Antwort)']
>>> moved["ratings"]["game:cutthroat"][3], moved["answer"]["level"]
(1, 1)
"""

from __future__ import annotations

import math
from typing import Any

from tutor.questions.ratings import GAME, PUZZLE, TOPIC, Rating, rate_reply
from tutor.terminal import clean
from tutor.web.answers import Result, UnknownScenario, scenario
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import game_name, topic_name

__all__ = ["Kept", "kept_ratings", "rate", "rating_lines"]

Kept = dict[str, tuple[Rating, int]]
"""Ratings by subject, each with the number of answers that made it."""
MAX_SUBJECT = 300
"""The longest subject read from the page's storage."""


def _number(value: Any, low: float, high: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and low <= number <= high else None


def kept_ratings(data: Any) -> Kept:
    """The ratings the page sent, each checked; what is not a rating is left out (a page's
    storage can be edited by hand).

    >>> kept_ratings({"game:cutthroat": [1600, 80.5, 0.06, 3], "topic:x": ["high"], "y": 4})
    {'game:cutthroat': (Rating(rating=1600.0, rd=80.5, vol=0.06), 3)}
    """
    kept: Kept = {}
    if not isinstance(data, dict):
        return kept
    for subject, row in data.items():
        if not isinstance(subject, str) or len(subject) > MAX_SUBJECT:
            continue
        if not subject.startswith((GAME, TOPIC, PUZZLE)) or not isinstance(row, list):
            continue
        if len(row) != 4:
            continue
        rating, rd = _number(row[0], 0.0, 5000.0), _number(row[1], 0.0, 1000.0)
        vol, count = _number(row[2], 0.0, 1.0), _number(row[3], 0, 1e9)
        if rating is None or rd is None or vol is None or count is None:
            continue
        kept[subject] = (Rating(rating, rd, vol), int(count))
    return kept


def subject_name(subject: str, sp: Speaker) -> str:
    """A rating's name for the learner: the game's name, or the topic's (as ``progress``)."""
    if subject.startswith(GAME):
        return game_name(subject.removeprefix(GAME), sp)
    return clean(topic_name(subject.removeprefix(TOPIC), sp))


def rating_lines(kept: Kept, subjects: list[str], sp: Speaker) -> list[str]:
    """"Your ratings:" and one line a subject, as ``domino-tutor progress`` says them."""
    lines = [sp._("Your ratings:")]
    for subject in subjects:
        rating, count = kept[subject]
        lines.append(sp.ngettext(
            "{name}: {rating} ± {deviation} ({count} answer)",
            "{name}: {rating} ± {deviation} ({count} answers)",
            count,
        ).format(name=subject_name(subject, sp), rating=round(rating.rating),
                 deviation=round(rating.rd), count=count))
    return lines


def rate(request: dict[str, Any]) -> Result:
    """One answer rated: ``{"do": "rate", "id", "right", "at", "ratings", "language"}`` gives
    ``verdict: rated``, the moved ``ratings`` (as the page keeps them), the ``answer`` to keep
    for the export, and the ``lines`` to show."""
    scenario_id = str(request.get("id", ""))
    try:
        s = scenario(scenario_id)
    except UnknownScenario:
        return {"verdict": "error", "lines": [f"There is no puzzle {scenario_id!r}."]}
    right = request.get("right") is True
    at = _number(request.get("at"), 0.0, 1e11) or 0.0
    kept = kept_ratings(request.get("ratings"))
    moved = rate_reply({subject: rating for subject, (rating, _) in kept.items()},
                       puzzle_id=s.id, game=s.game, topic=s.topic, level=s.level, solved=right)
    for subject, rating in moved.items():
        kept[subject] = (rating, kept.get(subject, (rating, 0))[1] + 1)
    sp = Speaker(str(request.get("language", "en")))
    return {
        "verdict": "rated",
        "ratings": {subject: [kept[subject][0].rating, kept[subject][0].rd,
                              kept[subject][0].vol, kept[subject][1]] for subject in moved},
        "answer": {"puzzle": s.id, "topic": s.topic, "game": s.game, "level": s.level,
                   "right": right, "hints": 0, "at": at},
        "lines": rating_lines(kept, [GAME + s.game, TOPIC + s.topic], sp),
    }
