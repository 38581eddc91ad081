"""The English reading of issue 24: sentences that were false for the game or the position
they were shown in (English is the source; each finding was read on a screen)."""

from __future__ import annotations

import re

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


# --- the style findings of the English reading (issue 24, stop 34) ---------------------------


def test_a_proof_counts_the_deals_of_the_hidden_tiles_not_deals_the_hands_hold() -> None:
    """`quiz --seed 3`: "The hidden hands can hold 12 different deals, ...": hands do not hold
    deals; and "not the best play in each of them" read as "in none of them"."""
    from tutor.questions.facts import ProvedOnView
    from tutor.words.proofs import proved_on_view

    play = Play.parse("5-5 right")
    every = proved_on_view(ProvedOnView(play, True, 12, 12, 3), EN)
    assert every.startswith(
        "There are 12 possible deals of the hidden tiles, and the solver played out every one: "
        "5-5 on the right is the best play in each of them."
    ), every
    mixed = proved_on_view(ProvedOnView(play, True, 12, 9, 2, dominant=False), EN)
    assert "is not the best play in every one of them, but over all of them it does clearly " \
        "better than any other play." in mixed, mixed
    drawn = proved_on_view(ProvedOnView(play, False, 400, 0, 3), EN)
    assert "far more than chance alone could explain" in drawn, drawn
    for said in (every, mixed, drawn):
        assert "hidden hands can hold" not in said
    assert "Die verdeckten Hände" not in proved_on_view(
        ProvedOnView(play, True, 12, 12, 3), Speaker("de")
    )


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
def test_another_play_is_a_play_not_a_tile(lang: str) -> None:
    """`quiz --seed 3`: "5-5 on the right ... with any other tile": the same tile on the other
    end is another play, not another tile."""
    from tutor.questions.facts import ProvedOnView, ProvedWin
    from tutor.words.proofs import proved_on_view, proved_win

    sp = Speaker(lang)
    play = Play.parse("5-5 right")
    said = " ".join([
        proved_win(ProvedWin(play, 0), sp),
        proved_win(ProvedWin(play, 4), sp),
        proved_on_view(ProvedOnView(play, True, 12, 12, 3), sp),
        proved_on_view(ProvedOnView(play, True, 12, 9, 3), sp),
        proved_on_view(ProvedOnView(play, True, 12, 0, 3), sp),
        proved_on_view(ProvedOnView(play, True, 1, 1, 1), sp),
        proved_on_view(ProvedOnView(play, True, 1, 0, 2), sp),
    ])
    other_tile = {"en": "other tile", "de": "anderen Stein", "pap": "otro piedra"}[lang]
    other_play = {"en": r"other play", "de": r"anderen? Zug", "pap": r"otro hugada"}[lang]
    assert other_tile not in said, said
    assert len(re.findall(other_play, said)) == 7, said


def test_a_cutthroat_proof_wins_the_game_and_a_fives_and_threes_one_the_round() -> None:
    """A Cutthroat hand is a game (glossary), a Fives & Threes hand a round: the proofs said
    "the hand" for both."""
    from tutor.questions.facts import OtherPlayOnView, ProvedOnView, ProvedWin
    from tutor.words.proofs import other_play_on_view, proved_on_view, proved_win

    play = Play.parse("5-5 right")
    assert proved_win(ProvedWin(play, 0), EN) == (
        "Only 5-5 on the right wins: the solver tried every reply of the others, and no other "
        "play still wins the game."
    )
    assert proved_win(ProvedWin(play, 2), EN).startswith(
        "5-5 on the right scores the most by the end of the round:"
    )
    assert proved_on_view(ProvedOnView(play, True, 12, 0, 3), EN).endswith(
        "On average it ends the round 3 points better than any other play."
    )
    assert other_play_on_view(OtherPlayOnView(play, 12, 4, 0), EN) == (
        "Over all the deals, 5-5 on the right wins the game in only 4 of the 12 deals."
    )


def test_the_set_score_names_who_is_on_which_score() -> None:
    """"At 5-0 against Marcia": 5-0 is a tile on these screens, and it does not say who leads."""
    from tutor.questions.set_score import LOSS_ENDS, WIN_ENDS, SetScore
    from tutor.words.coach import set_score_text

    names = seat_names(2)
    assert set_score_text(SetScore(1, 5, 0, 1, WIN_ENDS), names, EN) == (
        "With you on 5 and Marcia on 0, a win now ends the set six-love."
    )
    assert set_score_text(SetScore(1, 0, 5, 1, LOSS_ENDS), names, Speaker("pap")) == (
        "Awor ku bo tin 0 i Marcia tin 5, un viktoria di Marcia ta kaba e serie ku six-love, "
        "i bo tin zero."
    )
    fact = reasons.MatchScore(1, 45, 58, 16, 3)
    assert reason_text(fact, names, EN, scope="match") == (
        "With you on 45 and Marcia on 58, you need exactly 16 points to win the match; Marcia "
        "needs 3."
    )


def test_another_players_last_tile_is_theirs() -> None:
    """"Marcia plays the last tile and wins" read as the last tile of the set."""
    from tutor.questions.facts import Domino

    assert say(Domino("Marcia", 2, 0, 2), EN) == (
        "Marcia plays their last tile and wins the stake of 2 points."
    )


def test_the_stake_question_keeps_one_tense() -> None:
    """"This game was worth 2 and ends in a tied block" jumped from the past to the present."""
    from tutor.words.prompts import next_stake

    p = Position(Line(), (0, 0, 0), TableRules(players=3), seats=("you", "Ann", "Ben"), stake=2)
    tie = next_stake(p, Question("next-stake", {"winner": "tie"}), EN)
    assert tie.startswith("This game is worth 2 and ends in a tied block;"), tie
    won = next_stake(p, Question("next-stake", {"winner": "Ann"}), EN)
    assert won.startswith("Ann wins this game, which is worth 2."), won
    assert "tabata bale" not in next_stake(p, Question("next-stake", {"winner": "tie"}),
                                           Speaker("pap"))


@pytest.mark.parametrize(
    ("lang", "game", "round_"),
    [
        ("en", "a game", "a round"),
        ("de", "eines Spiels", "einer Runde"),
        ("pap", "un wega", "un ronda"),
    ],
)
def test_a_text_shared_by_both_games_names_each_games_own_hand(
    lang: str, game: str, round_: str
) -> None:
    """The review said "the coach grades the plays of a hand" (de "eines Spiels", pap "e
    wega") and "PgUp PgDn: the start of the previous or next hand" in Fives & Threes too, where
    a hand is a round (Runde, ronda)."""
    from tutor.words.review import choice_lines, help_lines

    sp, names = Speaker(lang), seat_names(2)
    cutthroat = choice_lines(None, 3, "after", False, names, sp)[0]
    fives = choice_lines(None, 3, "after", False, names, sp, fives=True)[0]
    assert game in cutthroat and round_ not in cutthroat, cutthroat
    assert round_ in fives and game not in fives, fives
    ct_keys, ft_keys = help_lines(sp)[-1:], help_lines(sp, fives=True)[-1:]
    pgdn = [line for line in help_lines(sp, fives=True) if line.startswith(("PgUp", "Bild"))]
    assert pgdn and pgdn != [line for line in help_lines(sp) if line.startswith(("PgUp", "Bild"))]
    assert ct_keys == ft_keys  # the lines after it are the same
    word = {"en": "round", "de": "Runde", "pap": "ronda"}[lang]
    assert word in pgdn[0], pgdn


@pytest.mark.parametrize(
    ("lang", "cutthroat", "fives"),
    [
        ("en", "Cutthroat, set 3f9a0b1c, game 2: 80%", "Threes, match 77aa0b1c, round 1"),
        ("de", "Cutthroat, Partie 3f9a0b1c, Spiel 2", "Threes, Partie 77aa0b1c, Runde 1"),
        ("pap", "Cutthroat, serie 3f9a0b1c, wega 2", "Threes, wega 77aa0b1c, ronda 1"),
    ],
)
def test_the_accuracy_charts_tips_name_each_games_hand(
    lang: str, cutthroat: str, fives: str
) -> None:
    """The progress chart's tips said "game {id}, hand {hand}" (de "Spiel", pap "repartishon")
    for both games: a Fives & Threes hand is a round of a match."""
    from tutor.quiz.played import PlayedHand, PracticeGames
    from tutor.quiz.report import accuracy_svg

    hands = [
        PlayedHand("3f9a0b1c55", "cutthroat", 1.7e9, 2, 80.0, 5, ()),
        PlayedHand("77aa0b1c55", "fives-and-threes", 1.7e9, 1, 64.0, 5, ()),
    ]
    svg = accuracy_svg(PracticeGames({"cutthroat": 1, "fives-and-threes": 1}, 2, hands),
                       Speaker(lang))
    assert cutthroat in svg and fives in svg, svg
