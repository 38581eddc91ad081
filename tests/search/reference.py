"""A naive reference for the solver: plain minimax over the checked ``Game`` API.

No pruning, no table, no move ordering: every legal sequence is played with
``Game.play`` / ``pass_turn`` / ``draw`` and taken back with ``undo``, and the
points come from ``tutor.rules.fives_threes.score_play``. Also random positions of
every table with few tiles left.
"""

from __future__ import annotations

import random

from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.table_rules import TableRules
from tutor.search.solver.cutthroat import utilities


def naive_ft(game: Game, scores: tuple[int, int], target: int, bonus: int = 0) -> int:
    """Points of the seat to play minus the other's, to the end of the hand or match.

    A player who reaches the target gets ``bonus`` more.
    """
    if game.over:
        return 0
    plays = game.legal_plays()
    if not plays:
        game.pass_turn()
        value = -naive_ft(game, scores, target, bonus)
        game.undo()
        return value
    return max(naive_ft_play(game, play, scores, target, bonus) for play in plays)


def naive_ft_play(
    game: Game, play: object, scores: tuple[int, int], target: int, bonus: int = 0
) -> int:
    """The value of one play for the seat to play."""
    seat = game.turn
    game.play(play)  # type: ignore[arg-type]
    points = score_play(game.line, not game.hands[seat], scores[seat], target)
    if points.reached_target:
        value = points.credited + bonus
    elif game.over:
        value = points.credited
    else:
        new = list(scores)
        new[seat] += points.credited
        value = points.credited - naive_ft(game, (new[0], new[1]), target, bonus)
    game.undo()
    return value


def naive_can_win(game: Game, seat: int) -> bool:
    """Paranoid yes/no: can ``seat`` win when all others play against it?"""
    outcome = game.outcome()
    if outcome is not None:
        return outcome.winner == seat
    mover = game.turn
    plays = game.legal_plays()
    if not plays:
        if game.boneyard:
            game.draw()
        else:
            game.pass_turn()
        result = naive_can_win(game, seat)
        game.undo()
        return result
    results = []
    for play in plays:
        game.play(play)
        results.append(naive_can_win(game, seat))
        game.undo()
    return any(results) if mover == seat else all(results)


def naive_maxn(game: Game) -> tuple[int, ...]:
    """Max^n utilities: each seat takes the first play of best utility for itself."""
    outcome = game.outcome()
    if outcome is not None:
        return utilities(tuple(game.hands), outcome.winner)
    mover = game.turn
    plays = game.legal_plays()
    if not plays:
        if game.boneyard:
            game.draw()
        else:
            game.pass_turn()
        result = naive_maxn(game)
        game.undo()
        return result
    best: tuple[int, ...] | None = None
    for play in plays:
        game.play(play)
        value = naive_maxn(game)
        game.undo()
        if best is None or value[mover] > best[mover]:
            best = value
    assert best is not None
    return best


TABLES = {
    "ft": TableRules(game="fives-and-threes", players=2),
    "ct2": TableRules(players=2),
    "ct2-boneyard": TableRules(players=2, boneyard=True),
    "ct3": TableRules(players=3),
    "ct4": TableRules(players=4),
    "ct4-nobonus-void": TableRules(players=4, key_card_bonus=0, tied_block="void"),
}


def random_position(rules: TableRules, rng: random.Random, most: int) -> Game:
    """A game played at random until at most ``most`` tiles are left (hands and boneyard)."""
    while True:
        game = Game.new(rules, rng, turn=rng.randrange(rules.players))
        left = rng.randint(2, most)
        while not game.over:
            if sum(h.bit_count() for h in game.hands) + len(game.boneyard) <= left:
                return game
            plays = game.legal_plays()
            if plays:
                game.play(plays[rng.randrange(len(plays))])
            elif game.boneyard:
                game.draw()
            else:
                game.pass_turn()


def random_scores(rules: TableRules, rng: random.Random) -> tuple[int, int]:
    """Match scores, often near the target so that the exact-target rule matters."""
    if rng.random() < 0.3:
        return (rng.randrange(40), rng.randrange(40))
    target = rules.target
    return (rng.randint(target - 12, target - 1), rng.randint(target - 12, target - 1))
