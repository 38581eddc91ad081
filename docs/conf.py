"""Sphinx configuration: the rules reference in English, German and Papiamentu.

Build one language with ``-D language=de`` (``make docs`` builds all three into
``docs/_build/html/<lang>/``, see ``docs/build.py``).

Theme: Furo. It ships no CDN fonts or scripts, works on ``file://``, needs no JS
for navigation, has a readable narrow layout and a dark mode, and has few UI
words of its own (each of them is translated in ``locales/*/LC_MESSAGES/sphinx.po``).
Its sidebar takes a template, so the language switcher is plain links (no JS).
pydata-sphinx-theme would add a top navbar, Bootstrap and FontAwesome that we
do not need for a dozen pages, and more UI words to translate.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import __version__  # noqa: E402

project = "domino-tutor"
author = "domino-tutor developers"
copyright = "domino-tutor developers"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "tutor.sphinxext",
]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "**/.tmp-*"]
templates_path = ["_templates"]

# --- languages ----------------------------------------------------------------
language = "en"  # per build: -D language=de|pap
DOC_LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("pap", "Papiamentu")]
"""The languages of the reference, each named in its own language."""
# Absolute: sphinx.js (-> translations.js) is looked up relative to the working
# directory otherwise (research notes 1.2 d).
locale_dirs = [str(ROOT / "locales")]
gettext_compact = "docs"  # one catalog "docs" for all pages; never collides with "tutor"
gettext_uuid = False
gettext_location = False  # no "#: file:line" churn in the catalogs
# The API reference (autodoc) is made of English docstrings and is not translated:
# tutor.sphinxext marks every autodoc entry untranslatable, so none of it lands in
# docs.pot; the page's own words around it are translated like any page.

# --- HTML ---------------------------------------------------------------------
html_theme = "furo"
html_title = "domino-tutor"
html_static_path = ["_static"]
html_css_files = ["tutor.css"]
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
html_last_updated_fmt = None
html_context = {"doc_languages": DOC_LANGUAGES}
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/lang-switcher.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_theme_options = {
    "top_of_page_buttons": [],
}

# --- the engine in the page (issue 25) -------------------------------------------
# docs/build.py passes -t tutor_engine when the pinned Pyodide is there (tools/engine.py puts it
# and the browser's wheels into the site's _engine/): every puzzle then gets controls to answer
# it, judged in a Web Worker. Without it (or with JavaScript off) the pages are as before.
_tags = globals().get("tags")  # Sphinx gives conf.py its tags (-t); a plain import has none
if _tags is not None and _tags.has("tutor_engine"):
    html_js_files = [
        ("tutor-engine.js", {"defer": "defer"}),  # the puzzles
        ("tutor-play.js", {"defer": "defer"}),  # the practice game (the Play page)
    ]
    html_css_files = [*html_css_files, "tutor-engine.css"]

# --- autodoc ------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_default_options = {"members": True, "show-inheritance": False}
nitpick_ignore_regex = [
    # Type aliases and typing names that have no page of their own.
    ("py:class", r"(tutor\.rules\.[\w.]+\.)?(Mask|GameName|TiedBlock|SetResult|Seat)"),
    ("py:class", r"(collections\.abc|typing|enum|random)\.\w+"),
    ("py:class", r"(Iterable|Iterator|Sequence|Mapping|Callable|Literal)"),
    ("py:obj", r"typing\.\w+"),
]


def _translate_furo_navigation(app, pagename, templatename, context, doctree):
    """Furo writes "Toggle navigation of <page>" in Python, out of the translator's reach."""
    from sphinx.locale import _

    tree = context.get("furo_navigation_tree")
    if tree:
        label = str(_("Toggle navigation of"))
        context["furo_navigation_tree"] = tree.replace(
            'aria-label="Toggle navigation of ', f'aria-label="{label} '
        )


TILE_NAME = re.compile(r"(?<![\w\-\u2011])([0-6])-([0-6])(?![\w\-\u2011])")
"""A tile name in running text, such as 6-5."""
KEEP_AS_WRITTEN = {"code", "pre", "kbd", "samp", "svg", "script", "style", "textarea"}
"""Elements whose text is shown or read as written (code, drawings)."""
_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)[^>]*?(/?)>")


def unbreakable_tile_names(body: str) -> str:
    """Write tile names with a non-breaking hyphen (U+2011) so that 6-5 never wraps at "-".

    Only running text changes: tags, attributes, code and the drawings keep the "-".

    >>> unbreakable_tile_names('<p>The 6-5 <code>6-5</code></p><svg data-tile="6-5"/>')
    '<p>The 6\u20115 <code>6-5</code></p><svg data-tile="6-5"/>'
    """
    out: list[str] = []
    kept = 0  # depth inside elements that keep their text
    position = 0
    for tag in _TAG.finditer(body):
        text = body[position : tag.start()]
        out.append(text if kept else TILE_NAME.sub("\\1\u2011\\2", text))
        out.append(tag.group(0))
        closing, name, empty = tag.group(1), tag.group(2).lower(), tag.group(3)
        if name in KEEP_AS_WRITTEN and not empty:
            kept += -1 if closing else 1
            kept = max(kept, 0)
        position = tag.end()
    rest = body[position:]
    out.append(rest if kept else TILE_NAME.sub("\\1\u2011\\2", rest))
    return "".join(out)


def _unbreakable_tile_names(app, pagename, templatename, context, doctree):
    if "body" in context:
        context["body"] = unbreakable_tile_names(context["body"])


def setup(app):
    # After Furo's own html-page-context handler (priority 500).
    app.connect("html-page-context", _translate_furo_navigation, priority=900)
    app.connect("html-page-context", _unbreakable_tile_names, priority=900)
