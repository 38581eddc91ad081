"""Scenario folders at scale: a teacher's folder and the puzzles from the learner's mistakes.

``folder_index(paths, cache)`` finds the scenario files among ``paths`` (folders at any depth)
and returns what choosing a question needs of each (``tutor.scenarios.index.Entry``), the broken
files and the ids used twice, with bounded work:

- at most ``MAX_FILES`` files are taken, listed lazily (the listing stops there: a folder of a
  million files costs no more than one of ``MAX_FILES``), and ``over`` names the folder where it
  stopped, for a sentence;
- every file is read by ``load_scenario`` (through ``tutor.store.files.read_limited``: regular
  files only, at most ``SCENARIO_LIMIT`` bytes), one at a time;
- a file is parsed (``parse_scenario``, all the contract's checks) the first time it is seen and
  whenever its size or modification time changed; what it said is kept in the index cache
  (``tutor.store.cache``, in the XDG cache folder), so that a start of ten thousand unchanged
  files lists them and reads nothing. A broken file is kept as broken and parsed again at each
  start, so that each start reports it;
- two files with the same id: the first (in path order) is kept, the other reported.

>>> import tempfile, pathlib
>>> from tutor.store.cache import IndexCache
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> head = 'id = "t/a"\\ngame = "cutthroat"\\ntopic = "hard-ends"\\nlevel = 1\\ntitle = "A"\\n'
>>> body = ('seats = ["you", "Ann"]\\n[table]\\nline = ["6-6"]\\nboneyard = 11\\n[hands]\\n'
...         'you = ["6-5", "5-5", "4-4"]\\nAnn = 13\\n[rules]\\nboneyard = true\\n'
...         '[question]\\nask = "legal-plays"\\n')
>>> _ = (folder / "a.toml").write_text(head + body)
>>> _ = (folder / "b.toml").write_text(head + body)
>>> _ = (folder / "c.toml").write_text(head + "level = 9\\n")
>>> cache = IndexCache(folder / "cache" / "index.sqlite3")
>>> found = folder_index([folder], cache)
>>> [entry.id for entry in found.entries], [str(e) for e in found.broken]
(['t/a'], ['...c.toml:6: this is not valid TOML: Cannot overwrite a value'])
>>> [(kept.path.name, dropped.path.name, found.lines[dropped.file])
...  for kept, dropped in found.duplicates]
[('a.toml', 'b.toml', 1)]
>>> again = folder_index([folder], cache)
>>> again.read, [entry.id for entry in again.entries], len(again.broken)
(1, ['t/a'], 1)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tutor.scenarios.index import Entry
from tutor.scenarios.model import ScenarioError
from tutor.scenarios.own_topics import TOPICS_FILE
from tutor.scenarios.reader import load_scenario
from tutor.store.cache import CacheRow, IndexCache

__all__ = ["MAX_FILES", "FolderIndex", "folder_index", "toml_files"]

MAX_FILES = 50_000
"""The most scenario files one start takes from the folders it is given (a teacher's library of
twenty thousand files is large; the puzzles of a learner's games are a few per game)."""
MAX_DEPTH = 32
"""The deepest folder searched below a given one."""


def toml_files(root: str, limit: int) -> Iterator[str]:
    """The ``.toml`` files at ``root`` or below it (any depth up to ``MAX_DEPTH``, each folder
    once, links followed), in the order the system lists them; at most ``limit + 1``, so that
    the caller knows when the limit is passed. A folder that cannot be listed is passed over."""
    seen: set[tuple[int, int]] = set()
    stack = [(root, 0)]
    given = 0
    while stack:
        folder, depth = stack.pop()
        try:
            info = os.stat(folder)
        except OSError:
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        try:
            with os.scandir(folder) as listing:
                folders = []
                for item in listing:
                    try:
                        is_folder = item.is_dir()
                    except OSError:
                        is_folder = False
                    if is_folder:
                        if depth < MAX_DEPTH:
                            folders.append(item.path)
                    elif item.name.endswith(".toml") and item.name != TOPICS_FILE:
                        yield item.path
                        given += 1
                        if given > limit:
                            return
        except OSError:
            continue
        stack.extend((path, depth + 1) for path in sorted(folders, reverse=True))


@dataclass
class FolderIndex:
    """What ``folder_index`` found."""

    entries: list[Entry] = field(default_factory=list)
    """One entry per id, in path order."""
    broken: list[ScenarioError] = field(default_factory=list)
    """The files that cannot be used, in path order."""
    duplicates: list[tuple[Entry, Entry]] = field(default_factory=list)
    """(the file kept, a file with the same id left out)."""
    lines: dict[str, int] = field(default_factory=dict)
    """The line of the id of each file in ``duplicates``, by the entry's ``file``."""
    over: list[str] = field(default_factory=list)
    """The folders where the listing stopped at the limit."""
    limit: int = MAX_FILES
    read: int = 0
    """Files parsed at this start (the others came from the cache)."""


def _absolute(path: str) -> str:
    return os.path.abspath(path)


def folder_index(
    paths: Sequence[str | Path], cache: IndexCache, *, limit: int = MAX_FILES
) -> FolderIndex:
    """The entries of the scenario files among ``paths`` (see the module's text)."""
    found = FolderIndex(limit=limit)
    listed: list[tuple[str, str]] = []  # (absolute path, the path as shown)
    roots: list[str] = []
    for given in map(str, paths):
        root = _absolute(given)
        roots.append(root)
        room = limit - len(listed)
        if os.path.isdir(given):
            for name in toml_files(root, room):
                if len(listed) >= limit:
                    found.over.append(given)
                    break
                listed.append((name, given + name[len(root):]))
        elif room > 0:
            listed.append((root, given))
        else:
            found.over.append(given)
    listed.sort()
    cache_key = "\0".join(roots)
    rows = cache.rows_of(cache_key)
    present = 0  # files listed that have a row
    changed: list[CacheRow] = []
    kept: dict[str, tuple[Entry, int | None]] = {}
    words: dict[str, str] = {}  # one copy of each game and topic name
    stat, entries, duplicates = os.stat, found.entries, found.duplicates
    for name, shown in listed:  # ten thousand times at a start: kept lean
        try:
            info = stat(name)
            key = (info.st_mtime_ns, info.st_size)
        except OSError:
            key = (0, 0)
        row = rows.get(name)
        present += row is not None
        if row is not None and row[3] and (row[1], row[2]) == key and key != (0, 0):
            entry_id, game, topic, level, line = row[3], row[4], row[5], row[6], row[7]
        else:
            found.read += 1
            try:
                scenario = load_scenario(shown)
            except ScenarioError as error:
                found.broken.append(error)
                if row is None or (row[1], row[2]) != key or row[3] is not None:
                    changed.append((name, *key, None, None, None, None, None))
                continue
            entry_id, game, topic = scenario.id, scenario.game, scenario.topic
            level, line = scenario.level, scenario.line_of("id")
            changed.append((name, *key, entry_id, game, topic, level, line))
        assert game is not None and topic is not None and level is not None
        entry = Entry(
            entry_id, words.get(game) or words.setdefault(game, game),
            words.get(topic) or words.setdefault(topic, topic), level, shown,
        )
        first = kept.get(entry_id)
        if first is None:
            kept[entry_id] = (entry, line)
            entries.append(entry)
            continue
        duplicates.append((first[0], entry))
        for where, number in ((first[0].file, first[1]), (shown, line)):
            if number:
                found.lines[where] = number
    if changed or present < len(rows):  # a file changed, came or went: keep the new rows
        kept_rows = {name: rows[name] for name, _ in listed if name in rows}
        kept_rows.update((row[0], row) for row in changed)
        cache.keep(cache_key, kept_rows)
    return found
