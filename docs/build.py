"""Build the rules reference in every language: ``python docs/build.py [OUTDIR]``.

Each language is a strict Sphinx build (``-n -W --keep-going``) into
``OUTDIR/<lang>/`` (default ``docs/_build/html``); the builds run side by side.
``OUTDIR/index.html`` sends the reader to their browser's language, with a plain
list of links when JavaScript is off. Exit status: 0 when every build passed.

The engine in the page (``tools/engine.py``): when the pinned Pyodide has been fetched
(``make pyodide``; ``--fetch-engine`` fetches it first), the pages get the puzzles' controls
(``-t tutor_engine``) and ``OUTDIR/_engine/`` gets Pyodide and the browser's wheels, one copy
for every language. Without it the pages are built as before, and the build says so once.
"""

from __future__ import annotations

import html
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

DOCS = Path(__file__).resolve().parent
LANGUAGES = {"en": "English", "de": "Deutsch", "pap": "Papiamentu"}
"""The languages of the reference, each named in its own language."""
TITLES = {
    "en": "Caribbean dominoes: the rules and a tutor",
    "de": "Karibisches Domino: die Regeln und ein Tutor",
    "pap": "Dominó Karibense: e reglanan i un tutor",
}


def sphinx_command(
    language: str, outdir: Path, doctrees: Path, *, engine: bool = False
) -> list[str]:
    """The sphinx-build command line for one language (``engine``: with the puzzles' controls)."""
    return [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-n",
        "-W",
        "--keep-going",
        "-q",
        "-D",
        f"language={language}",
        # Untranslated paragraphs get class="untranslated" (tests/docs looks for them).
        *(["-D", "translation_progress_classes=untranslated"] if language != "en" else []),
        *(["-t", "tutor_engine"] if engine else []),
        "-d",
        str(doctrees / language),
        str(DOCS),
        str(outdir / language),
    ]


def root_index() -> str:
    """The page at the root: pick the reader's language, or show the list."""
    links = "\n".join(
        f'    <li><a href="{code}/index.html" lang="{code}" hreflang="{code}">'
        f"{html.escape(name)}</a> · <span lang=\"{code}\">{html.escape(TITLES[code])}</span></li>"
        for code, name in LANGUAGES.items()
    )
    codes = ", ".join(f'"{code}"' for code in LANGUAGES)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>domino-tutor</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem;
       line-height: 1.5; }}
li {{ margin: 0.5rem 0; }}
</style>
<script>
// Send the reader to the first of their browser's languages that the reference has.
(function () {{
  var have = [{codes}];
  var wanted = navigator.languages || [navigator.language || "en"];
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (have.indexOf(code) >= 0) {{ location.replace(code + "/index.html"); return; }}
  }}
}})();
</script>
</head>
<body>
<h1>domino-tutor</h1>
<ul>
{links}
</ul>
</body>
</html>
"""


def engine_tool() -> ModuleType:
    """``tools/engine.py``: the pinned Pyodide and the browser's wheels."""
    path = DOCS.parent / "tools" / "engine.py"
    spec = importlib.util.spec_from_file_location("tutor_engine_tool", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_ready(tool: ModuleType, fetch: bool) -> str | None:
    """``None`` when Pyodide is there (fetched now if ``fetch``), else why not, in one line."""
    if fetch:
        try:
            tool.fetch()
        except tool.EngineError as error:
            return str(error)
    if tool.fetched():
        return None
    return f"Pyodide {tool.PYODIDE_VERSION} is not fetched (make pyodide)"


def place_engine(tool: ModuleType, outdir: Path, missing: str | None) -> list[str]:
    """Pyodide and the wheels into ``outdir/_engine`` (what failed, if anything); without
    Pyodide, an earlier build's engine goes and the build says so, once."""
    if missing is None:
        try:
            tool.install(outdir)
        except (tool.EngineError, OSError) as error:
            return [f"the engine ({error})"]
        return []
    shutil.rmtree(outdir / tool.ENGINE, ignore_errors=True)
    print(f"docs: no in-page engine: {missing}; the puzzles keep their folded answers only")
    return []


def build(
    outdir: Path, languages: list[str] | None = None, *, fetch_engine: bool = False
) -> int:
    """Build the languages side by side; print each one's output and the time taken."""
    outdir = outdir.resolve()
    doctrees = outdir.parent / "doctrees"
    started = time.perf_counter()
    tool = engine_tool()
    missing = engine_ready(tool, fetch_engine)
    env = dict(os.environ, PYTHONHASHSEED="0")
    jobs = {
        language: subprocess.Popen(
            sphinx_command(language, outdir, doctrees, engine=missing is None),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        for language in languages or list(LANGUAGES)
    }
    failed = []
    for language, job in jobs.items():
        output, _ = job.communicate()
        if output.strip():
            print(f"--- {language} ---\n{output.rstrip()}")
        if job.returncode:
            failed.append(language)
    outdir.mkdir(parents=True, exist_ok=True)
    (outdir / "index.html").write_text(root_index(), encoding="utf-8")
    failed += place_engine(tool, outdir, missing)
    seconds = time.perf_counter() - started
    status = f"failed: {', '.join(failed)}" if failed else "ok"
    print(f"docs: built {', '.join(jobs)} into {outdir} in {seconds:.1f} s ({status})")
    return 1 if failed else 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    fetch = "--fetch-engine" in arguments
    paths = [argument for argument in arguments if argument != "--fetch-engine"]
    target = Path(paths[0]) if paths else DOCS / "_build" / "html"
    sys.exit(build(target, fetch_engine=fetch))
