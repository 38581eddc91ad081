"""Fives & Threes: scoring after every play, chip out, knock-out, exact target, lead (RULES.md)."""

from __future__ import annotations

import random

import pytest

from tutor.rules import (
    FivesThreesMatch,
    FivesThreesScore,
    Game,
    Line,
    Play,
    TableRules,
    Termination,
    Tile,
    credited_points,
    ends_total,
    points_for_total,
    score_play,
    score_total,
)

FIVES = TableRules(game="fives-and-threes", players=2)

# RULES.md: the whole table of totals that score
TABLE = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}


@pytest.mark.parametrize(("total", "points"), [*TABLE.items(), (22, 0)])
def test_points_table(total: int, points: int) -> None:
    assert points_for_total(total) == points


def test_breakdown_into_threes_and_fives() -> None:
    assert score_total(15) == FivesThreesScore(15, 5, 3)
    assert score_total(9) == FivesThreesScore(9, 3, 0)
    assert score_total(10) == FivesThreesScore(10, 0, 2)
    assert score_total(7) == FivesThreesScore(7, 0, 0)
    assert score_total(15).points == 8


def test_no_other_total_scores() -> None:
    for total in range(1, 23):
        if total not in TABLE and total != 21:  # 21 cannot occur with two ends
            assert points_for_total(total) == 0, total


def test_totals_from_two_ends_never_reach_21_or_24() -> None:
    seen: set[int] = set()
    for seed in range(400):
        rng = random.Random(seed)
        game = Game.new(FIVES, rng)
        while not game.over:
            plays = game.legal_plays()
            if not plays:
                game.pass_turn()
                continue
            game.play(rng.choice(plays))
            seen.add(ends_total(game.line))
    assert max(seen) <= 22
    assert 21 not in seen and 24 not in seen
    assert set(TABLE) <= seen


def test_seed_example_through_score_play() -> None:
    game = Game.from_hands([["4-1", "6-6"], ["1-5", "3-3"]], rules=FIVES, turn=0)
    game.play(Play.parse("4-1"))
    first = score_play(game.line, not game.hands[0], 0, 61)
    assert (first.score.total, first.credited, first.chip_out) == (5, 1, 0)
    game.play(Play.parse("1-5 right"))
    second = score_play(game.line, not game.hands[1], 1, 61)
    assert (second.score.total, second.score.threes, second.credited) == (9, 3, 3)
    # on the 4 it would not fit; the points are asked only for legal plays
    assert not second.overshoot and not second.reached_target


def fives_match(
    hands: list[list[str]],
    *,
    line: list[str] | None = None,
    turn: int = 0,
    scores: tuple[int, int] = (0, 0),
    rules: TableRules = FIVES,
) -> FivesThreesMatch:
    match = FivesThreesMatch(rules, seed=0)
    match.game = Game.from_hands(
        hands, rules=rules, line=Line.parse(line) if line else None, turn=turn
    )
    match.scores = scores
    return match


def test_seed_example_through_a_match() -> None:
    match = fives_match([["4-1", "6-6"], ["1-5", "3-3"]])
    points = match.play(Play.parse("4-1"))
    assert points.credited == 1 and match.scores == (1, 0)
    points = match.play(Play.parse("1-5 right"))
    assert points.score.total == 9 and points.credited == 3
    assert match.scores == (1, 3)


def test_the_first_tile_scores_its_halves_once() -> None:
    match = fives_match([["5-5", "1-0"], ["2-2", "6-1"]])
    points = match.play(Play.parse("5-5"))
    assert points.score.total == 10 and points.credited == 2
    match = fives_match([["6-6", "1-0"], ["2-2", "6-1"]])
    assert match.play(Play.parse("6-6")).credited == 4  # 12


def test_a_double_at_an_end_counts_both_halves() -> None:
    match = fives_match([["6-6", "5-5", "1-0"], ["6-5", "6-1", "2-2"]])
    match.play(Play.parse("6-6"))
    points = match.play(Play.parse("6-5 right"))
    assert points.score.total == 17 and points.credited == 0
    points = match.play(Play.parse("5-5 right"))
    assert points.score.total == 22 and points.credited == 0
    points = match.play(Play.parse("6-1 left"))
    assert points.score.total == 11  # 6-6 now in the middle: 1 + 10
    assert match.scores == (4 + 0, 0)


def test_chip_out_scores_one_more() -> None:
    match = fives_match([["5-2"], ["6-6"]], line=["4-1", "1-5"])
    points = match.play(Play.parse("5-2 right"))
    assert points.score.total == 6 and points.score.points == 2
    assert (points.chip_out, points.earned, points.credited) == (1, 3, 3)
    assert match.scores == (3, 0)
    outcome = match.game.outcome()
    assert outcome is not None and outcome.kind is Termination.DOMINO and outcome.winner == 0


def test_chip_out_with_no_points_on_the_ends() -> None:
    match = fives_match([["5-5"], ["6-6"]], line=["4-1", "1-5"])
    points = match.play(Play.parse("5-5 right"))  # 4 + 10 = 14
    assert (points.score.points, points.chip_out, points.credited) == (0, 1, 1)


def test_a_knocked_out_round_ends_with_no_bonus() -> None:
    # after 2-1 the ends show 4 and 1 (5: one point); neither player holds a 4 or a 1
    match = fives_match([["2-1", "2-2"], ["3-3", "6-0"]], line=["4-2"], scores=(10, 20))
    points = match.play(Play.parse("2-1 right"))
    assert points.score.total == 5 and points.chip_out == 0 and points.credited == 1
    assert match.game.over
    outcome = match.game.outcome()
    assert outcome is not None and outcome.kind is Termination.BLOCKED
    assert match.scores == (11, 20)  # the play's point, and nothing for the round
    assert match.winner is None
    with pytest.raises(ValueError):
        match.knock()
    match.next_round()
    assert match.scores == (11, 20) and match.round == 2


def test_knock_only_when_unable_to_play() -> None:
    match = fives_match([["2-1", "2-2"], ["3-3", "6-0", "4-5"]], line=["4-2"], turn=1)
    with pytest.raises(ValueError, match="must not pass"):
        match.knock()
    match = fives_match([["2-1", "2-2"], ["3-3", "6-0"]], line=["4-2"], turn=1)
    match.knock()
    assert match.game.turn == 0 and not match.game.over


def test_exact_target_reached_wins() -> None:
    match = fives_match([["5-2", "6-6"], ["3-3", "0-0"]], line=["4-1", "1-5"], scores=(59, 40))
    points = match.play(Play.parse("5-2 right"))  # 6 -> 2 points: 61
    assert points.credited == 2 and points.reached_target
    assert match.scores == (61, 40) and match.winner == 0 and match.over
    with pytest.raises(ValueError, match="over"):
        match.play(Play.parse("6-6"))
    with pytest.raises(ValueError, match="over"):
        match.next_round()


def test_passing_the_target_scores_nothing() -> None:
    match = fives_match([["5-2", "6-6"], ["3-3", "0-0"]], line=["4-1", "1-5"], scores=(60, 40))
    points = match.play(Play.parse("5-2 right"))  # 2 points would make 62
    assert points.earned == 2 and points.credited == 0 and points.overshoot
    assert not points.reached_target
    assert match.scores == (60, 40) and match.winner is None
    assert match.game.turn == 1  # the opponent plays on


def test_chip_out_point_counts_toward_passing_the_target() -> None:
    # 2 for the ends + 1 for chipping out = 3: from 59 that passes 61, so nothing
    match = fives_match([["5-2"], ["3-3", "0-0"]], line=["4-1", "1-5"], scores=(59, 0))
    points = match.play(Play.parse("5-2 right"))
    assert (points.earned, points.credited, points.overshoot) == (3, 0, True)
    assert match.scores == (59, 0) and not match.over
    # from 58 the same play reaches 61 exactly
    match = fives_match([["5-2"], ["3-3", "0-0"]], line=["4-1", "1-5"], scores=(58, 0))
    assert match.play(Play.parse("5-2 right")).credited == 3
    assert match.scores == (61, 0) and match.winner == 0


def test_the_chip_out_point_alone_can_reach_the_target() -> None:
    match = fives_match([["5-5"], ["3-3"]], line=["4-1", "1-5"], scores=(60, 0))
    points = match.play(Play.parse("5-5 right"))
    assert points.credited == 1 and match.winner == 0


def test_credited_points() -> None:
    assert credited_points(58, 3, 61) == 3
    assert credited_points(58, 4, 61) == 0
    assert credited_points(10, 4, 61) == 4
    assert credited_points(61, 0, 61) == 0
    assert credited_points(28, 3, 31) == 3 and credited_points(29, 3, 31) == 0


def test_another_target() -> None:
    rules = TableRules(game="fives-and-threes", players=2, target=31)
    assert FivesThreesMatch(rules, seed=1).rules.target == 31
    match = fives_match(
        [["5-2", "6-6"], ["3-3", "0-0"]], line=["4-1", "1-5"], scores=(29, 0), rules=rules
    )
    assert match.play(Play.parse("5-2 right")).credited == 2
    assert match.winner == 0 and match.scores == (31, 0)
    match = fives_match(
        [["5-2", "6-6"], ["3-3", "0-0"]], line=["4-1", "1-5"], scores=(30, 0), rules=rules
    )
    assert match.play(Play.parse("5-2 right")).credited == 0 and not match.over


def test_lone_first_tile_tile_seed() -> None:
    assert ends_total(Line.parse(["4-1"])) == 5
    assert points_for_total(ends_total(Line.parse(["4-1"]))) == 1
    assert Tile(4, 1).pips == 5


@pytest.mark.parametrize(
    ("line", "doubles"),
    [
        (["5-5", "5-4"], ["5-5"]),
        (["4-5", "5-5"], ["5-5"]),
        (["5-5", "5-4", "4-4"], ["5-5", "4-4"]),
        (["3-3"], ["3-3"]),
        (["3-1"], []),
        (["6-6", "6-1", "1-1", "1-2"], ["6-6"]),
        (["2-1", "1-1", "1-6"], []),
        ([], []),
    ],
)
def test_the_doubles_that_count_whole_are_those_at_an_end(
    line: list[str], doubles: list[str]
) -> None:
    from tutor.rules.fives_threes import counted_doubles

    placed = Line.parse(line)
    assert [str(t) for t in counted_doubles(placed)] == doubles
    chip = score_play(placed, False, 0, 61) if line else None
    assert chip is None or [str(t) for t in chip.doubles] == doubles
