"""A teacher's own topics: their names and descriptions in each language, as given by a
``topics.toml`` beside the scenario files (read by ``tutor.scenarios.own_topics``).

The tutor's own topics are named through the catalogs (``tutor.words.vocabulary.TOPIC_NAMES``);
a teacher's topic brings its names with it, so no catalog holds them. Reading a ``topics.toml``
remembers its topics here, and every face names a topic through ``vocabulary.topic_name``.

>>> remember("counting-the-ends", {"en": "Counting the ends", "de": "Die Enden zählen",
...                                "pap": "Suma e puntonan habrí"})
>>> own_name("counting-the-ends", "pap"), own_name("counting-the-ends", "xx")
('Suma e puntonan habrí', 'Counting the ends')
>>> own_name("hard-ends", "de") is None, own_about("counting-the-ends", "de")
(True, '')
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.words.i18n import SOURCE_LANGUAGE

_NAMES: dict[str, dict[str, str]] = {}
"""Each own topic's names by language, as last read."""
_ABOUT: dict[str, dict[str, str]] = {}
"""Each own topic's descriptions by language (empty when its file gives none)."""


def remember(key: str, names: Mapping[str, str], about: Mapping[str, str] | None = None) -> None:
    """Keep the names (and descriptions) of the teacher's topic ``key``, by language code."""
    _NAMES[key] = dict(names)
    _ABOUT[key] = dict(about or {})


def own_name(key: str, language: str) -> str | None:
    """The name of the teacher's topic ``key`` in ``language`` (English when it has none in that
    language), or ``None`` when no ``topics.toml`` read so far declares it."""
    names = _NAMES.get(key)
    if names is None:
        return None
    return names.get(language) or names.get(SOURCE_LANGUAGE) or key


def own_about(key: str, language: str) -> str:
    """The description of the teacher's topic ``key`` in ``language`` ("" when none is given)."""
    about = _ABOUT.get(key, {})
    return about.get(language) or about.get(SOURCE_LANGUAGE) or ""


__all__ = ["own_about", "own_name", "remember"]
