"""Deals consistent with a seat's view: uniform, voids respected, counts right, clear errors."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from tests.search.reference import TABLES, random_position
from tutor.rules.game import Game
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import FULL_SET, SUIT, Mask, Tile
from tutor.search.deals import DealSampler, NoConsistentDeal
from tutor.search.encode import events_of


def enumerate_deals(view: Position) -> list[tuple[Mask, ...]]:
    """Every consistent deal by brute force: each unseen tile to each group, then filter."""
    seats = [s for s in range(len(view.counts)) if s != view.turn]
    groups = len(seats) + 1
    tiles = [1 << i for i in range(28) if view.unknown >> i & 1]
    deals = []
    for choice in itertools.product(range(groups), repeat=len(tiles)):
        masks = [0] * groups
        for bit, g in zip(tiles, choice, strict=True):
            masks[g] |= bit
        sizes = [view.counts[s] for s in seats] + [view.hidden_boneyard]
        if [m.bit_count() for m in masks] != sizes:
            continue
        if any(masks[g] & SUIT[n] for g, s in enumerate(seats) for n in view.lacked(s)):
            continue
        deals.append(tuple(masks))
    return deals


def chi_squared_limit(df: int, z: float = 3.29) -> float:
    """The chi-squared quantile for p = 0.0005 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def views_with_voids(
    rules: TableRules, rng: random.Random, hidden: int, want: int
) -> list[Position]:
    """Views of random positions with at most ``hidden`` unseen tiles and some voids."""
    found: list[Position] = []
    while len(found) < want:
        game = random_position(rules, rng, hidden + 8)
        view = Position.from_game(game, game.turn)
        if view.unknown.bit_count() <= hidden and any(view.lacks) and view.unknown:
            found.append(view)
    return found


@pytest.mark.parametrize("name", ["ct2", "ct3", "ct4"])
def test_uniform_against_full_enumeration(name: str) -> None:
    rng = random.Random(f"uniform-{name}")
    for view in views_with_voids(TABLES[name], rng, 8, 3):
        deals = enumerate_deals(view)
        sampler = DealSampler(view)
        assert sampler.count() == len(deals)
        if len(deals) < 2:
            continue
        draws = 40 * len(deals)
        seen = Counter(tuple(sampler.sample_groups(rng)) for _ in range(draws))
        assert set(seen) <= set(deals)
        expected = draws / len(deals)
        chi2 = sum((seen[d] - expected) ** 2 / expected for d in deals)
        assert chi2 < chi_squared_limit(len(deals) - 1), (chi2, len(deals))


def test_uniform_with_a_sleeping_pile() -> None:
    """Fives & Threes late in a hand: the opponent's tiles and the sleeping ones."""
    rules = TableRules(game="fives-and-threes", players=2)
    line = Line.parse(["6-6", "6-5", "5-5", "5-4", "4-4", "4-3", "3-3", "3-2", "2-2", "2-1",
                       "1-1", "1-0", "0-0", "0-6", "6-4", "4-2", "2-0", "0-5", "5-3", "3-1"])
    game = Game.from_hands([["6-3", "5-1"], ["5-2", "4-0"]], rules=rules, line=line, turn=0)
    before = Position.from_game(game, 0)
    assert before.hidden_boneyard == 4 and DealSampler(before).count() == math.comb(6, 2)
    game.play(Play.parse("6-3 left"))
    game.pass_turn()  # seat 1 knocks on 3 and 1: of 6-2, 6-1, 5-2, 4-1, 4-0, 3-0 it holds two
    view = Position.from_game(game, 0)
    assert view.lacked(1) == [1, 3]
    deals = enumerate_deals(view)
    sampler = DealSampler(view)
    assert sampler.count() == len(deals) == 3
    draws = 60 * len(deals)
    seen = Counter(tuple(sampler.sample_groups(rng)) for rng in [random.Random(5)]
                   for _ in range(draws))
    expected = draws / len(deals)
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in deals)
    assert chi2 < chi_squared_limit(len(deals) - 1)


@pytest.mark.parametrize("name", ["ft", "ct2", "ct3", "ct4"])
def test_voids_respected_and_counts_match(name: str) -> None:
    rules = TABLES[name]
    rng = random.Random(f"voids-{name}")
    for _ in range(150):
        game = random_position(rules, rng, 24)
        seat = rng.randrange(rules.players)
        view = Position.from_game(game, seat)
        sampler = DealSampler(view)
        for _ in range(10):
            hands = sampler.sample(rng)
            assert hands[seat] == game.hands[seat]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in game.hands]
            union = 0
            for s, hand in enumerate(hands):
                assert not union & hand
                union |= hand
                for number in view.lacked(s):
                    assert not hand & SUIT[number]
            assert not union & (view.line.mask | view.out)


def test_the_true_deal_is_always_consistent() -> None:
    """The voids read from the history never rule out the real hands."""
    rng = random.Random(9)
    for _ in range(300):
        game = random_position(TABLES["ct4"], rng, 24)
        for seat in range(4):
            view = Position.from_game(game, seat)
            for s in range(4):
                for number in view.lacked(s):
                    assert not game.hands[s] & SUIT[number]


def test_no_consistent_deal_says_why() -> None:
    six_six, six_five = Tile(6, 6).bit, Tile(6, 5).bit
    view = Position(  # unseen: 0-0, 1-0, 1-1; seat 1 holds 2 of them but lacks every number
        Line.parse(["6-5"]),
        (six_six, None),
        TableRules(players=2),
        out=FULL_SET & ~six_six & ~six_five & ~0b111,
        hidden_boneyard=1,
        sizes=(1, 2),
        lacks=(0, 0b1111111),
    )
    with pytest.raises(NoConsistentDeal, match="seat 1 holds 2 tiles but lacks 0, 1, 2, 3, 4"):
        DealSampler(view)
    counts_wrong = Position(Line(), (1, None), TableRules(players=2), sizes=(1, 5))
    with pytest.raises(NoConsistentDeal, match="27 tiles are unseen"):
        DealSampler(counts_wrong)


def enumerate_drawn_hands(view: Position) -> Counter[Mask]:
    """With a boneyard, every way the other seat's hand can have come together, by brute force.

    Each hand it may hold now, each tile for each of its draws and so the hand it
    started with; its events are replayed, and a way counts when the seat lacked
    what it drew or passed on and held every tile it played. Returns the ways per hand.
    """
    other = 1 - view.turn
    events = events_of(view)[other]
    played = [value for kind, value in events if kind == "play"]
    draws = sum(1 for kind, _ in events if kind == "draw")
    start = view.counts[other] + len(played) - draws
    unseen = [i for i in range(28) if view.unknown >> i & 1]
    ways: Counter[Mask] = Counter()
    for now in itertools.combinations(unseen, view.counts[other]):
        held = [*now, *played]
        for drawn in itertools.permutations(held, draws):
            hand = 0
            for i in held:
                if i not in drawn:
                    hand |= 1 << i
            if hand.bit_count() != start:
                continue
            k = 0
            for kind, value in events:
                if kind == "lacks" and any(hand & SUIT[n] for n in range(7) if value >> n & 1):
                    break
                if kind == "draw":
                    hand |= 1 << drawn[k]
                    k += 1
                elif kind == "play":
                    if not hand >> value & 1:
                        break
                    hand ^= 1 << value
            else:
                ways[sum(1 << i for i in now)] += 1
    return ways


def boneyard_views(rng: random.Random, want: int) -> list[Position]:
    """Views of random two-player games with a boneyard where the other seat drew."""
    found: list[Position] = []
    while len(found) < want:
        game = random_position(TABLES["ct2-boneyard"], rng, 9)
        if game.over:
            continue
        view = Position.from_game(game, game.turn)
        other = events_of(view)[1 - view.turn]
        draws = sum(1 for kind, _ in other if kind == "draw")
        held = view.counts[1 - view.turn] + sum(1 for kind, _ in other if kind == "play")
        size = math.comb(view.unknown.bit_count(), view.counts[1 - view.turn]) * math.perm(
            held, draws
        )
        if draws and size <= 60_000:
            found.append(view)
    return found


def test_uniform_with_a_boneyard_against_full_enumeration() -> None:
    rng = random.Random("uniform-boneyard")
    carried = 0
    for view in boneyard_views(rng, 6):
        other = 1 - view.turn
        ways = enumerate_drawn_hands(view)
        sampler = DealSampler(view)
        assert sampler.count() == sum(ways.values())
        before = [value for kind, value in events_of(view)[other] if kind == "lacks"]
        carried += any(hand & SUIT[n] for hand in ways for lacks in before
                       for n in range(7) if lacks >> n & 1)
        if len(ways) < 2:
            continue
        draws = 40 * len(ways)
        seen: Counter[Mask] = Counter()
        for _ in range(draws):
            hand, pile = sampler.sample_groups(rng)
            assert pile == view.unknown & ~hand and pile.bit_count() == view.hidden_boneyard
            seen[hand] += 1
        assert set(seen) <= set(ways)
        total = sum(ways.values())
        chi2 = sum((seen[h] - draws * w / total) ** 2 / (draws * w / total)
                   for h, w in ways.items())
        assert chi2 < chi_squared_limit(len(ways) - 1), (chi2, len(ways))
    assert carried  # some hand holds a number its seat lacked before a draw


def test_a_boneyard_deal_is_a_board_with_the_boneyard() -> None:
    rng = random.Random(12)
    for _ in range(60):
        game = random_position(TABLES["ct2-boneyard"], rng, 20)
        if game.over:
            continue
        seat = rng.randrange(2)
        view = Position.from_game(game, seat)
        board = DealSampler(view).node(rng)
        assert board.hands[seat] == game.hands[seat]
        assert [h.bit_count() for h in board.hands] == [h.bit_count() for h in game.hands]
        assert len(board.boneyard) == len(game.boneyard) == view.hidden_boneyard
        for number in view.lacked(1 - seat):  # lacked since its last draw
            assert not game.hands[1 - seat] & SUIT[number]
            assert not board.hands[1 - seat] & SUIT[number]
        union = board.hands[0] | board.hands[1] | sum(1 << i for i in board.boneyard)
        assert union == view.unknown | view.hands[seat]
