"""Facts about a position: halves on the table, hard and dead ends, last tiles (RULES.md)."""

from __future__ import annotations

import random

import pytest

from tutor.rules import (
    FULL_SET,
    LEFT,
    RIGHT,
    SUIT,
    TILES,
    EndFact,
    Game,
    Line,
    TableRules,
    Tile,
    dead_ends,
    end_facts,
    halves_in_play,
    halves_on_table,
    hard_ends,
    is_hard,
    key_card,
    last_tile,
    mask_of,
    unplayed,
)

OUT3 = Tile(0, 0).bit  # three players: 0-0 is out of play
SEED_LINE = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
THREE_LINE = ["0-1", "1-5", "5-5", "5-2", "2-0", "0-3", "3-5", "5-4", "4-0", "0-6", "6-5"]


def test_halves_on_table_counts_a_double_twice() -> None:
    assert halves_on_table(Tile(5, 5).bit | Tile(5, 1).bit, 5) == 3
    assert halves_on_table(Tile(5, 1).bit, 1) == 1
    assert halves_on_table(0, 3) == 0
    for number in range(7):
        assert halves_on_table(FULL_SET, number) == 8


def test_halves_in_play() -> None:
    assert [halves_in_play(n) for n in range(7)] == [8] * 7
    assert [halves_in_play(n, OUT3) for n in range(7)] == [6, 8, 8, 8, 8, 8, 8]


def test_seed_position_both_ends_hard() -> None:
    line = Line.parse(SEED_LINE)
    assert (line.left, line.right) == (4, 3)
    assert end_facts(line) == [EndFact(LEFT, 4, 7, 8), EndFact(RIGHT, 3, 7, 8)]
    assert [f.is_hard for f in end_facts(line)] == [True, True]
    assert dead_ends(line) == []
    assert last_tile(line, 4) == Tile(4, 3) and last_tile(line, 3) == Tile(4, 3)
    assert unplayed(4, line.mask) == [Tile(4, 3)]
    assert is_hard(line.mask, 4) and is_hard(line.mask, 3)
    assert key_card(line, Tile(4, 3))
    assert key_card(line, Tile(3, 4))


def test_one_fewer_half_is_not_hard() -> None:
    line = Line.parse(SEED_LINE[:-1])  # ends 4 and 2: 4 is hard, 2 has 1 half down
    facts = end_facts(line)
    assert [(f.number, f.on_table, f.is_hard) for f in facts] == [(4, 7, True), (2, 1, False)]
    assert [f.number for f in hard_ends(line)] == [4]
    assert not key_card(line, Tile(4, 2))
    six = Line.parse(SEED_LINE[:10])  # six fours down, ends 4 and 4
    assert halves_on_table(six.mask, 4) == 6 and not is_hard(six.mask, 4)
    assert last_tile(six, 4) is None
    assert unplayed(4, six.mask) == [Tile(4, 2), Tile(4, 3)]


def test_dead_end() -> None:
    line = Line.parse([*SEED_LINE, "3-4"])  # ends 4 and 4, every four on the table
    facts = end_facts(line)
    assert [(f.number, f.on_table, f.is_dead, f.is_hard) for f in facts] == [
        (4, 8, True, False),
        (4, 8, True, False),
    ]
    assert hard_ends(line) == []
    assert unplayed(4, line.mask) == [] and last_tile(line, 4) is None


def test_key_card_needs_both_numbers_and_both_ends_hard() -> None:
    line = Line.parse(SEED_LINE)
    assert not key_card(line, Tile(4, 4))  # a double is never a key
    assert not key_card(line, Tile(6, 5))
    assert not key_card(line, Tile(4, 2))
    assert not key_card(Line(), Tile(4, 3))
    assert not key_card(Line.parse(["4-1", "1-3"]), Tile(4, 3))


def test_three_players_blanks_have_six_halves() -> None:
    line = Line.parse(THREE_LINE)
    assert (line.left, line.right) == (0, 5)
    facts = end_facts(line, OUT3)
    assert [(f.number, f.on_table, f.in_play, f.is_hard) for f in facts] == [
        (0, 5, 6, True),
        (5, 7, 8, True),
    ]
    assert last_tile(line, 0, OUT3) == Tile(5, 0)
    assert unplayed(0, line.mask, OUT3) == [Tile(5, 0)]
    assert key_card(line, Tile(5, 0), OUT3)
    # without 0-0 taken out, five blanks of eight is not hard
    assert [f.number for f in hard_ends(line)] == [5]
    assert not key_card(line, Tile(5, 0))
    assert unplayed(0, line.mask) == [Tile(0, 0), Tile(5, 0)]


def test_three_players_dead_blank_end() -> None:
    line = Line.parse(["0-1", "1-5", "5-5", "5-2", "2-0", "0-3", "3-5", "5-4", "4-0", "0-6"])
    line.place(Tile(6, 5), RIGHT)
    line.place(Tile(5, 0), RIGHT)
    assert (line.left, line.right) == (0, 0)
    assert [(f.number, f.on_table, f.is_dead) for f in dead_ends(line, OUT3)] == [
        (0, 6, True),
        (0, 6, True),
    ]
    assert dead_ends(line) == []  # with eight blanks in play, 0-0 could still come


def test_facts_count_only_the_table() -> None:
    """Two games with the same line but different hands give the same facts."""
    line = Line.parse(SEED_LINE)
    rest = [t for t in TILES if not line.mask & t.bit]
    a = Game([mask_of(rest[:8]), mask_of(rest[8:])], rules=TableRules(players=2), line=line)
    b = Game([mask_of(rest[8:]), mask_of(rest[:8])], rules=TableRules(players=2), line=line.copy())
    assert end_facts(a.line) == end_facts(b.line) == end_facts(line)


def play_random(rules: TableRules, seed: int) -> list[Game]:
    """Snapshots (copies) of a random game after every play."""
    rng = random.Random(seed)
    game = Game.new(rules, rng)
    positions = []
    while not game.over:
        plays = game.legal_plays()
        if plays:
            game.play(rng.choice(plays))
            positions.append(game.copy())
        elif game.boneyard:
            game.draw()
        else:
            game.pass_turn()
    return positions


@pytest.mark.parametrize(
    "rules",
    [TableRules(), TableRules(players=3), TableRules(players=2)],
    ids=["4", "3", "2"],
)
def test_hard_and_dead_ends_in_random_games(rules: TableRules) -> None:
    hard_seen = dead_seen = 0
    for seed in range(150):
        for game in play_random(rules, seed):
            line, out = game.line, game.out
            for fact in end_facts(line, out):
                n = fact.number
                assert fact.in_play == (6 if n == 0 and out else 8)
                assert fact.on_table == halves_on_table(line.mask, n)
                rest = [t for t in TILES if t.has(n) and not (line.mask | out) & t.bit]
                if fact.is_hard:
                    hard_seen += 1
                    # exactly one unplayed tile can be laid here, and never the double
                    assert len(rest) == 1 and not rest[0].is_double
                    assert last_tile(line, n, out) == rest[0]
                    assert is_hard(line.mask, n, out)
                elif fact.is_dead:
                    dead_seen += 1
                    assert rest == []
                    assert not any(hand & SUIT[n] for hand in game.hands)
                else:
                    assert len(rest) >= 2 or (len(rest) == 1 and rest[0].is_double)
    assert hard_seen > 0 and dead_seen > 0


def test_nothing_is_out_of_play_by_default() -> None:
    """Rule: without tiles named out of play all 28 are in play, so the blank suit has eight
    halves: five blanks on the table are no hard end and two blanks are left to lay."""
    line = Line.parse(THREE_LINE)
    assert [(f.number, f.in_play, f.is_hard) for f in end_facts(line)] == [
        (0, 8, False),
        (5, 8, True),
    ]
    assert last_tile(line, 0) is None  # 0-0 and 5-0 are both still to come
    assert last_tile(line, 0, OUT3) == Tile(5, 0)
    assert halves_in_play(0) == 8 and not is_hard(line.mask, 0)
    assert [f.number for f in hard_ends(line)] == [5] and dead_ends(line) == []
