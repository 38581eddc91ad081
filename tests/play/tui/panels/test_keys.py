"""The key bar keeps every key at any width, in every language."""

from __future__ import annotations

import pytest

from tutor.play.tui.panels.keys import rows
from tutor.render.terminal import text
from tutor.words.i18n import Speaker


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize("width", [20, 39, 79, 119])
def test_every_key_stays_and_no_row_is_wider_than_the_bar(language: str, width: int) -> None:
    bar = text(rows(Speaker(language), width)).split("\n")
    assert 1 <= len(bar) <= 2
    assert all(key in " ".join(bar) for key in ("F1", "F2", "F5", "^Z", "F10"))
    if width >= 39:
        assert all(len(row) <= width for row in bar)
