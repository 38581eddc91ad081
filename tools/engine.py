"""The engine in the page: the pinned Pyodide from npm and the wheels the browser loads.

``python tools/engine.py fetch``   download Pyodide's npm tarball (checked against its sha256)
                                   and unpack the files a page needs into ``build/pyodide-VERSION/``
``python tools/engine.py wheels DIR``  build the browser's wheels into DIR: the tutor's own
                                   (catalogs compiled, the scenario library, no Sphinx extension),
                                   Babel cut to the root/en/de/pap locale data, and glicko2
``python tools/engine.py install OUTDIR``  both into ``OUTDIR/_engine/`` (what ``docs/build.py``
                                   does after the pages are built)

Pyodide itself is never committed: only its version and checksum are, here. Nothing else the
browser needs comes from a network: the wheels are made from this checkout and from the Babel
installed beside it. Exit status: 0 done, 1 could not (the reason in one line).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import sys
import tarfile
import urllib.request
import zipfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_VERSION = "314.0.7"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
    "README.md",
)
"""What a page needs of the npm package (its type definitions, source maps and consoles stay)."""
PYODIDE_DIR = ROOT / "build" / f"pyodide-{PYODIDE_VERSION}"
"""Where the fetched files live (``build/`` is git-ignored)."""
ENGINE = "_engine"
"""The folder of the built site that holds Pyodide and the wheels (one for every language)."""
BABEL_LOCALES = ("root", "en", "de", "pap")
"""The locale data the cut Babel keeps (and ``pap``'s regions ``pap_AW``, ``pap_CW``): a page
asks Babel for ``en``, ``de`` or ``pap``, whose only parent is ``root``."""
TUTOR_LEFT_OUT = ("tutor/sphinxext/", "tutor/cli/", "tutor/quiz/", "tutor/__main__.py",
                  "tutor/render/heatmap", "tutor/render/table", "tutor/render/terminal",
                  "tutor/play/tui/panels/", "tutor/play/tui/app",
                  "tutor/play/tui/keys", "tutor/play/tui/state", "tutor/play/tui/review",
                  "tutor/play/tui/completer", "tutor/play/tui/layout", "tutor/play/tui/settle",
                  "tutor/play/tui/style", "tutor/play/tui/thinking")
"""Packages of the tutor the browser never imports: the docs' extension (Sphinx and docutils
are not there), the command and the quiz (the page has its own faces, ``tutor.web`` and
``tutor.play.web``), the drawings but the board (``render/svg.py``: the Play page's table)
and the full-screen game (but for its end-of-hand pages, which plain mode says)."""

STDLIB_LEFT_OUT = frozenset({
    "__hello__", "__phello__", "_pyrepl", "antigravity", "bdb", "cProfile", "cmd", "compileall",
    "configparser", "doctest", "ftplib", "imaplib", "mailbox", "modulefinder", "multiprocessing",
    "netrc", "optparse", "pdb", "pickletools", "plistlib", "poplib", "pstats", "profile",
    "py_compile", "pyclbr", "pydoc", "pydoc_data", "sched", "shelve", "smtplib", "socketserver",
    "sqlite3", "symtable", "tabnanny", "this", "timeit", "trace", "unittest", "wave",
    "webbrowser", "wsgiref", "xml", "xmlrpc", "zipapp",
})
"""Modules and packages of Python's library the page never imports, left out of Pyodide's
``python_stdlib.zip`` (0.94 MB of its 2.48): debuggers, test runners, the REPL, servers and
mail, XML, SQLite (the page keeps its data in IndexedDB). ``email``, ``http`` and ``urllib``
stay (Pyodide's own modules may reach for them). The page's start and a game are imported
from the trimmed library when the engine is precompiled (``precompile``), so a module left out
that the page needs fails the build; tests/web/test_engine_trim.py checks the tutor's own
imports."""
KEPT_ENCODINGS = frozenset({
    "__init__", "aliases", "ascii", "charmap", "cp437", "idna", "latin_1", "punycode",
    "raw_unicode_escape", "undefined", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le",
    "utf_32", "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig",
})
"""The codecs kept of ``encodings`` (the page reads and writes UTF-8 only; these are the ones
Python itself may look up, ``cp437`` for the names in a zip file, which Pyodide's unpacking of
the wheels reads): the other 100 (code pages, CJK, Mac) are left out."""


class EngineError(Exception):
    """Something the engine could not get or make, said in one line."""


def fetched() -> bool:
    """Whether the pinned Pyodide has been fetched (every file a page needs is there)."""
    return all((PYODIDE_DIR / name).is_file() for name in PYODIDE_FILES)


def fetch(timeout: float = 60) -> Path:
    """Fetch the pinned Pyodide once; later calls use the unpacked files (no network)."""
    if fetched():
        return PYODIDE_DIR
    try:
        with urllib.request.urlopen(PYODIDE_URL, timeout=timeout) as response:
            data = response.read()
    except OSError as error:
        raise EngineError(f"Pyodide {PYODIDE_VERSION} could not be fetched ({error})") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != PYODIDE_SHA256:
        raise EngineError(
            f"{PYODIDE_URL} has sha256 {digest}, not the pinned {PYODIDE_SHA256}: not used"
        )
    partial = PYODIDE_DIR.with_name(PYODIDE_DIR.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise EngineError(f"the Pyodide tarball has no package/{name}")
            (partial / name).write_bytes(member.read())
    shutil.rmtree(PYODIDE_DIR, ignore_errors=True)
    partial.rename(PYODIDE_DIR)
    return PYODIDE_DIR


# --- wheels --------------------------------------------------------------------------


def _version(distribution: str) -> str:
    from importlib.metadata import version

    return version(distribution)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(
    folder: Path, name: str, version: str, files: Iterable[tuple[str, bytes]]
) -> Path:
    """A pure-Python wheel of ``files`` (path in the wheel, content), reproducible: fixed
    dates, sorted entries."""
    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    entries = sorted(files)
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\n"
                    f"Version: {version}\n".encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: tools/engine.py\n"
                    b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [_record_line(path, data) for path, data in entries] + [f"{info}/RECORD,,"]
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            entry = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, data)
    return target


def _package_files(top: Path, prefix: str) -> list[tuple[str, bytes]]:
    """Every file of a package folder but caches and compiled extensions."""
    found = []
    for path in sorted(top.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".pyc", ".so"):
            continue
        found.append((f"{prefix}/{path.relative_to(top).as_posix()}", path.read_bytes()))
    return found


def tutor_files() -> list[tuple[str, bytes]]:
    """The tutor as the browser loads it: the package (no Sphinx extension), its catalogs
    compiled (``.mo``), the scenario library as ``tutor/data/scenarios``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    files = [
        (name, data)
        for name, data in _package_files(ROOT / "tutor", "tutor")
        if not name.startswith(TUTOR_LEFT_OUT) and not name.endswith(".mo")
    ]
    files += _package_files(ROOT / "scenarios", "tutor/data/scenarios")
    for po in sorted(ROOT.glob("locales/*/LC_MESSAGES/tutor.po")):
        language = po.parent.parent.name
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain="tutor")
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        files.append((f"tutor/locales/{language}/LC_MESSAGES/tutor.mo", buffer.getvalue()))
    return files


def babel_files() -> list[tuple[str, bytes]]:
    """The installed Babel with only the locale data of our languages (and ``global.dat``)."""
    import babel

    top = Path(babel.__file__).resolve().parent
    kept = []
    for name, data in _package_files(top, "babel"):
        if name.startswith("babel/locale-data/"):
            stem = name.rsplit("/", 1)[1].removesuffix(".dat")
            if stem not in BABEL_LOCALES and not stem.startswith("pap_"):
                continue
        kept.append((name, data))
    return kept


def glicko2_files() -> list[tuple[str, bytes]]:
    """The installed ``glicko2`` (pure Python, the ratings' arithmetic), its module only."""
    import glicko2  # type: ignore[import-untyped]

    return _package_files(Path(glicko2.__file__).resolve().parent, "glicko2")


def wheels(folder: Path) -> list[Path]:
    """Build the browser's wheels into ``folder``; returns their paths, tutor first."""
    import babel

    sys.path.insert(0, str(ROOT))
    from tutor import __version__

    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.whl"):
        old.unlink()
    return [
        write_wheel(folder, "domino-tutor", __version__, tutor_files()),
        write_wheel(folder, "babel", babel.__version__, babel_files()),
        write_wheel(folder, "glicko2", _version("glicko2"), glicko2_files()),
    ]


def left_out_of_stdlib(name: str) -> bool:
    """Whether the entry ``name`` of ``python_stdlib.zip`` is left out of the page's copy.

    >>> [left_out_of_stdlib(n) for n in ("pdb.py", "xml/dom/minidom.py", "json/__init__.py",
    ...                                  "encodings/cp1252.py", "encodings/utf_8.py")]
    [True, True, False, True, False]
    """
    parts = name.split("/")
    top = parts[0].removesuffix(".py")
    if top == "encodings" and len(parts) == 2 and parts[1]:
        return parts[1].removesuffix(".py") not in KEPT_ENCODINGS
    return top in STDLIB_LEFT_OUT


def trim_stdlib(path: Path) -> tuple[int, int]:
    """Rewrite Pyodide's ``python_stdlib.zip`` at ``path`` without what ``left_out_of_stdlib``
    names; the sizes before and after, in bytes."""
    before = path.stat().st_size
    with zipfile.ZipFile(path) as old:
        kept = [(info, old.read(info)) for info in old.infolist()
                if not left_out_of_stdlib(info.filename)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in kept:
            new.writestr(info, data)
    path.write_bytes(buffer.getvalue())
    return before, path.stat().st_size


def precompile(archives: list[Path], pyodide: Path = PYODIDE_DIR) -> bool:
    """The modules the page imports as bytecode of the page's own Python, in place in
    ``archives`` (``tools/precompile.mjs``: Pyodide run in Node): the page then compiles no
    source at its start (warm start 4.7 -> 2.7 s, cold 7.1 -> 2.5 s at load 5; 0.8 MB more).
    ``pyodide``: the Pyodide to run (the engine's own copy, its library trimmed). False, the
    archives untouched, where Node is not installed; ``EngineError`` if it fails."""
    import subprocess

    node = shutil.which("node")
    if node is None:
        return False
    script = ROOT / "tools" / "precompile.mjs"
    done = subprocess.run(
        [node, str(script), str(pyodide), *map(str, archives)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no message"])[-1][:300]
        raise EngineError(f"precompiling the engine failed: {reason}")
    return True


def install(outdir: Path) -> Path:
    """Pyodide (fetched before) and fresh wheels into ``outdir/_engine``, with a manifest
    (``engine.json``) naming the wheels, their total size and the lock the page gives Pyodide;
    raises ``EngineError`` when Pyodide is not fetched."""
    if not fetched():
        raise EngineError(f"Pyodide {PYODIDE_VERSION} is not fetched (make pyodide)")
    engine = outdir / ENGINE
    shutil.rmtree(engine, ignore_errors=True)
    shutil.copytree(PYODIDE_DIR, engine / "pyodide")
    built = wheels(engine / "wheels")
    stdlib = engine / "pyodide" / "python_stdlib.zip"
    trim_stdlib(stdlib)
    # From the trimmed library: the page's imports fail here, not in a learner's browser.
    precompiled = precompile([*built, stdlib], engine / "pyodide")
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    manifest = {
        "pyodide": PYODIDE_VERSION,
        # The page loads no package of Pyodide's own set: it passes this lock (the runtime's
        # info, no packages) instead of fetching the 119 KB pyodide-lock.json.
        "lock": {"info": lock["info"], "packages": {}},
        "wheels": [path.name for path in built],
        "precompiled": precompiled,
        "bytes": sum(path.stat().st_size for path in (engine).rglob("*") if path.is_file()),
    }
    (engine / "engine.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return engine


def main(argv: list[str]) -> int:
    usage = "usage: python tools/engine.py fetch | wheels DIR | install OUTDIR"
    if not argv or argv[0] not in ("fetch", "wheels", "install"):
        print(usage, file=sys.stderr)
        return 2
    try:
        if argv[0] == "fetch":
            print(f"engine: Pyodide {PYODIDE_VERSION} in {fetch().relative_to(ROOT)}")
        elif len(argv) != 2:
            print(usage, file=sys.stderr)
            return 2
        elif argv[0] == "wheels":
            for path in wheels(Path(argv[1])):
                print(f"engine: {path} ({path.stat().st_size / 1e6:.2f} MB)")
        else:
            print(f"engine: {install(Path(argv[1]))}")
    except EngineError as error:
        print(f"engine: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
