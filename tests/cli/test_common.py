"""What the commands share: the speaker of ``--lang``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.cli.common import EXIT_OK

Capture = pytest.CaptureFixture[str]


def test_answer_an_unknown_language_speaks_english(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["good"]), "--lang", "xx"]) == EXIT_OK
    assert "no catalog for language 'xx'" in capsys.readouterr().err
