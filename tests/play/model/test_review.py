"""The review's steps: every action in the position before it, the end of each hand, and the
moves of the review's keys."""

from __future__ import annotations

import random

from tutor.play.model.practice import PracticeGame
from tutor.play.model.review import every_hand_knowable, review_steps, step_to
from tutor.play.model.session import Options
from tutor.rules.game import Game
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules


def played(options: Options, hands: int = 1) -> PracticeGame:
    game = PracticeGame(options, coach="off")
    while not game.over and len(game.reviews) < hands:
        _ = game.choose(game.legal_choices()[-1]) if game.learner_to_play else game.step()
    return game


def test_each_action_is_a_step_in_the_position_before_it_and_each_hand_ends_in_one() -> None:
    game = played(Options(players=3, level=1, seed=5), hands=2)
    steps = review_steps(game)
    actions = [s for s in steps if s.kind == "action"]
    assert [s.action for s in actions] == list(range(len(game.session.actions)))
    assert [s.hand for s in steps if s.kind == "end"] == [1, 2]
    for step in actions:
        action = game.session.actions[step.action or 0]
        assert step.session.game.turn == action.seat  # the table before the action
        assert step.session.hand == action.hand
    # The learner's plays with a choice count their legal plays.
    learner = [s for s in actions if s.learner]
    assert any(s.choices > 1 for s in learner)
    # The end of a hand shows the line it ended with.
    end = next(s for s in steps if s.kind == "end")
    assert end.session.hand_over and len(end.session.game.line) > 0


def test_an_unfinished_game_ends_with_where_it_stopped() -> None:
    game = PracticeGame(Options(players=4, level=1, seed=2), coach="off")
    for _ in range(6):
        _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
    steps = review_steps(game)
    assert steps[-1].kind == "stop" and len(steps) == 7


def test_keys_move_by_step_by_choice_by_hand_and_to_the_edges() -> None:
    steps = review_steps(played(Options(players=2, level=1, seed=7), hands=2))
    last = len(steps) - 1
    assert step_to(steps, 0, "play", -1) == 0 and step_to(steps, last, "play", +1) == last
    assert step_to(steps, 3, "play", +1) == 4
    chosen = [k for k, s in enumerate(steps) if s.choices > 1]
    assert step_to(steps, chosen[0], "choice", +1) == chosen[1]
    assert step_to(steps, chosen[1], "choice", -1) == chosen[0]
    second = next(k for k, s in enumerate(steps) if s.hand == 2)
    assert step_to(steps, 0, "hand", +1) == second
    assert step_to(steps, second + 3, "hand", -1) == second  # first the start of this hand
    assert step_to(steps, second, "hand", -1) == 0
    assert step_to(steps, 5, "edge", +1) == last and step_to(steps, 5, "edge", -1) == 0


def test_every_hand_is_knowable_only_with_one_hidden_hand_and_nothing_face_down() -> None:
    deal = random.Random(3)
    two = Game.new(TableRules(players=2), deal)
    assert every_hand_knowable(Position.from_game(two, 0))
    for rules in (
        TableRules(players=2, boneyard=True),
        TableRules(players=3),
        TableRules(players=4),
        TableRules(game="fives-and-threes", players=2),
    ):
        assert not every_hand_knowable(Position.from_game(Game.new(rules, deal), 0)), rules
