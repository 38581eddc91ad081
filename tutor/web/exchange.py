"""The progress file in the browser: the page's "Bring in progress" reads the file that
``domino-tutor progress --export`` writes (and the page's "Save my progress" writes), checked
field by field with the same bounds as the terminal's pydantic schema
(``tutor.quiz.exchange``; pydantic is not in the browser), and counts its new answers in the
page's ratings, oldest first, as the terminal does.

>>> said = bring_in({"text": '{"format": "domino-tutor progress", "version": 1, "answers": '
...     '[{"puzzle": "hard-ends/after-a-pass", "topic": "hard-ends", "game": "cutthroat", '
...     '"level": 4, "right": true, "hints": 0, "at": 5.0}]}', "name": "p.json", "have": [],
...     "ratings": {}, "language": "en"})
>>> said["verdict"], said["lines"], len(said["answers"])
('imported', ['Brought in 1 answer from p.json.'], 1)
>>> bring_in({"text": "[1", "name": "p.json", "language": "en"})["lines"][0][:43]
'domino-tutor: p.json is not a progress file'
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from tutor.questions.ratings import Rating, rate_reply
from tutor.web.answers import Result
from tutor.web.ratings import kept_ratings
from tutor.words.exchange import brought_in_lines, exchange_sentence
from tutor.words.i18n import Speaker

__all__ = ["bring_in", "check"]

FORMAT, VERSION = "domino-tutor progress", 1
MAX_ANSWERS, MAX_HINTS, MAX_TIME, MAX_TEXT = 200_000, 100, 1e11, 200
ID_FORM = re.compile(r"[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*")
GAMES = ("cutthroat", "fives-and-threes")


@dataclass(frozen=True)
class _Found:
    kind: str
    text: str = ""


@dataclass(frozen=True)
class _Field:
    path: str
    expected: str
    found: _Found
    bound: str = ""
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Problem:
    problem: str
    field: _Field | None = None
    cause: Any = None


@dataclass(frozen=True)
class _Syntax:
    line: int
    column: int
    detail: str
    reason: str = "syntax"


def _found(value: Any) -> _Found:
    if value is None:
        return _Found("null")
    if isinstance(value, bool):
        return _Found("bool", "true" if value else "false")
    if isinstance(value, int | float):
        return _Found("number", str(value))
    if isinstance(value, str):
        return _Found("text", value[:40])
    return _Found("list" if isinstance(value, list) else "table")


class _Bad(Exception):
    def __init__(self, path: str, expected: str, value: Any, bound: str = "",
                 choices: tuple[str, ...] = ()) -> None:
        super().__init__(path)
        self.field = _Field(path, expected, _found(value), bound, choices)


def _answer(n: int, item: Any) -> dict[str, Any]:
    where = f"answers[{n}]"
    if not isinstance(item, dict):
        raise _Bad(where, "table", item)
    extra = set(item) - {"puzzle", "topic", "game", "level", "right", "hints", "at"}
    if extra:
        raise _Bad(f"{where}.{sorted(extra)[0]}", "form", item[sorted(extra)[0]])
    for key in ("puzzle", "topic", "right", "at"):
        if key not in item:
            raise _Bad(f"{where}.{key}", "missing", None)
    for key in ("puzzle", "topic"):
        value = item[key]
        if not isinstance(value, str):
            raise _Bad(f"{where}.{key}", "text", value)
        if len(value) > MAX_TEXT:
            raise _Bad(f"{where}.{key}", "too-long", value, str(MAX_TEXT))
        if not value or (key == "puzzle" and not ID_FORM.fullmatch(value)):
            raise _Bad(f"{where}.{key}", "form", value)
    game, level = item.get("game"), item.get("level")
    if game is not None and game not in GAMES:
        raise _Bad(f"{where}.game", "one-of", game, choices=GAMES)
    if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                              or not 1 <= level <= 5):
        raise _Bad(f"{where}.level", "whole-number", level)
    if not isinstance(item["right"], bool):
        raise _Bad(f"{where}.right", "true-false", item["right"])
    hints = item.get("hints", 0)
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        raise _Bad(f"{where}.hints", "whole-number", hints)
    at = item["at"]
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at) \
            or not 0 <= at <= MAX_TIME:
        raise _Bad(f"{where}.at", "number", at)
    return {"puzzle": item["puzzle"], "topic": item["topic"], "game": game, "level": level,
            "right": item["right"], "hints": hints, "at": float(at)}


def check(text: str) -> list[dict[str, Any]] | _Problem:
    """The answers of a progress file's text, or what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _Problem("not-json", cause=_Syntax(error.lineno, error.colno, error.msg))
    except RecursionError:
        return _Problem("not-progress")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return _Problem("not-progress")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        return _Problem("newer")
    try:
        if version != VERSION or isinstance(version, bool):
            raise _Bad("version", "one-of", version, choices=(str(VERSION),))
        answers = data.get("answers")
        if not isinstance(answers, list):
            raise _Bad("answers", "list", answers)
        if len(answers) > MAX_ANSWERS:
            raise _Bad("answers", "too-long", answers, str(MAX_ANSWERS))
        return [_answer(n, item) for n, item in enumerate(answers)]
    except _Bad as bad:
        return _Problem("damaged", field=bad.field)


def bring_in(request: dict[str, Any]) -> Result:
    """``{"do": "import", "text", "name", "have": [[puzzle, at, right], ...], "ratings",
    "language"}``: the file's answers not kept yet (``answers``), the ratings they move, and
    the lines to show; a bad file gets ``verdict: refused`` and its sentence."""
    sp = Speaker(str(request.get("language", "en")))
    name = str(request.get("name", ""))[:100] or "?"
    read = check(str(request.get("text", "")))
    if isinstance(read, _Problem):
        return {"verdict": "refused", "lines": [exchange_sentence(read, name, sp)]}
    have = {(str(k[0]), float(k[1]), bool(k[2])) for k in request.get("have") or []
            if isinstance(k, list) and len(k) == 3 and isinstance(k[1], int | float)}
    kept = kept_ratings(request.get("ratings"))
    ratings: dict[str, Rating] = {subject: rating for subject, (rating, _) in kept.items()}
    counts = {subject: count for subject, (_, count) in kept.items()}
    new, moved_subjects = [], set()
    for answer in sorted(read, key=lambda a: a["at"]):
        key = (answer["puzzle"], answer["at"], answer["right"])
        if key in have:
            continue
        have.add(key)
        new.append(answer)
        if answer["game"] is None or answer["level"] is None:
            continue
        moved = rate_reply(ratings, puzzle_id=answer["puzzle"], game=answer["game"],
                           topic=answer["topic"], level=answer["level"],
                           solved=answer["right"], hints=answer["hints"])
        for subject, rating in moved.items():
            ratings[subject] = rating
            counts[subject] = counts.get(subject, 0) + 1
            moved_subjects.add(subject)
    return {
        "verdict": "imported",
        "answers": new,
        "ratings": {s: [ratings[s].rating, ratings[s].rd, ratings[s].vol, counts[s]]
                    for s in sorted(moved_subjects)},
        "lines": brought_in_lines(len(new), len(read) - len(new), name, sp),
    }
