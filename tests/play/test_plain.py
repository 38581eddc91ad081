"""Plain mode: whole games to the end with the first legal play, in every language."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.plain import PlainGame
from tutor.questions.coach import CoachBudget
from tutor.words.i18n import Speaker
from tutor.words.play import COMPUTER_NAMES

QUICK = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=0.05)

GAMES = {
    "cutthroat-2": Options(players=2, level=2, seed=7),
    "cutthroat-3": Options(players=3, level=2, seed=7),
    "cutthroat-4": Options(players=4, level=2, seed=7),
    "fives-and-threes": Options(game="fives-and-threes", level=2, seed=7),
}


def transcript(options: Options, language: str, *, coach: str = "live") -> tuple[str, PracticeGame]:
    game = PracticeGame(options, coach=coach, budget=QUICK)  # type: ignore[arg-type]
    out = io.StringIO()
    PlainGame(game, Speaker(language), io.StringIO("1\n" * 5000), out).run()
    return out.getvalue(), game


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize("name", list(GAMES))
def test_plain_mode_plays_a_whole_game_to_the_end(name: str, language: str) -> None:
    text, game = transcript(GAMES[name], language, coach="after" if language == "en" else "live")
    assert game.over
    assert "Traceback" not in text
    last = text.rstrip().splitlines()[-1]
    winner = game.session.events[-1].winner  # type: ignore[union-attr]
    name_of = "" if winner == 0 else COMPUTER_NAMES[winner - 1]
    assert name_of in last


WORD = re.compile(r"[^\W\d_]{2,}")


@pytest.mark.parametrize("language", ["de", "pap"])
@pytest.mark.parametrize("name", ["cutthroat-4", "fives-and-threes"])
def test_no_english_on_a_play_screen(name: str, language: str) -> None:
    english, _ = transcript(GAMES[name], "en")
    local, _ = transcript(GAMES[name], language)
    names = set(COMPUTER_NAMES)
    english_lines = set(english.splitlines())
    for line in local.splitlines():
        words = [w for w in WORD.findall(line) if w not in names]
        if words:
            assert line not in english_lines, f"English in the {language} game: {line!r}"


def test_a_tile_can_be_typed_and_help_is_given_for_a_bad_reply() -> None:
    game = PracticeGame(Options(players=2, level=2, seed=7), coach="off")
    while not game.learner_to_play:
        game.step()
    tile = game.legal_choices()[0].tile
    fits = [p for p in game.legal_choices() if p.tile == tile]
    reply = str(fits[0]) if len(fits) > 1 else str(tile)
    out = io.StringIO()
    PlainGame(game, Speaker("en"), io.StringIO(f"nonsense\n99\n{reply}\nq\n"), out).run()
    text = out.getvalue()
    assert "Type one of the numbers 1 to" in text
    assert f"You lay {tile}" in text or f"You pose {tile}" in text
    assert "Game saved" in text


def test_hint_and_take_back_are_counted() -> None:
    game = PracticeGame(Options(players=4, level=2, seed=3), coach="live", budget=QUICK)
    out = io.StringIO()
    lines = "?\n1\n" + "1\n" * 3 + "u\n" * 1 + "q\n"
    PlainGame(game, Speaker("en"), io.StringIO(lines), out).run()
    text = out.getvalue()
    assert game.counters.hints == (1 if "Hint:" in text else 0)
    assert game.counters.take_backs == (1 if "Taken back" in text else 0)
    assert game.counters.take_backs + game.counters.hints >= 1


def test_yes_one_plays_a_whole_game_through_the_command(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    record = tmp_path / "game.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tutor",
            "play",
            "--plain",
            "--seed",
            "7",
            "--players",
            "2",
            "--level",
            "2",
            "--coach",
            "off",
            "--record",
            str(record),
        ],
        input="1\n" * 5000,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "wins the set six-love" in result.stdout
    assert record.is_file()
    from tutor.store.database import Database
    from tutor.store.games import games

    saved = games(Database(tmp_path / "domino-tutor" / "learner.sqlite3"))
    assert len(saved) == 1 and saved[0].finished and saved[0].seed == 7
    review = subprocess.run(
        [sys.executable, "-m", "tutor", "review", str(record), "--lang", "de"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert review.returncode == 0, review.stderr
    assert "Traceback" not in review.stderr
