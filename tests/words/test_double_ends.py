"""A double at an end is named as counting whole wherever the ends are added (issue 24).

"After 5-4 on the right the ends add up to 15" is true only with the 5-5 at the other end
counting 10; every sentence of an ends' total says so, in the answers, in the game and in
every language.
"""

from __future__ import annotations

import pytest

from tests.scenarios.test_reader import LIBRARY
from tutor.questions.facts import ScoreBreakdown
from tutor.rules import Play, TableRules, Tile
from tutor.rules.fives_threes import counted_doubles
from tutor.rules.series import Played
from tutor.scenarios.library import load_library
from tutor.scenarios.model import answer_scenario
from tutor.words.i18n import Speaker
from tutor.words.narrate import explain, say
from tutor.words.play import event_lines

EIGHTEEN = LIBRARY / "fives-and-threes-scoring" / "eighteen-for-six.toml"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the ends add up to 18 (the double 5-5 counts 10 and the double 4-4 counts 8)."),
        ("de", "ergeben die Enden zusammen 18 (der Pasch 5-5 zählt 10 und der Pasch 4-4 "
         "zählt 8)."),
        ("pap", "e puntonan habrí ta suma 18 (e dòbel 5-5 ta konta 10 i e dòbel 4-4 ta "
         "konta 8)."),
    ],
)
def test_the_answer_names_each_double_at_an_end(lang: str, words: str) -> None:
    from tutor.scenarios.reader import load_scenario

    text = " ".join(explain(answer_scenario(load_scenario(EIGHTEEN)).facts, Speaker(lang)))
    assert words in text


def test_a_total_without_a_double_names_none() -> None:
    fact = ScoreBreakdown(Play.parse("6-4 right"), 9, 3, 0, 0, 3, 3, 0, 61)
    assert say(fact, Speaker("en")) == (
        "After 6-4 on the right the ends add up to 9. 9 is 3 threes: 3 points."
    )


def test_every_library_total_names_the_doubles_it_counts() -> None:
    """The class: each Fives & Threes answer that adds the ends after a play names exactly
    the doubles lying at an end then."""
    scenarios, _ = load_library([LIBRARY / "fives-and-threes-scoring"])
    seen = 0
    for scenario in scenarios:
        answer = answer_scenario(scenario)
        for fact in answer.facts:
            if not isinstance(fact, ScoreBreakdown):
                continue
            line = scenario.position.play(fact.play).after.line
            doubles = counted_doubles(line)
            assert fact.doubles == doubles, scenario.id
            sentence = say(fact, Speaker("en"))
            named = [double for double in doubles if double.pips]  # a 0-0 adds nothing
            for double in named:
                seen += 1
                assert f"the double {double} counts {double.pips}" in sentence, scenario.id
            assert sentence.count("the double") == len(named), scenario.id
    assert seen >= 2


def test_the_game_names_the_double_too() -> None:
    """The practice game says the same sentence when a play scores."""
    from tutor.rules.fives_threes import score_play
    from tutor.rules.line import Line

    line = Line.parse(["5-5", "5-0"])
    points = score_play(line, False, 0, 61)
    event = Played(0, Play.parse("5-0 right"), points, (5, 0))
    rules = TableRules(game="fives-and-threes", players=2)
    lines = event_lines(
        event, ("you", "Marcia"), Speaker("en"), first=False, rules=rules, scores_before=(0, 0)
    )
    assert any(
        "the ends add up to 10 (the double 5-5 counts 10)" in line for line in lines
    ), lines
    assert counted_doubles(line) == (Tile(5, 5),)
