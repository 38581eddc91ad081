"""The domino glossary: every term in English, German and Papiamentu, with definitions.

The words live in ``tutor/data/glossary.toml``; this module reads them, finds a
term in any language and lays an entry out for the terminal
(``domino-tutor glossary``). Every language of ``tutor.words.i18n.LANGUAGES`` must have
its word and definition in every entry.

>>> terms = load_glossary()
>>> hard = find(terms, "punto duru")[0]
>>> hard.key, hard.word("de"), hard.pap_source
('hard-end', 'hartes Ende', 'seed')
>>> [t.key for t in find(terms, "Pasch")]
['double']
>>> print("\\n".join(entry_lines(find(terms, "stake")[0], "en")))
stake  (de: Einsatz · pap: balor di e wega*)
  What a game is worth: 1 point, one more after each tied block in a row.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from tutor.words.i18n import LANGUAGES

PAP_SOURCES = ("seed", "proposed")
"""Where a Papiamentu word comes from: the Papiamentu seed text, or our proposal."""


class GlossaryError(ValueError):
    """The glossary file is missing a field or has a wrong one."""


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    key: str
    words: Mapping[str, str]
    """The word the tutor uses, per language."""
    definitions: Mapping[str, str]
    """A one-line definition, per language."""
    also: Mapping[str, tuple[str, ...]]
    """Other words players use, per language (may be empty)."""
    pap_source: str
    """``"seed"`` (attested in the Papiamentu seed text) or ``"proposed"``."""

    def word(self, language: str) -> str:
        """The word in ``language``."""
        return self.words[language]

    def definition(self, language: str) -> str:
        """The definition in ``language``."""
        return self.definitions[language]

    def names(self) -> set[str]:
        """Every word of the entry in every language, and its key, folded for matching."""
        out = {self.key.casefold(), self.key.replace("-", " ").casefold()}
        for language in LANGUAGES:
            out.add(self.words[language].casefold())
            out.update(word.casefold() for word in self.also.get(language, ()))
        return out


def default_path() -> Path:
    """Where the glossary file lives (inside the package, so wheels carry it)."""
    return Path(str(files("tutor").joinpath("data", "glossary.toml")))


def _term(raw: Mapping[str, Any], where: str) -> Term:
    key = raw.get("key")
    if not isinstance(key, str) or not key:
        raise GlossaryError(f"{where}: every [[term]] needs a key")
    source = raw.get("pap_source")
    if source not in PAP_SOURCES:
        raise GlossaryError(f"{where} ({key}): pap_source must be one of {', '.join(PAP_SOURCES)}")
    words: dict[str, str] = {}
    definitions: dict[str, str] = {}
    also: dict[str, tuple[str, ...]] = {}
    for language in LANGUAGES:
        entry = raw.get(language)
        if not isinstance(entry, Mapping):
            raise GlossaryError(f"{where} ({key}): no {language} table")
        word, definition = entry.get("term"), entry.get("definition")
        if not isinstance(word, str) or not word or not isinstance(definition, str):
            raise GlossaryError(f"{where} ({key}): {language} needs a term and a definition")
        if not definition.strip() or "\n" in definition.strip():
            raise GlossaryError(f"{where} ({key}): the {language} definition must be one line")
        words[language] = word
        definitions[language] = definition.strip()
        also[language] = tuple(str(w) for w in entry.get("also", ()))
    return Term(key, words, definitions, also, str(source))


def load_glossary(path: str | Path | None = None) -> tuple[Term, ...]:
    """Every entry of the glossary file, in file order."""
    path = Path(path) if path is not None else default_path()
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    raw = data.get("term")
    if not isinstance(raw, list) or not raw:
        raise GlossaryError(f"{path}: no [[term]] entries")
    terms = tuple(_term(item, f"{path}: term {i + 1}") for i, item in enumerate(raw))
    keys = [t.key for t in terms]
    if len(set(keys)) != len(keys):
        raise GlossaryError(f"{path}: a key is used twice")
    return terms


def find(terms: Iterable[Term], query: str) -> list[Term]:
    """The entries named by ``query`` in any language: exact words first, else parts of words."""
    folded = " ".join(query.replace("-", " ").split()).casefold()
    terms = list(terms)

    def spaced(name: str) -> str:
        return name.replace("-", " ")

    exact = [t for t in terms if folded in {spaced(n) for n in t.names()}]
    if exact:
        return exact
    return [t for t in terms if any(folded in spaced(n) for n in t.names())]


def entry_lines(term: Term, language: str, *, mark: str = "*") -> list[str]:
    """An entry for the terminal: the word with its translations, then the definition.

    A Papiamentu word that is only ``proposed`` carries ``mark``.
    """

    def shown(code: str) -> str:
        word = term.word(code)
        return word + mark if code == "pap" and term.pap_source == "proposed" else word

    others = " · ".join(f"{code}: {shown(code)}" for code in LANGUAGES if code != language)
    return [f"{shown(language)}  ({others})", f"  {term.definition(language)}"]


def sorted_terms(terms: Sequence[Term], language: str) -> list[Term]:
    """The entries in the alphabetical order of ``language``."""
    return sorted(terms, key=lambda t: t.word(language).casefold())
