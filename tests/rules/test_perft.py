"""Perft: the number of legal play sequences from fixed positions to a fixed depth.

A pass counts as one forced move, and a sequence that ends the game stops
there (it counts once). Sequences are tallied by how they end: ``open`` (the
depth ran out first), ``domino``, ``domino with the key card`` or ``blocked``.

The pinned numbers come from the checked ``Game`` API (play/undo) and are
cross-checked by an independent count over plain masks, written from the rules
alone with its own tile table, that uses nothing from ``tutor`` but the deal.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.rules.game import Game, deal
from tutor.rules.table_rules import TableRules

# Independent tile table: index a*(a+1)/2 + b for a >= b, the double-six set's usual order.
HALVES = [(a, b) for a in range(7) for b in range(a + 1)]


def game_perft(game: Game, depth: int, tally: Counter[str]) -> None:
    """Count through the public API, undoing every step."""
    outcome = game.outcome()
    if outcome is not None:
        tally[outcome.kind.value + (" with the key card" if outcome.key_card else "")] += 1
        return
    if depth == 0:
        tally["open"] += 1
        return
    plays = game.legal_plays()
    if not plays:
        game.pass_turn()
        game_perft(game, depth - 1, tally)
        game.undo()
    for play in plays:
        game.play(play)
        game_perft(game, depth - 1, tally)
        game.undo()


def halves_of(number: int, mask: int) -> int:
    """Halves showing ``number`` on the tiles of ``mask`` (a double has two)."""
    return sum(HALVES[i].count(number) for i in range(28) if mask >> i & 1)


def is_key(i: int, ends: tuple[int, int], table: int, out: int) -> bool:
    """The tile fits both ends, one showing each of its numbers, and both ends are hard."""
    a, b = HALVES[i]
    left, right = ends
    if a == b or sorted((a, b)) != sorted((left, right)):
        return False
    return all(halves_of(n, table) == 8 - halves_of(n, out) - 1 for n in (a, b))


def mask_perft(
    hands: tuple[int, ...],
    ends: tuple[int, int] | None,
    seat: int,
    depth: int,
    tally: Counter[str],
    out: int = 0,
) -> None:
    """The same count over plain masks (``out``: tiles out of play, 0-0 with three players)."""
    if depth == 0:
        tally["open"] += 1
        return
    following = (seat + 1) % len(hands)
    mine = [i for i in range(28) if hands[seat] >> i & 1]
    moves: list[tuple[int, tuple[int, int]]] = []
    if ends is None:
        moves = [(i, HALVES[i]) for i in mine]
    else:
        left, right = ends
        for i in mine:
            a, b = HALVES[i]
            if left in (a, b):
                moves.append((i, (a + b - left, right)))
            if right != left and right in (a, b):
                moves.append((i, (left, a + b - right)))
    if not moves:
        mask_perft(hands, ends, following, depth - 1, tally, out)
        return
    held = 0
    for hand in hands:
        held |= hand
    table = ((1 << 28) - 1) & ~held & ~out
    for i, new_ends in moves:
        after = tuple(hand & ~(1 << i) if s == seat else hand for s, hand in enumerate(hands))
        if not after[seat]:
            key = ends is not None and is_key(i, ends, table, out)
            tally["domino with the key card" if key else "domino"] += 1
        elif not any(
            new_ends[0] in HALVES[j] or new_ends[1] in HALVES[j]
            for hand in after
            for j in range(28)
            if hand >> j & 1
        ):
            tally["blocked"] += 1
        else:
            mask_perft(after, new_ends, following, depth - 1, tally, out)


def both_counts(game: Game, depth: int) -> tuple[Counter[str], Counter[str]]:
    by_game: Counter[str] = Counter()
    by_masks: Counter[str] = Counter()
    hands, line = tuple(game.hands), game.line
    ends = None if line.left is None or line.right is None else (line.left, line.right)
    mask_perft(hands, ends, game.turn, depth, by_masks, game.out)
    game_perft(game, depth, by_game)
    assert tuple(game.hands) == hands and game.line.mask == line.mask  # undo restored all
    return by_game, by_masks


# (players, seed) -> {depth: sequences}; the fresh deal, seat 0 leads any tile.
PERFT = {
    (4, 1): {4: 171, 6: 1086},
    (3, 2): {4: 526, 6: 6068},
    (2, 3): {4: 1990, 6: 48476},
}


@pytest.mark.parametrize(("players", "seed", "depth"), [(*k, d) for k in PERFT for d in PERFT[k]])
def test_perft_from_the_deal(players: int, seed: int, depth: int) -> None:
    dealt = deal(TableRules(players=players), random.Random(seed))
    game = Game(dealt.hands, out=dealt.out, sleeping=dealt.sleeping)
    by_game, by_masks = both_counts(game, depth)
    assert by_game == by_masks
    assert by_game == Counter(open=PERFT[(players, seed)][depth])


def after_random_plays(players: int, seed: int, placed: int) -> Game:
    """The deal of ``(players, seed)`` after ``placed`` random tiles (``random.Random(seed)``)."""
    dealt = deal(TableRules(players=players), random.Random(seed))
    game = Game(dealt.hands, out=dealt.out, sleeping=dealt.sleeping)
    rng = random.Random(seed)
    while len(game.line) < placed:
        plays = game.legal_plays()
        if plays:
            game.play(plays[int(rng.random() * len(plays))])
        else:
            game.pass_turn()
    return game


# (players, seed, tiles placed) -> how every sequence from there to the end of the game ends.
ENDGAMES = {
    (4, 1, 10): {"domino": 1493, "domino with the key card": 180, "blocked": 272},
    (3, 2, 10): {"domino": 1166, "domino with the key card": 818, "blocked": 927},
    (2, 3, 14): {"domino": 263, "domino with the key card": 1192, "blocked": 523},
}


@pytest.mark.parametrize(("players", "seed", "placed"), list(ENDGAMES))
def test_perft_to_the_end(players: int, seed: int, placed: int) -> None:
    game = after_random_plays(players, seed, placed)
    by_game, by_masks = both_counts(game, 99)
    assert by_game == by_masks
    assert by_game == Counter(ENDGAMES[(players, seed, placed)])


def test_perft_counts_a_pass_as_one_move() -> None:
    # Seat 1 holds nothing that fits 6-6 and must pass; then seat 0 plays 6-5 and wins.
    game = Game.from_hands([["6-6", "6-5"], ["1-0"]], rules=TableRules(players=2))
    game.play(game.legal_plays()[1])  # 6-6, not 6-5
    by_game, by_masks = both_counts(game, 2)
    assert by_game == by_masks == Counter(domino=1)
    by_game, by_masks = both_counts(game, 1)
    assert by_game == by_masks == Counter(open=1)
