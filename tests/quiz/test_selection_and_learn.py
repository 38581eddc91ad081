"""Choosing questions (spaced repetition, no repeats), the learn path, rules and progress."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.app import QuizOptions, run, run_learn
from tutor.quiz.learn import path_for, practice
from tutor.quiz.progress import Card, ProgressStore
from tutor.quiz.selection import choose, filter_scenarios
from tutor.scenarios.library import load_library
from tutor.words.i18n import Speaker

LIBRARY, ERRORS = load_library()
EN = Speaker("en")


def test_missed_scenarios_come_back_first_and_nothing_repeats() -> None:
    scenarios = filter_scenarios(LIBRARY, topic="hard-ends")
    missed = scenarios[5].id
    cards = {
        missed: Card("hard-ends", wrong=1, box=0, due=50.0),
        scenarios[0].id: Card("hard-ends", right=4, box=4, due=1e12),
    }
    chosen = choose(scenarios, cards, count=len(scenarios), now=100.0, seed=3)
    ids = [s.id for s in chosen]
    assert ids[0] == missed, "a missed (due) scenario comes first"
    assert ids[-1] == scenarios[0].id, "a well-known one that is not due comes last"
    assert len(ids) == len(set(ids)) == len(scenarios), "no repeats in one run"


def test_same_seed_same_questions() -> None:
    a = choose(LIBRARY, {}, count=10, now=0.0, seed=11)
    b = choose(LIBRARY, {}, count=10, now=0.0, seed=11)
    assert [s.id for s in a] == [s.id for s in b]


def test_filters() -> None:
    assert {s.game for s in filter_scenarios(LIBRARY, game="fives-and-threes")} == {
        "fives-and-threes"
    }
    assert {s.level for s in filter_scenarios(LIBRARY, level=2)} == {2}


def test_learn_path_is_remembered(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    steps = path_for("cutthroat")
    first = practice(steps[0], LIBRARY)
    # Answer nothing useful: the first step's three questions, then end of input.
    replies = "\n".join(["0"] * len(first)) + "\n"
    out = io.StringIO()
    run_learn("cutthroat", EN, options=QuizOptions(plain=True), stdin=io.StringIO(replies),
              stdout=out, stderr=io.StringIO(), store=store)
    text = out.getvalue()
    assert "Step 1 of 7: The set and the tiles" in text
    assert "Step 2 of 7" in text
    saved = ProgressStore(tmp_path / "p.sqlite3").to_json()
    assert saved["learn"] == {"cutthroat": 1}, "step 1 is done, step 2 was interrupted"
    out = io.StringIO()
    run_learn("cutthroat", EN, options=QuizOptions(plain=True), stdin=io.StringIO(""),
              stdout=out, stderr=io.StringIO(), store=ProgressStore(tmp_path / "p.sqlite3"))
    assert "Step 2 of 7" in out.getvalue() and "Step 1 of 7" not in out.getvalue()


def test_rules_summary_in_each_language(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["rules", "cutthroat", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "six-love" in text and "hard" in text and "docs/_build/html/en/index.html" in text
    assert main(["rules", "fives-and-threes", "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert "61" in german and "docs/_build/html/de/index.html" in german


def test_progress_command(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["progress", "--lang", "en"]) == 0
    assert "No answers yet" in capsys.readouterr().out
    store = ProgressStore(tmp_path / "domino-tutor" / "learner.sqlite3")
    store.record("a", "hard-ends", right=True)
    store.record("b", "hard-ends", right=False)
    store.record("c", "key-cards", right=True)
    store.save()
    assert main(["progress", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    # Topics by name in the learner's language, not by key (issue 11.7).
    assert "Hard ends: 1 of 2 right (50%)" in out
    assert "Key cards: 1 of 1 right (100%)" in out
    assert "hard-ends" not in out
    assert main(["progress", "--lang", "de"]) == 0
    assert "Harte Enden" in capsys.readouterr().out


def test_a_finished_path_says_so_and_stops(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    store.learn["cutthroat"] = len(path_for("cutthroat"))
    out = io.StringIO()
    code = run_learn("cutthroat", EN, options=QuizOptions(plain=True), stdin=io.StringIO("1\n"),
                     stdout=out, stderr=io.StringIO(), store=store)
    assert code == 0
    assert "You have finished this path." in out.getvalue()
    assert "Step 1" not in out.getvalue()
    out = io.StringIO()
    run_learn("cutthroat", EN, options=QuizOptions(plain=True), stdin=io.StringIO(""),
              stdout=out, stderr=io.StringIO(), store=store, restart=True)
    assert "Step 1 of 7" in out.getvalue()


def test_learn_texts_wrap_at_word_boundaries(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "40")
    for lang in ("en", "de", "pap"):
        sp = Speaker(lang)
        out = io.StringIO()
        run_learn("cutthroat", sp, options=QuizOptions(plain=True), stdin=io.StringIO(""),
                  stdout=out, stderr=io.StringIO(),
                  store=ProgressStore(tmp_path / f"{lang}.sqlite3"))
        lines = out.getvalue().splitlines()
        assert all(len(line) <= 40 for line in lines), [x for x in lines if len(x) > 40]
        words = " ".join(lines).split()
        for paragraph in path_for("cutthroat")[0].texts:
            assert all(word in words for word in sp._(paragraph).split())


@pytest.mark.parametrize(
    ("content", "notice"),
    [
        # A card or a step off the schema is left out and named; the file is kept whole.
        ('{"version": 1, "cards": {"a": {"topic": "hard-ends", "right": "two"}}}',
         '"a" (cards.a.right: expected a whole number, got "two")'),
        ('{"version": 1, "cards": {"a": {"topic": "hard-ends", "right": -1}}}',
         '"a" (cards.a.right: expected at least 0, got -1)'),
        ('{"version": 1, "cards": {"a": {"topic": 3}}}',
         '"a" (cards.a.topic: expected a text in quotes, got 3)'),
        ('{"version": 1, "cards": [], "learn": {}}', "could not be read"),
        ('{"version": 1, "cards": {}, "learn": {"cutthroat": "x"}}',
         '"learn.cutthroat" (learn.cutthroat: expected a whole number, got "x")'),
        ('{"version": 99, "cards": {}}', "another version"),
    ],
)
def test_a_progress_file_off_the_schema_is_moved_aside(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch, capsys, content: str, notice: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "domino-tutor" / "progress.json"
    path.parent.mkdir()
    path.write_text(content)
    assert main(["progress", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert notice in captured.err and "No answers yet" in captured.out
    assert not path.exists()
    [aside] = path.parent.glob("progress.json.*")
    assert aside.read_text() == content
    path.write_text(content)
    out = io.StringIO()
    code = run(QuizOptions(plain=True, count=1, seed=1), EN, stdin=io.StringIO(""), stdout=out,
               stderr=io.StringIO())
    assert code == 0


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
def test_rules_glossary_and_progress_wrap_at_forty_columns(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch, capsys, lang: str
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = ProgressStore(tmp_path / "domino-tutor" / "learner.sqlite3")
    store.record("hard-ends/never-the-double", "fives-and-threes-scoring", right=True)
    store.record("x", "hard-ends", right=False)
    store.save()
    sp = Speaker(lang)
    for command in (["rules"], ["glossary"], ["progress"]):
        assert main([*command, "--lang", lang]) == 0
        text = capsys.readouterr().out
        lines = text.splitlines()
        assert all(len(line) <= 40 for line in lines), [x for x in lines if len(x) > 40]
    assert main(["rules", "--lang", lang]) == 0
    words = capsys.readouterr().out.split()
    last = sp._(
        "The full rules reference, with drawn positions: build it with 'make docs' and "
        "open docs/_build/html/{lang}/index.html."
    ).format(lang=lang)
    assert all(word in words for word in last.split()), "no word is broken"


def test_rules_say_six_points() -> None:
    from tutor.words.lessons import SUMMARY

    text = " ".join(SUMMARY["cutthroat"][1])
    assert "six wins" not in text and "Reach six points" in text


def test_the_quick_index_agrees_with_the_library() -> None:
    from tutor.scenarios.index import read_index
    from tutor.scenarios.library import default_library

    index = read_index([default_library()])
    assert index is not None, "every library file has a plain head"
    assert [(e.id, e.game, e.topic, e.level) for e in index] == [
        (s.id, s.game, s.topic, s.level) for s in LIBRARY
    ]


def test_a_missing_scenarios_folder_is_said_and_exits_2(tmp_path: Path) -> None:
    err = io.StringIO()
    code = run(QuizOptions(plain=True, paths=[str(tmp_path / "nowhere")]), EN,
               stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err)
    assert code == 2
    assert f"No such file or folder: {tmp_path / 'nowhere'}" in err.getvalue()
    assert "Topics" not in err.getvalue()
