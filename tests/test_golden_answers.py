"""Golden answers: ``answer`` (``--json`` and text) for every library scenario in en, de and pap.

The files ``tests/data/golden_answers.json`` and ``golden_answers_text.json`` were made from
the code before a refactor and pin what the learner reads: the answer value and every sentence
of its explanation. A change that moves one word fails here. When an explanation improves on
purpose, regenerate with ``GOLDEN_UPDATE=1 .venv/bin/pytest tests/test_golden_answers.py`` and
commit the data apart.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.scenarios.library import default_library, scenario_files

GOLDEN = Path(__file__).parent / "data" / "golden_answers.json"
GOLDEN_TEXT = Path(__file__).parent / "data" / "golden_answers_text.json"
LANGUAGES = ("en", "de", "pap")


def _library() -> list[Path]:
    root = Path(default_library())
    return sorted(scenario_files([root]))


def _key(path: Path) -> str:
    return path.relative_to(Path(default_library())).as_posix()


def _run(path: Path, language: str, capsys: pytest.CaptureFixture[str]) -> object:
    assert main(["answer", str(path), "--json", "--lang", language]) == 0
    return json.loads(capsys.readouterr().out)


def _run_text(path: Path, language: str, capsys: pytest.CaptureFixture[str]) -> object:
    assert main(["answer", str(path), "--lang", language]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("golden_file", "run"), [(GOLDEN, _run), (GOLDEN_TEXT, _run_text)], ids=["json", "text"]
)
def test_every_library_answer_is_unchanged(
    golden_file: Path, run: Callable[..., object], capsys: pytest.CaptureFixture[str]
) -> None:
    computed = {
        _key(path): {language: run(path, language, capsys) for language in LANGUAGES}
        for path in _library()
    }
    if os.environ.get("GOLDEN_UPDATE"):
        text = json.dumps(computed, ensure_ascii=False, indent=1, sort_keys=True)
        golden_file.write_text(text + "\n")
    golden = json.loads(golden_file.read_text())
    assert sorted(computed) == sorted(golden), "the library and the golden file list other files"
    for name, answers in golden.items():
        for language in LANGUAGES:
            assert computed[name][language] == answers[language], f"{name} [{language}]"
