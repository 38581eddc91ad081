"""The ``domino-glossary`` directive: the glossary file, read by ``tutor.words.glossary``."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes

from tutor.sphinxext.common import LANGUAGE_NAMES, _raw, _TutorDirective
from tutor.words.glossary import Term, load_glossary
from tutor.words.i18n import LANGUAGES


def glossary_path(config: Any) -> Path:
    return Path(config.tutor_root) / "tutor" / "data" / "glossary.toml"


def glossary_html(entries: Iterable[Term], language: str) -> str:
    """The glossary as a table: English, German and Papiamentu side by side.

    The columns keep one order in every build, so a reader can compare the pages;
    the build's own language is marked. A proposed Papiamentu word carries a ``*``.
    """
    head = "".join(
        f'<th scope="col" lang="{code}"'
        + (' class="current-language"' if code == language else "")
        + f">{escape(LANGUAGE_NAMES[code])}</th>"
        for code in LANGUAGES
    )
    rows = []
    for entry in entries:
        cells = []
        for code in LANGUAGES:
            word = escape(entry.words[code])
            if code == "pap" and entry.pap_source == "proposed":
                word += '<sup class="proposed">*</sup>'
            also = ", ".join(escape(w) for w in entry.also[code])
            cells.append(
                f'<td lang="{code}" data-language="{escape(LANGUAGE_NAMES[code])}"'
                + (' class="current-language"' if code == language else "")
                + f"><dfn>{word}</dfn>"
                + (f'<span class="also">{also}</span>' if also else "")
                + f'<span class="definition">{escape(entry.definitions[code])}</span></td>'
            )
        rows.append(f'<tr id="term-{escape(entry.key)}">{"".join(cells)}</tr>')
    return (
        '<div class="table-wrapper glossary-wrapper"><table class="domino-glossary docutils">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


class GlossaryDirective(_TutorDirective):
    """``{domino-glossary}``: the glossary data file as a table, three languages side by side."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        path = glossary_path(self.config)
        self.env.note_dependency(str(path))
        if not path.is_file():
            raise self.error(f"the glossary data {path} is missing")
        try:
            entries = load_glossary(path)
        except (OSError, ValueError) as error:
            raise self.error(f"cannot read the glossary {path}: {error}") from None
        return [_raw(glossary_html(entries, self.config.language or "en"))]
