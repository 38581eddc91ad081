"""A puzzle answered on a page: the verdict and its explanation, a hint, the answer shown.

Each function takes a scenario id of the library, the page's language and returns plain data
(the page's script gets it as JSON): the same lines, in the same order, as the terminal quiz
prints for the same reply (``tutor.quiz.runner``: the judge of ``tutor.words.judge``, the lines
of ``tutor.words.feedback``), which ``tests/web/test_answers.py`` checks for every scenario.

>>> verdict = answer("legal-plays/after-the-big-six", "6-2 left, 6-3 left", "de")
>>> verdict["verdict"], verdict["lines"][0]
('right', 'Richtig!')
>>> answer("legal-plays/after-the-big-six", "6-2 left", "en")["lines"][:2]
['Not quite. The answer is 6-2 left and 6-3 left.', 'Missing from your answer: 6-3 left.']
>>> answer("no/such-puzzle", "yes", "en")["verdict"]
'error'
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import Any

from tutor.questions.model import Answer
from tutor.scenarios.library import default_library
from tutor.scenarios.mining.recipes import theme_hint
from tutor.scenarios.model import Scenario, ScenarioError, answer_scenario
from tutor.scenarios.origin import old_mine, told_against
from tutor.scenarios.reader import load_scenario
from tutor.terminal import LINE_LIMIT, one_line
from tutor.web.forms import Form, reply_form
from tutor.words.feedback import feedback_lines
from tutor.words.i18n import Speaker
from tutor.words.judge import Verdict, judge
from tutor.words.kinds import format_value
from tutor.words.narrate import explain
from tutor.words.vocabulary import reply_words

SCENARIO_ID = re.compile(r"[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_-]*)*")
"""A scenario id of the library (its path there without ``.toml``)."""
MAX_REPLY = 500
"""The longest reply judged (a page sends a few plays)."""

Result = dict[str, Any]


class UnknownScenario(LookupError):
    """No scenario of the library has this id."""


@cache
def scenario(scenario_id: str) -> Scenario:
    """The library's scenario ``scenario_id``; raises ``UnknownScenario``."""
    if not SCENARIO_ID.fullmatch(scenario_id):
        raise UnknownScenario(scenario_id)
    path = default_library() / f"{scenario_id}.toml"
    if not path.is_file():
        raise UnknownScenario(scenario_id)
    try:
        return load_scenario(path)
    except ScenarioError:
        raise UnknownScenario(scenario_id) from None


def _played(s: Scenario) -> str | None:
    """The play made in the game a puzzle came from (as ``quiz.runner.made_in_game``)."""
    return None if s.origin is None else str(s.origin.played)


@cache
def _answer(scenario_id: str, against: str | None) -> Answer[Any]:
    """The engine's answer (told against the play ``against``), worked out once."""
    return answer_scenario(scenario(scenario_id), against)


def _error(scenario_id: str) -> Result:
    return {"verdict": "error", "lines": [f"There is no puzzle {scenario_id!r} in the library."]}


def answer(scenario_id: str, reply: str, language: str) -> Result:
    """Judge ``reply`` to the scenario's question: ``verdict`` (``right``, ``wrong``,
    ``unreadable``; ``error`` for an unknown id, in English: no reader sees it) and ``lines``,
    the verdict first, as the quiz says them."""
    try:
        s = scenario(scenario_id)
    except UnknownScenario:
        return _error(scenario_id)
    sp = Speaker(language)
    p, q = s.position, s.question
    judgement = judge(p, q, _answer(s.id, None), reply[:MAX_REPLY], reply_words(sp))
    against = told_against(s, judgement.verdict is Verdict.WRONG, judgement.given)
    if against is not None:
        judgement = replace(judgement, answer=_answer(s.id, against))
    return {"verdict": judgement.verdict.value, "lines": feedback_lines(p, q, judgement, sp)}


def hint_text(s: Scenario, sp: Speaker) -> str:
    """The scenario's hint in the speaker's language, "" when it has none (as
    ``quiz.screen.hint_of``)."""
    hint = s.question.hint
    if old_mine(s) is not None:
        hint = theme_hint(s.topic, s.question.ask)
    return one_line(sp._(hint) if hint else "", 10 * LINE_LIMIT)


def hint(scenario_id: str, language: str) -> Result:
    """The hint line the quiz shows ("Hint: ..." or that there is none)."""
    try:
        s = scenario(scenario_id)
    except UnknownScenario:
        return _error(scenario_id)
    sp = Speaker(language)
    text = hint_text(s, sp) or sp._("There is no hint for this one.")
    return {"verdict": "hint", "lines": [sp._("Hint: {hint}").format(hint=text)]}


def show_answer(scenario_id: str, language: str) -> Result:
    """The answer and its explanation, as the quiz shows them when a question is skipped."""
    try:
        s = scenario(scenario_id)
    except UnknownScenario:
        return _error(scenario_id)
    sp = Speaker(language)
    result = _answer(s.id, _played(s))
    head = sp._("Skipped. The answer is {answer}.").format(
        answer=format_value(s.question.ask, result.value, sp, s.position)
    )
    return {"verdict": "shown", "lines": [head, *explain(result.facts, sp)]}


def form(scenario_id: str, language: str) -> Form | Result:
    """The controls of the scenario's question (``tutor.web.forms.reply_form``)."""
    try:
        s = scenario(scenario_id)
    except UnknownScenario:
        return _error(scenario_id)
    return reply_form(s, Speaker(language))


def warm(language: str) -> None:
    """Load the catalogs and Babel's data for ``language`` before the first click (the first
    percent Babel formats reads its locale data)."""
    sp = Speaker(language)
    sp.percent(0.5)
    sp.number(1234)
    reply_words(sp)


def prepare(scenario_id: str) -> Result:
    """Work out a puzzle's answer before it is asked for (the page does it while the reader
    reads, one puzzle at a time), so that the first verdict comes at once."""
    try:
        s = scenario(scenario_id)
    except UnknownScenario:
        return _error(scenario_id)
    _answer(s.id, _played(s))
    return {"verdict": "ready", "lines": []}


def handle(request: dict[str, Any]) -> Result:
    """One request of the page's worker: ``{"do": "answer", "id": ..., "reply": ...,
    "language": ...}`` (or ``hint``, ``show``, ``form``, ``warm``, ``prepare``); a bad request gets
    ``verdict: error``.

    >>> said = handle({"do": "hint", "id": "legal-plays/after-the-big-six", "language": "pap"})
    >>> said["lines"][0].split(":")[0]
    'Yudansa'
    >>> handle({"do": "dance"})["verdict"]
    'error'
    """
    do = request.get("do")
    scenario_id = str(request.get("id", ""))
    language = str(request.get("language", "en"))
    if do == "answer":
        return answer(scenario_id, str(request.get("reply", "")), language)
    if do == "hint":
        return hint(scenario_id, language)
    if do == "show":
        return show_answer(scenario_id, language)
    if do == "form":
        return form(scenario_id, language)
    if do == "prepare":
        return prepare(scenario_id)
    if do == "warm":
        warm(language)
        return {"verdict": "ready", "lines": []}
    return {"verdict": "error", "lines": [f"Unknown request {do!r}."]}
