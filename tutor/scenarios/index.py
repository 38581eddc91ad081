"""A quick index of the bundled library: id, game, topic and level read from each file's head,
so that the quiz parses only the scenarios it asks (parsing all of them is most of the start).

The index is kept in the learner's database (``tutor.store.library``, the ``library`` table, beside
each puzzle's rating in ``ratings``) with each file's modification time and size: a start only
lists the folders and reads again the files that changed, were added or went away, so that the
first question does not wait for a library of ten thousand files (``benchmarks/startup.py``).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.toml").write_text('id = "t/a"\\ngame = "cutthroat"\\ntopic = "hard-ends"\\n'
...                                    'level = 2\\ntitle = "A"\\n[table]\\nline = []\\n')
>>> read_entry(folder / "a.toml")
Entry(id='t/a', game='cutthroat', topic='hard-ends', level=2, file='...a.toml')
>>> _ = (folder / "b.toml").write_text('id = "t/b"\\nlevel = "two"\\n')
>>> read_entry(folder / "b.toml") is None
True
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from tutor.scenarios.library import scenario_files
from tutor.scenarios.own_topics import TOPICS_FILE
from tutor.store.database import Database, StoreError
from tutor.store.library import library_rows, update_library

_KEY = re.compile(r'^(id|game|topic|level)[ \t]*=[ \t]*(?:"([^"\\\n]*)"|([1-5]))[ \t]*$', re.M)
NEEDED = {"id", "game", "topic", "level"}


class Entry(NamedTuple):
    """What choosing a question needs to know of a scenario file (a named tuple: ten thousand
    are made at each start, and a tuple is made fastest)."""

    id: str
    game: str
    topic: str
    level: int
    file: str
    """The file's path (a string: ten thousand ``Path`` objects would cost start time too)."""

    @property
    def path(self) -> Path:
        """The file's path."""
        return Path(self.file)


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
    return Entry(found["id"], found["game"], found["topic"], int(found["level"]), str(path))


def read_index(paths: Iterable[Path]) -> list[Entry] | None:
    """Every file's entry, or None when one of them cannot be read the quick way."""
    entries = []
    for path in scenario_files(paths):
        entry = read_entry(path)
        if entry is None:
            return None
        entries.append(entry)
    return entries


def _toml_files(folder: str) -> Iterator[os.DirEntry[str]]:
    """Every ``.toml`` file under ``folder`` but ``topics.toml``, at any depth (one directory
    listing each)."""
    with os.scandir(folder) as listing:
        for item in listing:
            if item.is_dir():
                yield from _toml_files(item.path)
            elif item.name.endswith(".toml") and item.name != TOPICS_FILE and item.is_file():
                yield item


def cached_index(db: Database, paths: Iterable[Path]) -> list[Entry] | None:
    """Every entry of the files among ``paths`` (folders or files), from the index in ``db``
    where a file's modification time and size are unchanged, read again where they changed;
    the index is brought up to date. None when a file cannot be read the quick way.

    >>> import tempfile, pathlib
    >>> from tutor.store.database import Database
    >>> from tutor.store.library import library_rows
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> db = Database(folder / "learner.sqlite3")
    >>> _ = (folder / "a.toml").write_text('id = "t/a"\\ngame = "cutthroat"\\n'
    ...                                    'topic = "hard-ends"\\nlevel = 2\\n')
    >>> [e.id for e in cached_index(db, [folder])]
    ['t/a']
    >>> [(row[3], row[6]) for row in library_rows(db).values()]
    [('t/a', 2)]
    """
    roots = [Path(path) for path in paths]
    rows = library_rows(db)
    entries: list[Entry] = []
    changed: list[tuple[str, str | None, str | None, str | None, int | None, int, int]] = []
    seen: set[str] = set()
    plain = True
    for root in roots:
        items = _toml_files(str(root)) if root.is_dir() else [root]
        for item in items:
            name, stat = os.fspath(item), item.stat()
            seen.add(name)
            row = rows.get(name)
            if row is not None and row[1] == stat.st_mtime_ns and row[2] == stat.st_size:
                if row[3] is None:
                    plain = False
                else:
                    entries.append(Entry(row[3], row[4], row[5], row[6], name))
                continue
            entry = read_entry(Path(name))
            if entry is None:
                plain = False
                changed.append((name, None, None, None, None, stat.st_mtime_ns, stat.st_size))
            else:
                entries.append(entry)
                changed.append((name, entry.id, entry.game, entry.topic, entry.level,
                                stat.st_mtime_ns, stat.st_size))
    gone = [
        name for name in rows
        if name not in seen and any(_under(name, root) for root in roots)
    ]
    if changed or gone:
        # The index only saves time: should it not be written, the next start reads these
        # files again.
        with contextlib.suppress(StoreError):
            update_library(db, changed, gone)
    if not plain:
        return None
    entries.sort(key=lambda entry: entry.file)
    return entries


def _under(name: str, root: Path) -> bool:
    text = str(root)
    return name == text or name.startswith(text.rstrip(os.sep) + os.sep)
