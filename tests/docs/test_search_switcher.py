"""The language switcher stays out of the search, and the search page keeps its query (issue 24).

Sphinx's search shows, under each result, the text of the page's ``[role="main"]`` element
(``searchtools.js`` ``htmlToText``): a switcher inside the article began every summary with
"English · Deutsch · Papiamentu". On the search page the switcher carries ``?q=`` along.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.docs.conftest import CHROMIUM, LANGUAGES, BuiltDocs

SWITCHER_TEXT = "English · Deutsch · Papiamentu"
WORD = "Cutthroat"
"""A word near the top of many pages in every language: summaries start where the switcher was."""


@pytest.fixture(scope="module")
def served(built_docs: BuiltDocs) -> Iterator[str]:
    """The built docs over HTTP: on file:// the search cannot fetch pages, so shows no summaries."""

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(built_docs.html))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def main_region(html: str) -> str:
    """The part of a page the search shows as a summary: its ``role="main"`` element."""
    found = re.search(r'<article role="main"[^>]*>(.*?)</article>', html, re.S)
    assert found, "the page has no role=main article"
    return found.group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_switcher_is_outside_the_searched_text(built_docs: BuiltDocs, language: str) -> None:
    pages = [p for p in built_docs.pages(language) if "lang-switcher" in p.read_text("utf-8")]
    assert len(pages) > 5
    for page in pages:
        html = page.read_text("utf-8")
        assert "lang-switcher" not in main_region(html), page.name
        assert html.count('class="lang-switcher"') == 2, page.name  # sidebar and top still there
    index = (built_docs.html / language / "searchindex.js").read_text("utf-8")
    for _, name in (("en", "English"), ("de", "Deutsch"), ("pap", "Papiamentu")):
        assert f"{name} · " not in index
    assert SWITCHER_TEXT not in index


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
@pytest.mark.parametrize("language", LANGUAGES)
def test_search_summaries_and_switching_keep_the_query(
    served: str, language: str, shots_dir: Path
) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    word = WORD
    url = f"{served}/{language}/search.html?q={word}"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.wait_for_selector("p.search-summary", timeout=20000)
        page.wait_for_function(
            "document.querySelectorAll('#search-results li p.context').length > 0",
            timeout=20000,
        )
        page.screenshot(path=f"{shots_dir}/search-{language}.png")
        contexts = page.locator("#search-results li p.context").all_inner_texts()
        assert contexts
        for text in contexts:
            assert not text.strip().startswith(("English", "Deutsch", "Papiamentu")), text
            assert SWITCHER_TEXT not in text
        for other in LANGUAGES:
            if other == language:
                continue
            link = page.locator(f'.sidebar-drawer .lang-switcher a[hreflang="{other}"]')
            href = link.get_attribute("href") or ""
            assert f"q={word}" in href, href
        other = next(code for code in LANGUAGES if code != language)
        page.locator(f'.sidebar-drawer .lang-switcher a[hreflang="{other}"]').click()
        page.wait_for_selector("p.search-summary", timeout=20000)
        assert page.locator('input[name="q"]').first.input_value() == word
        assert f"/{other}/search.html" in page.url
        page.screenshot(path=f"{shots_dir}/search-{language}-to-{other}.png")
        browser.close()
