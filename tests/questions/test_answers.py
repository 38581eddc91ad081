"""Each question kind on worked positions: the answer, and the facts that explain it.

Every position is worked by hand in the comments (halves on the table, counts, totals).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tutor.questions.facts import (
    BlockCounts,
    BlockedBy,
    Domino,
    GameGoesOn,
    HalvesOnTable,
    KeyCard,
    LastTile,
    NothingFits,
    ScoreBreakdown,
    SetAfter,
    StillFits,
)
from tutor.rules import Tile
from tutor.scenarios.model import Scenario, ScenarioError, answer_scenario
from tutor.scenarios.reader import parse_scenario
from tutor.words.i18n import Speaker
from tutor.words.narrate import explain

# Seven fours and seven threes on the table; 4-3 is the key.
SEED = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
# Six sixes (6-6 twice, 6-5, 6-4, 6-3, 6-1); both ends show 6.
SIXES_6 = ["6-6", "6-5", "5-5", "5-4", "4-6", "6-3", "3-3", "3-1", "1-6"]
# Seven sixes: the left end (6) is hard; the right end shows 2.
SIXES_7 = [*SIXES_6, "6-2"]
# All eight sixes and both ends show 6: blocked for good.
SIXES_8 = ["6-2", "2-2", "2-0", "0-6", *SIXES_6]
# Three players (0-0 out): left 0 with five of six blanks, right 1 with seven of eight ones.
BLANKS = ["0-2", "2-1", "1-1", "1-3", "3-0", "0-4", "4-1", "1-5", "5-0", "0-6", "6-1"]
SEATS4 = ("you", "Marcia", "Desmond", "Kenrick")


def toml(value: Any) -> str:
    return json.dumps(value)


def make(
    line: list[str],
    hands: dict[str, list[str] | int],
    ask: str,
    *,
    game: str = "cutthroat",
    turn: str = "you",
    score: dict[str, int] | None = None,
    rules: dict[str, Any] | None = None,
    boneyard: int | None = None,
    **params: Any,
) -> Scenario:
    """A scenario from its parts (seats in the order of ``hands``)."""
    lines = [
        'id = "test/q"',
        f"game = {toml(game)}",
        'topic = "legal-plays"',
        "level = 1",
        'title = "Test"',
        f"seats = {toml(list(hands))}",
        f"turn = {toml(turn)}",
        "[table]",
        f"line = {toml(line)}",
    ]
    if boneyard is not None:
        lines.append(f"boneyard = {boneyard}")
    lines.append("[hands]")
    lines += [f"{toml(seat)} = {toml(hand)}" for seat, hand in hands.items()]
    if score:
        lines.append("[score]")
        lines += [f"{toml(k)} = {v}" for k, v in score.items()]
    if rules:
        lines.append("[rules]")
        lines += [f"{k} = {toml(v)}" for k, v in rules.items()]
    lines += ["[question]", f"ask = {toml(ask)}"]
    lines += [f"{k} = {toml(v)}" for k, v in params.items()]
    return parse_scenario("\n".join(lines) + "\n", "q.toml")


def hidden(you: list[str], *others: int) -> dict[str, list[str] | int]:
    return {"you": you, **dict(zip(SEATS4[1:], others, strict=False))}


def facts_of(s: Scenario, kind: type) -> list[Any]:
    return [f for f in answer_scenario(s).facts if isinstance(f, kind)]


# --- legal-plays ---------------------------------------------------------------------------------


def test_legal_plays_at_two_different_ends() -> None:
    you = ["5-1", "6-2", "3-3", "0-0", "1-1", "2-2", "4-0"]
    s = make(["6-6", "6-5"], hidden(you, 6, 7, 6), "legal-plays")
    assert answer_scenario(s).value == ["5-1 right", "6-2 left"]


def test_legal_plays_on_equal_ends_list_a_tile_once_at_left() -> None:
    s = make(SIXES_6, hidden(["6-0", "6-2"], 6, 6, 5), "legal-plays")
    assert answer_scenario(s).value == ["6-0 left", "6-2 left"]


def test_legal_plays_a_tile_that_fits_both_ends_is_two_plays() -> None:
    s = make(SEED, hidden(["3-4"], 5, 5, 5), "legal-plays")
    assert answer_scenario(s).value == ["4-3 left", "4-3 right"]


def test_legal_plays_none_fits() -> None:
    s = make(SEED, hidden(["1-1"], 5, 5, 5), "legal-plays")
    assert answer_scenario(s).value == []


def test_legal_plays_the_pose() -> None:
    hands: dict[str, list[str] | int] = {
        "you": ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"],
        "Ann": 7,
    }
    lines = make([], hands, "legal-plays", rules={"boneyard": True}, boneyard=14)
    assert answer_scenario(lines).value == [f"{n}-{n} left" for n in range(7)]


# --- pip-count -----------------------------------------------------------------------------------


def test_pip_count_counts_a_double_twice() -> None:
    # 6-6 is 12, 1-0 is 1, 2-2 is 4.
    s = make(SEED, hidden(["6-6", "1-0", "2-2"], 4, 5, 4), "pip-count", seat="you")
    assert answer_scenario(s).value == 12 + 1 + 4


def test_pip_count_of_a_hidden_hand_has_no_answer() -> None:
    s = make(SEED, hidden(["3-4"], 5, 5, 5), "pip-count", seat="Marcia")
    with pytest.raises(ScenarioError, match="needs the hand of Marcia, but it is hidden"):
        answer_scenario(s)


# --- is-blocked and blocked-winner ---------------------------------------------------------------

BLOCKED_HANDS: dict[str, list[str] | int] = {
    # The 15 tiles off the table: counts 3, 15, 26 and 26.
    "you": ["0-0", "1-0", "1-1"],
    "Marcia": ["2-1", "3-0", "3-2", "4-0"],
    "Desmond": ["4-1", "4-2", "4-3", "4-4"],
    "Kenrick": ["5-0", "5-1", "5-2", "5-3"],
}
TIED_HANDS: dict[str, list[str] | int] = {
    # you: 0 + 3 = 3; Marcia: 1 + 2 = 3; a tie for the lowest count.
    "you": ["0-0", "3-0"],
    "Marcia": ["1-0", "1-1"],
    "Desmond": ["2-1", "3-2", "4-0", "4-1", "4-2"],
    "Kenrick": ["4-3", "4-4", "5-0", "5-1", "5-2", "5-3"],
}


def test_is_blocked_when_every_half_of_the_ends_is_on_the_table() -> None:
    s = make(SIXES_8, hidden(["0-0", "1-0", "1-1"], 4, 4, 4), "is-blocked")
    result = answer_scenario(s)
    assert result.value is True
    assert any(isinstance(f, NothingFits) for f in result.facts)


def test_is_not_blocked_while_a_hidden_tile_could_fit() -> None:
    s = make(SEED, hidden(["1-1"], 5, 5, 5), "is-blocked")
    result = answer_scenario(s)
    assert result.value is False
    assert facts_of(s, StillFits)[0].tile == Tile(4, 3)


def test_is_blocked_fives_and_threes_when_the_last_tile_sleeps() -> None:
    hands: dict[str, list[str] | int] = {"you": ["1-1"], "Ann": ["2-2"]}
    assert answer_scenario(make(SEED, hands, "is-blocked", game="fives-and-threes")).value is True
    # With Ann's hand hidden, 4-3 could be in it.
    maybe: dict[str, list[str] | int] = {"you": ["1-1"], "Ann": 1}
    assert answer_scenario(make(SEED, maybe, "is-blocked", game="fives-and-threes")).value is False


def test_a_fives_and_threes_block_is_told_by_the_hands_not_by_the_sleeping_tiles() -> None:
    """4-3 sleeps: the block is that no hand holds a tile for the ends (issue 11.15)."""
    hands: dict[str, list[str] | int] = {"you": ["1-1"], "Ann": ["2-2"]}
    s = make(SEED, hands, "is-blocked", game="fives-and-threes")
    assert facts_of(s, NothingFits)[0].out_of_play is True
    said = " ".join(explain(answer_scenario(s).facts, Speaker("en")))
    assert "No hand holds a tile that shows" in said
    assert "still out of the line" not in said


def test_a_cutthroat_block_with_every_tile_dealt_is_told_by_the_line() -> None:
    s = make(SIXES_8, BLOCKED_HANDS, "is-blocked")
    assert facts_of(s, NothingFits)[0].out_of_play is False
    assert "still out of the line" in " ".join(explain(answer_scenario(s).facts, Speaker("en")))


def test_blocked_winner_lowest_count() -> None:
    s = make(SIXES_8, BLOCKED_HANDS, "blocked-winner")
    assert answer_scenario(s).value == "you"
    counts = facts_of(s, BlockCounts)[0]
    assert dict(counts.counts) == {"you": 3, "Marcia": 15, "Desmond": 26, "Kenrick": 26}


def test_blocked_winner_tie() -> None:
    s = make(SIXES_8, TIED_HANDS, "blocked-winner")
    assert answer_scenario(s).value == "tie"
    assert facts_of(s, BlockCounts)[0].tied == ("you", "Marcia")


def test_blocked_winner_needs_every_hand() -> None:
    s = make(SIXES_8, hidden(["0-0", "1-0", "1-1"], 4, 4, 4), "blocked-winner")
    with pytest.raises(ScenarioError, match="the hand of Marcia is hidden"):
        answer_scenario(s)


# --- hard-ends and last-tile ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "hands", "expected"),
    [
        pytest.param(SEED, hidden(["1-1"], 5, 5, 5), ["left", "right"], id="seed"),
        pytest.param(SIXES_7, hidden(["0-0"], 6, 6, 5), ["left"], id="seven-sixes"),
        pytest.param(SIXES_6, hidden(["0-0"], 6, 6, 6), [], id="six-sixes"),
        pytest.param(SIXES_8, hidden(["0-0"], 5, 5, 4), [], id="dead-is-not-hard"),
        pytest.param(BLANKS, {"you": ["1-0"], "Ann": 8, "Ben": 7}, ["left", "right"], id="three"),
        pytest.param(BLANKS, hidden(["1-0"], 6, 5, 5), ["right"], id="four"),
    ],
)
def test_hard_ends(line: list[str], hands: dict[str, list[str] | int], expected: list[str]) -> None:
    assert answer_scenario(make(line, hands, "hard-ends")).value == expected


def test_hard_end_facts_count_the_halves() -> None:
    left, right = facts_of(make(SIXES_7, hidden(["0-0"], 6, 6, 5), "hard-ends"), HalvesOnTable)
    assert (left.number, left.on_table, left.in_play, left.hard) == (6, 7, 8, True)
    assert (right.number, right.on_table, right.hard) == (2, 1, False)


def test_last_tile_at_a_hard_end_and_who_holds_it() -> None:
    s = make(SIXES_7, hidden(["0-6", "1-1"], 6, 6, 4), "last-tile", end="left")
    assert answer_scenario(s).value == "6-0"
    assert facts_of(s, LastTile)[0].holder == "you"
    seed = make(SEED, hidden(["1-1"], 5, 5, 5), "last-tile", end="right")
    assert answer_scenario(seed).value == "4-3"
    assert facts_of(seed, LastTile)[0].holder is None


def test_last_tile_three_players_is_never_the_double_blank() -> None:
    s = make(BLANKS, {"you": ["2-2"], "Ann": 8, "Ben": 7}, "last-tile", end="left")
    assert answer_scenario(s).value == "1-0"


def test_last_tile_of_an_end_that_is_not_hard() -> None:
    s = make(SIXES_7, hidden(["0-0"], 6, 6, 5), "last-tile", end="right")
    with pytest.raises(ScenarioError, match="the right end \\(showing 2\\) is not hard"):
        answer_scenario(s)


# --- key-card ------------------------------------------------------------------------------------


def test_key_card_last_tile_fits_both_hard_ends() -> None:
    s = make(SEED, hidden(["3-4"], 5, 5, 5), "key-card", tile="4-3")
    assert answer_scenario(s).value is True
    fact = facts_of(s, KeyCard)[0]
    assert fact.both_ends_hard and fact.fits_both and fact.is_key


def test_key_card_but_not_the_last_tile_blocks() -> None:
    s = make(SEED, hidden(["3-4", "6-6"], 5, 5, 4), "key-card", tile="4-3")
    assert answer_scenario(s).value is False
    fact = facts_of(s, KeyCard)[0]
    assert fact.both_ends_hard and fact.fits_both and not fact.is_key


def test_key_card_needs_both_ends_hard() -> None:
    s = make(SIXES_7, hidden(["6-0"], 6, 6, 5), "key-card", tile="6-0")
    assert answer_scenario(s).value is False
    assert not facts_of(s, KeyCard)[0].both_ends_hard


# --- game-points ---------------------------------------------------------------------------------

# SIXES_8 without its last tile (1-6): ends 6 and 1, and 6-1 then blocks both ends on 6.
BEFORE_BLOCK = SIXES_8[:-1]


@pytest.mark.parametrize(
    ("score", "rules", "expected"),
    [
        pytest.param({"stake": 1}, None, 2, id="domino-with-the-key"),
        pytest.param({"stake": 2}, None, 3, id="stake-2-and-key"),
        pytest.param({"stake": 1}, {"key_card_bonus": 0}, 1, id="no-key-bonus"),
        pytest.param({"stake": 1}, {"key_card_bonus": 2}, 3, id="bonus-2"),
    ],
)
def test_game_points_domino_with_the_key(
    score: dict[str, int], rules: dict[str, Any] | None, expected: int
) -> None:
    s = make(SEED, hidden(["3-4"], 5, 5, 5), "game-points", tile="4-3", score=score, rules=rules)
    assert answer_scenario(s).value == expected
    domino = facts_of(s, Domino)[0]
    assert domino.points == expected and domino.stake == score["stake"]


def test_game_points_a_plain_domino_earns_the_stake() -> None:
    # Both ends show 6: 6-0 is the last tile but not a key (a key needs two different ends).
    s = make(SIXES_6, hidden(["6-0"], 6, 6, 6), "game-points", tile="6-0")
    assert answer_scenario(s).value == 1
    assert facts_of(s, Domino)[0].key_bonus == 0


def test_game_points_a_blocking_play_you_win_on_count() -> None:
    # After 6-1 you hold 0-0 and 1-0 (count 1); Marcia 13, Desmond 22, Kenrick 34.
    hands: dict[str, list[str] | int] = {
        "you": ["6-1", "0-0", "1-0"],
        "Marcia": ["1-1", "2-1", "3-0", "3-2"],
        "Desmond": ["4-0", "4-1", "4-2", "4-3"],
        "Kenrick": ["4-4", "5-0", "5-1", "5-2", "5-3"],
    }
    s = make(BEFORE_BLOCK, hands, "game-points", tile="6-1", end="right", score={"stake": 2})
    assert answer_scenario(s).value == 2
    blocked = facts_of(s, BlockedBy)[0]
    assert (blocked.winner, blocked.points) == ("you", 2)


def test_game_points_a_blocking_play_someone_else_wins() -> None:
    # After 6-1 you hold 5-3 and 5-2 (count 15); Marcia holds 6.
    hands: dict[str, list[str] | int] = {
        "you": ["6-1", "5-3", "5-2"],
        "Marcia": ["0-0", "1-0", "1-1", "2-1"],
        "Desmond": ["3-0", "3-2", "4-0", "4-1"],
        "Kenrick": ["4-2", "4-3", "4-4", "5-0", "5-1"],
    }
    s = make(BEFORE_BLOCK, hands, "game-points", tile="6-1", end="right")
    assert answer_scenario(s).value == 0
    assert facts_of(s, BlockedBy)[0].winner == "Marcia"


def test_game_points_a_blocking_play_needs_the_hands() -> None:
    you = ["6-1", "0-0", "1-0"]
    s = make(BEFORE_BLOCK, hidden(you, 4, 4, 5), "game-points", tile="6-1", end="right")
    with pytest.raises(ScenarioError, match="decided by the counts"):
        answer_scenario(s)
    # At the left end 6-1 leaves 1 showing: the game goes on.
    s = make(BEFORE_BLOCK, hidden(you, 4, 4, 5), "game-points", tile="6-1", end="left")
    assert answer_scenario(s).value == 0


def test_game_points_the_end_matters() -> None:
    hands: dict[str, list[str] | int] = {
        "you": ["6-1", "0-0", "1-0"],
        "Marcia": ["1-1", "2-1", "3-0", "3-2"],
        "Desmond": ["4-0", "4-1", "4-2", "4-3"],
        "Kenrick": ["4-4", "5-0", "5-1", "5-2", "5-3"],
    }
    s = make(BEFORE_BLOCK, hands, "game-points", tile="6-1")
    with pytest.raises(ScenarioError, match="6-1 fits both ends and the end matters: add 'end'"):
        answer_scenario(s)


def test_game_points_the_game_goes_on() -> None:
    s = make(SIXES_6, hidden(["6-0", "1-1"], 6, 6, 5), "game-points", tile="6-0")
    assert answer_scenario(s).value == 0
    assert facts_of(s, GameGoesOn)[0].tiles_left == 1


def test_game_points_a_tile_that_cannot_be_played() -> None:
    s = make(SIXES_6, hidden(["5-0", "1-1"], 6, 6, 5), "game-points", tile="5-0")
    with pytest.raises(ScenarioError, match="5-0 cannot be played: the ends show 6 and 6"):
        answer_scenario(s)


# --- Fives & Threes: play-score and best-play ----------------------------------------------------

FIVES_HAND = ["5-5", "0-0", "5-1", "0-1", "6-6", "4-4", "2-2"]


def fives(line: list[str], you: list[str], ask: str, you_score: int = 0, **params: Any) -> Scenario:
    other = 28 - 14 - len(line) - len(you)
    return make(
        line,
        {"you": you, "Ann": other},
        ask,
        game="fives-and-threes",
        score={"you": you_score, "Ann": 0},
        **params,
    )


@pytest.mark.parametrize(
    ("tile", "end", "expected"),
    [
        # 5-0 alone: 5 left, 0 right. 5-5 on the left: 10 + 0 = 10, two fives.
        pytest.param("5-5", "left", 2, id="double-counts-both-halves"),
        # 5-1 on the left: 1 + 0 = 1.
        pytest.param("5-1", "left", 0, id="one"),
        # 0-0 on the right: 5 + 0 = 5, one five.
        pytest.param("0-0", "right", 1, id="five"),
        # 0-1 on the right: 5 + 1 = 6, two threes.
        pytest.param("1-0", "right", 2, id="six"),
    ],
)
def test_play_score(tile: str, end: str, expected: int) -> None:
    s = fives(["5-0"], FIVES_HAND, "play-score", tile=tile, end=end)
    assert answer_scenario(s).value == expected


def test_play_score_the_pose_takes_no_end() -> None:
    """On an empty table 'end' is not needed; "right" gets a sentence about the pose (11.17)."""
    hand = ["5-5", "6-2", "5-0", "4-3", "3-3", "3-1", "1-0"]
    assert answer_scenario(fives([], hand, "play-score", tile="5-5")).value == 2
    assert answer_scenario(fives([], hand, "play-score", tile="5-5", end="left")).value == 2
    with pytest.raises(ScenarioError, match="the table is empty: 5-5 is the pose and takes no end"):
        answer_scenario(fives([], hand, "play-score", tile="5-5", end="right"))


def test_play_score_fifteen_after_a_double_six() -> None:
    # 6-6 at the left counts 12, 6-3 leaves 3 at the right: 15 is five threes and three fives.
    s = fives(
        ["6-6"], ["6-3", "2-2", "1-1", "0-0", "5-5", "4-4"], "play-score", tile="6-3", end="right"
    )
    assert answer_scenario(s).value == 8
    fact = facts_of(s, ScoreBreakdown)[0]
    assert (fact.total, fact.threes, fact.fives) == (15, 5, 3)


def test_play_score_chip_out_point() -> None:
    # 3-0 0-0 0-1 1-1 1-2 2-2: the ends are 3 and 2-2 (4). 3-3 at the left: 6 + 4 = 10,
    # two fives, and it is the last tile: one more for chipping out.
    line = ["3-0", "0-0", "0-1", "1-1", "1-2", "2-2"]
    s = fives(line, ["3-3"], "play-score", tile="3-3", end="left")
    assert answer_scenario(s).value == 3
    assert facts_of(s, ScoreBreakdown)[0].chip_out == 1


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        pytest.param(58, 3, id="reaches-61"),
        pytest.param(59, 0, id="would-pass-61"),
        pytest.param(10, 3, id="far-away"),
    ],
)
def test_play_score_exact_target(before: int, expected: int) -> None:
    line = ["3-0", "0-0", "0-1", "1-1", "1-2", "2-2"]
    s = fives(line, ["3-3"], "play-score", you_score=before, tile="3-3", end="left")
    assert answer_scenario(s).value == expected


def test_best_play_lists_every_best_play() -> None:
    # 5-5 left (10) and 0-1 right (6) both score 2; 0-0 right scores 1, 5-1 left nothing.
    s = fives(["5-0"], FIVES_HAND, "best-play")
    assert answer_scenario(s).value == ["1-0 right", "5-5 left"]
    assert len(facts_of(s, ScoreBreakdown)) == 4


def test_best_play_respects_the_target() -> None:
    # On 60, the 2-point plays would pass 61: only 0-0 (1 point) counts.
    s = fives(["5-0"], FIVES_HAND, "best-play", you_score=60)
    assert answer_scenario(s).value == ["0-0 right"]


def test_best_play_with_nothing_to_play() -> None:
    s = fives(["6-6"], ["5-5", "1-1", "2-2", "3-3", "4-4", "0-0"], "best-play")
    assert answer_scenario(s).value == []


# --- after-game ----------------------------------------------------------------------------------


def after(score: dict[str, int], winner: str, **options: Any) -> dict[str, Any]:
    rules = {k: v for k, v in options.items() if k in ("tied_block", "key_card_bonus")}
    params = {k: v for k, v in options.items() if k == "key_card"}
    s = make(
        SEED,
        hidden(["3-4"], 5, 5, 5),
        "after-game",
        score=score,
        rules=rules or None,
        winner=winner,
        **params,
    )
    value: dict[str, Any] = answer_scenario(s).value
    assert isinstance(answer_scenario(s).facts[0], SetAfter)
    return value


def test_after_game_tied_block_carries_the_stake() -> None:
    value = after({"you": 2, "stake": 1}, "tie")
    assert value == {
        "result": "continue",
        "scores": {"you": 2, "Marcia": 0, "Desmond": 0, "Kenrick": 0},
        "stake": 2,
        "poser": "6-6",
    }


def test_after_game_tied_block_void() -> None:
    assert after({"you": 2, "stake": 3}, "tie", tied_block="void")["stake"] == 1


def test_after_game_six_love() -> None:
    value = after({"you": 5, "Marcia": 2}, "you")
    assert value["result"] == "six-love"
    assert value["scores"] == {"you": 6, "Marcia": 2, "Desmond": 0, "Kenrick": 0}
    assert value["poser"] == "6-6"  # a new set begins: 6-6 poses its first game


def test_after_game_six_love_with_the_key_bonus() -> None:
    assert after({"you": 4, "Marcia": 1}, "you", key_card=True)["scores"]["you"] == 6
    assert after({"you": 4, "Marcia": 1}, "you", key_card=True, key_card_bonus=0)["result"] == (
        "continue"
    )


def test_after_game_bruck() -> None:
    value = after({"Marcia": 1, "Desmond": 2, "Kenrick": 1}, "you")
    assert value == {
        "result": "bruck",
        "scores": {"you": 0, "Marcia": 0, "Desmond": 0, "Kenrick": 0},
        "stake": 1,
        "poser": "6-6",
    }


def test_after_game_continue_and_the_winner_poses() -> None:
    value = after({"you": 1, "stake": 2}, "Marcia")
    assert value["result"] == "continue"
    assert value["scores"]["Marcia"] == 2 and value["stake"] == 1 and value["poser"] == "Marcia"


# --- questions answer a Position, whatever made it ----------------------------------------------


def test_questions_answer_the_view_of_a_live_game() -> None:
    import random

    from tutor.questions.kinds import answer
    from tutor.questions.model import Ask, Question, QuestionError
    from tutor.rules import Game, Position, TableRules

    game = Game.new(TableRules(game="fives-and-threes", players=2), random.Random(2), turn=0)
    view = Position.from_game(game, 0, seats=("you", "Ann"))
    plays = answer(view, Question(Ask.LEGAL_PLAYS))
    assert plays.value == sorted(str(p) for p in game.legal_plays())
    best = answer(view, Question(Ask.BEST_PLAY))
    assert set(best.value) <= set(plays.value)  # type: ignore[arg-type]
    with pytest.raises(QuestionError) as caught:
        answer(Position.from_game(game, 1, seats=("you", "Ann")), Question(Ask.BEST_PLAY))
    assert caught.value.param == "ask" and "needs the hand of you" in str(caught.value)
    with pytest.raises(QuestionError) as caught:
        answer(view, Question(Ask.KEY_CARD, {"tile": Tile(6, 6)}))
    assert caught.value.param == "ask" and "Cutthroat question" in str(caught.value)
    with pytest.raises(QuestionError) as caught:
        answer(view, Question(Ask.PLAY_SCORE, {"end": "left"}))
    assert caught.value.param == "tile"
