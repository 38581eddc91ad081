"""What every panel writes with: the learner's language, the width, boxes or ASCII.

>>> from tutor.words.i18n import Speaker
>>> Pen(Speaker("en"), 20, ascii=True).wrapped(["Your turn → play the 6-5 now"], "class:turn")
[[('class:turn', 'Your turn -> play')], [('class:turn', 'the 6-5 now')]]
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.render.terminal import Row
from tutor.terminal import clean, wrap
from tutor.words.i18n import Speaker

ASCII_SIGNS = str.maketrans({"←": "<-", "→": "->", "↑": "^", "↓": "v", "…": "...", "▶": ">"})
"""With ``--ascii`` (or a terminal that cannot draw boxes) the arrows in sentences as well."""


@dataclass(frozen=True)
class Pen:
    """The speaker, the screen's width, and whether to draw in ASCII."""

    sp: Speaker
    width: int
    ascii: bool = False

    @property
    def marker(self) -> str:
        """The mark of the seat to play (in ASCII ``*``, never the prompt's ``>``)."""
        return "* " if self.ascii else "▶ "

    def wrapped(self, lines: list[str], style: str = "") -> list[Row]:
        """Sentences wrapped at word boundaries, as rows of one style."""
        rows: list[Row] = []
        for line in lines:
            line = clean(line).translate(ASCII_SIGNS) if self.ascii else clean(line)
            rows += [[(style, text)] for text in wrap(line, self.width)]
        return rows
