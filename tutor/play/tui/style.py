"""The game screen's colours; with ``NO_COLOR`` the screen keeps bold, underline and reverse
only (prompt-toolkit's monochrome depth), so legal plays and the cursor still stand out.

>>> [word in STYLES[name].split() for word, name in (("reverse", "selected"), ("bold", "legal"))]
[True, True]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_toolkit.styles import Style

STYLES = {
    "bar": "bg:#1d3b2a #ffffff",
    "bar.key": "bg:#1d3b2a #ffd060 bold",
    "coach": "#80a0ff",
    "good": "bold #30b030",
    "bad": "bold #e05050",
    "notice": "#d0a000",
    "status": "bold",
    "end": "bold #ffd060",
    "tile": "",
    "legal": "bold underline #30c030",
    "selected": "reverse",
    "number": "#a0a0a0",
    "turn": "bold",
    "question": "bold #e0a030",
    "prompt": "bold #e0a030",
    "page": "",
    "page.title": "bold",
    "log": "",
}
"""Style classes of the screen."""


def style() -> Style:
    """The prompt-toolkit style of the screen."""
    from prompt_toolkit.styles import Style

    return Style.from_dict(STYLES)
