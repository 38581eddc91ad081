"""Judging a reply to a scenario as ``check`` and the quiz do: the words take the position, the
question and the engine's answer (``tutor.words.judge`` knows no scenario)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tutor.scenarios.model import Scenario, answer_scenario
from tutor.words.judge import Judgement
from tutor.words.judge import judge as judge_reply


def judge(
    s: Scenario, reply: str, words: Mapping[str, Iterable[str]] | None = None
) -> Judgement:
    """Judge ``reply`` to the scenario's question against the engine's answer."""
    return judge_reply(s.position, s.question, answer_scenario(s), reply, words)
