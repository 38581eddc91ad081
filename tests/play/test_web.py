"""The practice game in a web page says what plain mode says: whole games played both ways."""

from __future__ import annotations

import io

import pytest

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.plain import PlainGame
from tutor.play.web import WebGame, handle
from tutor.questions.coach import CoachBudget
from tutor.words.i18n import Speaker


def plain_transcript(options: dict[str, int | str], language: str, picks: int) -> list[str]:
    out = io.StringIO()
    sp = Speaker(language)
    known = {key: value for key, value in options.items() if key != "samples"}
    n = int(options["samples"])
    budget = CoachBudget(samples_cutthroat=n, samples_fives_and_threes=n, time_budget=None)
    game = PracticeGame(Options(**known), budget=budget)  # type: ignore[arg-type]
    plain = PlainGame(game, sp, io.StringIO("1\n" * picks), out)
    plain.run()
    prompt = sp._("Type a number or a tile; ? for a hint, u to take back, q to stop.")
    return [
        line for line in out.getvalue().splitlines() if not line.startswith(">") and line != prompt
    ]


def web_transcript(options: dict[str, int | str], language: str) -> tuple[list[str], int]:
    game = WebGame.start(dict(options), language)
    lines = game.state()["lines"]
    picks = 0
    while game.asking is not None:
        game.choose(1)
        picks += 1
        lines += game.state()["lines"]
    return lines, picks


CASES = [
    ({"game": "fives-and-threes", "level": 1, "seed": 7, "samples": 40}, "de"),
    ({"game": "cutthroat", "players": 3, "level": 2, "seed": 3, "samples": 40}, "pap"),
    ({"game": "cutthroat", "players": 2, "level": 1, "seed": 11, "samples": 40}, "en"),
]
"""Whole games; the coach has a fixed number of samples and no time limit (its grades are the
same however busy the machine is)."""


@pytest.mark.parametrize(("options", "language"), CASES)
def test_a_whole_game_in_the_page_says_what_plain_mode_says(
    options: dict[str, int | str], language: str
) -> None:
    web, picks = web_transcript(options, language)
    plain = plain_transcript(options, language, picks + 5)
    assert plain[-1] != Speaker(language)._(
        "Game saved: continue it with domino-tutor play --resume."
    ), "plain mode ran out of replies"
    assert web == plain


def test_bad_requests_are_one_sentence() -> None:
    assert "error" in handle({"do": "play-new", "options": {"level": 9}})
    handle({"do": "play-new", "options": {"game": "fives-and-threes", "seed": 1}})
    assert handle({"do": "play-choose", "n": 99}) == {"error": "there is no choice 99"}
    assert "error" in handle({"do": "dance"})
