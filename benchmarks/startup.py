"""CPU time to the first question, plain and interactive, against a bare ``python -c pass``.

CPU time (user + system of the process, read from /proc when the question arrives), not wall
time, so the machine's load does not decide the verdict. Three runs, interleaved:

- bare: ``python -c pass`` (its CPU time from ``wait4``);
- plain: ``python -m tutor quiz --plain --count 1 --seed 1`` with an empty standard input;
- interactive: the same without ``--plain`` in a pseudo-terminal (80x24), measured when the
  question's line is on screen, and again when the prompt is ready for a reply.

Goal: the first question within 0.3 s of CPU of a bare start, on both paths.

Then the same with a library of ``--files`` (default 10,000) generated scenario files in a temporary
folder (copies of the bundled ones under new ids, ``$DOMINO_TUTOR_SCENARIOS``): the first start
builds the library's index in the learner's database (its CPU time is printed for information);
the starts after it only list the folders and read again what changed, and have the same goal.

    .venv/bin/python benchmarks/startup.py --repeats 15
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def cpu_of(pid: int) -> float:
    """User + system CPU seconds of a running process."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def bare_cpu(env: dict[str, str]) -> float:
    process = subprocess.Popen([sys.executable, "-c", "pass"], env=env)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def quiz_until_prompt(env: dict[str, str], *args: str) -> tuple[float, int, str]:
    """Run ``quiz --plain --count 1 --seed 1 ARGS`` until it asks its first question: its CPU
    seconds then, its peak memory in KB (``ru_maxrss``) and the question's line."""
    command = [sys.executable, "-m", "tutor", "quiz", "--plain", "--count", "1", "--seed", "1",
               *args]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    while b"\n> " not in seen:
        chunk = process.stdout.read1(4096)  # type: ignore[attr-defined]
        if not chunk:
            raise SystemExit(f"the quiz never asked its question: {' '.join(command)}")
        seen += chunk
    cpu = cpu_of(process.pid)
    process.stdin.close()
    process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    question = seen.rsplit(b"\n> ", 1)[0].splitlines()[-1]
    return cpu, usage.ru_maxrss, question.decode()


def plain_cpu(env: dict[str, str]) -> tuple[float, str]:
    """CPU seconds until the plain quiz printed its prompt, and the question's line."""
    cpu, _, question = quiz_until_prompt(env)
    return cpu, question


def interactive_cpu(env: dict[str, str], question: str) -> tuple[float, float]:
    """CPU seconds until the question's line is on screen, and until the prompt is ready."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the quiz on a terminal
        command = [sys.executable, "-m", "tutor", "quiz", "--count", "1", "--seed", "1"]
        os.execve(sys.executable, command, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    marker, seen = question[:30].encode(), b""
    first = ready = None
    try:
        while ready is None:
            readable, _, _ = select.select([fd], [], [], 30)
            if not readable:
                raise SystemExit("the interactive quiz never showed its question")
            seen += os.read(fd, 65536)
            if first is None and marker in seen:
                first = cpu_of(pid)
            if first is not None and b">" in seen.split(marker, 1)[1]:
                ready = cpu_of(pid)
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
    assert first is not None
    return first, ready


def generate_library(folder: Path, count: int) -> list[str]:
    """``count`` scenario files: the bundled ones again and again, each under a new id, 1,000 a
    folder; returns the bundled texts used."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tutor.scenarios.library import default_library, scenario_files

    sources = [path.read_text(encoding="utf-8") for path in scenario_files([default_library()])]
    for number in range(count):
        text = re.sub(r'(?m)^id = "[^"]*"', f'id = "generated/{number:06}"',
                      sources[number % len(sources)], count=1)
        path = folder / f"{number // 1000:03}" / f"{number:06}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sources


def measure(env: dict[str, str], repeats: int, title: str) -> None:
    """Print the medians of ``repeats`` interleaved runs of the three paths and a bare start."""
    bare, plain, shown, ready = [], [], [], []
    for _ in range(repeats):  # interleaved, so that machine noise hits all alike
        bare.append(bare_cpu(env))
        cpu, question = plain_cpu(env)
        plain.append(cpu)
        first, prompt = interactive_cpu(env, question)
        shown.append(first)
        ready.append(prompt)
    b = statistics.median(bare)
    print(f"{title}: CPU time, median of {repeats}:")
    print(f"  python -c pass:                     {b * 1000:7.1f} ms")
    rows = (
        ("plain: first question", plain, True),
        ("interactive: first question", shown, True),
        ("interactive: prompt ready", ready, False),
    )
    for name, times, goal in rows:
        extra = statistics.median(times) - b
        verdict = ("ok" if extra <= 0.3 else "over the goal") if goal else "for information"
        print(f"  {name + ':':35} {statistics.median(times) * 1000:7.1f} ms "
              f"(+{extra:.3f} s; goal <= 0.3 s: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--files", type=int, default=10_000, help="0: only the bundled library")
    args = parser.parse_args()
    env = dict(os.environ, XDG_DATA_HOME=tempfile.mkdtemp(), LANG="C.UTF-8", TERM="xterm")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    env.pop("DOMINO_TUTOR_SCENARIOS", None)
    measure(env, args.repeats, "The bundled library")
    if not args.files:
        return
    with tempfile.TemporaryDirectory() as folder:
        generate_library(Path(folder), args.files)
        big = dict(env, XDG_DATA_HOME=tempfile.mkdtemp(), DOMINO_TUTOR_SCENARIOS=folder)
        first, _ = plain_cpu(big)
        print(f"\n{args.files} generated files: the first start builds the index: "
              f"{first * 1000:.1f} ms of CPU (for information)")
        measure(big, args.repeats, f"{args.files} generated files, the index built")


if __name__ == "__main__":
    main()
