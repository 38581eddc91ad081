"""The puzzles on a page are judged as the terminal quiz judges them: for every scenario of the
library and every language, the page's verdict, explanation, hint and shown answer are the
quiz's lines (``tutor.quiz.runner.QuizRunner`` with a scripted terminal), word for word."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tutor.questions.model import TIE
from tutor.quiz.runner import Command, QuizRunner, QuizState, UIStyle
from tutor.scenarios.library import load_library
from tutor.scenarios.model import Scenario, answer_scenario
from tutor.web.answers import answer, handle, hint, scenario, show_answer
from tutor.web.forms import reply_form, reply_text
from tutor.words.i18n import LANGUAGES, Speaker
from tutor.words.vocabulary import LEARNER

ROOT = Path(__file__).resolve().parents[2]
LIBRARY, ERRORS = load_library([ROOT / "scenarios"])


class ScriptedUI:
    """A terminal that replies from a script and keeps what was shown after the first reply."""

    def __init__(self, replies: Sequence[str | Command]) -> None:
        self.replies = list(replies)
        self.asked = 0
        self.blocks: list[tuple[list[str], UIStyle]] = []

    def show(self, lines: Sequence[str], style: UIStyle = UIStyle.PLAIN) -> None:
        if self.asked:
            self.blocks.append((list(lines), style))

    def ask(self, scenario: Scenario, state: QuizState) -> str | Command:
        self.asked += 1
        return self.replies.pop(0) if self.replies else Command.SKIP

    def pause(self, state: QuizState) -> None:
        pass

    def clear(self) -> bool:
        return False


def quiz_blocks(s: Scenario, language: str, *replies: str | Command) -> list[list[str]]:
    ui = ScriptedUI(replies)
    runner = QuizRunner([s], ui, Speaker(language), None, width=lambda: 100_000)
    runner.ask_one(s)
    return [lines for lines, _style in ui.blocks]


def judged(blocks: list[list[str]]) -> list[str]:
    """The quiz's verdict (its own block, in the verdict's colour) and the explanation."""
    assert len(blocks) == 2, blocks
    return blocks[0] + blocks[1]


def right_reply(s: Scenario) -> str:
    """The engine's answer as the page's controls send it."""
    value: Any = answer_scenario(s, None if s.origin is None else str(s.origin.played)).value
    ask = s.question.ask
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return str(value["result"])
    if isinstance(value, list):
        if ask in ("best-play", "winning-play"):
            return str(value[0])
        return reply_text({"multiple": True}, [str(v) for v in value])
    if value == LEARNER:
        return "you"
    return str(value)


def a_wrong_reply(s: Scenario, right: str) -> str | None:
    form = reply_form(s, Speaker("en"))
    values = [choice["value"] for choice in form["choices"]]
    if not values:
        return str(int(right) + 1)
    if form["multiple"]:
        return "none" if right != "none" else values[0]
    value = answer_scenario(s).value
    rights = {str(v) for v in value} if isinstance(value, list) else {right}
    return next((v for v in values if v not in rights), None)


def test_the_library_loads() -> None:
    assert not ERRORS and len(LIBRARY) > 200


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_puzzle_is_judged_with_the_quiz_words(language: str) -> None:
    for s in LIBRARY:
        right = right_reply(s)
        said = answer(s.id, right, language)
        assert said["verdict"] == "right", (s.id, right, said)
        assert said["lines"] == judged(quiz_blocks(s, language, right)), s.id
        wrong = a_wrong_reply(s, right)
        if wrong is not None:
            said = answer(s.id, wrong, language)
            assert said["verdict"] == "wrong", (s.id, wrong, said)
            assert said["lines"] == judged(quiz_blocks(s, language, wrong)), s.id
        said = answer(s.id, "zz", language)
        assert said["verdict"] == "unreadable"
        assert said["lines"] == quiz_blocks(s, language, "zz")[0], s.id
        blocks = quiz_blocks(s, language, Command.HINT, Command.SKIP)
        assert hint(s.id, language)["lines"] == blocks[0], s.id
        assert show_answer(s.id, language)["lines"] == blocks[1] + blocks[2], s.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_right_answer_can_be_chosen_and_every_choice_is_read(language: str) -> None:
    sp = Speaker(language)
    for s in LIBRARY:
        form = reply_form(s, sp)
        values = {choice["value"] for choice in form["choices"]}
        right = right_reply(s)
        if values:
            picked = [] if right == "none" else right.split(", ")
            assert set(picked) <= values, (s.id, right, values)
        for value in sorted(values) if not form["multiple"] else []:
            verdict = answer(s.id, value, language)["verdict"]
            assert verdict in ("right", "wrong"), (s.id, value, verdict)
        assert all(choice["label"] for choice in form["choices"])
        assert set(form["words"]) >= {"legend", "check", "loading", "failed"}


def test_seat_questions_offer_every_seat_and_a_tie() -> None:
    s = next(s for s in LIBRARY if s.question.ask == "blocked-winner")
    form = reply_form(s, Speaker("pap"))
    values = [choice["value"] for choice in form["choices"]]
    assert values[-1] == TIE and "you" in values
    assert {c["label"] for c in form["choices"] if c["value"] == "you"} == {"bo"}


def test_a_bad_request_is_one_sentence_not_a_traceback() -> None:
    assert answer("../../etc/passwd", "yes", "en")["verdict"] == "error"
    assert handle({"do": "answer", "id": "legal-plays/nope", "reply": "x"})["verdict"] == "error"
    assert handle({})["verdict"] == "error"
    long = answer("legal-plays/after-the-big-six", "6-2 left, " * 1000, "en")
    assert long["verdict"] in ("right", "wrong", "unreadable")


def test_scenarios_are_read_once() -> None:
    assert scenario("legal-plays/after-the-big-six") is scenario("legal-plays/after-the-big-six")
