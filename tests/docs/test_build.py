"""The built reference: strict builds, switcher, theme words, no CDN, translated pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.conftest import LANGUAGES, BuiltDocs

ENGLISH_THEME_WORDS = (
    ">Next<",
    ">Previous<",
    ">Search<",
    'placeholder="Search"',
    'aria-label="Search"',
    "Back to top",
    "<title>Contents</title>",
    "<title>Expand</title>",
    "Skip to content",
    "Made with",
    "Toggle navigation of",
    "Toggle site navigation",
    "Toggle Light / Dark",
    ">Show the answer<",
    ">Hint<",
    ">Navigation<",
    "Please activate JavaScript",
    "Bases: ",
    ">Parameters<",
    ">Return type<",
)
"""Words of the theme and of tutor.sphinxext that must not stay English in de and pap."""

EXTERNAL_ASSET = re.compile(
    r"<(?:script|img|iframe)[^>]+src=\"(?:https?:)?//"
    r"|<link[^>]+href=\"(?:https?:)?//"
    r"|@import\s+url\(\s*[\"']?(?:https?:)?//"
    r"|url\(\s*[\"']?(?:https?:)?//",
    re.IGNORECASE,
)


def test_three_languages_build_strictly(built_docs: BuiltDocs) -> None:
    assert built_docs.status == 0, built_docs.output
    assert "WARNING" not in built_docs.output, built_docs.output
    for language in LANGUAGES:
        assert built_docs.page(language, "index").is_file()
        assert built_docs.page(language, "cutthroat").is_file()
        assert (built_docs.html / language / "searchindex.js").is_file()
    print(f"[docs] build time: {built_docs.seconds:.1f} s")
    assert built_docs.seconds < 300, "the three-language build should take well under 90 s"


def test_root_index_sends_readers_to_their_language(built_docs: BuiltDocs) -> None:
    root = (built_docs.html / "index.html").read_text(encoding="utf-8")
    assert "navigator.language" in root
    for language in LANGUAGES:
        assert f'href="{language}/index.html"' in root
        assert (built_docs.html / language / "index.html").is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_has_a_working_language_switcher(built_docs: BuiltDocs, language: str) -> None:
    base = built_docs.html / language
    for page in built_docs.pages(language):
        html = page.read_text(encoding="utf-8")
        if "lang-switcher" not in html:
            pytest.fail(f"{page} has no language switcher")
        links = re.findall(r'<a lang="(\w+)" hreflang="\w+" href="([^"]+)"', html)
        others = {code for code, _ in links}
        assert others == set(LANGUAGES) - {language}, (page, links)
        for _code, href in links:
            target = (page.parent / href).resolve()
            assert target.is_file(), f"{page.relative_to(base)}: {href} does not exist"
        assert re.search(rf'<html[^>]* lang="{language}"', html), page


@pytest.mark.parametrize("language", ["de", "pap"])
def test_no_english_theme_words(built_docs: BuiltDocs, language: str) -> None:
    found = []
    for page in built_docs.pages(language):
        html = page.read_text(encoding="utf-8")
        found += [f"{page.name}: {word}" for word in ENGLISH_THEME_WORDS if word in html]
    assert not found, found


@pytest.mark.parametrize("language", ["de", "pap"])
def test_every_page_is_translated(built_docs: BuiltDocs, language: str) -> None:
    """Sphinx marks untranslated paragraphs; only the API reference may have them (by design)."""
    pages = [
        page.name
        for page in built_docs.pages(language)
        if 'class="untranslated"' in page.read_text(encoding="utf-8") and page.name != "api.html"
    ]
    assert not pages, f"untranslated text in {pages}: run make docs-catalogs and translate"


def test_no_scripts_styles_or_fonts_from_the_network(built_docs: BuiltDocs) -> None:
    offenders = []
    for path in sorted(built_docs.html.rglob("*")):
        if path.suffix not in (".html", ".css", ".js"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in EXTERNAL_ASSET.finditer(text):
            offenders.append(f"{path.relative_to(built_docs.html)}: {match.group(0)}")
    assert not offenders, offenders


@pytest.mark.parametrize("language", LANGUAGES)
def test_cutthroat_page_draws_positions_in_its_language(
    built_docs: BuiltDocs, language: str
) -> None:
    html = built_docs.page(language, "cutthroat").read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="domino-scenario" id="([^"]+)" lang="(\w+)"', html)
    assert len(figures) >= 10
    assert {lang for _, lang in figures} == {language}
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="domino-position"') == len(
        figures
    )
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "duplicate ids on the page"
    assert html.count("<details class=\"scenario-answer\">") == len(figures)


def test_gallery_has_a_page_per_topic(built_docs: BuiltDocs) -> None:
    from tutor.scenarios.library import load_library

    scenarios, _errors = load_library([Path(__file__).resolve().parents[2] / "scenarios"])
    topics = {s.topic for s in scenarios}
    for language in LANGUAGES:
        for topic in topics:
            page = built_docs.html / language / "gallery" / f"{topic}.html"
            assert page.is_file(), page
            html = page.read_text(encoding="utf-8")
            count = sum(1 for s in scenarios if s.topic == topic)
            assert html.count('class="domino-scenario"') == count, (language, topic)


def test_api_reference_stays_english_and_says_so(built_docs: BuiltDocs) -> None:
    html = built_docs.page("de", "api").read_text(encoding="utf-8")
    assert "nur auf Englisch" in html
    assert "tutor.rules.tiles.Tile" in html


def test_glossary_shows_every_term_in_three_languages(built_docs: BuiltDocs) -> None:
    import tomllib
    from html import escape

    data = tomllib.loads(
        (Path(__file__).resolve().parents[2] / "tutor" / "data" / "glossary.toml").read_text(
            encoding="utf-8"
        )
    )
    for language in LANGUAGES:
        html = built_docs.page(language, "glossary").read_text(encoding="utf-8")
        assert html.count('<tr id="term-') == len(data["term"])
        for term in data["term"]:
            assert f'<tr id="term-{term["key"]}">' in html
            for code in LANGUAGES:
                assert f"<dfn>{escape(term[code]['term'])}" in html, (language, code, term["key"])
