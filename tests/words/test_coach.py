"""The coach's reasons in words: every kind of reason has a sentence in en, de and pap."""

from __future__ import annotations

import dataclasses
import typing

import pytest

import tutor.questions.reasons as reasons
from tutor.rules.plays import Play
from tutor.words.coach import reason_text
from tutor.words.i18n import Speaker
from tutor.words.play import seat_names

KINDS = typing.get_args(reasons.Reason)


def example(kind: type) -> reasons.Reason:
    values = {}
    for field in dataclasses.fields(kind):
        if field.type == "Play":
            values[field.name] = Play.parse("6-3 left" if "second" not in field.name else "4-4")
        elif field.name == "seat":
            values[field.name] = 1
        elif field.type == "Tile":
            values[field.name] = Play.parse("6-3").tile
        elif field.name.endswith("tiles"):
            values[field.name] = 0b1011
        elif field.type == "float":
            values[field.name] = 0.25
        else:
            values[field.name] = 3
    return typing.cast(reasons.Reason, kind(**values))


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_reason_has_a_sentence(kind: type, language: str) -> None:
    text = reason_text(example(kind), seat_names(2), Speaker(language))
    assert text and "{" not in text and text.endswith(".")


def test_the_points_now_are_said_with_both_plays() -> None:
    fact = reasons.PointsNow(Play.parse("6-3"), 3, 9, Play.parse("4-4"), 0, 8)
    said = reason_text(fact, seat_names(2), Speaker("en"))
    assert said == "6-3 scores 3 points now; 4-4 scores none."


def test_one_point_to_win_is_said_in_the_singular() -> None:
    """The user trial read "At 60-51, only 1 points win you the match"."""
    one = reasons.MatchScore(seat=1, mine=60, theirs=51, need=1, their_need=10)
    names = seat_names(2)
    assert "you need exactly 1 point to win the match" in reason_text(one, names, Speaker("en"))
    assert "brauchst du genau 1 Punkt, um die Partie" in reason_text(one, names, Speaker("de"))
    six = dataclasses.replace(one, mine=55, need=6)
    assert "you need exactly 6 points to win the match" in reason_text(six, names, Speaker("en"))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "With you on 16 and Marcia on 56, you need exactly 45 points to win the match; "
               "Marcia needs 5."),
        ("de", "Bei 16:56 brauchst du genau 45 Punkte, um die Partie zu gewinnen; Marcia "
               "braucht 5."),
        ("pap", "Awor ku bo tin 16 i Marcia tin 56, bo mester di eksaktamente 45 tanto pa gana "
                "e wega; Marcia mester di 5."),
    ],
)
def test_far_from_the_target_the_points_needed_are_not_only_a_few(lang: str, said: str) -> None:
    """The graded plays read "At 16-56, only 45 points win you the match": the score is told
    because Marcia is near 61, and 45 is no "only"."""
    far = reasons.MatchScore(seat=1, mine=16, theirs=56, need=45, their_need=5)
    assert reason_text(far, seat_names(2), Speaker(lang)) == said


def test_a_count_of_one_reads_right_in_german() -> None:
    """The user trial read "Nach 4-0 hast du 1 Augen": the count is said as the count."""
    one = reasons.CountKept(Play.parse("4-0"), 1, Play.parse("6-6"), 13)
    text = reason_text(one, seat_names(2), Speaker("de"))
    assert "1 Augen" not in text and "Augenzahl 1" in text


@pytest.mark.parametrize(
    ("n", "german"),
    [
        (1, "Nach 6-3 kann Marcia mit 1 möglichen Stein anlegen, nach 4-4 mit 3."),
        (4, "Nach 6-3 kann Marcia mit 4 möglichen Steinen anlegen, nach 4-4 mit 3."),
    ],
)
def test_the_tiles_that_fit_are_said_in_german_words(n: int, german: str) -> None:
    """The German reader: "passen 1 der Steine, die Marcia haben kann" is not German."""
    fact = reasons.Followers(1, Play.parse("6-3 left"), n, Play.parse("4-4"), 3)
    said = reason_text(fact, seat_names(2), Speaker("de"))
    assert said == german
    english = reason_text(fact, seat_names(2), Speaker("en"))
    tiles = "tile that fits" if n == 1 else "tiles that fit"
    assert english.startswith(f"After 6-3, Marcia may hold {n} {tiles}")


def test_one_tile_that_fits_is_said_in_the_singular_in_english() -> None:
    fact = reasons.Followers(1, Play.parse("6-3 left"), 1, Play.parse("4-4"), 3)
    assert "Marcia may hold 1 tile that fits an end" in reason_text(
        fact, seat_names(2), Speaker("en")
    )


@pytest.mark.parametrize(
    ("first", "second", "said"),
    [
        (0, 3, {"en": "After 6-3, Marcia may hold no tile that fits an end; after 4-4, 3.",
                "de": "Nach 6-3 kann Marcia mit keinem möglichen Stein anlegen, nach 4-4 mit 3.",
                "pap": "Despues di 6-3, ningun di e piedranan ku Marcia por tin no ta pega na un "
                       "punto; despues di 4-4, 3."}),
        (2, 0, {"en": "After 6-3, Marcia may hold 2 tiles that fit an end; after 4-4, none.",
                "de": "Nach 6-3 kann Marcia mit 2 möglichen Steinen anlegen, nach 4-4 mit keinem.",
                "pap": "Despues di 6-3, 2 di e piedranan ku Marcia por tin ta pega na un punto; "
                       "despues di 4-4, ningun."}),
    ],
)
def test_no_tile_that_fits_is_said_none_not_0(first: int, second: int, said: dict) -> None:
    """The trial: "After 6-3, 0 of the tiles Marcia may hold fits an end"."""
    fact = reasons.Followers(1, Play.parse("6-3 left"), first, Play.parse("4-4"), second)
    for language, text in said.items():
        assert reason_text(fact, seat_names(2), Speaker(language)) == text


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_when_no_fact_speaks_for_the_best_play_the_coach_says_so(language: str) -> None:
    """The trial (Cutthroat, seeds 11 and 7): seven grades whose only fact favoured the play
    made, so the learner read one reason for the worse play and none for the better."""
    from tutor.questions.coach import Chances
    from tutor.words.coach import reason_lines

    sp = Speaker(language)
    best, played = Play.parse("4-4"), Play.parse("6-3 left")
    against = reasons.Followers(1, played, 0, best, 5)
    chances = Chances(best, 0.5, played, 0.4, 0.01, 0.01)
    lines = reason_lines([against, chances], best, played, seat_names(2), sp)
    first = {"en": "The coach finds no single fact that speaks for 4-4 on the left:",
             "de": "Der Trainer findet keinen einzelnen Grund, der für 4-4 links spricht:",
             "pap": "E entrenadó no ta haña ningun motibu so ku ta papia pa 4-4 na banda robes:"}
    assert lines[0].startswith(first[language]), lines
    assert len(lines) == 3
    # A fact for the best play: nothing more is said.
    helps = reasons.Followers(1, best, 1, played, 4)
    assert len(reason_lines([helps, against, chances], best, played, seat_names(2), sp)) == 3


def test_an_answer_in_german_does_not_put_two_numbers_side_by_side() -> None:
    """The ten graded plays read in German: "Nach 6-3 kann Marcia mit 6-6 8 Punkte holen" set
    the tile and the points side by side; the answer is said as an answer."""
    from tutor.rules.tiles import Tile

    six_six = Tile.parse("6-6").bit
    fact = reasons.Answer(1, Play.parse("6-3"), 8, six_six, Play.parse("4-4"), 2, 0)
    assert reason_text(fact, seat_names(2), Speaker("de")) == (
        "Nach 6-3 kann Marcia mit 6-6 antworten und 8 Punkte holen; nach 4-4 höchstens 2."
    )
    none = reasons.Answer(1, Play.parse("6-3"), 1, six_six, Play.parse("4-4"), 0, 0)
    assert reason_text(none, seat_names(2), Speaker("de")).startswith(
        "Nach 6-3 kann Marcia mit 6-6 antworten und 1 Punkt holen; nach 4-4 punktet kein Stein"
    )
