"""Differential test against the PyPI package ``dominoes`` (abw333/dominoes, 6.1.0).

Its 4-player block game has our Cutthroat mechanics: 7 tiles each, a player who
can play must, passes, a domino or a block. Random games dealt by our engine
are replayed there play by play: at every turn both list the same legal plays
and show the same ends, both record the same plays and passes, and both end
the same way with the same hand counts. ``dominoes`` scores partnerships, so
the individual block winner (lowest count) is worked out from its hands.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT
from tutor.rules.plays import Play, Termination
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import Tile, tiles_of

dominoes = pytest.importorskip("dominoes", reason="the PyPI package dominoes is not installed")

GAMES = 2000
SIX_SIX = Tile(6, 6)


def their_game(game: Game, rng: random.Random) -> Any:
    """The same deal as a ``dominoes.Game`` with the same seat to lead (nothing played yet)."""
    hands: list[Any] = []
    for seat in range(4):  # in a random order, each tile either way round: rely on nothing of ours
        mine = game.hand(seat)
        tiles = [(t.low, t.high) if rng.random() < 0.5 else (t.high, t.low) for t in mine]
        rng.shuffle(tiles)
        hands.append(dominoes.Hand([dominoes.Domino(*halves) for halves in tiles]))
    leads = tuple((d, True) for d in hands[game.turn])
    if game.pose is not None:
        leads = ((dominoes.Domino(game.pose.high, game.pose.low), True),)
    return dominoes.Game(dominoes.Board(), hands, [], game.turn, leads, game.turn, None)


def as_play(move: tuple[Any, bool]) -> Play:
    domino, left = move
    return Play(Tile(domino.first, domino.second), LEFT if left else RIGHT)


def sorted_plays(plays: list[Play]) -> list[tuple[int, str]]:
    return sorted((play.tile.index, play.end.value) for play in plays)


def counts_of(hands: Any) -> tuple[int, ...]:
    return tuple(sum(d.first + d.second for d in hand) for hand in hands)


def replay(seed: int) -> Counter[str]:
    """Play one random game on both engines, checking every step; returns what was seen."""
    rng = random.Random(seed)
    game = Game.new(TableRules(players=4), rng, turn=rng.randrange(4))
    if seed % 4 == 0:  # every fourth game the holder of 6-6 poses it
        game.pose, game.turn = SIX_SIX, game.holder(SIX_SIX)
    theirs = their_game(game, rng)
    seen: Counter[str] = Counter()
    while not game.over:
        assert theirs.result is None
        plays = game.legal_plays()
        if not plays:
            game.pass_turn()
            seen["pass"] += 1
            continue
        assert theirs.turn == game.turn
        assert sorted_plays(plays) == sorted_plays([as_play(m) for m in theirs.valid_moves])
        play = plays[int(rng.random() * len(plays))]
        theirs.make_move(dominoes.Domino(play.tile.high, play.tile.low), play.end is LEFT)
        game.play(play)
        ends = (theirs.board.left_end(), theirs.board.right_end())
        assert ends == (game.line.left, game.line.right)
        seen["play"] += 1
    # The same plays and passes, in order (they record a pass as None).
    ours = [None if kind == "pass" else what for _, kind, what in game.history]
    assert ours == [None if m is None else as_play(m) for m in theirs.moves]
    outcome, result = game.outcome(), theirs.result
    assert outcome is not None and result is not None
    counts = counts_of(theirs.hands)
    assert outcome.counts == counts
    assert [tiles_of(hand) for hand in game.hands] == [
        tiles_of(sum(Tile(d.first, d.second).bit for d in hand)) for hand in theirs.hands
    ]
    if outcome.kind is Termination.DOMINO:
        assert result.won and result.player == outcome.winner
        seen["key card" if outcome.key_card else "domino"] += 1
    else:
        assert not result.won
        lowest = [seat for seat, count in enumerate(counts) if count == min(counts)]
        assert outcome.winner == (lowest[0] if len(lowest) == 1 else None)
        seen["tied block" if outcome.winner is None else "block"] += 1
    return seen


@pytest.mark.slow  # about 20 s: make test runs it, make mutation leaves it out
def test_random_games_agree_with_the_dominoes_package() -> None:
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        seen += replay(seed)
    # The run covered every kind of ending (a test that sees no blocks proves little).
    assert seen["domino"] and seen["key card"] and seen["block"] and seen["tied block"]
    assert seen["pass"] > GAMES
    assert 22.1 < seen["play"] / GAMES < 22.7
