"""Information-fair evaluation: exact when nothing is hidden, the match first near the target."""

from __future__ import annotations

import random

import pytest

from tests.search.reference import TABLES, random_position
from tutor.rules.game import Game
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import FULL_SET, Tile, mask_of, parse_tiles
from tutor.search.deals import DealSampler
from tutor.search.encode import encode, plays_seen
from tutor.search.evaluate import (
    evaluate,
    play_likelihood,
    resampled,
    set_at_stake,
)
from tutor.search.rollouts import DENY, MATCH, ft_rollout, rollout
from tutor.search.solver.cutthroat import WIN, who_wins
from tutor.search.solver.fives_threes import solve_fives_threes

FT = TableRules(game="fives-and-threes", players=2)


def test_nothing_hidden_gives_the_exact_values() -> None:
    """Two-player Cutthroat deals out every tile: late in the hand the view pins the deal."""
    rng = random.Random(3)
    checked = 0
    while checked < 20:
        game = random_position(TABLES["ct2"], rng, 10)
        if len(game.legal_plays()) < 2:
            continue
        view = Position.from_game(game, game.turn)
        result = evaluate(view, random.Random(1), samples=8, min_samples=8)
        exact = who_wins(Position.from_game(game))
        assert result.method == "exact"
        assert [(v.play, v.mean, v.stderr) for v in result.values] == [
            (play, 1.0 if u[game.turn] >= WIN else 0.0, 0.0) for play, u in exact.values
        ]
        checked += 1


def test_near_the_target_the_match_comes_first() -> None:
    """The worked position of test_solver, with the sleeping tiles known to be out."""
    line = Line.parse(["3-1", "1-1", "1-5", "5-3", "3-2", "2-2", "2-1", "1-6", "6-4"])
    hands = [["6-3", "6-2"], ["6-5", "4-4", "4-0"]]
    held = line.mask | mask_of(parse_tiles(hands[0] + hands[1]))
    game = Game.from_hands(hands, rules=FT, line=line, turn=1, out=FULL_SET & ~held)
    result = evaluate(Position.from_game(game, 1, scores=(59, 59)), random.Random(1), samples=4)
    by_play = {str(v.play): v for v in result.values}
    assert by_play["4-4 right"].match_wins == 1.0
    assert by_play["4-0 right"].match_losses == 1.0
    assert by_play["4-0 right"].mean == -1.0 and by_play["4-4 right"].mean == 2.0
    assert str(result.best) == "4-4 right"


def test_sampling_stops_at_the_standard_error() -> None:
    game = random_position(TABLES["ct4"], random.Random(8), 26)
    while len(game.legal_plays()) < 2:
        game = random_position(TABLES["ct4"], random.Random(len(game.line)), 26)
    view = Position.from_game(game, game.turn)
    loose = evaluate(view, random.Random(2), samples=400, target_se=0.2)
    assert loose.samples < 400
    assert all(v.stderr < 0.2 for v in loose.values)


def test_only_the_seat_to_play_is_evaluated() -> None:
    game = random_position(TABLES["ct4"], random.Random(1), 20)
    with pytest.raises(ValueError, match="is not to play"):
        evaluate(Position.from_game(game, (game.turn + 1) % 4), random.Random(1))


def test_rollout_counts_a_block() -> None:
    """Nobody can play on 6 and 4: the lowest count wins."""
    hands = [mask_of(parse_tiles(["1-0"])), mask_of(parse_tiles(["2-2"]))]
    assert rollout(hands, 6, 4, 0) == 0


def test_avoiding_six_love_comes_first() -> None:
    """Seat 0 cannot win: 3-2 lets seat 1 go out, 6-2 blocks the game on a tie.

    For the hand alone both are worth nothing; with seat 1 on 5 points and seat 0
    on love, seat 1's win ends the set six-love, so the tied block is the play.
    """
    line = Line.parse(["5-5", "5-0", "0-0", "0-6", "6-1", "1-3", "3-4", "4-2", "2-5", "5-6",
                       "6-6", "6-4", "4-0", "0-1", "1-1", "1-4", "4-4", "4-5", "5-1", "1-2",
                       "2-2"])
    hands = [["3-0", "3-2", "6-2", "6-3"], ["2-0", "3-3", "5-3"]]
    game = Game.from_hands(hands, rules=TABLES["ct2"], line=line, turn=0)
    alone = evaluate(Position.from_game(game, 0), random.Random(1), samples=4)
    assert [(str(v.play), v.mean) for v in alone.values] == [("3-2 right", 0.0), ("6-2 right", 0.0)]
    in_set = evaluate(Position.from_game(game, 0, scores=(0, 5)), random.Random(1), samples=4)
    by_play = {str(v.play): v for v in in_set.values}
    assert by_play["3-2 right"].match_losses == 1.0 and by_play["6-2 right"].match_losses == 0.0
    assert str(in_set.best) == "6-2 right"
    # Seat 1 on 4 points: its win would not end the set, so nothing changes.
    calm = evaluate(Position.from_game(game, 0, scores=(0, 4)), random.Random(1), samples=4)
    assert str(calm.best) == "3-2 right"
    # Seat 0 on 5 with seat 1 on love: a win would take the set.
    assert set_at_stake(Position.from_game(game, 0, scores=(5, 0))) == (1, 0)
    with pytest.raises(ValueError, match="seats and scores must name all 2 seats"):
        Position.from_game(game, 0, scores=(0, 0, 0))


def test_the_view_keeps_every_play_with_the_ends_before_it() -> None:
    game = Game.from_hands([["6-6", "2-1"], ["3-2", "1-0", "6-4"]], rules=FT,
                           line=Line.parse(["6-3"]), turn=1)
    for text in ("3-2 right", "6-6 left", "6-4 left"):
        game.play(Play.parse(text))
    index = {text: Tile.parse(text).index for text in ("3-2", "6-6", "6-4")}
    # 3-2 on the right of 6|3; 6-6 on the left of 6|2; 6-4 on 6 with the double there|2.
    assert plays_seen(Position.from_game(game, 0)) == (
        (1, index["3-2"], 1, 6, 3), (0, index["6-6"], 0, 6, 2), (1, index["6-4"], 0, 6 | 8, 2)
    )


def test_inference_weighs_each_deal_by_the_opponents_plays() -> None:
    """The weighted means are those of the same deals, each weighed by ``play_likelihood``."""
    rng = random.Random(6)
    checked = 0
    while checked < 4:
        game = random_position(FT, rng, 10)
        if game.over or len(game.legal_plays()) < 2:
            continue
        view = Position.from_game(game, game.turn)
        if not any(seat != view.turn for seat, *_ in plays_seen(view)):
            continue
        inferred = evaluate(view, random.Random(3), samples=12, min_samples=12, infer=2.0)
        plain = evaluate(view, random.Random(3), samples=12, min_samples=12)
        sampler, draw = DealSampler(view), random.Random(3)
        totals = [0.0] * len(inferred.values)
        weights = 0.0
        for _ in range(12):
            board = sampler.node(draw)
            weight = play_likelihood(view, board.hands[1 - view.turn], 2.0)
            solved = dict(solve_fives_threes(board, match_bonus=MATCH).values)
            for k, value in enumerate(inferred.values):
                v = solved[value.play]
                totals[k] += weight * (v - MATCH if v > MATCH / 2 else
                                       v + MATCH if v < -MATCH / 2 else v)
            weights += weight
        assert [v.mean for v in inferred.values] == pytest.approx([t / weights for t in totals])
        assert [v.play for v in inferred.values] == [v.play for v in plain.values]
        checked += 1


def _engine_rollout(game: Game, scores: list[int], deny: float) -> int:
    """``ft_rollout``'s policy played on the engine (``Game``, ``score_play``): the
    difference for the seat to play at the start."""
    from tutor.rules.fives_threes import score_play

    first = game.turn
    target = FT.target
    before = scores[first] - scores[1 - first]
    while not game.over:
        seat = game.turn
        plays = game.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        best, best_score = plays[0], -1e9
        for play in plays:
            trial = game.copy()
            trial.play(play)
            credited = score_play(trial.line, not trial.hands[seat], scores[seat], target).credited
            if not trial.hands[seat] or scores[seat] + credited == target:
                score = 1e6 + credited
            else:
                reply = 0
                for answer in trial.legal_plays():
                    line = trial.line.copy()
                    line.place(answer.tile, answer.end)
                    last = trial.hands[1 - seat] == answer.tile.bit
                    reply = max(reply, score_play(line, last, scores[1 - seat], target).credited)
                score = credited - deny * reply + 0.01 * play.tile.pips
            if score > best_score:
                best, best_score = play, score
        game.play(best)
        gained = score_play(game.line, not game.hands[seat], scores[seat], target)
        scores[seat] += gained.credited
        if gained.reached_target:
            bonus = MATCH if seat == first else -MATCH
            return scores[first] - scores[1 - first] - before + bonus
    return scores[first] - scores[1 - first] - before


def test_fives_threes_rollout_scores_by_the_rules() -> None:
    """The fast playout scores like the engine (doubles at an end, chip-out, exact target)."""
    rng = random.Random(12)
    for trial in range(150):
        game = random_position(TABLES["ft"], rng, rng.randint(6, 14))
        if game.over:
            continue
        scores = [rng.randint(35, 60), rng.randint(35, 60)] if trial % 2 else [0, 0]
        board = encode(Position.from_game(game))
        turn = game.turn
        left = -1 if board.left < 0 else board.left | (8 if board.left_double else 0)
        right = -1 if board.right < 0 else board.right | (8 if board.right_double else 0)
        fast = ft_rollout(board.hands[turn], board.hands[1 - turn], left, right,
                          scores[turn], scores[1 - turn], FT.target)
        assert fast == _engine_rollout(game.copy(), list(scores), DENY), (trial, str(game.line))


def test_resampling_keeps_deals_in_proportion_to_their_weight() -> None:
    """Deals that do not explain the opponent's plays are never kept; the weights add up."""
    game = Game.from_hands([["6-6", "2-1", "4-4", "0-0"], ["3-2", "1-0", "5-5", "6-1"]],
                           rules=FT, line=Line.parse(["6-3"]), turn=1)
    game.play(Play.parse("3-2 right"))  # ends 6 and 2: no points, while 3-3 would score 4
    view = Position.from_game(game, 0)
    deals = resampled(view, DealSampler(view), random.Random(4), 32, 512, 3.0)
    assert sum(weight for _, weight in deals) == 32
    held = [board.hands[1] for board, _ in deals]
    assert not any(hand & Tile(3, 3).bit for hand in held)  # 3-3 would have scored 4
    rough = [board.hands[1] for board in (DealSampler(view).node(random.Random(k))
                                           for k in range(64))]
    assert any(hand & Tile(3, 3).bit for hand in rough)  # the sampler alone deals it


def test_node_budget_stops_early_and_repeats() -> None:
    """A node budget bounds the work, and the same seed gives the same evaluation."""
    game = random_position(TABLES["ft"], random.Random(2), 4)
    while len(game.legal_plays()) < 2:
        game.play(game.legal_plays()[0]) if game.legal_plays() else game.pass_turn()
    view = Position.from_game(game, game.turn)
    full = evaluate(view, random.Random(1), samples=40, min_samples=40)
    short = evaluate(view, random.Random(1), samples=40, min_samples=2, node_budget=1)
    again = evaluate(view, random.Random(1), samples=40, min_samples=2, node_budget=1)
    assert full.samples == 40 and short.samples == 2
    assert short == again


def test_fives_threes_plays_out_above_exact_tiles() -> None:
    """With ``exact_tiles``, a Fives & Threes deal with more tiles is played out, not solved;
    without it (the coach's default) every deal is solved."""
    game = Game.new(FT, random.Random(8), turn=0)
    view = Position.from_game(game, 0)
    assert evaluate(view, random.Random(1), samples=4, exact_tiles=13).method == "rollout"
    assert evaluate(view, random.Random(1), samples=4, exact_tiles=14).method == "exact"
    assert evaluate(view, random.Random(1), samples=4).method == "exact"
