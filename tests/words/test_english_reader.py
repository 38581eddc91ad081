"""The English reading of issue 24: sentences that were false for the game or the position
they were shown in (English is the source; each finding was read on a screen)."""

from __future__ import annotations

import pytest

from tutor.questions import reasons
from tutor.questions.facts import EndsShow, MustPose
from tutor.questions.model import Question
from tutor.rules import Line, Play, TableRules
from tutor.rules.position import Position
from tutor.rules.tiles import Tile
from tutor.words.coach import reason_text
from tutor.words.i18n import Speaker
from tutor.words.narrate import say
from tutor.words.play import seat_names
from tutor.words.prompts import is_blocked

EN = Speaker("en")


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("cutthroat", "After 4-1 only you hold the fours still out: nobody else can play on that "
                      "end."),
        ("fives-and-threes", "After 4-1 only you hold the fours still out: Marcia cannot play "
                             "on that end."),
    ],
)
def test_an_end_only_you_can_play_on_is_not_called_hard(game: str, said: str) -> None:
    """`play --players 3 --seed 11`: "After 4-1 the fours are hard: only you still hold one,
    the others must pass." with five fours on the table (hard is seven), two of them in the
    learner's hand, and the other end open (nobody had to pass)."""
    fact = reasons.OnlyYouHold(Play.parse("4-1 left"), 4)
    scope = "match" if game == "fives-and-threes" else "set"
    assert reason_text(fact, seat_names(2), EN, scope=scope) == said


def test_the_last_tile_goes_out_it_does_not_win_a_fives_and_threes_match() -> None:
    fact = reasons.Dominoes(Play.parse("5-5 left"))
    assert reason_text(fact, seat_names(2), EN) == (
        "5-5 is your last tile and it fits: you go out with it now."
    )


def test_an_empty_table_before_a_forced_pose_says_nothing_false() -> None:
    """`answer the-pose/after-a-tie-pose.toml`: "The table is empty: the first tile may be any
    tile." then "The first game of a set is posed with 6-6, so you must lay it." (after a tie,
    a bruck, and with a boneyard too: not only the first game)."""
    assert say(EndsShow(None, None), EN) == "The table is empty: there is no end to match yet."
    assert say(MustPose("you", Tile.parse("6-6")), EN) == (
        "This game is posed with 6-6, so you must lay it."
    )


def test_a_fives_and_threes_board_asks_whether_the_round_is_blocked() -> None:
    ft = Position(Line.parse(["3-0"]), (0, 0), TableRules(game="fives-and-threes", players=2))
    ct = Position(Line.parse(["3-0"]), (0, 0, 0, 0), TableRules())
    question = Question("is-blocked", {})
    assert is_blocked(ft, question, EN) == "Is the round blocked? (yes or no)"
    assert is_blocked(ct, question, EN) == "Is the game blocked? (yes or no)"
    assert is_blocked(ft, question, Speaker("de")) == "Ist die Runde blockiert? (ja oder nein)"


def test_what_a_fives_and_threes_view_tells_comes_from_the_knocks() -> None:
    """"From the passes you know: Marcia has no 5 or 3." was said in Fives & Threes too, where
    a player who cannot play knocks."""
    from tutor.words.prompts import _view_text

    ft = Position(Line.parse(["3-5"]), (0, 0), TableRules(game="fives-and-threes", players=2))
    ct = Position(Line.parse(["3-5"]), (0, 0, 0, 0), TableRules())
    question = Question("winning-play", {"lacks": {"Marcia": [5, 3]}})
    said = "you know: Marcia has no 5 or 3."
    assert _view_text(ft, question, EN).startswith(f"From the knocks {said}")
    assert _view_text(ct, question, EN).startswith(f"From the passes {said}")
    assert _view_text(ft, question, Speaker("pap")).startswith(
        "Pa motibu ku nan a bati riba mesa bo sa:"
    )


def test_a_cutthroat_hand_is_a_game_from_its_first_line_to_its_review() -> None:
    """Plain play said "Game 1, worth 1 point." and then "Review of hand 1:"."""
    from tutor.words.review import hand_end_lines

    assert EN._("Review of game {n}:").format(n=1) == "Review of game 1:"
    assert Speaker("de")._("Accuracy in game {n}: {accuracy}") == (
        "Genauigkeit in Spiel {n}: {accuracy}"
    )
    assert hand_end_lines.__doc__ and "'Review of game 1:'" in hand_end_lines.__doc__


def test_the_tiles_that_fit_are_counted_with_the_seat_between_the_play_and_the_count() -> None:
    """`play --game fives-and-threes --seed 21`: "After 4-4, 4 of the tiles Marcia may hold fit
    an end" ran the tile and the count together."""
    fact = reasons.Followers(1, Play.parse("4-4 left"), 4, Play.parse("2-0"), 9)
    assert reason_text(fact, seat_names(2), EN) == (
        "After 4-4, Marcia may hold 4 tiles that fit an end; after 2-0, 9."
    )


def test_a_learner_who_cannot_play_draws() -> None:
    """"You cannot play and draw 4-1 from the boneyard." read as a rule against drawing."""
    from tutor.rules.series import Drew
    from tutor.words.play import event_lines

    drew = Drew(0, Tile.parse("4-1"))
    assert event_lines(drew, seat_names(2), EN, first=False) == [
        "You cannot play, so you draw 4-1 from the boneyard."
    ]
    assert event_lines(drew, seat_names(2), Speaker("de"), first=False) == [
        "Du kannst nicht legen und ziehst 4-1 aus dem Talon."
    ]
