"""`progress`: ratings per game and topic, the chart of recent days (40 and 80 columns), and the
report file (HTML or SVG, self-contained and well-formed)."""

from __future__ import annotations

import random
import time
import xml.dom.minidom
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.quiz.chart import rating_chart
from tutor.quiz.progress import ProgressStore
from tutor.scenarios.library import load_library
from tutor.words.i18n import Speaker

LIBRARY, _ = load_library()
DAY = 86400.0


def practise(folder: Path, days: int = 9) -> None:
    """Answers on several past days, in the learner's database under ``folder``."""
    store = ProgressStore(folder / "domino-tutor" / "learner.sqlite3")
    rng = random.Random(4)
    start = time.time() - days * DAY
    for day in range(days):
        for number in range(8):
            scenario = rng.choice(LIBRARY)
            store.record(scenario.id, scenario.topic, right=rng.random() < 0.3 + day * 0.07,
                         now=start + day * DAY + number * 60, game=scenario.game,
                         level=scenario.level, hints=number % 3 == 0)
        store.save()


def test_the_chart_fits_any_width_and_shows_the_latest_days() -> None:
    course = [(f"2026-11-{day:02}", 1400.0 + 10 * day) for day in range(1, 31)]
    for width in (20, 40, 80):
        lines = rating_chart(course, width=width)
        assert all(len(line) <= width for line in lines), width
        assert lines[0].startswith("1700"), "the latest day, the highest, is always shown"
    assert rating_chart(course, width=80)[-1].strip() == "11-01  11-30"
    assert rating_chart([], width=40) == []


class _Balanced(HTMLParser):
    """Fails on a closing tag that does not match the open one."""

    VOID = frozenset({"meta", "br", "img", "input", "link", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.sources += [v or "" for k, v in attrs if k in ("src", "href")]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.sources += [v or "" for k, v in attrs if k in ("src", "href")]

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        assert self.open and self.open.pop() == tag, tag


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "de", "pap"])
def test_progress_shows_ratings_and_their_course(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch, capsys, columns: int, lang: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", str(columns))
    practise(tmp_path)
    assert main(["progress", "--lang", lang]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert all(len(line) <= columns for line in lines), [x for x in lines if len(x) > columns]
    sp = Speaker(lang)
    assert sp._("Your ratings:") in out
    assert sp._("Cutthroat") + ": " in out and sp._("Fives & Threes") + ": " in out
    assert sum("┤" in line for line in lines) >= 8, "a chart of four rows for each game"
    if lang != "en":
        assert "answers" not in out and "days of practice" not in out


@pytest.mark.parametrize("suffix", [".html", ".svg"])
def test_the_report_is_written_self_contained_and_well_formed(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch, capsys, suffix: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    practise(tmp_path)
    report = tmp_path / f"report{suffix}"
    assert main(["progress", "--report", str(report), "--lang", "de"]) == 0
    assert f"{report}" in capsys.readouterr().out
    text = report.read_text(encoding="utf-8")
    assert "<polyline" in text and "http://" not in text.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    ), "a plot, and nothing fetched from elsewhere"
    if suffix == ".svg":
        drawing = xml.dom.minidom.parseString(text.encode())
        assert len(drawing.getElementsByTagName("polyline")) >= 2
    else:
        parser = _Balanced()
        parser.feed(text)
        parser.close()
        assert parser.open == [] and parser.sources == []
        assert '<html lang="de">' in text and "Blockierte" in text
        assert "<script" not in text


def test_no_ratings_yet_and_a_report_that_cannot_be_written(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["progress", "--lang", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(len(line) <= 40 for line in lines), lines
    assert lines[1].endswith("domino-tutor quiz"), "never broken inside a word"
    report = tmp_path / "report.html"
    assert main(["progress", "--report", str(report), "--lang", "en"]) == 0
    assert "No ratings yet" in report.read_text()
    assert main(["progress", "--report", str(tmp_path / "no" / "such" / "r.html")]) == 2
    err = capsys.readouterr().err
    assert "Could not write the report" in err and "Traceback" not in err
    assert main(["progress", "--days", "0"]) == 2
