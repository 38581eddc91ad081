"""The docs are built once per test session, in all three languages, into a temporary folder."""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LANGUAGES = ("en", "de", "pap")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def load_build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_build", DOCS / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class BuiltDocs:
    html: Path
    status: int
    output: str
    seconds: float

    def page(self, language: str, name: str) -> Path:
        return self.html / language / f"{name}.html"

    def pages(self, language: str) -> list[Path]:
        return sorted((self.html / language).rglob("*.html"))


@pytest.fixture(scope="session")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> BuiltDocs:
    """en, de and pap built strictly (-n -W --keep-going), side by side, from scratch."""
    outdir = tmp_path_factory.mktemp("docs") / "html"
    build = load_build_module()
    buffer = io.StringIO()
    started = time.perf_counter()
    with redirect_stdout(buffer):
        status = build.build(outdir)
    seconds = time.perf_counter() - started
    output = buffer.getvalue()
    print(f"\n[docs] three-language build: {seconds:.1f} s (status {status})")
    return BuiltDocs(outdir, status, output, seconds)


@pytest.fixture(scope="session")
def shots_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $DOCS_SHOTS_DIR, or a temporary folder (never the repository)."""
    chosen = os.environ.get("DOCS_SHOTS_DIR")
    if chosen:
        path = Path(chosen)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return tmp_path_factory.mktemp("shots")


# --- the built site served over HTTP, and a real browser (tests/docs/test_engine*.py) ------


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves the built site and keeps no log on the terminal."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(built_docs: BuiltDocs) -> Iterator[str]:
    """The built site at http://127.0.0.1:PORT/."""
    assert (built_docs.html / "_engine" / "engine.json").is_file(), built_docs.output
    handler = partial(QuietHandler, directory=str(built_docs.html))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield chromium
        chromium.close()


CONTROLS_DRAWN = (
    "() => window.tutorFormsMs !== undefined"
    " || !document.querySelector('figure.domino-scenario[data-form]')"
)
"""True once a page's puzzles have their controls (or when it has none)."""


@dataclass
class Visit:
    """A browser context of one test, and every URL it asked for."""

    context: Any
    urls: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, url: str) -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(url)
        # tutor-engine.js draws the puzzles' controls after the load event, a few a task
        page.wait_for_function(CONTROLS_DRAWN)
        return page


@pytest.fixture
def visit(browser: Any, site: str) -> Iterator[Visit]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    seen = Visit(context)
    context.on("request", lambda request: seen.urls.append(request.url))
    yield seen
    context.close()
    assert not seen.errors, seen.errors
    foreign = [url for url in seen.urls if not url.startswith(site)]
    assert not foreign, f"requests that left the site: {foreign}"
