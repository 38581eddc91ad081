"""A teacher's own topics: ``topics.toml`` beside the scenario files.

A scenario's ``topic`` is one of the tutor's topics (``tutor.questions.topics.TOPICS``) or a
topic that a ``topics.toml`` declares, in the scenario file's folder or in a folder above it
(the nearest file's declaration counts). Each topic is a section: its key, and its name in every
language of the tutor; a description (``about``) is optional, in every language too::

    [counting-the-ends]
    en = "Counting the ends"
    de = "Die Enden zählen"
    pap = "Suma e puntonan habrí"
    about.en = "Add up both ends after every play."
    about.de = "Zähle nach jedem Zug beide Enden zusammen."
    about.pap = "Suma e dos punto habrí despues di kada hugada."

A broken ``topics.toml`` is refused with its path and line, as a scenario file is, and so is
every scenario file beside it or below it. Reading one remembers its names for every face
(``tutor.words.own_topics``).

>>> text = '[counting-the-ends]\\nen = "Counting the ends"\\nde = "Die Enden zählen"\\n'
>>> found = parse_topics(text + 'pap = "Suma e puntonan habrí"\\n', "topics.toml")
>>> found["counting-the-ends"].names
{'en': 'Counting the ends', 'de': 'Die Enden zählen', 'pap': 'Suma e puntonan habrí'}
>>> parse_topics(text, "topics.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: topics.toml:1: the topic 'counting-the-ends' has no name \
in Papiamentu: write pap = "..."
>>> parse_topics('[hard-ends]\\nen = "A"\\nde = "B"\\npap = "C"\\n', "topics.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: topics.toml:1: 'hard-ends' is a topic of the tutor \
already: give your own topic another key
>>> topic_problem("hard-ends", {}) is None, topic_problem("counting", {})[:43]
(True, "unknown topic 'counting' (known topics: blo")
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.questions.topics import TOPICS, unknown_topic
from tutor.scenarios.model import ScenarioError, shown
from tutor.scenarios.texts import text_problem
from tutor.scenarios.toml_lines import line_numbers, parse_toml, read_toml_text
from tutor.words.i18n import LANGUAGES
from tutor.words.own_topics import remember

TOPICS_FILE = "topics.toml"
"""The name of the file that declares a teacher's topics."""
TOPICS_LIMIT = 64 * 1024
"""The largest ``topics.toml`` read (64 KiB)."""
KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A topic's key: lower-case letters and digits in words joined by hyphens (it names a page)."""
KEY_LIMIT = 60
"""The most characters of a topic's key."""
NAME_LIMIT = 60
"""The most characters of a topic's name in one language."""
ABOUT_LIMIT = 300
"""The most characters of a topic's description in one language."""
LANGUAGE_NAMES = {"en": "English", "de": "German", "pap": "Papiamentu"}
"""The languages a topic is named in, for the messages (the tutor's ``LANGUAGES``)."""


@dataclass(frozen=True)
class OwnTopic:
    """A teacher's topic: its key, its names and descriptions by language, where it was declared."""

    key: str
    names: dict[str, str]
    about: dict[str, str] = field(default_factory=dict)
    path: str = ""
    line: int | None = None


def parse_topics(text: str, path: str) -> dict[str, OwnTopic]:
    """The topics a ``topics.toml`` text declares, checked (``ScenarioError`` with its line)."""
    data = parse_toml(text, path)
    lines = line_numbers(text)
    topics = {}
    for key, value in data.items():
        line = lines.get(key)
        topics[key] = _topic(key, value, path, line, lines)
    return topics


def _topic(key: str, value: Any, path: str, line: int | None, lines: dict[str, int]) -> OwnTopic:
    def fail(problem: str, where: str | None = None) -> ScenarioError:
        return ScenarioError(path, lines.get(where, line) if where else line, problem)

    if len(key) > KEY_LIMIT or not KEY.fullmatch(key):
        raise fail(
            f"the topic key {shown(key)} must be lower-case letters and digits joined by "
            f"hyphens, like \"counting-the-ends\", at most {KEY_LIMIT} characters"
        )
    if key in TOPICS:
        raise fail(f"'{key}' is a topic of the tutor already: give your own topic another key")
    if not isinstance(value, dict):
        raise fail(f"'{key}' must be a section written [{key}] with its names")
    allowed = {*LANGUAGES, "about"}
    for name in value:
        if name not in allowed:
            known = ", ".join(sorted(allowed))
            raise fail(f"unknown key {shown(f'{key}.{name}')} (known keys here: {known})",
                       f"{key}.{name}")
    names = _texts(value, key, fail, NAME_LIMIT, "name")
    about: dict[str, str] = {}
    if "about" in value:
        if not isinstance(value["about"], dict):
            raise fail(f"'{key}.about' must give a text in every language: about.en = \"...\"",
                       f"{key}.about")
        about = _texts(value["about"], f"{key}.about", fail, ABOUT_LIMIT, "description")
        extra = sorted(set(value["about"]) - set(LANGUAGES))
        if extra:
            where = f"{key}.about.{extra[0]}"
            raise fail(f"unknown key {shown(where)} (the languages are {', '.join(LANGUAGES)})",
                       where)
    return OwnTopic(key, names, about, path, line)


def _texts(
    table: Mapping[str, Any], where: str, fail: Any, limit: int, what: str
) -> dict[str, str]:
    """One text in each language of ``table``, each checked as a scenario's texts are."""
    texts = {}
    for language in LANGUAGES:
        value = table.get(language)
        key = f"{where}.{language}"
        if value is None:
            topic, written = where.removesuffix(".about"), key.split(".", 1)[1]
            named = LANGUAGE_NAMES.get(language, language)
            raise fail(f"the topic '{topic}' has no {what} in {named}: write {written} = \"...\"")
        if not isinstance(value, str):
            raise fail(f"'{key}' must be a non-empty text in quotes", key)
        problem = text_problem(value, key)
        if problem is None and len(value) > limit:
            problem = f"'{key}' is too long: {len(value)} characters, at most {limit}"
        if problem:
            raise fail(problem, key)
        texts[language] = value
    return texts


_READ: dict[Path, tuple[int, dict[str, OwnTopic]]] = {}
"""Each ``topics.toml`` read, by path: its modification time and its topics."""


def read_topics(path: Path) -> dict[str, OwnTopic]:
    """The topics of one ``topics.toml`` (read again only when it changed), remembered by name."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    cached = _READ.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    text = read_toml_text(path, TOPICS_LIMIT)
    topics = parse_topics(text, str(path))
    for topic in topics.values():
        remember(topic.key, topic.names, topic.about)
    _READ[path] = (stamp, topics)
    return topics


def topics_beside(scenario: Path) -> dict[str, OwnTopic]:
    """The teacher's topics a scenario file may use: every ``topics.toml`` in its folder and the
    folders above it, the nearest first (a nearer file's topic counts over a farther one's)."""
    found: dict[str, OwnTopic] = {}
    folder = scenario.parent
    for place in (folder, *folder.parents):
        candidate = place / TOPICS_FILE
        if candidate.is_file():
            for key, topic in read_topics(candidate).items():
                found.setdefault(key, topic)
    return found


def name_own_topics(found: Iterable[Any]) -> None:
    """Read the ``topics.toml`` beside each scenario (or index entry: anything with a ``path``)
    whose topic is not the tutor's, so that every face can name it; a broken one names nothing
    (``validate`` says what is wrong with it)."""
    _name_beside({Path(str(item.path)) for item in found if item.topic not in TOPICS})


def name_indexed_topics(topics: Iterable[str]) -> None:
    """Name the teacher's topics among ``topics`` from the ``topics.toml`` beside the files the
    quiz has indexed (``quiz --scenarios``), for a face with no scenario at hand (``progress``
    and its report keep only a topic's key)."""
    from tutor.store.cache import default_cache

    wanted = {topic for topic in topics if topic not in TOPICS}
    if not wanted:
        return
    cache = default_cache()
    try:
        files = cache.files_of(wanted)
    finally:
        cache.close()
    _name_beside({Path(path) for path, _ in files})


def _name_beside(files: set[Path]) -> None:
    for folder in {path.parent for path in files}:
        try:
            topics_beside(folder / TOPICS_FILE)
        except ScenarioError:
            continue


def topic_problem(key: str, own: Mapping[str, OwnTopic]) -> str | None:
    """``None`` for a topic of the tutor or of a ``topics.toml`` beside the file; else a
    sentence that names the known topics and where a topic of one's own is declared."""
    problem = unknown_topic(key)
    if problem is None or key in own:
        return None
    mine = f"; in {TOPICS_FILE}: {', '.join(sorted(own))}" if own else ""
    return (
        f"{problem.removesuffix(')')}{mine}); a topic of your own is declared "
        f"with its names in en, de and pap in a {TOPICS_FILE} beside the file"
    )


__all__ = [
    "TOPICS_FILE",
    "OwnTopic",
    "name_indexed_topics",
    "name_own_topics",
    "parse_topics",
    "read_topics",
    "topic_problem",
    "topics_beside",
]
