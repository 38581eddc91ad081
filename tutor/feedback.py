"""What the learner reads after a reply: right, wrong with the answer and why, or "say it again".

Shared by ``domino-tutor check`` and the quiz.
"""

from __future__ import annotations

from tutor.i18n import Speaker
from tutor.judge import Judgement, Verdict
from tutor.narrate import explain
from tutor.questions import Ask, Reply
from tutor.scenarios import Scenario
from tutor.vocabulary import expected_text, format_answer


def feedback_lines(scenario: Scenario, judgement: Judgement, speaker: Speaker) -> list[str]:
    """The lines shown after a reply."""
    if judgement.verdict is Verdict.UNREADABLE:
        expected = expected_text(judgement.problem or Reply.NUMBER, speaker)
        return [
            speaker._("I could not read that. Please answer with {expected}.").format(
                expected=expected
            )
        ]
    answer_text = format_answer(judgement.answer.value, speaker)
    if judgement.verdict is Verdict.RIGHT:
        head = speaker._("Right!")
        value = judgement.answer.value
        if scenario.question.ask == Ask.BEST_PLAY and isinstance(value, list) and len(value) > 1:
            head += " " + speaker._("The best plays are {answer}.").format(answer=answer_text)
    else:
        head = speaker._("Not quite. The answer is {answer}.").format(answer=answer_text)
    return [head, *explain(judgement.answer.facts, speaker)]
