"""The built reference in a real browser: headless Chromium, wide and narrow, and its search page.

Skipped where Chromium is missing (.ci/run installs Debian's ``chromium``).
Screenshots go to ``$DOCS_SHOTS_DIR`` or a temporary folder, never the repository.
"""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import pytest

from tests.docs.conftest import CHROMIUM, LANGUAGES, BuiltDocs

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

WIDTHS = {"wide": 1280, "narrow": 390}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--no-first-run",
    "--hide-scrollbars",
    "--mute-audio",
]
SEARCH_WORDS = {"en": ("Search Results", "hard"), "de": ("Suchergebnisse", "Talon"),
                "pap": ("Resultadonan di buska", "piedra")}
SEARCH_SUMMARY = {
    "en": r"Search finished, found \d+ pages matching the search query\.",
    "de": r"Suche beendet: \d+ Seiten passen zur Suchanfrage\.",
    "pap": r"Buska a kaba: \d+ página ta kuadra ku e buska\.",
}
"""The line under the results, in the page's language (German: du, never Sie)."""


def chromium(*args: str, timeout: int = 60) -> str:
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, *FLAGS, *args], capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("layout", WIDTHS)
def test_cutthroat_page_screenshot_with_boards(
    built_docs: BuiltDocs, shots_dir: Path, language: str, layout: str
) -> None:
    width = WIDTHS[layout]
    url = built_docs.page(language, "cutthroat").as_uri()
    shot = shots_dir / f"cutthroat-{language}-{layout}.png"
    chromium(f"--window-size={width},2000", f"--screenshot={shot}", url)
    assert png_size(shot) == (width, 2000)
    print(f"[docs] screenshot: {shot}")
    dom = chromium(f"--window-size={width},2000", "--virtual-time-budget=2000", "--dump-dom", url)
    boards = re.findall(r'<svg xmlns="http://www.w3.org/2000/svg" class="domino-position"', dom)
    assert len(boards) >= 10, "the drawn positions are missing from the DOM"
    assert re.search(rf'<html[^>]* lang="{language}"', dom)
    assert dom.count('class="lang-switcher"') == 2  # sidebar (wide) and above the article (narrow)


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_finds_pages_in_each_language(built_docs: BuiltDocs, language: str) -> None:
    heading, word = SEARCH_WORDS[language]
    url = built_docs.page(language, "search").as_uri() + f"?q={word}"
    dom = chromium("--window-size=1280,900", "--virtual-time-budget=5000", "--dump-dom", url)
    assert heading in dom, "the search page's words are not translated"
    listing = dom.split('id="search-results"')[-1]
    results = re.findall(r'<li[^>]*><a href="[^"]+\.html[^"]*"', listing)
    assert results, f"searching {word!r} found nothing in {language}"
    summary = re.search(r'<p class="search-summary">([^<]*)</p>', dom)
    assert summary, "the search page has no results summary"
    assert re.fullmatch(SEARCH_SUMMARY[language], summary.group(1).strip()), summary.group(1)
