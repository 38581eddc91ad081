"""Sphinx extension: scenario positions, topic galleries and the glossary in the build's language.

Directives (MyST: ```` ```{scenario} scenarios/key-cards/last-three-last-four.toml ````):

``scenario PATH``
    One scenario file (relative to the project root or to the docs folder): its
    title and story, the drawn position (``tutor.words.describe`` and ``tutor.render.svg``), the
    question
    (``tutor.words.kinds.question_text``) and a collapsible hint and answer with the
    engine's explanation (``tutor.words.narrate.explain``).
``scenario-gallery``
    Every scenario of one ``:topic:`` from the library, easiest first, under a
    heading with the topic's name and description.
``domino-glossary``
    The glossary from ``tutor/data/glossary.toml``: English, German and
    Papiamentu side by side.
``practice-in-browser``
    The practice game against the computer in the page (``tutor.sphinxext.play``; the page's
    script ``tutor-play.js`` plays it with the engine in the browser).
``scenario-topics``, ``scenario-kinds``, ``scenario-keys``, ``scenario-limits``
    The lists of the page "Write a scenario" (topics, kinds of question, keys, limits), generated
    from the code (``tutor.sphinxext.contract``).
``computer-levels``, ``coach-grades``, ``match-equity``, ``set-equity``
    The practice game's lists and the match equity heat maps, generated from the code
    (``tutor.sphinxext.coach``, ``tutor.sphinxext.equity``) in the page's own words: their
    options are paragraphs of the page, translated through ``docs.pot`` like any other
    (``tutor.sphinxext.labelled``).

The comments of the TOML samples are translated one by one (``tutor.sphinxext.comments``): each
is a message of ``docs.pot``, and the code around them stays as written.

The scenarios and the glossary are emitted as raw HTML, so none of their texts lands in the
docs catalog (``docs.pot``): scenario texts, questions and explanations are already
translated through the ``tutor`` catalogs, in the language of the build
(``config.language``). The few words of the extension itself ("Show the answer")
come from the ``sphinx`` catalog, like the theme's words.

On ``builder-inited`` one page per topic of the scenario library is written to
``docs/gallery/<topic>.md`` (generated, git-ignored; only rewritten when its text
changes, so parallel builds of several languages agree).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from tutor import __version__
from tutor.sphinxext import comments
from tutor.sphinxext.coach import GradesDirective, LevelsDirective
from tutor.sphinxext.common import ROOT
from tutor.sphinxext.contract import KeysDirective, KindsDirective, LimitsDirective, TopicsDirective
from tutor.sphinxext.equity import EquityDirective, SetEquityDirective
from tutor.sphinxext.glossary import GlossaryDirective, glossary_html
from tutor.sphinxext.labelled import Fill
from tutor.sphinxext.play import PlayDirective
from tutor.sphinxext.scenarios import (
    GalleryDirective,
    ScenarioDirective,
    load_topics,
    scenario_html,
    topic_name,
    topic_title,
    write_gallery_pages,
)

__all__ = [
    "EquityDirective",
    "GalleryDirective",
    "GlossaryDirective",
    "GradesDirective",
    "LevelsDirective",
    "PlayDirective",
    "ScenarioDirective",
    "SetEquityDirective",
    "glossary_html",
    "load_topics",
    "scenario_html",
    "setup",
    "topic_name",
    "topic_title",
]


def keep_api_out_of_catalog(app: Sphinx, doctree: nodes.document) -> None:
    """Mark autodoc output untranslatable: docstrings stay English and out of ``docs.pot``.

    That is every entry (``desc``) and every text parsed from a docstring (a
    module's docstring is not inside an entry).
    """
    for desc in doctree.findall(addnodes.desc):
        for node in desc.findall(nodes.TextElement):
            node["translatable"] = False
    for node in doctree.findall(nodes.TextElement):
        if "docstring of " in (node.source or ""):
            node["translatable"] = False


PACKAGE = Path(__file__).resolve().parents[1]
"""The tutor package, whose code makes the pages."""


def code_digest(package: Path = PACKAGE) -> str:
    """A digest of the tutor's own code (every ``.py`` of ``package``): the pages are made by
    it, so a change to it makes Sphinx read every page again (the ``tutor_code`` setting), as a
    changed page or scenario file does. Without it, an incremental ``make docs`` kept the Play
    page's words of the code before.

    >>> len(code_digest()), code_digest() == code_digest()
    (64, True)
    """
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("tutor_root", str(ROOT), "env", types=[str])
    app.add_config_value("tutor_code", code_digest(), "env", types=[str])
    app.add_directive("scenario", ScenarioDirective)
    app.add_directive("scenario-gallery", GalleryDirective)
    app.add_directive("domino-glossary", GlossaryDirective)
    app.add_directive("computer-levels", LevelsDirective)
    app.add_directive("coach-grades", GradesDirective)
    app.add_directive("match-equity", EquityDirective)
    app.add_directive("set-equity", SetEquityDirective)
    app.add_directive("practice-in-browser", PlayDirective)
    app.add_directive("scenario-topics", TopicsDirective)
    app.add_directive("scenario-kinds", KindsDirective)
    app.add_directive("scenario-keys", KeysDirective)
    app.add_directive("scenario-limits", LimitsDirective)
    app.add_transform(Fill)
    app.add_transform(comments.Mark)  # the TOML samples' comments in the page's language
    app.add_transform(comments.Apply)
    app.connect("builder-inited", write_gallery_pages)
    app.connect("doctree-read", keep_api_out_of_catalog)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
