"""What the learner reads after a reply: right, wrong with the answer and why, or "say it again".

Shared by ``domino-tutor check`` and the quiz.
"""

from __future__ import annotations

from typing import Any

from tutor.i18n import N_, Speaker
from tutor.judge import Judgement, Verdict
from tutor.narrate import explain
from tutor.scenarios import Scenario

REPLY_WORDS = {
    "yes": N_("yes"),
    "no": N_("no"),
    "left": N_("left"),
    "right": N_("right"),
    "both": N_("both"),
    "none": N_("none"),
    "tie": N_("tie"),
    "you": N_("you"),
    "continue": N_("continue"),
    "six-love": N_("six-love"),
    "bruck": N_("bruck"),
}
"""The reply vocabulary; each language accepts its own words besides the English ones."""

EXPECTED_TEXTS = {
    "plays": N_("a list of plays, like: 6-5 left, 4-4 right (or none)"),
    "play": N_("one play, like: 6-5 left"),
    "number": N_("a whole number, like: 12"),
    "yes-no": N_("yes or no"),
    "seat": N_("a seat's name, or tie"),
    "ends": N_("left, right, both or none"),
    "tile": N_("a tile, like: 4-3"),
    "result": N_("continue, six-love or bruck"),
}
"""``tutor.judge.EXPECTED``, written out so that ``pybabel extract`` finds every text
(tests/i18n checks that both agree)."""


def reply_words(speaker: Speaker) -> dict[str, tuple[str, ...]]:
    """The reply words in the speaker's language (the English words are always understood too)."""
    return {key: (speaker._(word),) for key, word in REPLY_WORDS.items()}


def format_answer(value: Any, speaker: Speaker) -> str:
    """The engine's answer in words of the speaker's language."""
    if isinstance(value, bool):
        return speaker._("yes") if value else speaker._("no")
    if isinstance(value, list):
        if not value:
            return speaker._("none")
        return speaker.join([_localize_words(str(v), speaker) for v in value])
    if isinstance(value, dict):
        return speaker._(value["result"])
    if value == "tie":
        return speaker._("tie")
    if value == "you":
        return speaker._("you")
    return _localize_words(str(value), speaker)


def _localize_words(text: str, speaker: Speaker) -> str:
    words = text.split()
    return " ".join(speaker._(w) if w in ("left", "right") else w for w in words)


def feedback_lines(scenario: Scenario, judgement: Judgement, speaker: Speaker) -> list[str]:
    """The lines shown after a reply."""
    if judgement.verdict is Verdict.UNREADABLE:
        expected = speaker._(EXPECTED_TEXTS[judgement.problem or "number"])
        return [
            speaker._("I could not read that. Please answer with {expected}.").format(
                expected=expected
            )
        ]
    answer_text = format_answer(judgement.answer.value, speaker)
    if judgement.verdict is Verdict.RIGHT:
        head = speaker._("Right!")
        if scenario.question.ask == "best-play" and len(judgement.answer.value) > 1:
            head += " " + speaker._("The best plays are {answer}.").format(answer=answer_text)
    else:
        head = speaker._("Not quite. The answer is {answer}.").format(answer=answer_text)
    return [head, *explain(judgement.answer.facts, speaker)]
