"""Position: what one seat can know, its plays, and what a play leads to (same as Game)."""

from __future__ import annotations

import random

import pytest

from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game, StepKind
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import IllegalPlayError, Play, Termination
from tutor.rules.position import HiddenHandError, PlayKind, Position, PositionError
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import FULL_SET, SUIT, Tile, mask_of, parse_tiles

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
TWO = TableRules(players=2)
TWO_BONEYARD = TableRules(players=2, boneyard=True)


def hand(*texts: str) -> int:
    return mask_of(parse_tiles(texts))


def test_view_hides_the_other_hands_and_the_face_down_tiles() -> None:
    game = Game.new(F3, random.Random(4), turn=1)
    view = Position.from_game(game, 1, scores=(3, 5), seats=("Ann", "you"))
    assert view.hands[0] is None and view.hands[1] == game.hands[1]
    assert view.sizes == (7, 7) and view.hidden_boneyard == 14
    assert view.unknown == FULL_SET & ~game.hands[1]
    assert view.name(1) == "you" and view.score(1) == 5
    assert view.legal_plays() == game.legal_plays()
    with pytest.raises(HiddenHandError) as caught:
        Position.from_game(game, 0).legal_plays()
    assert caught.value.seat == 1


def test_view_of_a_seat_that_does_not_exist() -> None:
    with pytest.raises(PositionError, match="seat 4 does not exist"):
        Position.from_game(Game.new(TableRules(), random.Random(1)), 4)


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
            seat = game.turn
            game.play(play)
            if rules.game == "fives-and-threes":
                points = score_play(game.line, not game.hands[seat], 0, rules.target)
                assert result.score == points
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


# --- rules pinned by mutation testing (issue 9) -------------------------------------------------

THREE = TableRules(players=3)
OUT_00 = Tile(0, 0).bit
# Three players, 0-0 out: five blank halves are down (of six in play) and seven sixes, so both
# ends are hard and 0-6 is the key; with 0-0 counted in play the blank end would not be hard.
BLANK_KEY = ["0-1", "1-6", "6-6", "6-2", "2-0", "0-3", "3-6", "6-4", "4-0", "0-5", "5-6"]


def fields(p: Position) -> dict[str, object]:
    """Every field of a position, the line as its placed tiles (a Line has no ==)."""
    return {
        "line": tuple(p.line), "hands": p.hands, "rules": p.rules, "turn": p.turn, "out": p.out,
        "boneyard": p.boneyard, "sleeping": p.sleeping, "hidden_boneyard": p.hidden_boneyard,
        "scores": p.scores, "stake": p.stake, "pose": p.pose, "seats": p.seats, "sizes": p.sizes,
    }  # fmt: skip


def test_a_position_that_cannot_be_is_refused_with_its_reason() -> None:
    """Rule: a position is refused, saying why, when it has the wrong number of hands, names,
    scores, hand sizes or known lacks, a seat to play that does not exist (4 at four seats), a
    pose while tiles are down, or a tile in two places (the table and any later hand or heap)."""
    line = Line.parse(SEED)
    four = (None, None, None, None)
    with pytest.raises(PositionError, match=r"^2 hands for a table of 4 players$"):
        Position(line, (None, None), TableRules())
    with pytest.raises(PositionError, match=r"^seat 4 does not exist at a table of 4$"):
        Position(line, four, TableRules(), turn=4)
    for name in ("seats", "scores", "sizes", "lacks"):
        with pytest.raises(PositionError, match=rf"^2 {name} for a table of 4 players$"):
            Position(line, four, TableRules(), **{name: (1, 1)})  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"^a pose is only asked for while the table is empty$"):
        Position(line, four, TableRules(), pose=Tile(6, 6))
    with pytest.raises(PositionError, match=r"^tiles appear twice: 4-2, 3-3$"):
        Position(line, (None, hand("0-0"), hand("4-2", "3-3"), None), TableRules())
    with pytest.raises(PositionError, match=r"^tiles appear twice: 4-3$"):
        Position(line, four, TableRules(), out=hand("4-3"), sleeping=hand("4-3"))


def test_a_hidden_hand_takes_no_tile_of_its_own() -> None:
    """Rule: a hidden hand holds no known tile, so a later hand may hold any tile (0-0 too)."""
    p = Position(Line.parse(SEED), (None, hand("0-0"), None, None), TableRules())
    assert p.holder(Tile(0, 0)) == 1


def test_the_seat_to_play_must_exist() -> None:
    """Rule: the last seat is the highest seat that can be to play (seats count from 0)."""
    assert Position(Line(), (None, None, None, None), TableRules(), turn=3).turn == 3


def test_a_hidden_hand_says_whose_it_is_and_why_it_was_needed() -> None:
    """Rule: asking for a hidden hand raises HiddenHandError naming the seat and the reason:
    its plays (to list or make a play), the counts of a block, its number of tiles."""
    assert str(HiddenHandError(2)) == "the hand of seat 2 is hidden"
    assert str(HiddenHandError(2, "x")) == "the hand of seat 2 is hidden: x"
    blocked = Position(Line.parse(SIXES_8), (hand("0-0"), None, None, None), TableRules())
    hidden_turn = Position(Line.parse(SEED), (None, None, None, None), TableRules(), turn=1)
    for call, why in [
        (lambda: hidden_turn.legal_plays(), "seat 1 is hidden: its plays are not known"),
        (lambda: hidden_turn.play(Play(Tile(4, 3), LEFT)), "seat 1 is hidden: its plays are"),
        (lambda: blocked.block_outcome(), "seat 1 is hidden: the counts decide a block"),
        (lambda: blocked.size(2), "seat 2 is hidden: its number of tiles is not given"),
        (lambda: blocked.known_hand(3), "seat 3 is hidden$"),
        (lambda: blocked.known_hand(3, "why"), "seat 3 is hidden: why$"),
    ]:
        with pytest.raises(HiddenHandError, match=why):
            call()


def test_hand_sizes_names_and_scores_have_defaults() -> None:
    """Rule: a seat's size is its given size, else its known hand's; a seat without a name is
    called by its number; a seat without a score has 0."""
    p = Position(Line.parse(SEED), (hand("1-1", "0-0"), None, None, None), TableRules())
    assert p.size(0) == 2 and p.name(2) == "2" and p.score(2) == 0
    sized = Position(
        Line.parse(SEED), (hand("1-1"), None, None, None), TableRules(), sizes=(1, 5, 5, 6),
        seats=("a", "b", "c", "d"), scores=(0, 1, 2, 3),
    )  # fmt: skip
    assert sized.size(3) == 6 and sized.name(2) == "c" and sized.score(3) == 3


def test_holder_is_the_seat_that_visibly_holds_the_tile() -> None:
    """Rule: a tile's holder is the seat whose known hand has it; a tile on the table, in a
    hidden hand or nowhere known has no holder."""
    p = Position(Line.parse(SEED), (hand("1-1"), None, hand("4-3"), None), TableRules())
    assert p.holder(Tile(4, 3)) == 2 and p.holder(Tile(1, 1)) == 0
    assert p.holder(Tile(6, 6)) is None and p.holder(Tile(4, 0)) is None


def test_end_facts_last_tile_and_key_card_count_the_tiles_out_of_play() -> None:
    """Rule: with three players 0-0 is out, so five blank halves down make the blank end hard:
    the end facts, the last tile of each end and the key card all count it."""
    p = Position(Line.parse(BLANK_KEY), (hand("0-6"), None, None), THREE, out=OUT_00)
    assert [(f.end, f.number, f.on_table, f.in_play, f.is_hard) for f in p.end_facts()] == [
        (LEFT, 0, 5, 6, True),
        (RIGHT, 6, 7, 8, True),
    ]
    assert p.last_tile(LEFT) == Tile(6, 0) and p.key_card(Tile(6, 0))
    result = p.play(Play(Tile(6, 0), LEFT))
    assert result.kind is PlayKind.DOMINO and result.key_card
    assert Position(Line(), (None, None, None), THREE).last_tile(LEFT) is None


def test_last_tile_reads_the_end_it_is_asked_about() -> None:
    """Rule: the last tile of an end is the one unplayed tile of the number that end shows:
    before the block the 6 end (seven sixes down) has 6-1 left, the 1 end is not hard."""
    p = Position(Line.parse(BEFORE_BLOCK), (None, None, None, None), TableRules())
    assert (p.line.left, p.line.right) == (6, 1)
    assert p.last_tile(LEFT) == Tile(6, 1) and p.last_tile(RIGHT) is None


def test_the_position_of_a_game_holds_everything_the_game_knows() -> None:
    """Rule: the all-seeing position of a game has every hand, the boneyard as known tiles, the
    sleeping and out tiles, and the scores, stake, pose and names it is given; no tile is
    counted face down. Without them the stake is 1 and there are no scores or names."""
    boneyard = [Tile(3, 3), Tile(4, 1)]
    game = Game(
        [hand("6-6", "1-0"), hand("6-5", "2-2")], rules=TWO_BONEYARD, boneyard=boneyard,
        pose=Tile(6, 6),
    )  # fmt: skip
    p = Position.from_game(game, scores=(2, 0), stake=3, seats=("Ann", "Bo"))
    assert fields(p) == {
        "line": (), "hands": tuple(game.hands), "rules": TWO_BONEYARD, "turn": 0, "out": 0,
        "boneyard": mask_of(boneyard), "sleeping": 0, "hidden_boneyard": 0, "scores": (2, 0),
        "stake": 3, "pose": Tile(6, 6), "seats": ("Ann", "Bo"), "sizes": (),
    }  # fmt: skip
    three = Game.new(THREE, random.Random(2))
    plain = Position.from_game(three)
    assert (plain.out, plain.boneyard, plain.stake) == (OUT_00, 0, 1)
    assert plain.scores == () and plain.seats == ()
    f3 = Game.new(F3, random.Random(5))
    assert Position.from_game(f3).sleeping == f3.sleeping and f3.sleeping.bit_count() == 14


def test_a_seat_sees_its_own_hand_and_counts_the_rest() -> None:
    """Rule: a seat's view hides the other hands (their sizes are known) and counts every
    face-down tile (boneyard or sleeping) as unknown; it keeps the stake it is given."""
    game = Game.new(TWO_BONEYARD, random.Random(7))
    view = Position.from_game(game, 0, stake=4)
    assert view.hands == (game.hands[0], None) and view.sizes == (7, 7)
    assert (view.boneyard, view.sleeping, view.hidden_boneyard, view.stake) == (0, 0, 14, 4)
    assert Position.from_game(game, 1).stake == 1
    assert Position.from_game(game, 1, stake=3).stake == 3


def test_the_position_of_a_game_copies_its_line_unless_asked_not_to() -> None:
    """Rule: a game's position has its own line (later plays do not change it), unless built
    with copy=False, which shares the game's line."""
    game = Game.new(TWO, random.Random(1))
    assert Position.from_game(game).line is not game.line
    assert Position.from_game(game, copy=False).line is game.line
    assert Position.from_game(game, 1).line is not game.line


def test_the_pose_of_a_game_is_asked_for_only_while_the_table_is_empty() -> None:
    """Rule: once the pose is down, a game's position asks for no pose any more."""
    game = Game([hand("6-6", "1-0"), hand("6-5", "2-2")], rules=TWO, pose=Tile(6, 6))
    assert Position.from_game(game, 0).pose == Tile(6, 6)
    game.play(Play(Tile(6, 6), LEFT))
    assert Position.from_game(game).pose is None and Position.from_game(game, 1).pose is None


def test_names_and_scores_must_cover_every_seat_of_the_game() -> None:
    """Rule: names or scores for a game's position must name every seat (either wrong is
    refused)."""
    game = Game.new(TWO, random.Random(1))
    for kwargs in ({"seats": ("a",), "scores": (1, 2)}, {"seats": ("a", "b"), "scores": (1,)}):
        with pytest.raises(PositionError, match=r"^seats and scores must name all 2 seats$"):
            Position.from_game(game, **kwargs)  # type: ignore[arg-type]


def test_what_can_still_be_played_comes_from_what_a_seat_holds_or_may_draw() -> None:
    """Rule: the tiles still playable fit an end and are held, or may be held or drawn: a known
    hand's tiles, any unknown tile while a hand is hidden, the boneyard's tiles in 2-player
    Cutthroat with a boneyard; the sleeping tiles of Fives & Threes are never drawn, and on an
    empty table nothing fits."""
    sixes = Line.parse(["6-6", "6-5"])
    hidden = Position(sixes, (hand("5-1"), None), TWO)
    assert hidden.playable() == (SUIT[6] | SUIT[5]) & ~sixes.mask
    blank = Line.parse(["6-6", "6-0"])
    f3 = Position(blank, (hand("0-1", "3-3"), hand("2-2", "6-1")), F3, hidden_boneyard=14)
    assert f3.playable() == hand("0-1", "6-1")
    drawn = Position(
        sixes, (hand("5-1", "3-3"), hand("2-2")), TWO_BONEYARD, boneyard=hand("6-1", "0-0")
    )
    assert drawn.playable() == hand("5-1", "6-1")
    empty = Position(Line(), (None, None), TWO)
    assert empty.playable() == 0 and not empty.blocked and empty.still_fits() is None


def test_still_fits_names_the_end_the_tile_fits() -> None:
    """Rule: a tile that can still be laid is named at the first end it fits: with nothing for
    the left 6 end, 5-1 goes to the right 5 end; when nothing fits, nothing is named."""
    sixes = Line.parse(["6-6", "6-5"])
    assert Position(sixes, (hand("5-1"), hand("2-2")), TWO).still_fits() == Play(Tile(5, 1), RIGHT)
    assert Position(sixes, (hand("1-1"), hand("2-2")), TWO).still_fits() is None


def test_the_plays_of_one_tile_are_that_tiles_plays() -> None:
    """Rule: the plays of a tile are the legal plays of that tile alone."""
    p = Position(Line.parse(SEED), (hand("4-3", "6-6"), None, None, None), TableRules())
    assert [str(play) for play in p.plays_of(Tile(4, 3))] == ["4-3 left", "4-3 right"]
    assert p.plays_of(Tile(6, 6)) == []


def test_a_play_passes_the_turn_and_keeps_the_rest_of_the_position() -> None:
    """Rule: after a play the next seat is to play (after the last seat, seat 0); the player's
    hand and size lose the tile; the face-down count, scores, stake, names and the other sizes
    stay; the result records the seat and the play at the end it went."""
    p = Position(
        Line.parse(["6-6", "6-5"]), (None, None, None, hand("5-1", "2-2")), TableRules(), turn=3,
        hidden_boneyard=3, scores=(1, 0, 2, 0), stake=2, seats=("a", "b", "c", "d"),
        sizes=(5, 6, 6, 2),
    )  # fmt: skip
    result = p.play(Play(Tile(5, 1), RIGHT))
    assert fields(result.after) == {
        "line": tuple(Line.parse(["6-6", "6-5", "5-1"])), "hands": (None, None, None, hand("2-2")),
        "rules": TableRules(), "turn": 0, "out": 0, "boneyard": 0, "sleeping": 0,
        "hidden_boneyard": 3, "scores": (1, 0, 2, 0), "stake": 2, "pose": None,
        "seats": ("a", "b", "c", "d"), "sizes": (5, 6, 6, 1),
    }  # fmt: skip
    assert result.play == Play(Tile(5, 1), RIGHT) and result.seat == 3
    assert result.kind is PlayKind.GOES_ON and result.tiles_left == 1
    first = Position(Line.parse(["6-6", "6-5"]), (hand("5-1"), None, None, None), TableRules())
    assert first.play(Play(Tile(5, 1), RIGHT)).after.turn == 1


def test_the_pose_must_come_first_and_goes_to_the_left() -> None:
    """Rule: on an empty table with a pose asked for, only the pose may be laid (any other
    tile is refused, naming both); a posed tile lies at the left whatever end was asked."""
    p = Position(Line(), (hand("6-6", "1-1"), None), TWO, pose=Tile(6, 6))
    with pytest.raises(IllegalPlayError, match=r"^6-6 must be posed first, not 1-1$"):
        p.play(Play(Tile(1, 1), LEFT))
    assert p.play(Play(Tile(6, 6), RIGHT)).play == Play(Tile(6, 6), LEFT)
    free = Position(Line(), (hand("6-6", "1-1"), None), TWO)
    assert free.play(Play(Tile(1, 1), RIGHT)).play == Play(Tile(1, 1), LEFT)


def test_a_tile_that_does_not_fit_is_refused_naming_the_end() -> None:
    """Rule: a tile that does not fit is refused, saying which end and what it shows."""
    p = Position(Line.parse(SEED), (hand("6-6"), None, None, None), TableRules())
    with pytest.raises(IllegalPlayError, match=r"^6-6 does not fit the left end, which shows 4$"):
        p.play(Play(Tile(6, 6), LEFT))


def test_from_game_knows_what_the_passes_told() -> None:
    game = Game.from_hands(
        [["6-6", "6-1"], ["5-5", "2-2"], ["6-3", "1-1"]], rules=TableRules(players=3)
    )
    game.play(Play.parse("6-6"))
    game.pass_turn()  # seat 1 has no 6
    game.play(Play.parse("6-3 right"))
    view = Position.from_game(game, 0)
    assert view.lacks == (0, 1 << 6, 0) and view.lacked(1) == [6] and view.lacked(2) == []
    assert [(s.seat, s.kind, s.tile, s.side, s.left, s.right) for s in view.history] == [
        (0, StepKind.PLAY, Tile(6, 6).index, 0, -1, -1),
        (1, StepKind.PASS, -1, -1, 6 | 8, 6 | 8),
        (2, StepKind.PLAY, Tile(6, 3).index, 1, 6 | 8, 6 | 8),
    ]
    assert view.counts == (1, 2, 1)
    after = view.play(Play.parse("6-1 left")).after
    assert after.history[-1] == (0, StepKind.PLAY, Tile(6, 1).index, 0, 6 | 8, 3)
    assert after.lacks == view.lacks


def test_with_a_boneyard_a_draw_forgets_what_the_seat_lacked() -> None:
    game = Game(
        [hand("6-6", "6-1"), hand("5-5", "2-2")], rules=TWO_BONEYARD,
        boneyard=parse_tiles(["4-4", "3-3", "0-0"]),
    )  # fmt: skip
    game.play(Play.parse("6-6"))
    game.draw()  # seat 1 draws 4-4 with 6 showing: it lacked 6 then
    assert Position.from_game(game, 0).lacks == (0, 1 << 6)
    game.draw()
    game.draw()
    assert Position.from_game(game, 0).lacks == (0, 1 << 6)  # the last draw, still on 6
    kinds = [s.kind for s in Position.from_game(game, 0).history]
    assert kinds == [StepKind.PLAY, StepKind.DRAW, StepKind.DRAW, StepKind.DRAW]
    assert Position.from_game(game, 0).history[1].lacked == 1 << 6


def test_a_play_adds_the_step_the_game_would_show() -> None:
    """``Position.play`` records the same step (seat, tile, end, ends before) that
    ``Position.from_game`` reads from a game after the same play: left and right alike."""
    for tile, end in (("6-1", RIGHT), ("6-1", LEFT)):
        game = Game.from_hands([["6-6", "5-5"], ["6-1", "2-2"]], rules=TableRules(players=2))
        game.play(Play.parse("6-6"))
        before = Position.from_game(game)
        after = before.play(Play(Tile.parse(tile), end)).after
        game.play(Play(Tile.parse(tile), end))
        assert after.history == Position.from_game(game).history
        assert after.history[-1].side == (0 if end is LEFT else 1)


def test_the_whole_position_knows_what_passes_told() -> None:
    """With every hand shown (``seat=None``) the seats' known lacks are still read."""
    game = Game.from_hands([["6-6", "6-1"], ["5-5", "2-2"]], rules=TableRules(players=2))
    game.play(Play.parse("6-6"))
    game.pass_turn()
    assert Position.from_game(game).lacked(1) == [6]
    assert Position.from_game(game).lacked(0) == []


def test_a_position_without_history_lacks_nothing() -> None:
    view = Position(Line(), (Tile.parse("6-6").bit, None), TableRules(players=2), sizes=(1, 1))
    assert view.lacks == ()
    assert (view.lacked(0), view.lacked(1)) == ([], [])
