"""The bundled library: every file loads, answers as it expects, and passes ``validate``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE, LIBRARY, LIBRARY_FILES
from tutor.cli.app import main
from tutor.scenarios.library import ENV_LIBRARY, default_library, load_library, scenario_files
from tutor.scenarios.model import answer_scenario, expected
from tutor.scenarios.reader import load_scenario


def test_scenario_files_searches_folders_and_keeps_files(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/b/two.toml", "a/one.toml", "a/notes.txt"):
        (tmp_path / name).write_text(BASE, encoding="utf-8")
    given = tmp_path / "given.txt"
    found = list(scenario_files([tmp_path / "a", given]))
    assert found == [tmp_path / "a/b/two.toml", tmp_path / "a/one.toml", given]


def test_load_library_returns_broken_files_as_errors(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(BASE, encoding="utf-8")
    (tmp_path / "bad.toml").write_text(BASE.replace("level = 3", "level = 6"), encoding="utf-8")
    scenarios, errors = load_library([tmp_path])
    assert [s.id for s in scenarios] == ["test/base"]
    assert [error.path for error in errors] == [str(tmp_path / "bad.toml")]


def test_the_library_folder_can_be_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_LIBRARY, str(tmp_path))
    assert default_library() == tmp_path
    monkeypatch.delenv(ENV_LIBRARY)
    assert default_library().is_dir()


def test_the_library_is_not_empty() -> None:
    assert len(LIBRARY_FILES) >= 1


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=lambda p: str(p.relative_to(LIBRARY)))
def test_every_library_file_loads_answers_and_agrees(path: Path) -> None:
    s = load_scenario(path)
    result = answer_scenario(s)
    assert s.id and s.title
    if s.question.has_expect:
        assert expected(s) == result.value, f"{path}: expect {s.question.expect!r}"


def test_validate_passes_over_the_whole_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(LIBRARY)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert f"{len(LIBRARY_FILES)} files: {len(LIBRARY_FILES)} ok, 0 disagree, 0 broken" in err
