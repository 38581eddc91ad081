"""The next-stake question (issue 11 point 21): what the next Cutthroat game is worth.

A won game sets the stake back to 1; a tied block carries it (one more per tie in a row) or,
with ``tied_block = "void"``, leaves the next game at 1 (RULES.md). Asked, read in three
languages, judged, explained and checked like every kind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.words.judging import judge
from tutor.cli.app import main
from tutor.cli.common import EXIT_OK, EXIT_UNREADABLE, EXIT_WRONG
from tutor.questions.facts import NextStake, SetAfter
from tutor.questions.kinds import KINDS, answer
from tutor.questions.model import Ask, Question, QuestionError
from tutor.rules import Line, TableRules
from tutor.rules.position import Position
from tutor.scenarios.model import Scenario
from tutor.scenarios.reader import load_scenario
from tutor.words.feedback import feedback_lines
from tutor.words.i18n import Speaker
from tutor.words.judge import Verdict
from tutor.words.kinds import question_text
from tutor.words.narrate import explain
from tutor.words.vocabulary import reply_words

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
SEATS = ("you", "Ann", "Ben", "Cy")


def position(players: int, stake: int = 1, tied_block: str = "carry", **scores: int) -> Position:
    seats = SEATS[:players]
    rules = TableRules(players=players, tied_block=tied_block)  # type: ignore[arg-type]
    return Position(
        Line(),
        (0,) * players,
        rules,
        seats=seats,
        stake=stake,
        scores=tuple(scores.get(seat, 0) for seat in seats),
    )


def next_stake(p: Position, winner: str = "tie", **params: object) -> int:
    value = answer(p, Question(Ask.NEXT_STAKE, {"winner": winner, **params})).value
    assert isinstance(value, int)
    return value


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("stake", "carried"), [(1, 2), (2, 3), (3, 4)])
def test_a_carried_tie_makes_the_next_game_worth_one_more(
    players: int, stake: int, carried: int
) -> None:
    assert next_stake(position(players, stake)) == carried


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stake", [1, 2])
def test_a_void_tie_leaves_the_next_game_at_one(players: int, stake: int) -> None:
    assert next_stake(position(players, stake, "void")) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("tied_block", ["carry", "void"])
def test_a_won_game_sets_the_stake_back_to_one(players: int, tied_block: str) -> None:
    p = position(players, 3, tied_block)
    assert next_stake(p, "you") == 1
    assert next_stake(p, "Ann", key_card=True) == 1
    # A six-love ends the set; a bruck starts the scores again: the next game is worth 1 too.
    assert next_stake(position(players, 2, tied_block, you=5), "you") == 1
    assert next_stake(position(players, 1, tied_block, Ann=1, Ben=1, Cy=1), "you") == 1


def test_the_facts_say_the_rule_and_the_numbers() -> None:
    carried = answer(position(4, 2), Question(Ask.NEXT_STAKE, {"winner": "tie"}))
    assert carried.facts == (NextStake(None, 2, 3, True, "continue"),)
    assert explain(carried.facts, Speaker("en")) == [
        "At this table a tie carries the stake: this game is worth 2, so the next one is worth "
        "2 + 1 = 3."
    ]
    void = answer(position(3, 1, "void"), Question(Ask.NEXT_STAKE, {"winner": "tie"}))
    assert explain(void.facts, Speaker("en")) == [
        "At this table a tie is void: nobody scores, nothing is carried, and the next game is "
        "worth 1."
    ]
    won = answer(position(2, 2), Question(Ask.NEXT_STAKE, {"winner": "Ann"}))
    assert isinstance(won.facts[0], SetAfter) and won.facts[1] == NextStake(
        "Ann", 2, 1, True, "continue"
    )
    assert explain(won.facts, Speaker("en"))[1] == (
        "Ann takes this game's stake, and a won game sets the stake back: the next game is worth 1."
    )
    over = answer(position(4, 1, you=5), Question(Ask.NEXT_STAKE, {"winner": "you"}))
    assert explain(over.facts, Speaker("en"))[1] == (
        "The set is over, and the first game of the next set is worth 1."
    )


def test_a_bad_winner_names_the_parameter() -> None:
    with pytest.raises(QuestionError) as caught:
        answer(position(3), Question(Ask.NEXT_STAKE, {"winner": "Zed"}))
    assert caught.value.param == "winner"
    with pytest.raises(QuestionError, match="Cutthroat question"):
        fives = Position(Line(), (0, 0), TableRules(game="fives-and-threes", players=2))
        answer(fives, Question(Ask.NEXT_STAKE, {"winner": "tie"}))


# --- the library, replies in three languages ---------------------------------------------------


def library(name: str) -> Scenario:
    return load_scenario(LIBRARY / "six-love" / f"{name}.toml")


TIED_AGAIN = "stake-tied-again"  # 4 players, carry, this game worth 2: the next is worth 3
VOID = "stake-void-tie"  # 4 players, void: 1
TWO_HAND_VOID = "stake-two-hand-void"  # 2 players, void: 1
THREE_HAND = "stake-three-hand-tie"  # 3 players, carry: 2
AFTER_A_WIN = "stake-after-a-win"  # 4 players, you win a game worth 2: 1


def test_the_library_asks_it_for_carried_and_void_ties_at_two_three_and_four() -> None:
    found = {
        (len(s.seats), s.position.rules.tied_block, s.question.params["winner"] == "tie")
        for s in map(library, (TIED_AGAIN, VOID, TWO_HAND_VOID, THREE_HAND, AFTER_A_WIN))
    }
    assert found == {
        (4, "carry", True),
        (4, "void", True),
        (2, "void", True),
        (3, "carry", True),
        (4, "carry", False),
    }
    assert KINDS[Ask.NEXT_STAKE].games == ("cutthroat",)


@pytest.mark.parametrize(
    ("name", "language", "reply", "verdict"),
    [
        (TIED_AGAIN, "en", "3", Verdict.RIGHT),
        (TIED_AGAIN, "en", " three ", Verdict.RIGHT),
        (TIED_AGAIN, "en", "2", Verdict.WRONG),
        (TIED_AGAIN, "de", "drei", Verdict.RIGHT),
        (TIED_AGAIN, "de", "zwei", Verdict.WRONG),
        (TIED_AGAIN, "pap", "tres", Verdict.RIGHT),
        (THREE_HAND, "pap", "dos", Verdict.RIGHT),
        (THREE_HAND, "de", "Zwei", Verdict.RIGHT),
        (VOID, "de", "eins", Verdict.RIGHT),
        (VOID, "de", "ein", Verdict.RIGHT),
        (VOID, "en", "2", Verdict.WRONG),
        (TWO_HAND_VOID, "pap", "unu", Verdict.RIGHT),
        (TWO_HAND_VOID, "pap", "un", Verdict.RIGHT),
        (AFTER_A_WIN, "en", "one", Verdict.RIGHT),
        (AFTER_A_WIN, "en", "3", Verdict.WRONG),
        (AFTER_A_WIN, "de", "viel", Verdict.UNREADABLE),
        (AFTER_A_WIN, "en", "continue", Verdict.UNREADABLE),
    ],
)
def test_replies_in_numbers_and_words(
    name: str, language: str, reply: str, verdict: Verdict
) -> None:
    s = library(name)
    assert judge(s, reply, reply_words(Speaker(language))).verdict is verdict


def test_the_question_names_the_stake_and_the_rule_in_each_language() -> None:
    en, de, pap = Speaker("en"), Speaker("de"), Speaker("pap")
    assert question_text(library(TIED_AGAIN), en) == (
        "This game is worth 2 and ends in a tied block; at this table a tie carries the stake. "
        "What is the next game worth? (a number)"
    )
    assert "a tie is void" in question_text(library(VOID), en)
    assert question_text(library(AFTER_A_WIN), en).startswith(
        "You win this game, which is worth 2"
    )
    for name in (TIED_AGAIN, VOID, AFTER_A_WIN):
        s = library(name)
        english = question_text(s, en)
        assert question_text(s, de) != english and question_text(s, pap) != english
    assert "ungültig" in question_text(library(VOID), de)
    assert "anulá" in question_text(library(VOID), pap)


def test_feedback_in_german_says_the_answer_and_why() -> None:
    s, de = library(TIED_AGAIN), Speaker("de")
    lines = feedback_lines(s.position, s.question, judge(s, "zwei", reply_words(de)), de)
    assert lines[0] == "Nicht ganz. Die Antwort ist: 3."
    assert lines[1].startswith("An diesem Tisch wird der Einsatz bei Gleichstand übertragen")


def test_answer_and_check_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(LIBRARY / "six-love" / f"{VOID}.toml")
    assert main(["validate", "-q", path]) == EXIT_OK
    assert main(["answer", path, "--lang", "pap"]) == EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1" and "anulá" in out[1]
    assert main(["check", path, "eins", "--lang", "de"]) == EXIT_OK
    assert main(["check", path, "2"]) == EXIT_WRONG
    assert main(["check", path, "bruck"]) == EXIT_UNREADABLE
    said = capsys.readouterr().out
    assert "I could not read that. Please answer with a whole number, like: 12." in said
