"""The recipes of mining, case by case: detectors, the question for a position, the cross-check.

Positions are built by hand (``Game.from_hands``); no game is simulated here except in the
drill's balance test, which reads generated files.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tests.scenarios.mining.test_miner import load_all
from tutor.questions.kinds import KINDS
from tutor.questions.topics import TOPICS, last_tile_fits
from tutor.rules.game import Game
from tutor.rules.line import Line
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.rules.tiles import Tile
from tutor.scenarios.mining.recipes import (
    RECIPES,
    SHOW_EVERY_HAND,
    choose_ask,
    cross_check,
    key_card_drill,
    mining_detector,
    near_miss,
)
from tutor.scenarios.model import expected

NAMES = ["you", "Ann"]


def position(
    line: list[str], hands: list[list[str]], game: str = CUTTHROAT, scores: tuple[int, ...] = ()
) -> Position:
    rules = TableRules(game=game, players=len(hands))  # type: ignore[arg-type]
    played = Game.from_hands(hands, rules=rules, line=Line.parse(line), turn=0)
    return Position.from_game(played, scores=scores or None)


# Ends 5 and 3 on the table; neither is hard.
OPEN = ["5-1", "1-1", "1-3"]


def test_every_recipe_asks_known_kinds_of_a_known_topic() -> None:
    for topic, recipe in RECIPES.items():
        assert topic == recipe.topic and topic in TOPICS
        assert recipe.game in (CUTTHROAT, FIVES_AND_THREES)
        for players in recipe.players:
            TableRules(game=recipe.game, players=players)  # type: ignore[arg-type]
        for ask in recipe.asks:
            assert ask.ask in KINDS and 1 <= ask.level <= 5
            assert ask.title.strip() and ask.story.strip() and ask.hint.strip()
        if recipe.proved:
            assert [a.ask for a in recipe.asks] == ["winning-play"]
        assert not recipe.view or recipe.proved
    assert {"blocked-winner", "winning-play"} == SHOW_EVERY_HAND


def test_each_topic_is_mined_with_the_librarys_detector_but_the_key_card_drill() -> None:
    for topic in RECIPES:
        detector = mining_detector(topic)
        assert detector is (key_card_drill if topic == "key-cards" else TOPICS[topic].detect)


@pytest.mark.parametrize(
    ("line", "hand", "drill"),
    [
        (OPEN, ["5-3"], True),  # fits both ends, which differ: a near miss
        (OPEN, ["5-2"], False),  # fits one end, no end hard
        (OPEN, ["5-3", "2-2"], False),  # not the last tile
        (["3-3"], ["3-2"], False),  # both ends show 3: fitting "both" is nothing special
        (OPEN, ["6-6"], False),  # the last tile does not fit
    ],
)
def test_the_key_card_drill(line: list[str], hand: list[str], drill: bool) -> None:
    p = position(line, [hand, ["6-4"]])
    assert key_card_drill(p) is drill
    tile = last_tile_fits(p)  # a near miss: the last tile fits and is not the key card
    assert near_miss(RECIPES["key-cards"], p) is (tile is not None and not p.key_card(tile))
    assert not near_miss(RECIPES["hard-ends"], p)


def test_the_key_card_drill_is_a_cutthroat_drill() -> None:
    p = position(OPEN, [["5-3"], ["6-4"]], game=FIVES_AND_THREES, scores=(0, 0))
    assert not key_card_drill(p)


def test_a_near_miss_is_only_asked_whether_it_is_the_key() -> None:
    p = position(OPEN, [["5-3"], ["6-4"]])
    for seed in range(30):
        ask, params = choose_ask(RECIPES["key-cards"], p, random.Random(seed))
        assert ask.ask == "key-card" and params == {"tile": Tile(5, 3)}


def test_a_question_without_parameters() -> None:
    p = position(OPEN, [["5-3", "2-2", "1-0"], ["6-4"]])
    ask, params = choose_ask(RECIPES["legal-plays"], p, random.Random(1))
    assert (ask.ask, params) == ("legal-plays", {})


def test_a_play_score_question_names_a_legal_play() -> None:
    p = position(["5-5"], [["5-0", "5-1", "2-2"], ["6-4"]], game=FIVES_AND_THREES, scores=(0, 0))
    legal = {(play.tile, play.end) for play in p.legal_plays()}
    asks = Counter()
    for seed in range(40):
        ask, params = choose_ask(RECIPES["fives-and-threes-scoring"], p, random.Random(seed))
        asks[ask.ask] += 1
        if ask.ask == "play-score":
            assert (params["tile"], params["end"]) in legal
        else:
            assert params == {}
    assert set(asks) == {"best-play", "play-score"}


def test_no_best_play_is_asked_when_every_play_scores_the_same() -> None:
    p = position(["5-5"], [["5-2"], ["6-4"]], game=FIVES_AND_THREES, scores=(0, 0))
    for seed in range(20):
        ask, _ = choose_ask(RECIPES["fives-and-threes-scoring"], p, random.Random(seed))
        assert ask.ask == "play-score"


@pytest.mark.parametrize(
    ("ask", "value", "problem"),
    [
        ("legal-plays", ["5-3 left", "5-3 right"], None),
        ("legal-plays", ["5-3 left"], "the legal plays are ['5-3 left']"),
        ("key-card", False, None),
        ("key-card", True, "the key card is recognised as one"),  # (wrongly, here)
        ("game-points", 1, None),
        ("game-points", 2, "a domino without the key card earns 2"),
        ("hard-ends", [], None),
        ("hard-ends", ["left"], "the hard ends are ['left']"),
        ("blocked-winner", "you", None),
        ("blocked-winner", "Ann", "the block's winner is Ann, the counts say you"),
        ("after-game", {"result": "six-love"}, None),
        ("after-game", {"result": "bruck"}, "the set goes on with bruck"),
        ("last-tile", "anything", None),  # not cross-checked
    ],
)
def test_the_cross_check(ask: str, value: object, problem: str | None) -> None:
    p = position(OPEN, [["5-3"], ["6-4"]])
    assert cross_check(p, ask, value, [0, 1], NAMES) == problem


def test_the_cross_check_names_the_seats_in_their_order() -> None:
    p = position(OPEN, [["5-3"], ["0-0"]])  # counts 8 and 0: the second seat wins the block
    assert cross_check(p, "blocked-winner", "Ann", [0, 1], NAMES) is None
    assert cross_check(p, "blocked-winner", "you", [1, 0], ["you", "Ann"]) is None
    tied = position(OPEN, [["5-0"], ["4-1"]])
    assert cross_check(tied, "blocked-winner", "tie", [0, 1], NAMES) is None


def test_the_cross_check_of_the_best_play() -> None:
    p = position(["5-5"], [["5-0", "2-2"], ["6-4"]], game=FIVES_AND_THREES, scores=(0, 0))
    assert cross_check(p, "best-play", ["5-0 left"], [0, 1], NAMES) is None
    assert cross_check(p, "best-play", ["2-2 left"], [0, 1], NAMES) == (
        "the best plays are ['2-2 left']"
    )


def test_the_key_card_drill_asks_yes_and_no_about_as_often(tmp_path: Path) -> None:
    """Rule of teaching: a drill whose answer is always "yes" teaches nothing. The generated
    key-card files were all key cards; now near misses come too (the last tile fits both
    ends, or both ends are hard, and it is not the key), each side a third or more."""
    scenarios = load_all(tmp_path, "key-cards", 40, seed=7)
    keys = Counter(s.position.key_card(last_tile_fits(s.position)) for s in scenarios)  # type: ignore[arg-type]
    assert keys[True] >= 40 / 3 and keys[False] >= 40 / 3, keys
    near = [s for s in scenarios if not s.position.key_card(last_tile_fits(s.position))]  # type: ignore[arg-type]
    assert all(s.question.ask == "key-card" and expected(s) is False for s in near)
