"""The key bar at the foot of the game screen: the keys always stay, their labels as they fit.

>>> from tutor.render.terminal import text
>>> from tutor.words.i18n import Speaker
>>> print(text(rows(Speaker("en"), 40)))
F1 Help · F2 Hint · F5 Review
^Z Take back · F10 Save and quit
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.render.table import strips
from tutor.render.terminal import Row
from tutor.words.i18n import Speaker

Key = tuple[str, str, str]
"""A key, its label and its short label."""


def rows(sp: Speaker, width: int) -> list[Row]:
    """The key bar (a short one on a narrow terminal; the keys always stay)."""
    keys = [
        ("F1", sp._("Help"), sp._("Help")),
        ("F2", sp._("Hint"), sp._("Hint")),
        ("F5", sp._("Review"), sp._("Review")),
        # TRANSLATORS: the key bar: Ctrl-Z takes back the learner's last play.
        ("^Z", sp._("Take back"), sp._("Back")),
        # TRANSLATORS: the key bar: F10 stops the game (it is saved); the short form
        # is for a 40-column terminal.
        ("F10", sp._("Save and quit"), sp._("Quit")),
    ]
    return key_bar(keys, width)


def key_bar(keys: Sequence[Key], width: int) -> list[Row]:
    """The keys with their long labels on one row when they fit ``width``, else on two rows,
    else the short labels, else the keys alone: the keys always stay.

    >>> from tutor.render.terminal import text
    >>> keys = [("F1", "help", "help"), ("F2", "hint", "hint"), ("F10", "save and quit", "quit")]
    >>> print(text(key_bar(keys, 80)))
    F1 help · F2 hint · F10 save and quit
    >>> print(text(key_bar(keys, 30)))
    F1 help · F2 hint
    F10 save and quit
    >>> print(text(key_bar(keys, 12)))
    F1 F2 F10
    """
    for label in (1, 2):
        parts = [len(f"{key[0]} {key[label]}") for key in keys]
        for most in (1, 2):
            cut = strips(parts, width, gap=3)
            if len(cut) <= most:
                return [_bar([keys[i] for i in strip], label) for strip in cut]
    return [_bar(keys, 0)]


def _bar(keys: Sequence[Key], label: int) -> Row:
    row: Row = []
    for index, key in enumerate(keys):
        if index:
            row.append(("class:bar", " · " if label else " "))
        row.append(("class:bar.key", key[0]))
        if label:
            row.append(("class:bar", " " + key[label]))
    return row
