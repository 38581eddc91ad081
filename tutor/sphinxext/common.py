"""What the directives share: the project root, the reader's speaker, raw HTML, a base class."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from tutor.words.i18n import Speaker

ROOT = Path(__file__).resolve().parents[2]
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "pap": "Papiamentu"}
"""Each language by its own name (endonym), as the glossary's column heads."""


def _speaker(config_language: str | None) -> Speaker:
    return Speaker(config_language or "en")


def _p(text: str, cls: str) -> str:
    return f'<p class="{cls}">{escape(text)}</p>' if text else ""


def _raw(html: str) -> nodes.raw:
    return nodes.raw("", html, format="html")


class _TutorDirective(SphinxDirective):
    @property
    def root(self) -> Path:
        return Path(self.config.tutor_root)

    @property
    def speaker(self) -> Speaker:
        return _speaker(self.config.language)

    def uid(self, scenario_id: str) -> str:
        serial = self.env.new_serialno("tutor-scenario")
        return "scenario-" + re.sub(r"[^A-Za-z0-9]+", "-", scenario_id).strip("-") + f"-{serial}"

    def depend_on_catalog(self) -> None:
        language = self.config.language or "en"
        po = self.root / "locales" / language / "LC_MESSAGES" / "tutor.po"
        if po.is_file():
            self.env.note_dependency(str(po))
