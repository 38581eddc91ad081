"""The registry of question kinds: a kind is one entry and its functions, nothing else.

A toy kind registered here, and only here (its kind, its words and the sentence of its fact),
is asked, answered, read, judged, formatted and explained by the shared code (``answer``,
``check``, the quiz's screen and feedback); and no module but the registries names a kind of
question.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.words.judging import judge
from tutor.cli.app import main
from tutor.cli.common import EXIT_OK, EXIT_UNREADABLE, EXIT_WRONG
from tutor.questions.kinds import KINDS, Kind, equal, register
from tutor.questions.model import Answer, Question, Reply
from tutor.rules.position import Position
from tutor.scenarios.model import ScenarioError, answer_scenario
from tutor.scenarios.reader import parse_scenario
from tutor.words import kinds as words
from tutor.words.feedback import feedback_lines
from tutor.words.i18n import Speaker
from tutor.words.judge import Verdict
from tutor.words.kinds import WORDS, Words, question_text
from tutor.words.narrate import SENTENCES
from tutor.words.replies import read_number
from tutor.words.vocabulary import format_number

TUTOR = Path(__file__).resolve().parents[2] / "tutor"

# --- a toy kind, in one place ------------------------------------------------------------


@dataclass(frozen=True)
class TilesLeft:
    seat: str
    count: int


def _said(fact: TilesLeft, sp: Speaker) -> str:
    return f"{fact.seat} holds {fact.count} tiles."


def _tiles_left(p: Position, q: Question) -> Answer[int]:
    count = p.size(p.turn)
    return Answer(q.ask, count, (TilesLeft(p.name(p.turn), count),))  # type: ignore[arg-type]


def _prompt(p: Position, q: Question, sp: Speaker) -> str:
    return f"How many tiles does {p.name(p.turn)} hold?"


TOY = Kind(
    "tiles-left",
    _tiles_left,
    Reply.NUMBER,
    equal,
    teaches=frozenset({"legal-plays"}),
)
TOY_WORDS = Words(TOY, _prompt, read_number, format_number)

TOY_FILE = """
id = "toy/tiles-left"
game = "cutthroat"
topic = "legal-plays"
level = 1
title = "Count your tiles"
seats = ["you", "Ann"]
[table]
line = ["6-6"]
boneyard = 11
[hands]
you = ["6-5", "5-5", "4-4"]
Ann = 13
[rules]
boneyard = true
[question]
ask = "tiles-left"
expect = 3
"""


@pytest.fixture
def toy() -> Iterator[Kind[int, int]]:
    """The toy kind registered: its kind, its words and the sentence of its fact."""
    register(TOY)
    words.register(TOY_WORDS)
    SENTENCES[TilesLeft] = _said
    try:
        yield TOY
    finally:
        del KINDS[TOY.ask], WORDS[TOY.ask], SENTENCES[TilesLeft]


def test_a_kind_registered_in_one_place_goes_through_the_shared_code(
    toy: Kind[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    en = Speaker("en")
    s = parse_scenario(TOY_FILE)
    assert answer_scenario(s).value == 3
    assert question_text(s, en) == "How many tiles does you hold?"
    assert judge(s, " 3 ").verdict is Verdict.RIGHT
    assert judge(s, "4").verdict is Verdict.WRONG
    unreadable = judge(s, "thrice")
    assert unreadable.verdict is Verdict.UNREADABLE and unreadable.problem is Reply.NUMBER
    assert feedback_lines(s.position, s.question, judge(s, "4"), en) == [
        "Not quite. The answer is 3.",
        "You holds 3 tiles.",
    ]
    path = tmp_path / "toy.toml"
    path.write_text(TOY_FILE)
    assert main(["validate", "-q", str(path)]) == EXIT_OK
    assert capsys.readouterr().out == ""  # the topic it teaches: no warning
    assert main(["answer", str(path)]) == EXIT_OK
    assert capsys.readouterr().out.splitlines()[:2] == ["3", "  You holds 3 tiles."]
    assert main(["check", str(path), "3"]) == EXIT_OK
    assert main(["check", str(path), "2"]) == EXIT_WRONG
    assert main(["check", str(path), "many"]) == EXIT_UNREADABLE


def test_an_unregistered_kind_is_refused_with_the_known_kinds() -> None:
    with pytest.raises(ScenarioError, match="unknown question kind 'tiles-left'"):
        parse_scenario(TOY_FILE)


def test_a_kind_is_registered_once(toy: Kind[int, int]) -> None:
    with pytest.raises(ValueError, match="registered already"):
        register(TOY)
    with pytest.raises(ValueError, match="registered already"):
        words.register(TOY_WORDS)


# --- nothing else names a kind ---------------------------------------------------------------

NAMING_KINDS = {
    "questions/kinds.py": "the registry of the kinds",
    "words/kinds.py": "the registry of the kinds' words",
    "scenarios/mining/recipes.py": "the generator's recipes choose a kind's parameters and "
    "cross-check the answer by a second path, on purpose apart from the registry",
    "quiz/learn.py": "a lesson plan picks its scenarios by kind of question",
}
"""The modules that may name a kind of question, and why."""


def _kind_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``Ask.MEMBER``, and a kind's name compared with (``==``, ``in``) anything."""
    names = set(KINDS)
    for node in ast.walk(tree):
        name = node.value if isinstance(node, ast.Attribute) else None
        if isinstance(node, ast.Attribute) and isinstance(name, ast.Name) and name.id == "Ask":
            yield node.lineno, f"Ask.{node.attr}"
        if isinstance(node, ast.Compare):
            for part in [node.left, *node.comparators]:
                for leaf in ast.walk(part):
                    if isinstance(leaf, ast.Constant) and leaf.value in names:
                        yield leaf.lineno, repr(leaf.value)


def test_only_the_registry_and_the_kinds_own_modules_name_a_kind() -> None:
    found = []
    for path in sorted(TUTOR.rglob("*.py")):
        if path.relative_to(TUTOR).as_posix() in NAMING_KINDS:
            continue
        for line, name in _kind_names(ast.parse(path.read_text())):
            found.append(f"{path.relative_to(TUTOR)}:{line}: {name}")
    assert found == []


def test_the_check_finds_a_kind_named_in_a_branch() -> None:
    """The scan above would catch a module that branches on a kind."""
    code = 'if q.ask == Ask.BEST_PLAY or ask in ("after-game", "x"):\n    pass\n'
    found = sorted(name for _, name in _kind_names(ast.parse(code)))
    assert found == ["'after-game'", "Ask.BEST_PLAY"]
