"""What the quiz imports before its first question: not pydantic, which only an old
progress file needs (issue 23 brought it in at every start, about a tenth of a second of the
0.3 s budget that ``benchmarks/startup.py`` measures)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from tutor.cli.app import main
code = main(["quiz", "--plain", "--count", "1", "--seed", "1"])
print("pydantic" in sys.modules, file=sys.stderr)
"""


def test_the_plain_quiz_asks_without_importing_pydantic(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), LANG="C.UTF-8")
    run = subprocess.run([sys.executable, "-c", PROBE], input="", capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=120)
    assert run.stderr.strip().splitlines()[-1] == "False", run.stderr
