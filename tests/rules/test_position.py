"""Position: what one seat can know, its plays, and what a play leads to (same as Game)."""

from __future__ import annotations

import random

import pytest

from tutor.rules.game import Game, IllegalPlayError, Play, Termination
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.match import play_points
from tutor.rules.position import HiddenHandError, PlayKind, Position, PositionError
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import FULL_SET, Tile, mask_of, parse_tiles

SIXES_8 = [
    "6-2",
    "2-2",
    "2-0",
    "0-6",
    "6-6",
    "6-5",
    "5-5",
    "5-4",
    "4-6",
    "6-3",
    "3-3",
    "3-1",
    "1-6",
]
BEFORE_BLOCK = SIXES_8[:-1]
SEED = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
F3 = TableRules(game="fives-and-threes", players=2)


def hand(*texts: str) -> int:
    return mask_of(parse_tiles(texts))


def test_view_hides_the_other_hands_and_the_face_down_tiles() -> None:
    game = Game.new(F3, random.Random(4), turn=1)
    view = game.view(1, scores=(3, 5), seats=("Ann", "you"))
    assert view.hands[0] is None and view.hands[1] == game.hands[1]
    assert view.sizes == (7, 7) and view.hidden_boneyard == 14
    assert view.unknown == FULL_SET & ~game.hands[1]
    assert view.name(1) == "you" and view.score(1) == 5
    assert view.legal_plays() == game.legal_plays()
    with pytest.raises(HiddenHandError) as caught:
        game.view(0).legal_plays()
    assert caught.value.seat == 1


def test_view_of_a_seat_that_does_not_exist() -> None:
    with pytest.raises(PositionError, match="seat 4 does not exist"):
        Game.new(TableRules(), random.Random(1)).view(4)


def test_a_tile_in_two_places_is_refused() -> None:
    with pytest.raises(PositionError, match="tiles appear twice: 4-3"):
        Position(Line.parse(SEED), (hand("4-3"), hand("4-3"), None, None), TableRules())


def test_equal_ends_that_count_differently_list_both_plays_in_fives_and_threes() -> None:
    line = Line.parse(["3-3", "3-1", "1-5", "5-3"])
    cut = Position(line, (hand("3-2"), None), TableRules(players=2))
    f3 = Position(line, (hand("3-2"), None), F3, hidden_boneyard=14)
    assert [str(p) for p in cut.legal_plays()] == ["3-2 left"] and cut.same_ends
    assert [str(p) for p in f3.legal_plays()] == ["3-2 left", "3-2 right"] and not f3.same_ends


def test_a_hidden_hand_may_hold_any_unknown_tile() -> None:
    line = Line.parse(SEED)
    open_hands = Position(line, (hand("1-1"), hand("4-3", "0-0"), 0, 0), TableRules())
    hidden = Position(line, (hand("1-1"), None, None, None), TableRules())
    assert hidden.playable() == Tile(4, 3).bit and not hidden.blocked
    assert open_hands.playable() == Tile(4, 3).bit
    assert hidden.still_fits() == Play(Tile(4, 3), LEFT)


def test_play_results_domino_with_the_key_and_its_points() -> None:
    p = Position(
        Line.parse(SEED), (hand("4-3"), None, None, None), TableRules(key_card_bonus=2), stake=3
    )
    result = p.play(Play(Tile(4, 3), RIGHT))
    assert result.kind is PlayKind.DOMINO and result.key_card and result.game_points == 5
    assert result.after.line.right == 4 and p.line.right == 3  # the position did not change


def test_play_results_block_is_decided_by_the_counts() -> None:
    # After 6-1 at the right end both ends show 6 and every six is down; you count 1.
    hands = (
        hand("6-1", "0-0", "1-0"),
        hand("1-1", "2-1", "3-0", "3-2"),
        hand("4-0", "4-1", "4-2", "4-3"),
        hand("4-4", "5-0", "5-1", "5-2", "5-3"),
    )
    p = Position(Line.parse(BEFORE_BLOCK), hands, TableRules(), stake=2)
    result = p.play(Play(Tile(6, 1), RIGHT))
    assert result.kind is PlayKind.BLOCKED
    assert result.block_outcome().counts == (1, 13, 22, 34)
    assert result.game_points == 2
    assert p.play(Play(Tile(6, 1), LEFT)).kind is PlayKind.GOES_ON
    hidden = Position(Line.parse(BEFORE_BLOCK), (hands[0], None, None, None), TableRules())
    with pytest.raises(HiddenHandError):
        hidden.play(Play(Tile(6, 1), RIGHT)).game_points  # noqa: B018


def test_an_illegal_play_is_refused() -> None:
    p = Position(Line.parse(SEED), (hand("4-3", "6-6"), None, None, None), TableRules())
    with pytest.raises(IllegalPlayError, match="6-6 does not fit the left end"):
        p.play(Play(Tile(6, 6), LEFT))
    with pytest.raises(IllegalPlayError, match="1-1 is not in the hand"):
        p.play(Play(Tile(1, 1), LEFT))


def test_positions_follow_random_games_like_the_game_itself() -> None:
    """Every play of random games: same plays, same end, same points as Game and the match."""
    for seed in range(30):
        rules = F3 if seed % 2 else TableRules(players=2 + seed % 3)
        rng = random.Random(seed)
        game = Game.new(rules, rng)
        while not game.over:
            p = Position.from_game(game)
            plays = game.legal_plays()
            assert p.legal_plays() == plays
            assert p.blocked is False
            if not plays:
                game.pass_turn()
                continue
            play = plays[rng.randrange(len(plays))]
            result = p.play(play)
            if rules.game == "fives-and-threes":
                assert result.score == play_points(game, play, 0, rules.target)
            game.play(play)
            assert result.after.line.mask == game.line.mask
            outcome = game.outcome()
            if outcome is None:
                assert result.kind is PlayKind.GOES_ON
            elif outcome.kind is Termination.DOMINO:
                assert result.kind is PlayKind.DOMINO
                assert result.key_card == outcome.key_card
            else:
                assert result.kind is PlayKind.BLOCKED and result.block_outcome() == outcome


def test_constructors_raise_typed_errors_and_take_the_pose() -> None:
    from tutor.rules import CutthroatSet, FivesThreesMatch, RulesError, SetupError

    with pytest.raises(SetupError, match="3 hands for a table of 2 players"):
        Game([0, 0, 0], rules=TableRules(players=2))
    with pytest.raises(SetupError, match="seat 1 must pose 6-6"):
        Game([Tile(6, 6).bit, Tile(1, 1).bit], rules=TableRules(players=2), pose=Tile(6, 6), turn=1)
    with pytest.raises(RulesError):
        CutthroatSet(F3)
    with pytest.raises(RulesError):
        FivesThreesMatch(TableRules())
    assert issubclass(PositionError, SetupError)
    game = CutthroatSet(TableRules(players=3)).new_game(random.Random(8))
    assert game.pose is not None and game.hands[game.turn] & game.pose.bit
    posed = Game.new(TableRules(players=2), random.Random(8), pose=Tile(6, 6))
    assert posed.hands[posed.turn] & Tile(6, 6).bit and posed.legal_plays()[0].tile == Tile(6, 6)
