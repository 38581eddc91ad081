"""What may reach a terminal: control characters, wrapping, whether boxes can be drawn."""

from __future__ import annotations

import io

import pytest

from tutor.terminal import can_draw_boxes, clean, wrap


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
