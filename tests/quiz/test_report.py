"""The report's rating plots: answer by answer from the start, with the uncertainty as a band, one
scale for all, and no plot twice (a game whose answers lie in one topic is drawn with it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.progress import ProgressStore
from tutor.scenarios.library import load_library

LIBRARY, _ = load_library()


def answer(folder: Path, topics: list[str], right: list[bool]) -> None:
    """Answers on one day to puzzles of ``topics`` (Cutthroat), right or wrong in turn."""
    store = ProgressStore(folder / "domino-tutor" / "learner.sqlite3")
    chosen = [next(s for s in LIBRARY if s.topic == t and s.game == "cutthroat") for t in topics]
    for number, (scenario, ok) in enumerate(zip(chosen, right, strict=True)):
        store.record(scenario.id, scenario.topic, right=ok, now=1_800_000_000.0 + 60 * number,
                     game=scenario.game, level=scenario.level)
    store.save()


def report(folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    path = folder / "report.html"
    assert main(["progress", "--report", str(path), "--lang", "en"]) == 0
    return path.read_text(encoding="utf-8")


def plots(text: str) -> dict[str, str]:
    """Each plotted section's name and its SVG."""
    return dict(re.findall(r"<section><h3>([^<]*)</h3><p>[^<]*</p>(<svg.*?</svg>)", text))


def test_one_day_of_answers_is_a_course_with_its_band_not_a_dot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer(tmp_path, ["hard-ends", "hard-ends", "hard-ends"], [False, True, False])
    drawn = plots(report(tmp_path, monkeypatch))
    assert list(drawn) == ["Cutthroat · Hard ends"], "the game and its one topic: one plot"
    svg = drawn["Cutthroat · Hard ends"]
    line = re.search(r'<polyline points="([^"]*)"', svg)
    assert line is not None and len(line.group(1).split()) == 4, "the start and three answers"
    assert "<polygon" in svg, "the band of the deviation"
    assert "after 0 answers: 1500 ± 500" in svg
    assert svg.count("<circle") == 4


def test_one_plot_per_topic_on_one_scale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer(tmp_path, ["hard-ends", "key-cards", "hard-ends", "six-love"],
           [True, False, True, False])
    drawn = plots(report(tmp_path, monkeypatch))
    assert list(drawn) == ["Cutthroat", "Hard ends", "Key cards", "Six-love"]
    scales = {tuple(re.findall(r'text-anchor="end" fill="#555">(\d+)<', svg))
              for svg in drawn.values()}
    assert len(scales) == 1, scales
    assert len(set(drawn.values())) == len(drawn), "no two plots the same"
