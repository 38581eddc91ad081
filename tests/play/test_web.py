"""The practice game in a web page says what plain mode says: whole games played both ways."""

from __future__ import annotations

import io
from html import escape

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


def played_on(game: WebGame, picks: int) -> list[str]:
    """Pick the first choice ``picks`` times (or until the game asks nothing); what was said."""
    lines: list[str] = []
    for _ in range(picks):
        if game.asking is None:
            break
        game.choose(1)
        lines += game.state()["lines"]
    return lines


@pytest.mark.parametrize(("options", "language"), CASES)
def test_a_resumed_game_goes_on_as_the_game_it_was(
    options: dict[str, int | str], language: str
) -> None:
    """The page keeps a game's actions at each of the learner's turns; after a reload the game
    they replay says from there on what the game would have said, and shows the same table."""
    game = WebGame.start(dict(options), language)
    game.state()
    played_on(game, 3)
    while game.asking != "play":  # the page keeps the game at the learner's turns
        game.choose(1)
        game.state()
    kept = game.state()
    again = WebGame.resume(dict(options), kept["actions"], language)
    resumed = again.state()
    assert resumed["lines"] == []  # the page shows what it kept
    for key in ("asking", "choices", "tiles", "board", "actions", "scores", "over"):
        assert resumed[key] == kept[key], key
    assert played_on(again, 12) == played_on(game, 12)


def test_a_damaged_kept_game_is_one_sentence() -> None:
    options = {"game": "cutthroat", "players": 2, "seed": 1}
    bad_tile = [[0, 0, "play", "9-9 left", None]]
    said = handle({"do": "play-resume", "options": options, "actions": bad_tile})
    assert said["error"].startswith("the kept game is damaged: '9-9' is not a tile")
    out_of_turn = [[0, 1, "pass", None, None]]
    said = handle({"do": "play-resume", "options": options, "actions": out_of_turn})
    assert set(said) == {"error"}
    said = handle({"do": "play-resume", "options": options, "actions": "played"})
    assert said["error"].startswith("the kept game is damaged")


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_the_table_is_the_puzzles_drawing_and_each_play_its_tile(language: str) -> None:
    game = WebGame.start({"game": "fives-and-threes", "level": 1, "seed": 7}, language)
    game.choose(1)
    said = game.state()
    sp = Speaker(language)
    board = said["board"]
    assert board.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="domino-position"')
    title = escape(sp._("The table as you see it"))
    assert f'<title id="play-board-title">{title}</title>' in board
    line = str(game.game.session.game.line)
    assert escape(f"{sp._('The line of play:')} {line}.") in board  # the <desc> says it
    hand = game.game.session.view().known_hand(0)
    assert board.count('class="tile"') == len(game.game.session.game.line) + hand.bit_count()
    assert len(said["tiles"]) == len(said["choices"]) == len(game.choices)
    for svg, play in zip(said["tiles"], game.choices, strict=True):
        assert f'data-tile="{play.tile.high}-{play.tile.low}"' in svg
        assert 'aria-hidden="true"' in svg


def test_the_hints_used_are_kept_across_a_reload() -> None:
    """Issue 25: a reload lost the hints used (they count: the terminal saves them with the
    game). The page keeps ``state()["counters"]`` with the actions and gives them back."""
    options = {"game": "fives-and-threes", "level": 1, "seed": 7, "samples": 20}
    handle({"do": "play-new", "options": options, "language": "en"})
    kept = handle({"do": "play-hint"})
    assert kept["counters"] == {"hints": 1, "take_backs": 0}
    again = handle({"do": "play-resume", "options": options, "actions": kept["actions"],
                    "language": "en", "counters": kept["counters"]})
    assert again["counters"] == {"hints": 1, "take_backs": 0}
    assert handle({"do": "play-hint"})["counters"]["hints"] == 2
    # A game kept before the counters were: none used.
    older = handle({"do": "play-resume", "options": options, "actions": kept["actions"]})
    assert older["counters"] == {"hints": 0, "take_backs": 0}
    for damaged in ({"hints": "two"}, {"hints": -1}, {"take_backs": True}, ["hints"]):
        said = handle({"do": "play-resume", "options": options, "actions": kept["actions"],
                       "counters": damaged})
        assert set(said) == {"error"} and said["error"].startswith("the kept game is damaged")


def test_with_the_coach_s_own_budget_a_reload_gives_the_grades_the_learner_saw() -> None:
    """Issue 25: the grades made before a reload were made again at the end of the hand, and
    with the coach's 0.6 s limit they could differ from the ones shown. Its budget is now a
    count of positions (issue 22): the page's default coach says the same after a reload."""
    options = {"game": "fives-and-threes", "level": 1, "seed": 5}
    game = WebGame.start(dict(options), "en")
    game.state()
    played_on(game, 2)
    while game.asking != "play":
        game.choose(1)
        game.state()
    kept = game.state()
    again = WebGame.resume(dict(options), kept["actions"], "en", kept["counters"])
    again.state()
    said, said_again = played_on(game, 8), played_on(again, 8)
    assert any(line.startswith("Coach:") for line in said), said
    assert said_again == said
