"""Scenario speed: mining key-card positions, loading and answering files, validating the library.

- generate: ``tutor.scenarios.mining.miner.generate("key-cards", N)``, the whole path (random games,
  the detector, writing the TOML, answering it and reading it back), in files per second.
- load + answer: 1,000 generated files of every topic, read from disk with
  ``load_scenario`` and answered with ``tutor.questions.kinds.answer``.
- validate: ``domino-tutor validate scenarios/`` over the whole library, in process
  (``tutor.cli.app.main``) and as a fresh process of the console script (start-up included).
  The goal is under one second.

Timings are medians over the repeats. The machine is shared and noisy.

    .venv/bin/python benchmarks/scenarios.py --repeats 5
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.cli.app import main as cli_main
from tutor.scenarios.library import scenario_files
from tutor.scenarios.mining.miner import generate, write_scenarios
from tutor.scenarios.mining.recipes import RECIPES
from tutor.scenarios.model import answer_scenario
from tutor.scenarios.reader import load_scenario

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "scenarios"
SCRIPT = Path(sys.executable).parent / "domino-tutor"


def median_time(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def make_files(folder: Path, total: int) -> list[Path]:
    """``total`` generated files, spread over every topic."""
    per_topic, extra = divmod(total, len(RECIPES))
    paths: list[Path] = []
    for number, topic in enumerate(RECIPES):
        count = per_topic + (1 if number < extra else 0)
        paths += write_scenarios(generate(topic, count, seed=number), folder)
    return paths


def load_and_answer(paths: list[Path]) -> None:
    for path in paths:
        answer_scenario(load_scenario(path))


def validate_in_process() -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli_main(["validate", "--quiet", str(LIBRARY)])
    if code != 0:
        raise SystemExit(f"validate failed with {code}: run it by hand to see why")


def validate_subprocess() -> None:
    subprocess.run(
        [str(SCRIPT), "validate", "--quiet", str(LIBRARY)], check=True, capture_output=True
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200, help="key-card files per repeat")
    parser.add_argument("--files", type=int, default=1000, help="files to load and answer")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    print(f"python {platform.python_version()} on {platform.machine()}, {args.repeats} repeats")
    seconds = median_time(lambda: generate("key-cards", args.keys, seed=7), args.repeats)
    print(
        f"generate key-cards    {args.keys / seconds:8.0f} files/s   "
        f"({args.keys} in {seconds:.3f} s)"
    )

    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        paths = make_files(Path(folder), args.files)
        made = time.perf_counter() - start
        print(f"generate {len(paths)} files of {len(RECIPES)} topics in {made:.2f} s")
        seconds = median_time(lambda: load_and_answer(paths), args.repeats)
        print(
            f"load + answer         {len(paths) / seconds:8.0f} files/s   "
            f"({len(paths)} in {seconds:.3f} s)"
        )

    library = len(list(scenario_files([LIBRARY])))
    seconds = median_time(validate_in_process, args.repeats)
    verdict = "ok" if seconds < 1 else "over the 1 s goal"
    print(f"validate library      {library} files in {seconds:.3f} s (in process, {verdict})")
    if SCRIPT.exists():
        seconds = median_time(validate_subprocess, args.repeats)
        verdict = "ok" if seconds < 1 else "over the 1 s goal"
        print(f"validate library      {library} files in {seconds:.3f} s (new process, {verdict})")


if __name__ == "__main__":
    main()
