"""Game records: round trips, review, replay, damaged files, puzzles from mistakes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tutor.play.app import record_problem, replay, review
from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import (
    PROBLEMS,
    RecordError,
    export_game,
    from_json,
    latest_unfinished,
    load_game,
    saved_game,
    store_game,
    to_json,
)
from tutor.play.model.session import Options
from tutor.play.plain import PlainGame
from tutor.play.review import Review
from tutor.questions.coach import CoachBudget
from tutor.words.i18n import Speaker

QUICK = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=0.05)


def finished(options: Options, coach: str = "after") -> PracticeGame:
    game = PracticeGame(options, coach=coach, budget=QUICK)  # type: ignore[arg-type]
    while not game.over:
        if game.learner_to_play:
            game.choose(game.legal_choices()[0])
        else:
            game.step()
    return game


@pytest.mark.parametrize(
    "options",
    [
        Options(players=4, level=2, seed=2),
        Options(game="fives-and-threes", level=2, seed=2),
        Options(players=2, boneyard=True, level=2, seed=2),
    ],
    ids=["cutthroat", "fives-and-threes", "boneyard"],
)
def test_a_record_round_trips(options: Options, tmp_path: Path) -> None:
    game = finished(options)
    path = tmp_path / "game.json"
    export_game(game, path)
    again = load_game(path)
    assert to_json(again) == to_json(game)
    data = json.loads(path.read_text())
    assert data["seed"] == 2 and data["deal_id"] == options.deal_id and data["finished"]
    kinds = {a["kind"] for a in data["actions"]}
    assert "play" in kinds
    if options.boneyard:
        assert "draw" in kinds and all("tile" in a for a in data["actions"] if a["kind"] == "draw")
    assert data["grades"] and all("verdict" in g for g in data["grades"])


def test_review_prints_every_hand_in_the_learners_language(tmp_path: Path) -> None:
    game = finished(Options(players=3, level=2, seed=4))
    path = tmp_path / "game.json"
    export_game(game, path)
    out = io.StringIO()
    assert review(path, Speaker("en"), out) == 0
    text = out.getvalue()
    assert text.count("Accuracy in game") + text.count("no play of yours") == game.session.hand
    assert "Accuracy in game" in text and "wins the set six-love" in text
    assert Review(load_game(path), Speaker("de")).plain() != Review(game, Speaker("en")).plain()


def test_replay_steps_through_the_record(tmp_path: Path) -> None:
    game = finished(Options(game="fives-and-threes", level=2, seed=4))
    path = tmp_path / "game.json"
    export_game(game, path)
    out = io.StringIO()
    assert replay(path, Speaker("en"), io.StringIO(""), out) == 0
    assert "reaches exactly 61" in out.getvalue()


def damaged(tmp_path: Path) -> dict[str, Path]:
    good = to_json(finished(Options(players=2, level=2, seed=1), coach="off"))
    cases: dict[str, object] = {
        "not-json": "{ not json",
        "not-a-record": {"hello": 1},
        "newer": {**good, "version": 99},
        "damaged": {**good, "seed": "seven"},
        "does-not-replay": {**good, "actions": good["actions"][:3] + good["actions"][5:]},
    }
    paths = {}
    for problem, content in cases.items():
        path = tmp_path / f"{problem}.json"
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        paths[problem] = path
    paths["refused"] = tmp_path / "missing.json"
    return paths


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_damaged_record_gets_a_sentence_never_a_traceback(
    tmp_path: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = damaged(tmp_path)
    assert set(paths) == set(PROBLEMS)
    for problem, path in paths.items():
        with pytest.raises(RecordError) as caught:
            load_game(path)
        assert caught.value.problem == problem
        assert review(path, Speaker(language), io.StringIO()) == 2
        said = capsys.readouterr().err
        assert said.startswith("domino-tutor:") and "Traceback" not in said
        assert (
            str(path) in said
            and said == record_problem(caught.value, path, Speaker(language)) + "\n"
        )


def test_resume_finds_the_unfinished_game(tmp_path: Path) -> None:
    database = tmp_path / "learner.sqlite3"
    done = finished(Options(players=2, level=2, seed=5), coach="off")
    game = PracticeGame(Options(players=2, level=2, seed=6), coach="off")
    out = io.StringIO()
    PlainGame(
        game,
        Speaker("en"),
        io.StringIO("1\n1\nq\n"),
        out,
        save=lambda g: store_game(g, database, "unfinished1"),
    ).run()
    store_game(done, database, "finished1")  # saved later, but finished
    assert latest_unfinished(database) == "unfinished1"
    again = saved_game(database, "unfinished1")
    assert again.session.actions == game.session.actions and not again.over
    store_game(finished(Options(players=2, level=2, seed=6), coach="off"), database, "unfinished1")
    assert latest_unfinished(database) is None, "saved again under its id when it ends"


STEADY = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=None)


@pytest.mark.parametrize("coach", ["live", "after"])
def test_a_hand_resumed_in_the_middle_is_reviewed_whole(coach: str) -> None:
    """The user trial: after ``play --resume`` the end of the hand showed only the grades made
    since; the review (and the summary) must hold every choice of the hand."""
    options = Options(game="fives-and-threes", level=1, seed=5)

    def choose(game: PracticeGame) -> None:
        game.choose(game.legal_choices()[-1]) if game.learner_to_play else game.step()

    game = PracticeGame(options, coach=coach, budget=STEADY)  # type: ignore[arg-type]
    while len(game.decisions) < 2:
        choose(game)
    assert not game.session.hand_over and game.session.hand == 1
    resumed = from_json(json.loads(json.dumps(to_json(game))))  # a kill, then --resume
    resumed.budget = STEADY
    for playing in (game, resumed):
        while not playing.reviews:
            choose(playing)
    whole, again = game.reviews[0], resumed.reviews[0]
    made = [(d.action, str(g.played), g.verdict) for d, g in whole.grades]
    assert len(made) > 2
    assert [(d.action, str(g.played), g.verdict) for d, g in again.grades] == made
    assert again.accuracy == pytest.approx(whole.accuracy, abs=0.01)  # (six places kept)
    names = ("you", "Marcia")
    from tutor.play.tui.pages import end_of_hand_lines

    said = end_of_hand_lines(again, coach, names, Speaker("en"))
    assert sum(line.lstrip().startswith("Coach:") for line in said) == len(made), said


def test_from_json_refuses_a_wrong_deal_id() -> None:
    data = to_json(finished(Options(players=2, level=2, seed=1), coach="off"))
    with pytest.raises(RecordError):
        from_json({**data, "deal_id": "ABCDEF"})


def test_a_record_that_cannot_be_written_gets_a_sentence_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.play.app import PlayRequest, play

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    blocked = tmp_path / "file"
    blocked.write_text("")
    request = PlayRequest(players=2, level=1, seed=3, coach="off", record=blocked / "game.json")
    out = io.StringIO()
    assert play(request, Speaker("de"), io.StringIO("1\n" * 3000), out) == 0
    err = capsys.readouterr().err
    assert err.count("domino-tutor: Die Partie kann nicht in") == 1
    assert "Six-Love" in out.getvalue()
    from tutor.store.database import Database
    from tutor.store.games import games

    kept = games(Database(tmp_path / "domino-tutor" / "learner.sqlite3"))
    assert len(kept) == 1 and kept[0].finished and kept[0].seed == 3, "kept in the database"


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_boneyard_outside_two_player_cutthroat_is_refused_in_the_learners_words(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.play.app import PlayRequest, play

    request = PlayRequest(players=4, boneyard=True)
    assert play(request, Speaker(language), io.StringIO(""), io.StringIO()) == 2
    said = capsys.readouterr().err
    assert said.startswith("domino-tutor: --boneyard") and "option of 2-player" not in said[:0]
    if language != "en":
        assert "is an option" not in said
