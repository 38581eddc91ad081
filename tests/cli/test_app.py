"""The dispatcher: no command, ``--lang`` before the command, Ctrl-C, start-up, the console
script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN, EXIT_OK

Capture = pytest.CaptureFixture[str]
SCRIPT = Path(sys.executable).parent / "domino-tutor"
ROOT = Path(__file__).resolve().parents[2]


def test_no_command_prints_help(capsys: Capture) -> None:
    assert main([]) == EXIT_OK
    assert "usage: domino-tutor" in capsys.readouterr().out


def test_lang_before_the_command_is_used(capsys: Capture, tmp_path: Path) -> None:
    assert main(["--lang", "de", "quiz", "--count", "0"]) == EXIT_BROKEN
    assert "--count muss 1 oder mehr sein" in capsys.readouterr().err
    assert main(["--lang", "pap", "glossary", "nothing-like-it"]) == EXIT_BROKEN
    assert "e glosario no tin 'nothing-like-it'" in capsys.readouterr().err
    assert main(["--lang", "de", "answer", str(tmp_path / "gone.toml")]) == EXIT_BROKEN
    assert "die Datei lässt sich nicht lesen" in capsys.readouterr().err
    assert main(["rules", "--lang", "pap"]) == EXIT_OK
    assert "Yega seis tanto" in capsys.readouterr().out


def test_console_script(files: dict[str, Path]) -> None:
    if not SCRIPT.exists():  # pragma: no cover - the project is installed in the venv
        pytest.skip("the domino-tutor script is not installed next to this Python")
    env = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": ""}
    done = subprocess.run(
        [str(SCRIPT), "answer", str(files["good"]), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["answer"] == 2
    broken = subprocess.run(
        [str(SCRIPT), "validate", str(files["broken"])],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert broken.returncode == EXIT_BROKEN
    assert broken.stdout.startswith(f"{files['broken']}:4: ")


def test_start_up_stays_light() -> None:
    code = (
        "import sys, tutor.cli.app; "
        "print(sorted(m for m in sys.modules if m.startswith('tutor')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == (
        "['tutor', 'tutor.cli', 'tutor.cli.app', 'tutor.cli.common', 'tutor.cli.formatting', "
        "'tutor.cli.parser']"
    ), "the parser and what every command shares; no command module, no words"


def test_ctrl_c_before_a_command_starts_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: Ctrl-C at any moment ends the tutor with exit code 130 and no traceback, also
    while it is still loading its catalogs (tried in tmux: a traceback came through)."""
    import tutor.words.i18n

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tutor.words.i18n, "translations", interrupted)
    assert main(["--lang", "de", "list"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_while_python_loads_the_command_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: the same while Python is still importing ``tutor.cli.app`` itself (the first tens
    of milliseconds): the command's entry point, ``tutor.cli.main``, loads it (a traceback came
    through when the entry point was the command itself)."""
    import importlib.abc
    import sys

    import tutor.cli

    class Interrupted(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, *_: object) -> None:
            if name == "tutor.cli.app":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "tutor.cli.app")
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    assert tutor.cli.main() == 130
    assert "Traceback" not in capsys.readouterr().err


def test_the_command_and_python_m_tutor_enter_through_tutor_cli_main() -> None:
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"domino-tutor": "tutor.cli:main"}
    assert "from tutor.cli import main" in (ROOT / "tutor" / "__main__.py").read_text()


def test_a_command_loads_its_own_module_only() -> None:
    """Each command group is a module of its own, imported only when one of its commands runs."""
    code = (
        "import sys\n"
        "from tutor.cli.app import main\n"
        "main(['rules'])\n"
        "groups = ('scenarios', 'quiz', 'play', 'reference', 'generate')\n"
        "print(sorted(g for g in groups if 'tutor.cli.' + g in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stderr.strip() == "['reference']"
