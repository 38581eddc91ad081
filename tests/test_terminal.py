"""What may reach a terminal: control characters, wrapping, whether boxes can be drawn."""

from __future__ import annotations

import io

import pytest

from tutor.terminal import (
    LINE_LIMIT,
    MAX_MARKS,
    can_draw_boxes,
    clean,
    escape,
    is_hidden,
    one_line,
    paragraphs,
    visible,
    wrap,
)


class Stream(io.StringIO):
    def __init__(self, encoding: str | None) -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str | None:  # type: ignore[override]
        return self._encoding


@pytest.mark.parametrize(
    ("encoding", "term", "boxes"),
    [
        ("utf-8", "xterm-256color", True),
        ("UTF-8", "linux", False),  # the Linux console's font lacks them
        ("ascii", "xterm", False),
        ("latin-1", "xterm", False),
        (None, "xterm", False),
        ("no-such-codec", "xterm", False),
    ],
)
def test_boxes_are_drawn_only_where_they_show(
    encoding: str | None, term: str, boxes: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", term)
    assert can_draw_boxes(Stream(encoding)) is boxes


def test_text_from_elsewhere_loses_its_control_characters() -> None:
    assert clean("a\x1b[2Jb\tc\nd") == "a[2Jb c\nd"


def test_wrap_never_breaks_a_tile_or_a_word() -> None:
    assert wrap("play 6-5 now", 10) == ["play 6-5", "now"]
    assert wrap("unbreakablewordhere", 10) == ["unbreakablewordhere"]


# --- the sanitiser (issue 23) -----------------------------------------------------------------

HIDDEN = [
    "\n", "\r", "\x85", "\x0b", "\x0c", "\u2028", "\u2029",  # line breaks
    "\x00", "\x1b", "\x07", "\x7f", "\x9b",  # control characters
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",  # zero-width
    "\u200e", "\u200f", "\u061c", "\u202a", "\u202e", "\u2066", "\u2069",  # bidi
    "\ue000", "\U000e0041", "\U000e0080", "\u3164", "\u2800",  # private, tag, unassigned, blank
]


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_every_hidden_character_is_escaped_on_one_line_and_dropped_from_a_sentence(
    char: str,
) -> None:
    text = f"Mar{char}cia"
    shown = one_line(text)
    assert shown == f"Mar{escape(char)}cia" and shown.isprintable()
    assert clean(text) == ("Mar\ncia" if char == "\n" else "Marcia")
    assert is_hidden(char)


@pytest.mark.parametrize(
    "text", ["Aña Zoë", "Việt", "6-5 · ▶ ┌─┐", "Tab\there", "🁣 ❤️", "\u00a0nbsp"]
)
def test_letters_accents_tiles_and_symbols_are_shown_as_written(text: str) -> None:
    assert one_line(text) == text.replace("\t", " ")
    assert clean(text) == text.replace("\t", " ")


def test_a_tower_of_combining_marks_is_cut_to_four() -> None:
    tower = "Z" + "\u0301" * 10
    assert one_line(tower) == "Z" + "\u0301" * MAX_MARKS + "\\u0301" * (10 - MAX_MARKS)
    assert clean(tower) == "Z" + "\u0301" * MAX_MARKS
    assert one_line("\u0301start") == "\\u0301start"


def test_a_long_text_is_cut() -> None:
    assert one_line("x" * 1_000_000) == "x" * LINE_LIMIT + "..."
    assert len(one_line("\u200b" * 1_000_000)) == LINE_LIMIT * len("\\u200b") + 3


def test_nothing_visible_is_empty() -> None:
    assert visible("\u200b \u200f\ufeff\u3164") == ""
    assert visible(" Ann\u200b ") == "Ann"


def test_a_story_is_read_in_paragraphs() -> None:
    assert paragraphs("One\ntwo.\n\n \n\nThree\u2028four.") == ["One two.", "Three\\u2028four."]
    assert paragraphs("\u200b\n\n") == []
