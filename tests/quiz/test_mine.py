"""``quiz --mine``: puzzles from the learner's mistakes, asked and explained in the learner's
language of the day, each titled by its game, hand and choice, explaining the answer given.

``mine/945AC4-3-64.toml`` was written by ``domino-tutor play`` before the files kept their
origin (a game played in German: its title and hint are German sentences); it must still load,
validate, and be asked in any language. ``mine/b77f8ddc3c2c-3-5.toml`` was written with its
``[origin]`` (the same position: in that game the learner played 6-2 on the left).
``mine/460e78b8765e-2-2.toml`` is a Fives & Threes ``best-play`` puzzle (seed 5 of
``tests/play/test_puzzles.py``: the learner played 4-1 on the right, 3-1 on the right scores 2).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.runner import QuizRunner
from tutor.quiz.screen import hint_of, screen_lines, story_of, title_of
from tutor.rules.plays import Play
from tutor.scenarios.reader import load_scenario
from tutor.words.i18n import Speaker

HERE = Path(__file__).parent / "mine"
OLD = load_scenario(HERE / "945AC4-3-64.toml")
NEW = load_scenario(HERE / "b77f8ddc3c2c-3-5.toml")
FIVES = load_scenario(HERE / "460e78b8765e-2-2.toml")


class Replies:
    """A quiz UI that answers from a list and keeps every line shown."""

    def __init__(self, replies: list[str], full: bool = False) -> None:
        self.replies, self.lines = list(replies), []  # type: list[str], list[str]
        self.full = full

    def show(self, lines, style=""):  # type: ignore[no-untyped-def]
        self.lines += list(lines)

    def ask(self, scenario, state):  # type: ignore[no-untyped-def]
        if not self.replies:
            raise EOFError
        return self.replies.pop(0)

    def pause(self, state):  # type: ignore[no-untyped-def]
        pass

    def clear(self):  # type: ignore[no-untyped-def]
        return self.full


def run(scenario, replies: list[str], lang: str = "en", full: bool = False) -> list[str]:  # type: ignore[no-untyped-def]
    ui = Replies(replies, full)
    QuizRunner(
        [scenario], ui, Speaker(lang), None, width=lambda: 200, height=lambda: 60
    ).run()
    return ui.lines


def after_verdict(lines: list[str], verdict: str) -> list[str]:
    """The lines from the verdict to the summary."""
    start = next(i for i, line in enumerate(lines) if line.startswith(verdict))
    end = next(i for i, line in enumerate(lines) if re.match(r"\d+ questions?: ", line))
    return lines[start:end]


def test_the_file_keeps_facts_and_ids_not_sentences() -> None:
    origin = NEW.origin
    assert origin is not None
    assert (origin.game, origin.hand, origin.choice) == ("b77f8ddc3c2c", 3, 5)
    assert (str(origin.played), str(origin.best)) == ("6-2 left", "5-5 right")
    # the hint is the theme's English source text, which every catalog translates
    assert hint_of(NEW, Speaker("de")) != NEW.question.hint
    assert hint_of(NEW, Speaker("en")) == NEW.question.hint


@pytest.mark.parametrize(
    ("lang", "title", "story"),
    [
        ("en", "Your set b77f8ddc: game 3, choice 5", "you played 6-2 on the left"),
        ("de", "Deine Partie b77f8ddc: Spiel 3, Zug 5", "6-2 links"),
        ("pap", "Bo serie b77f8ddc: wega 3, hugada 5", "6-2 na banda robes"),
    ],
)
def test_the_title_says_game_hand_and_choice_in_the_learners_language(
    lang: str, title: str, story: str
) -> None:
    sp = Speaker(lang)
    assert title in title_of(NEW, sp)
    assert story in story_of(NEW, sp)
    screen = screen_lines(NEW, sp)
    assert title_of(NEW, sp) in screen[0]
    assert story_of(NEW, sp) in screen[1]


def test_an_old_puzzle_file_still_loads_and_validates() -> None:
    assert OLD.origin is None and OLD.title == "Ein Zug aus deiner Partie"
    assert main(["validate", str(HERE / "945AC4-3-64.toml")]) == 0
    assert main(["validate", str(HERE)]) == 0


def test_an_old_puzzle_file_is_asked_without_the_language_of_its_game() -> None:
    lines = run(OLD, ["?", "!"], "en")
    text = "\n".join(lines)
    assert "Ein Zug" not in text and "Nach 5-5" not in text, text
    assert "deal 945AC4, hand 3" in text
    assert "Hint: Which tiles can the others still hold?" in text


def test_a_wrong_answer_is_explained_not_the_tempting_play() -> None:
    lines = run(NEW, ["5-3 right"])
    assert "Not quite. The answer is 5-5 right." in lines
    instead = [line for line in lines if "instead" in line]
    assert instead == ["After 5-3 on the right instead the others can stop you from winning."]
    assert "Over all the deals, 5-3 on the right wins the game in only 13 of the 70 deals." in lines
    verdict = lines.index("Not quite. The answer is 5-5 right.")
    assert not any("6-2" in line for line in lines[verdict:]), lines


def test_a_skip_is_explained_against_the_play_made_in_the_game() -> None:
    other = replace(NEW, origin=replace(NEW.origin, played=Play.parse("5-3 right")))
    lines = run(other, ["!"])
    assert any(line.startswith("After 5-3 on the right instead") for line in lines), lines
    assert not any(line.startswith("After 6-2 on the left instead") for line in lines), lines


def test_the_summary_names_a_missed_puzzle_by_its_title() -> None:
    lines = run(NEW, ["5-3 right"], "en")
    assert lines[-1] == "This will come back sooner: Your set b77f8ddc: game 3, choice 5."


def test_no_puzzle_of_the_game_asked_names_the_topics_not_their_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user trial: with no Fives & Threes puzzle among one's own, ``quiz --mine --game
    fives-and-threes`` listed the topics by their ids (``play-the-odds``); a topic is named in
    the learner's language, and the sentence is wrapped between words."""
    puzzles = tmp_path / "domino-tutor" / "puzzles"
    puzzles.mkdir(parents=True)
    (puzzles / "b77f8ddc3c2c-3-5.toml").write_bytes((HERE / "b77f8ddc3c2c-3-5.toml").read_bytes())
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "40")
    for lang, name in (("de", "Nach Wahrscheinlichkeit spielen"), ("en", "Play the odds")):
        code = main(["quiz", "--mine", "--plain", "--game", "fives-and-threes", "--lang", lang])
        err = capsys.readouterr().err
        assert code == 2
        assert "play-the-odds" not in err and name in " ".join(err.split()), err
        assert all(len(line) < 40 for line in err.splitlines()), err
    # Asked for a topic by its key, the keys the option takes are listed with their names.
    assert main(["quiz", "--mine", "--plain", "--topic", "hard-ends", "--lang", "en"]) == 2
    assert "play-the-odds (Play the odds)" in " ".join(capsys.readouterr().err.split())


@pytest.mark.parametrize("full", [False, True], ids=["plain", "full-screen"])
def test_a_right_answer_is_explained_by_why_it_is_right_not_by_the_games_play(
    full: bool,
) -> None:
    """The user trial: ``quiz --mine`` explained the play made in the game after a right
    answer too. Here the game's play was 5-3 on the right; the right answer is told against
    the most tempting other play, as any puzzle's is, and 5-3 is not named."""
    other = replace(NEW, origin=replace(NEW.origin, played=Play.parse("5-3 right")))
    said = after_verdict(run(other, ["5-5 right"], full=full), "Right!")
    assert "With it you win the game in 26 of the 70 deals" in " ".join(said), said
    assert not any("5-3" in line for line in said), said


@pytest.mark.parametrize("full", [False, True], ids=["plain", "full-screen"])
def test_a_wrong_answer_says_how_it_does_right_after_the_proof(full: bool) -> None:
    said = after_verdict(run(NEW, ["5-3 right"], full=full), "Not quite.")
    proof = next(i for i, line in enumerate(said) if "any other play in at least" in line)
    assert said[proof + 1] == (
        "Over all the deals, 5-3 on the right wins the game in only 13 of the 70 deals."
    ), said


def test_a_play_that_is_not_legal_is_said_so_and_not_explained_as_the_games_play() -> None:
    other = replace(NEW, origin=replace(NEW.origin, played=Play.parse("5-3 right")))
    said = after_verdict(run(other, ["2-1 left"]), "Not quite.")
    assert said[1] == "Not a legal play: 2-1 left.", said
    assert not any("5-3" in line for line in said), said


@pytest.mark.parametrize(
    ("lang", "reply", "first"),
    [
        ("en", "1-0 right", "After 1-0 on the right the ends add up to 3. 3 is 1 three: 1 "
                            "point."),
        ("en", "3-1 right", "After 3-1 on the right the ends add up to 6. 6 is 2 threes: 2 "
                            "points."),
        ("en", "4-1 right", "After 4-1 on the right the ends add up to 7. 7 is no multiple of 3 "
                            "or 5: no points."),
        ("de", "1-0 rechts", "Nach 1-0 rechts"),
        ("pap", "1-0 drechi", "Despues di 1-0 na banda drechi"),
    ],
)
def test_a_fives_and_threes_answer_is_scored_first_then_the_best(
    lang: str, reply: str, first: str
) -> None:
    """A ``best-play`` puzzle from the game: what the answer given scores comes right after
    the ends, then (for a wrong one) what the best play scores; the play of the game (4-1 on
    the right) is not told first unless it was the answer given."""
    lines = run(FIVES, [reply], lang)
    start = next(i for i, line in enumerate(lines) if line.startswith(("Right", "Richtig",
                                                                          "Korekt", "Not quite",
                                                                          "Nicht ganz", "No ta")))
    said = [line for line in lines[start + 2 :] if line]
    assert said[0].startswith(first), lines
    if lang == "en" and reply != "3-1 right":
        assert said[1].startswith("After 3-1 on the right the ends add up to 6"), said
