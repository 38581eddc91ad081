"""Time to the first question on screen, against a bare ``python -c pass`` start.

Runs ``python -m tutor quiz --plain --count 1`` with an empty standard input (the
question is printed, the reply is end-of-file, the quiz ends) and reads the time
at which the question line arrives. Goal: within 0.3 s of a bare start.

    .venv/bin/python benchmarks/startup.py --repeats 15
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def first_line_time(command: list[str], marker: bytes | None, env: dict[str, str]) -> float:
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env=env,
    )
    assert process.stdout is not None
    if marker is None:
        process.wait()
        return time.perf_counter() - start
    seen = b""
    while marker not in seen:
        chunk = process.stdout.read1(4096)  # type: ignore[attr-defined]
        if not chunk:
            raise SystemExit(f"the quiz never printed {marker!r}")
        seen += chunk
    elapsed = time.perf_counter() - start
    process.wait()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    env = dict(os.environ, XDG_DATA_HOME=tempfile.mkdtemp(), LANG="C.UTF-8")
    bare = [sys.executable, "-c", "pass"]
    quiz = [sys.executable, "-m", "tutor", "quiz", "--plain", "--count", "1", "--seed", "1"]
    bare_times, quiz_times = [], []
    for _ in range(args.repeats):  # interleaved, so that machine noise hits both alike
        bare_times.append(first_line_time(bare, None, env))
        quiz_times.append(first_line_time(quiz, b"> ", env))
    bare_s, quiz_s = statistics.median(bare_times), statistics.median(quiz_times)
    print(f"python -c pass:        {bare_s * 1000:7.1f} ms (median of {args.repeats})")
    print(f"first question shown:  {quiz_s * 1000:7.1f} ms")
    verdict = "ok" if quiz_s - bare_s <= 0.3 else "over the goal"
    print(f"first-question minus bare start = {quiz_s - bare_s:.3f} s (goal <= 0.3 s: {verdict})")


if __name__ == "__main__":
    main()
