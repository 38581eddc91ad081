"""A Babel extractor for scenario files: titles, stories and hints go into the catalog.

Registered as the ``domino_scenario`` method through the ``babel.extractors``
entry point. Each message carries the line of its key and a translator comment
naming the scenario id and the key.

>>> import io
>>> text = b'id = "x/y"\\ntitle = "Hard ends"\\n[question]\\nask = "hard-ends"\\nhint = "Count."\\n'
>>> for message in extract_scenario(io.BytesIO(text), [], [], {}):
...     print(message)
(2, None, 'Hard ends', ['scenario x/y: title'])
(5, None, 'Count.', ['scenario x/y: question.hint'])
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from tutor.scenarios.toml_lines import line_numbers

TRANSLATABLE = ("title", "story", "question.hint")
"""The scenario keys whose texts the learner reads."""


def extract_scenario(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Yield ``(line, funcname, message, comments)`` for each translatable text."""
    raw = fileobj.read().decode(options.get("encoding", "utf-8"))
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError:
        return  # `domino-tutor validate` reports broken files; nothing to extract here
    lines = line_numbers(raw)
    scenario_id = data.get("id", "?")
    for key in TRANSLATABLE:
        section, _, name = key.rpartition(".")
        table = data.get(section, {}) if section else data
        value = table.get(name) if isinstance(table, dict) else None
        if isinstance(value, str) and value.strip():
            yield lines.get(key, 0), None, value, [f"scenario {scenario_id}: {key}"]
