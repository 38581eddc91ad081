"""Plain mode: whole games to the end with the first legal play, in every language."""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.plain import PlainGame
from tutor.questions.coach import CoachBudget
from tutor.rules.series import HandOver
from tutor.words.i18n import Speaker
from tutor.words.play import COMPUTER_NAMES, event_lines, seat_names

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
    assert "Type 1, or the tile you can play." in text  # the pose of 6-6 is the one play
    assert f"You lay {tile}" in text or f"You pose {tile}" in text
    assert "Game saved" in text


def test_help_for_a_bad_reply_counts_the_plays() -> None:
    """"Type one of the numbers 1 to 1" is what the game said with one play; with several it
    names the range."""
    from tutor.words.play import choose_again

    en = Speaker("en")
    assert choose_again(1, en) == "Type 1, or the tile you can play."
    assert choose_again(3, en) == "Type one of the numbers 1 to 3, or a tile you can play."
    for language in ("de", "pap"):
        assert "{n}" not in choose_again(1, Speaker(language))
        assert "1" in choose_again(1, Speaker(language))


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


def test_plain_mode_saves_after_every_play_pass_and_draw() -> None:
    saved: list[int] = []
    game = PracticeGame(Options(players=2, boneyard=True, level=1, seed=5), coach="off")
    PlainGame(
        game,
        Speaker("en"),
        io.StringIO("1\n" * 6 + "?\nu\nq\n"),
        io.StringIO(),
        checkpoint=lambda g: saved.append(len(g.session.actions)),
    ).run()
    actions = len(game.session.actions)
    assert actions > 6 and {a.kind for a in game.session.actions} >= {"play", "draw"}
    taken_back = saved.index(max(saved))
    assert saved[: taken_back + 1] == list(range(1, max(saved) + 1)), saved
    assert saved[-1] == actions, "the take-back is saved at once"


def test_sigterm_stops_plain_mode_and_saves_the_game(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    command = [sys.executable, "-m", "tutor", "play", "--plain", "--fast", "--seed", "7",
               "--players", "2", "--level", "1", "--coach", "off"]  # fmt: skip
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env,
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("1\n1\n")
    process.stdin.flush()
    seen = ""
    while seen.count("> ") < 3:  # two plays made, the third asked for
        seen += process.stdout.read(1)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "Game saved: continue it with domino-tutor play --resume." in out
    from tutor.play.model.record import latest_unfinished, saved_game

    database = tmp_path / "domino-tutor" / "learner.sqlite3"
    game_id = latest_unfinished(database)
    assert game_id is not None
    mine = [a for a in saved_game(database, game_id).session.actions if a.seat == 0]
    assert len([a for a in mine if a.kind == "play"]) == 2


def test_the_end_of_a_two_player_hand_says_every_hand_could_be_known() -> None:
    """2-player Cutthroat without a boneyard: the other player holds every tile the learner
    cannot see, so the end of the hand says so, as the review does (never "not knowable")."""
    text, game = transcript(GAMES["cutthroat-2"], "en", coach="after")
    assert game.reviews and any(g.known_exact for r in game.reviews for _, g in r.grades)
    assert "not knowable during play" not in text
    assert "Every hand could be known here" in text


def test_the_final_line_is_said_before_the_end_of_each_hand() -> None:
    """The line that decided the hand, then how it ended (the summary)."""
    text, game = transcript(GAMES["cutthroat-4"], "en", coach="off")
    lines = text.splitlines()
    finals = [k for k, line in enumerate(lines) if line.startswith("Final line: ")]
    hands = [e for e in game.session.events if isinstance(e, HandOver)]
    assert len(finals) == len(hands) >= 1
    ended = event_lines(hands[0], seat_names(4), Speaker("en"), first=False)[0]
    assert lines[finals[0] + 1] == ended
