"""tools/engine.py: the pinned Pyodide (checksum) and the browser's wheels."""

from __future__ import annotations

import importlib.util
import io
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def engine() -> ModuleType:
    return load("engine_tool", ROOT / "tools" / "engine.py")


@pytest.fixture(scope="module")
def wheels(engine: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return list(engine.wheels(tmp_path_factory.mktemp("wheels")))


def names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_tutor_wheel_has_the_catalogs_and_the_library_but_no_sphinx_extension(
    wheels: list[Path],
) -> None:
    tutor = names(wheels[0])
    assert wheels[0].name.startswith("domino_tutor-")
    catalogs = {f"tutor/locales/{lang}/LC_MESSAGES/tutor.mo" for lang in ("de", "pap")}
    assert catalogs <= set(tutor)
    library = [n for n in tutor if n.startswith("tutor/data/scenarios/") and n.endswith(".toml")]
    assert len(library) == len(list((ROOT / "scenarios").rglob("*.toml")))
    assert "tutor/words/judge.py" in tutor
    assert not [n for n in tutor if n.startswith("tutor/sphinxext/")]
    assert not [n for n in tutor if "__pycache__" in n or n.endswith((".so", ".pyc"))]
    assert any(n.endswith(".dist-info/RECORD") for n in tutor)


def test_babel_is_cut_to_root_en_de_and_pap(wheels: list[Path]) -> None:
    babel = names(wheels[1])
    data = sorted(
        n.removeprefix("babel/locale-data/") for n in babel if n.startswith("babel/locale-data/")
    )
    assert data == ["de.dat", "en.dat", "pap.dat", "pap_AW.dat", "pap_CW.dat", "root.dat"]
    assert "babel/global.dat" in babel and "babel/numbers.py" in babel
    assert wheels[1].stat().st_size < 600_000


def test_the_wheels_are_reproducible(
    engine: ModuleType, tmp_path: Path, wheels: list[Path]
) -> None:
    again = engine.wheels(tmp_path)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in wheels]


def test_a_tarball_with_another_checksum_is_refused_and_nothing_is_kept(
    engine: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "PYODIDE_DIR", tmp_path / "pyodide")

    def fake_urlopen(url: str, timeout: float) -> io.BytesIO:
        assert url == engine.PYODIDE_URL
        return io.BytesIO(b"not the pinned tarball")

    monkeypatch.setattr(engine.urllib.request, "urlopen", fake_urlopen)
    with pytest.raises(engine.EngineError, match="not the pinned"):
        engine.fetch()
    assert not (tmp_path / "pyodide").exists()
    assert not engine.fetched()


def test_no_network_is_one_sentence(
    engine: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "PYODIDE_DIR", tmp_path / "pyodide")

    def offline(url: str, timeout: float) -> io.BytesIO:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(engine.urllib.request, "urlopen", offline)
    build = load("docs_build_engine", ROOT / "docs" / "build.py")
    reason = build.engine_ready(engine, fetch=True)
    assert reason == "Pyodide 314.0.7 could not be fetched (Network is unreachable)"
    not_fetched = build.engine_ready(engine, fetch=False)
    assert not_fetched == "Pyodide 314.0.7 is not fetched (make pyodide)"
    with pytest.raises(engine.EngineError, match="make pyodide"):
        engine.install(tmp_path / "site")


def test_a_build_without_pyodide_drops_an_earlier_engine_and_says_so_once(
    engine: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build = load("docs_build_place", ROOT / "docs" / "build.py")
    (tmp_path / "_engine" / "pyodide").mkdir(parents=True)
    missing = "Pyodide 314.0.7 is not fetched (make pyodide)"
    assert build.place_engine(engine, tmp_path, missing) == []
    assert not (tmp_path / "_engine").exists()
    said = capsys.readouterr().out.splitlines()
    assert said == [
        "docs: no in-page engine: Pyodide 314.0.7 is not fetched (make pyodide); "
        "the puzzles keep their folded answers only"
    ]


def test_the_page_s_library_leaves_out_what_it_never_imports(
    engine: ModuleType, tmp_path: Path
) -> None:
    """Issue 25: the cold download was 15.79 MB against 15; Python's library for the page now
    leaves out debuggers, test runners, servers, XML and 100 codecs (trim_stdlib)."""
    names = ["os.py", "pdb.py", "xml/", "xml/dom/minidom.py", "json/__init__.py",
             "encodings/__init__.py", "encodings/utf_8.py", "encodings/cp1252.py",
             "encodings/cp437.py",
             "encodings/big5.py", "unittest/case.py", "email/parser.py"]
    path = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            archive.writestr(name, "x = 1\n" * 200)
    before, after = engine.trim_stdlib(path)
    with zipfile.ZipFile(path) as archive:
        kept = archive.namelist()
    # cp437 stays: zipfile decodes the names of a wheel with it (Pyodide unpacks the wheels).
    assert kept == ["os.py", "json/__init__.py", "encodings/__init__.py", "encodings/utf_8.py",
                    "encodings/cp437.py", "email/parser.py"]
    assert after < before
    with zipfile.ZipFile(path) as archive:
        assert archive.read("os.py") == b"x = 1\n" * 200


def test_nothing_the_page_imports_is_left_out(engine: ModuleType) -> None:
    """The page's start, its answers in three languages and a whole Fives & Threes hand with a
    hint, in CPython: no module they import is one the page's library leaves out. (The build
    also imports the page's start from the trimmed library in Pyodide, where Node is there.)"""
    import json
    import subprocess
    import sys

    script = """
import json, sys
before = set(sys.modules)
import tutor.web.answers, tutor.web.progress, tutor.play.web
for language in ("en", "de", "pap"):
    tutor.web.answers.warm(language)
from tutor.play.web import handle
for game in ("fives-and-threes", "cutthroat"):
    state = handle({"do": "play-new", "options": {"game": game, "seed": 3}, "language": "pap"})
    handle({"do": "play-hint"})
    for _ in range(200):
        if "error" in state or state.get("over"):
            break
        state = handle({"do": "play-choose", "n": 0})
print(json.dumps(sorted(set(sys.modules) - before)))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True, timeout=600)
    imported = json.loads(done.stdout)
    assert "tutor.play.web" in imported
    left_out = [name for name in imported
                if engine.left_out_of_stdlib(name.replace(".", "/") + ".py")
                or engine.left_out_of_stdlib(name.split(".")[0])]
    assert not left_out, left_out
