"""The Babel extractor: the texts a learner reads, with their lines, from every scenario file."""

from __future__ import annotations

import io
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE, LIBRARY, LIBRARY_FILES, line_of
from tutor.scenarios.babel import extract_scenario
from tutor.scenarios.reader import load_scenario


def extract(text: str) -> list[tuple[int, str | None, str, list[str]]]:
    return list(extract_scenario(io.BytesIO(text.encode("utf-8")), [], [], {}))


def test_the_extractor_is_registered_with_babel() -> None:
    (found,) = [e for e in entry_points(group="babel.extractors") if e.name == "domino_scenario"]
    assert found.load() is extract_scenario


def test_title_story_and_hint_with_their_lines() -> None:
    text = BASE.replace('title = "Both ends are hard"', 'title = "Both ends are hard"\nstory = "S"')
    text = text.replace("expect = 2", 'expect = 2\nhint = "Count the halves."')
    assert extract(text) == [
        (line_of(text, "title"), None, "Both ends are hard", ["scenario test/base: title"]),
        (line_of(text, "story"), None, "S", ["scenario test/base: story"]),
        (line_of(text, "hint"), None, "Count the halves.", ["scenario test/base: question.hint"]),
    ]


@pytest.mark.parametrize(
    "text", ["title = ", 'title = "  "\n', 'question = 3\n', 'title = 5\n[question]\nhint = []\n']
)
def test_broken_or_empty_texts_give_nothing(text: str) -> None:
    assert extract(text) == []


@pytest.mark.parametrize("path", LIBRARY_FILES[:40], ids=lambda p: str(p.relative_to(LIBRARY)))
def test_library_files_give_what_the_reader_reads(path: Path) -> None:
    s = load_scenario(path)
    texts = [message for _, _, message, _ in extract(path.read_text(encoding="utf-8"))]
    assert texts == [t for t in (s.title, s.story, s.question.hint) if t is not None]
