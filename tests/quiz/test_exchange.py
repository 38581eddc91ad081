"""The progress file of ``domino-tutor progress --export/--import`` (``tutor.quiz.exchange``):
an export brought into another database carries every answer, its cards and its ratings; an
import adds and never replaces; a bad file gets one sentence and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.quiz.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[2]


def tutor(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def store(data: Path) -> ProgressStore:
    return ProgressStore(data / "domino-tutor" / "learner.sqlite3")


def answer(data: Path, replies: list[tuple[str, str, bool, float]]) -> None:
    kept = store(data)
    for puzzle, topic, right, at in replies:
        kept.record(puzzle, topic, right=right, now=at, game="cutthroat", level=None)
    kept.save()


REPLIES = [("hard-ends/after-a-pass", "hard-ends", True, 100.0),
           ("legal-plays/after-the-big-six", "legal-plays", False, 200.5)]


def test_an_export_brought_in_elsewhere_carries_answers_cards_and_ratings(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    kept = store(here)
    for puzzle, topic, right, at in REPLIES:  # the levels of the library, as the quiz does
        kept.record(puzzle, topic, right=right, now=at, game="cutthroat",
                    level=2 if right else 1)
    kept.save()
    file = tmp_path / "progress.json"
    done = tutor(here, "progress", "--export", str(file))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Your progress is now in {file}: 2 answers.\n"
    data = json.loads(file.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("domino-tutor progress", 1)
    assert len(data["answers"]) == 2
    done = tutor(there, "progress", "--import", str(file), "--lang", "de")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{len(REPLIES)} Antworten aus {file} übernommen.\n"
    brought = store(there)
    assert brought.accuracy_by_topic() == store(here).accuracy_by_topic()
    # the library's levels (the database keeps none): the ratings come out the same
    assert brought.learner_ratings().keys() == store(here).learner_ratings().keys()


def test_an_import_adds_and_never_replaces(tmp_path: Path) -> None:
    here = tmp_path / "here"
    answer(here, REPLIES[:1])
    file = tmp_path / "p.json"
    answers = [{"puzzle": p, "topic": t, "game": "cutthroat", "level": None, "right": r,
                "hints": 0, "at": at} for p, t, r, at in REPLIES]
    answers.append({**answers[0], "right": False})  # the same time, another verdict: new
    file.write_text(json.dumps({"format": "domino-tutor progress", "version": 1,
                                "answers": answers}), encoding="utf-8")
    done = tutor(here, "progress", "--import", str(file))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"Brought in 2 answers from {file}.",
        "1 answer was already there and was left as it is.",
    ]
    assert store(here).accuracy_by_topic() == {"hard-ends": (1, 2), "legal-plays": (0, 1)}
    again = tutor(here, "progress", "--import", str(file), "--lang", "pap")
    assert again.returncode == 0
    assert store(here).accuracy_by_topic() == {"hard-ends": (1, 2), "legal-plays": (0, 1)}


@pytest.mark.parametrize(("text", "said"), [
    ('{"format": "domino-tutor progress", "version": 1, "answers": [{"puzzle": "a", '
     '"topic": "t", "right": "yes", "at": 1}]}',
     'is damaged: answers[0].right: expected true or false, got "yes".'),
    ('{"format": "domino-tutor progress", "version": 7, "answers": []}',
     "was written by a newer version of domino-tutor."),
    ('{"format": "a game record"}', "is not a progress file of domino-tutor."),
    ('{"answers": [', "is not a progress file: it is not valid JSON: line 1, column 14"),
    ('{"format": "domino-tutor progress", "version": 1, "answers": [{"puzzle": "../x", '
     '"topic": "t", "right": true, "at": 1}]}', "answers[0].puzzle: is not of the right form"),
])
def test_a_bad_file_gets_a_sentence_and_exit_2(tmp_path: Path, text: str, said: str) -> None:
    file = tmp_path / "bad.json"
    file.write_text(text, encoding="utf-8")
    done = tutor(tmp_path, "progress", "--import", str(file))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert said in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "domino-tutor" / "learner.sqlite3").exists() or not \
        store(tmp_path).accuracy_by_topic()
