"""The docs are built once per test session, in all three languages, into a temporary folder."""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
import time
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

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
