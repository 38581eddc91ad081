"""Refresh the theme's catalogs: ``locales/{de,pap}/LC_MESSAGES/sphinx.po`` and ``sphinx.js``.

The words of the pages are in ``docs.po``; the words around them (Next,
Previous, Search, the search page's messages, "Show the answer" of
``tutor.sphinxext``) are Sphinx's ``sphinx`` domain. Sphinx reads the project's
``sphinx`` catalog first and its own as a fallback, so these catalogs hold every
word that the theme shows, in German (Sphinx's own German misses Furo's words)
and in Papiamentu (which Sphinx does not have at all).

Run by ``make docs-catalogs``: extracts the ids from the Jinja templates of
Sphinx's basic theme, Furo and ``docs/_templates``, from Sphinx's search scripts
and from ``tutor/sphinxext/``; merges them into the catalogs (new ids empty,
gone ids dropped); writes the search page's ``sphinx.js`` for German and Papiamentu.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import furo
import sphinx
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
LOCALES = ROOT / "locales"
LANGUAGES = ("de", "pap")
JS_LANGUAGES = ("de", "pap")
"""Languages whose search-page script text we ship. Sphinx's own German is formal ("Sie")
and leaves the results summary empty, so German gets ours too."""
PLURAL_EXPR = "(n != 1) ? 1 : 0"
"""The plural form's index. Sphinx's ``ngettext`` indexes the translations with this
expression's value, so it must be a number: ``(n != 1)`` alone gives true/false, and
``translated[true]`` is undefined (a blank results summary)."""

EXTRA = (
    # Sphinx words that are not in a template: labels of the API page and admonitions.
    "Parameters",
    "Returns",
    "Return type",
    "Raises",
    "Variables",
    "Attributes",
    "module",
    "class",
    "Note",
    "Warning",
    "Hint",
    "Tip",
    "See also",
    "Link to this heading",
    "Link to this definition",
    "Link to this table",
    "Link to this code",
    "Link to this image",
    "Python Module Index",
    "Index",
    "Search Page",
    "Bases: %s",
    # Furo's Python code writes this aria-label; docs/conf.py translates it.
    "Toggle navigation of",
    # Furo's templates write these as plain text; docs/_templates/page.html translates them.
    "Toggle site navigation sidebar",
    "Toggle table of contents sidebar",
    "Toggle Light / Dark / Auto color theme",
    "Contents",
    "Menu",
    "Expand",
    "Light mode",
    "Dark mode",
    "Auto light/dark, in light mode",
    "Auto light/dark, in dark mode",
)
JS_KEYWORDS = {
    "_": None,
    "Documentation.gettext": None,
    "Documentation.ngettext": (1, 2),
}
HTML_OPTIONS = {"extensions": "jinja2.ext.i18n", "silent": "false"}


def template_dirs() -> list[Path]:
    return [
        Path(sphinx.__file__).parent / "themes" / "basic",
        Path(furo.__file__).parent / "theme" / "furo",
        DOCS / "_templates",
    ]


def extract() -> tuple[Catalog, set[str]]:
    """The template catalog, and the ids the search scripts use."""
    pot = Catalog(project="domino-tutor", domain="sphinx")
    for folder in template_dirs():
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(folder),
            method_map=[("**.html", "jinja2")],
            options_map={"**.html": HTML_OPTIONS},
        ):
            pot.add(message)
    js_ids: set[str] = set()
    static = Path(sphinx.__file__).parent / "themes" / "basic" / "static"
    for script in sorted(static.glob("*.js")):
        for _line, message, _comments, _context in extract_from_file(
            "javascript", str(script), keywords=JS_KEYWORDS
        ):
            pot.add(message)
            js_ids.add(message if isinstance(message, str) else message[0])
    for module in sorted((ROOT / "tutor" / "sphinxext").glob("*.py")):
        for _line, message, _comments, _context in extract_from_file(
            "python", str(module), keywords={"_": None}
        ):
            pot.add(message)
    for message in EXTRA:
        pot.add(message)
    for name in library_topic_names():
        pot.add(name, auto_comments=["gallery heading of a scenario topic"])
    return pot, js_ids


def library_topic_names() -> list[str]:
    """Names of the library's topics that have no detector (and so no name in ``tutor.po``) and
    are no teacher's own (whose ``topics.toml`` names them in every language)."""
    sys.path.insert(0, str(ROOT))
    from tutor.questions.topics import TOPICS
    from tutor.sphinxext import load_topics, topic_title
    from tutor.words.own_topics import own_name

    topics = load_topics(ROOT / "scenarios")
    return [topic_title(t) for t in topics if t not in TOPICS and own_name(t, "en") is None]


def update(language: str, pot: Catalog) -> Catalog:
    """Merge the template into one language's ``sphinx.po`` and write it back."""
    path = LOCALES / language / "LC_MESSAGES" / "sphinx.po"
    if path.is_file():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain="sphinx")
    else:
        catalog = Catalog(locale=language, domain="sphinx", project="domino-tutor")
    catalog.fuzzy = False  # a fuzzy header makes `pybabel compile` skip the whole file
    created = catalog.creation_date  # keep the header still when nothing else changes
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.creation_date = created
    catalog.obsolete.clear()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=True)
    return catalog


def write_js(language: str, catalog: Catalog, js_ids: set[str]) -> None:
    """The search page's translations, the way Sphinx writes ``sphinx.js``."""
    messages: dict[str, object] = {}
    for message in catalog:
        key = message.id if isinstance(message.id, str) else message.id[0]
        if not key or key not in js_ids or not message.string or message.fuzzy:
            continue
        messages[key] = message.string if isinstance(message.string, str) else list(
            message.string
        )
    body = json.dumps(
        {"locale": language, "messages": messages, "plural_expr": PLURAL_EXPR},
        ensure_ascii=False,
        indent=4,
        sort_keys=True,
    )
    path = LOCALES / language / "LC_MESSAGES" / "sphinx.js"
    path.write_text(f"Documentation.addTranslations({body});\n", encoding="utf-8")


def main() -> int:
    pot, js_ids = extract()
    for language in LANGUAGES:
        catalog = update(language, pot)
        if language in JS_LANGUAGES:
            write_js(language, catalog, js_ids)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"sphinx.po [{language}]: {len(catalog)} messages, {missing} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
