"""A scenario file the quiz cannot read at all (too large, a pipe, a folder) is said in the
learner's language, given as a file and inside a folder (issue 23: the quiz printed the
refusal in English under LANGUAGE=de and pap)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.store.files import SCENARIO_LIMIT

SAID = {
    "de": ("ist keine gewöhnliche Datei", "Bytes groß, mehr als die"),
    "pap": ("no ta un arkivo komun", "byte, mas ku e"),
}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    files = tmp_path / "lib"
    files.mkdir()
    os.mkfifo(files / "pipe.toml")
    (files / "big.toml").write_text("#" * (SCENARIO_LIMIT + 1), encoding="utf-8")
    return files


@pytest.mark.parametrize("language", ["de", "pap"])
def test_a_file_the_quiz_cannot_read_is_said_in_the_learners_language(
    folder: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe, big = SAID[language]
    for given in ([str(folder / "pipe.toml"), str(folder / "big.toml")], [str(folder)]):
        args = ["quiz", "--plain", "--lang", language, "--count", "1"]
        for path in given:
            args += ["--scenarios", path]
        main(args)
        err = capsys.readouterr().err
        assert pipe in err and big in err, err
        assert "not a regular file" not in err and "more than the" not in err, err
