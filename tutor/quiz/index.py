"""A quick index of the bundled library: id, game, topic and level read from each file's head,
so that the quiz parses only the scenarios it asks (parsing all of them is most of the start).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.toml").write_text('id = "t/a"\\ngame = "cutthroat"\\ntopic = "hard-ends"\\n'
...                                    'level = 2\\ntitle = "A"\\n[table]\\nline = []\\n')
>>> read_entry(folder / "a.toml")
Entry(id='t/a', game='cutthroat', topic='hard-ends', level=2, path=...a.toml'))
>>> _ = (folder / "b.toml").write_text('id = "t/b"\\nlevel = "two"\\n')
>>> read_entry(folder / "b.toml") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tutor.library import scenario_files

_KEY = re.compile(r'^(id|game|topic|level)[ \t]*=[ \t]*(?:"([^"\\\n]*)"|([1-5]))[ \t]*$', re.M)
NEEDED = {"id", "game", "topic", "level"}


@dataclass(frozen=True)
class Entry:
    """What choosing a question needs to know of a scenario file."""

    id: str
    game: str
    topic: str
    level: int
    path: Path


def read_entry(path: Path) -> Entry | None:
    """The entry of one file, or None when its head is not written the plain way."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    head = re.split(r"(?m)^\s*\[", text, maxsplit=1)[0]
    found: dict[str, str] = {}
    for match in _KEY.finditer(head):
        if match.group(1) in found:
            return None
        found[match.group(1)] = match.group(2) if match.group(2) is not None else match.group(3)
    if set(found) != NEEDED or not found["level"].isdigit():
        return None
    return Entry(found["id"], found["game"], found["topic"], int(found["level"]), path)


def read_index(paths: Iterable[Path]) -> list[Entry] | None:
    """Every file's entry, or None when one of them cannot be read the quick way."""
    entries = []
    for path in scenario_files(paths):
        entry = read_entry(path)
        if entry is None:
            return None
        entries.append(entry)
    return entries
