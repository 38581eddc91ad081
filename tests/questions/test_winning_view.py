"""winning-play from the learner's view only (issue 14, second flavour), and Cutthroat mistakes
as learner-view puzzles (issue 13)."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.puzzles import Mistake, write_puzzles
from tutor.questions.coach import CoachBudget
from tutor.questions.facts import ExampleDeal, OtherPlayOnView, ProvedOnView
from tutor.questions.topics import TOPICS
from tutor.quiz.app import QuizOptions, run
from tutor.rules.series import HandOver
from tutor.scenarios.model import ScenarioError, answer_scenario, expected
from tutor.scenarios.reader import load_scenario, parse_scenario
from tutor.search.deals import DealSampler
from tutor.search.view_proof import (
    EVERY_DEAL,
    EXPECTATION,
    every_deal,
    prove_view,
    seat_view,
)
from tutor.words.i18n import Speaker
from tutor.words.narrate import say

ROOT = Path(__file__).resolve().parents[2]
VIEW_THEMES = ("play-the-odds", "score-the-odds")

STUDY = """\
id = "play-the-odds/winston"
game = "cutthroat"
topic = "play-the-odds"
level = 3
title = "Only your hand"
seats = ["you", "Beverley", "Winston"]

[table]
line = ["3-2", "2-2", "2-1", "1-1", "1-4", "4-0", "0-2", "2-5", "5-3", "3-0", "0-1", "1-5", \
"5-4", "4-6", "6-6", "6-2", "2-4", "4-4", "4-3", "3-1", "1-6", "6-0"]

[hands]
you = ["6-3", "5-0"]
Beverley = 2
Winston = 1

[question]
ask = "winning-play"
"""


def view_files() -> list[Path]:
    return sorted(p for theme in VIEW_THEMES for p in (ROOT / "scenarios" / theme).glob("*.toml"))


def test_every_view_puzzle_of_the_library_is_proved_and_explained() -> None:
    files = view_files()
    assert len(files) >= 30
    methods = set()
    for path in files:
        s = load_scenario(path)
        result = answer_scenario(s)
        assert expected(s) == result.value and s.level in range(2, 6), path
        assert any(hand is None for hand in s.position.hands), path  # the learner's view only
        proved = result.facts[1]
        assert isinstance(proved, ProvedOnView), path
        methods.add(proved.every_deal)
        if proved.deals > 1:  # one deal: the example deal already says it all (test below)
            assert isinstance(result.facts[-1], OtherPlayOnView), path
        assert any(isinstance(f, ExampleDeal) for f in result.facts), path
        assert TOPICS[s.topic].detect(s.position), path
    assert main(["validate", *map(str, files)]) == 0


def test_the_view_answer_differs_from_the_answer_with_every_hand_shown() -> None:
    text = (ROOT / "scenarios/score-the-odds/gen-14-002.toml").read_text()
    view = parse_scenario(text)
    assert answer_scenario(view).value == ["6-6 right"]
    # In the deal where Giselle holds 3-3, 4-3 on the left is the one best play; the learner
    # cannot know that deal, and over every deal 6-6 is clearly better.
    shown = text.replace("Giselle = 1", 'Giselle = ["3-3"]').replace("boneyard = 14\n", "")
    study = parse_scenario(shown)
    assert answer_scenario(study).value == ["4-3 left"]
    assert study.position.hands[1] is not None


def test_every_deal_counts_as_the_sampler_does() -> None:
    p = parse_scenario(STUDY).position
    view = seat_view(p)
    assert len(list(every_deal(view))) == DealSampler(view).count() == 3
    voided = seat_view(p, {2: 1 << 3})  # Winston lacks 3
    deals = list(every_deal(voided))
    assert len(deals) == DealSampler(voided).count() == 2
    assert all(not hands[2] & (1 << 0) for hands in deals)


def test_lacks_narrows_the_deals_and_can_make_a_puzzle_unprovable(tmp_path: Path) -> None:
    s = parse_scenario(STUDY)
    assert answer_scenario(s).value == ["6-3 left"]
    text = STUDY + "lacks = { Winston = [3] }\n"
    path = tmp_path / "unprovable.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as caught:
        answer_scenario(load_scenario(path))
    message = str(caught.value)
    assert message.startswith(f"{path}:17: ")  # the line of ask
    assert "does not prove one play" in message and "6-3 left, 5-0 right" in message


def test_validate_refuses_an_unprovable_view_with_path_line_and_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "close.toml"
    path.write_text(STUDY + "lacks = { Winston = [3] }\nexpect = [\"6-3 left\"]\n")
    assert main(["validate", str(path)]) != 0
    out = capsys.readouterr().out
    assert f"{path}:17:" in out and "the learner's view does not prove one play" in out


@pytest.mark.parametrize(
    ("lacks", "problem"),
    [
        ("{ Ann = [3] }", "who is not one of the seats"),
        ("{ Winston = [7] }", "must be a list of numbers from 0 to 6"),
        ('"3"', "must be a table"),
        ("{ you = [3] }", "who is not another seat"),
    ],
)
def test_bad_lacks_get_a_sentence(lacks: str, problem: str) -> None:
    with pytest.raises(ScenarioError, match=problem):
        answer_scenario(parse_scenario(STUDY + f"lacks = {lacks}\n"))


def test_lacks_with_every_hand_shown_is_refused() -> None:
    shown = STUDY.replace("Beverley = 2", 'Beverley = ["6-5", "5-5"]')
    shown = shown.replace("Winston = 1", 'Winston = ["3-3"]')
    with pytest.raises(ScenarioError, match="every hand is shown"):
        answer_scenario(parse_scenario(shown + "lacks = { Winston = [4] }\n"))


def test_the_expectation_proof_is_used_beyond_the_limit_and_repeats() -> None:
    p = parse_scenario(STUDY).position
    exact = prove_view(p)
    assert exact.method == EVERY_DEAL and exact.error == 0.0
    path = ROOT / "scenarios/score-the-odds"
    big = next(
        s.position
        for s in map(load_scenario, sorted(path.glob("*.toml")))
        if DealSampler(seat_view(s.position)).count() > 240
    )
    first, second = prove_view(big), prove_view(big)
    assert first.method == EXPECTATION and first.deals == 240
    assert first == second and first.unique and first.error > 0
    # The margin stands three standard errors clear of the clear margin.
    assert first.margin is not None and first.margin - 3 * first.error >= 2


def test_the_answer_says_which_proof_in_three_languages() -> None:
    s = parse_scenario(STUDY)
    facts = answer_scenario(s).facts
    texts = {lang: [say(f, Speaker(lang)) for f in facts] for lang in ("en", "de", "pap")}
    assert "played out every one" in texts["en"][1]
    assert "Winston holds 3-3" in texts["en"][2]
    assert "Verteilung" in texts["de"][1] and "Winston hat 3-3" in texts["de"][2]
    assert "repartishon" in texts["pap"][1] and "Winston tin 3-3" in texts["pap"][2]


# --- Cutthroat mistakes become learner-view puzzles --------------------------------------

BUDGET = CoachBudget(samples_fives_and_threes=8, time_budget=0.2)


def cutthroat_puzzles(folder: Path) -> list[Path]:
    written: list[Path] = []
    for seed, players in ((4, 3), (9, 3), (10, 4)):
        options = Options(game="cutthroat", players=players, level=3, seed=seed)
        game = PracticeGame(options, budget=BUDGET)
        while not game.over:
            if game.learner_to_play:
                events = game.choose(game.legal_choices()[-1])[0]
            else:
                events = game.step()
            if any(isinstance(e, HandOver) for e in events):
                review = game.reviews[-1]
                written += write_puzzles(review, folder, f"{seed:012x}")
    return written


def test_cutthroat_mistakes_become_puzzles_that_validate_and_quiz_mine_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "domino-tutor" / "puzzles"
    written = cutthroat_puzzles(folder)
    assert len(written) >= 3, "the games made no Cutthroat puzzle"
    assert main(["validate", str(folder)]) == 0
    for path in written:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == "cutthroat" and data["question"]["ask"] == "winning-play"
        assert data["seats"][0] == "you" and data["turn"] == "you"
        assert all(isinstance(v, int) for k, v in data["hands"].items() if k != "you")
        assert data["question"].get("hint")
    # quiz --mine asks them (here the first one alone): the right answer is taken as right.
    for path in written[1:]:
        path.unlink()
    out = io.StringIO()
    reply = " ".join(expected(load_scenario(written[0]))) + "\n"
    code = main_quiz_mine(reply, out)
    assert code == 0
    text = out.getvalue()
    assert "You see only your own hand" in text and "Right!" in text


def main_quiz_mine(reply: str, out: io.StringIO) -> int:
    from tutor.cli.parser import build_parser
    from tutor.cli.quiz import _mine

    args = build_parser().parse_args(["quiz", "--mine", "--plain"])
    options = QuizOptions(plain=True, paths=_mine(args), count=1, seed=1)
    return run(options, Speaker("en"), stdin=io.StringIO(reply), stdout=out, stderr=io.StringIO())


def decision_of(path: Path, played: str) -> Mistake:
    """A learner's decision at a library view puzzle, graded as the coach would."""
    from tutor.play.model.practice import Decision
    from tutor.questions.coach import Grade, Verdict
    from tutor.rules.plays import Play
    from tutor.search.view_proof import deal_position

    s = load_scenario(path)
    view = seat_view(s.position)
    if s.game == "cutthroat":
        view = replace_seat_scores(view, s.position.scores)
    deal = next(every_deal(view)) if DealSampler(view).count() < 1000 else None
    known = deal_position(s.position, deal) if deal else None
    decision = Decision(7, 1, view, known)  # type: ignore[arg-type]
    best = Play.parse(expected(s)[0])
    chances = tuple((play, 0.5 if play == best else 0.2) for play in s.position.legal_plays())
    grade = Grade(Play.parse(played), best, chances, Verdict.BLUNDER)
    return Mistake("abc123abc123", decision, grade, 1)


def replace_seat_scores(view, scores):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    return replace(view, scores=tuple(scores))


@pytest.mark.parametrize(
    ("name", "played"),
    [
        ("play-the-odds/gen-14-001.toml", "5-5 right"),
        ("score-the-odds/gen-14-002.toml", "4-3 left"),
    ],
)
def test_a_view_mistake_is_written_with_the_proved_answer(
    tmp_path: Path, name: str, played: str
) -> None:
    from tutor.play.puzzles import view_puzzle_text

    path = ROOT / "scenarios" / name
    mistake = decision_of(path, played)
    text = view_puzzle_text(mistake)
    assert text is not None
    written = tmp_path / "mine.toml"
    written.write_text(text, encoding="utf-8")
    s = load_scenario(written)
    assert s.question.ask == "winning-play" and expected(s) == expected(load_scenario(path))
    assert answer_scenario(s).value == expected(s)
    assert main(["validate", str(written)]) == 0
    # The play made is the answer itself: not a mistake the file could ask.
    assert view_puzzle_text(decision_of(path, expected(s)[0])) is None
    # The coach's best play is not the one the view proves: no file (the hint would mislead).
    from dataclasses import replace

    from tutor.rules.plays import Play

    wrong = replace(mistake.graded, best=Play.parse(played))
    assert view_puzzle_text(replace(mistake, graded=wrong)) is None


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
def test_a_view_that_fixes_the_deal_speaks_of_that_one_deal(lang: str) -> None:
    """Rule: when the hidden hands can hold one deal only, the explanation speaks of that deal:
    no "every one of them", no "one of those deals", no sum over the deals."""
    s = load_scenario(ROOT / "scenarios" / "play-the-odds" / "gen-14-003.toml")
    facts = answer_scenario(s).facts
    proved = next(f for f in facts if isinstance(f, ProvedOnView))
    assert proved.deals == 1
    assert not any(isinstance(f, OtherPlayOnView) for f in facts)
    assert next(f for f in facts if isinstance(f, ExampleDeal)).only
    text = " ".join(say(f, Speaker(lang)) for f in facts)
    many = {
        "en": ("every one of them", "one of those deals", "Over all the deals"),
        "de": ("in jeder davon", "eine dieser Verteilungen"),
        "pap": ("kada un di nan", "un di e repartishonnan"),
    }[lang]
    assert not any(words in text for words in many), text
    one = {
        "en": ("with any other play you do not", "So the hidden hands hold"),
        "de": ("mit jedem anderen Zug nicht", "Die verdeckten Hände haben also"),
        "pap": ("bo no ta gana", "Anto e mannan skondí tin"),
    }[lang]
    assert all(words in text for words in one), text
