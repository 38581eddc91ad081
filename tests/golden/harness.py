"""Running a golden case and writing its transcript (used by the test and by tools/golden.py).

A case is a few ``domino-tutor`` commands run one after the other in a fresh, fully controlled
environment (its own temporary HOME and XDG folders, language, terminal size, hash seed, a
frozen performance counter); its transcript is each command with its stdin, stdout, stderr and
exit status, then the files the case names, with the temporary folder, game ids and dates
replaced by placeholders. See README.md.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TRANSCRIPTS = HERE / "transcripts"
FORKRUN = HERE / "forkrun.py"
CLOCK = HERE / "clock"
TIMEOUT = 300.0
"""Seconds one command may take before the case fails."""

LOCALES = {"en": "en_US.UTF-8", "de": "de_DE.UTF-8", "pap": "pap_CW.UTF-8"}

BASE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "NO_COLOR": "1",
    "COLUMNS": "80",
    "LINES": "24",
    "TERM": "dumb",
    "TZ": "UTC",
    "PYTHONHASHSEED": "0",
    "PYTHONUTF8": "1",
    "DOMINO_TUTOR_GOLDEN_CLOCK": "frozen",
}
"""The environment every command gets, besides its folders and language (nothing else of the
caller's environment is passed on)."""


@dataclass(frozen=True)
class Step:
    """One ``domino-tutor`` command: its arguments (``{tmp}`` is the case's temporary folder,
    ``{game}`` the last game id seen in an earlier command's output) and what stdin holds
    (``None``: nothing, an immediate end of file)."""

    args: tuple[str, ...]
    stdin: str | None = None


@dataclass(frozen=True)
class Case:
    """Commands run in order in one environment, and the files whose text the transcript shows
    afterwards (glob patterns in the temporary folder)."""

    name: str
    steps: tuple[Step, ...]
    lang: str | None = "en"
    """Sets LANGUAGE and LANG; ``None``: neither (the commands say ``--lang``)."""
    env: Mapping[str, str] = field(default_factory=dict)
    """More variables, or other values (an empty value removes the variable)."""
    files: tuple[str, ...] = ()
    cost: float = 1.0
    """About how many seconds the case takes: the longest start first."""

    def environment(self, tmp: Path) -> dict[str, str]:
        env = dict(BASE_ENV)
        env.update(
            HOME=str(tmp / "home"),
            XDG_DATA_HOME=str(tmp / "data"),
            XDG_CONFIG_HOME=str(tmp / "config"),
            XDG_CACHE_HOME=str(tmp / "cache"),
            PYTHONPATH=str(CLOCK),
        )
        if self.lang is not None:
            env.update(LANGUAGE=self.lang, LANG=LOCALES[self.lang])
        env.update(self.env)
        return {key: value for key, value in env.items() if value}


def step(*args: str, stdin: str | Sequence[str] | None = None) -> Step:
    """A step; ``stdin`` as one text or as lines (each ends with a newline)."""
    if stdin is not None and not isinstance(stdin, str):
        stdin = "".join(f"{line}\n" for line in stdin)
    return Step(tuple(args), stdin)


# --- running -------------------------------------------------------------------------------


@dataclass
class Output:
    stdout: bytes
    stderr: bytes
    exit: int


class Runner:
    """Runs the commands of one case: in children of one warm ``forkrun.py`` process (the
    default), or each as a fresh ``python -m tutor`` process (``fresh=True``)."""

    def __init__(self, env: dict[str, str], scratch: Path, *, fresh: bool) -> None:
        self.env, self.scratch, self.fresh = env, scratch, fresh
        self.count = 0
        self.process: subprocess.Popen[bytes] | None = None

    def run(self, args: Sequence[str], stdin: str | None) -> Output:
        data = (stdin or "").encode("utf-8")
        if self.fresh:
            done = subprocess.run(
                [sys.executable, "-m", "tutor", *args],
                input=data,
                capture_output=True,
                env=self.env,
                cwd=ROOT,
                timeout=TIMEOUT,
                check=False,
            )
            return Output(done.stdout, done.stderr, done.returncode)
        return self._forked(args, data)

    def _forked(self, args: Sequence[str], data: bytes) -> Output:
        if self.process is None:
            requests_read, self._requests = os.pipe()
            self._replies, replies_write = os.pipe()
            self.process = subprocess.Popen(
                [sys.executable, str(FORKRUN), str(requests_read), str(replies_write)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env=self.env,
                cwd=ROOT,
                pass_fds=(requests_read, replies_write),
                start_new_session=True,  # its children too can be stopped at once
            )
            os.close(requests_read)
            os.close(replies_write)
            self._request_file = os.fdopen(self._requests, "w", encoding="utf-8")
            self._reply_file = os.fdopen(self._replies, "r", encoding="utf-8")
        self.count += 1
        files = {key: self.scratch / f"{self.count}.{key}" for key in ("stdin", "stdout", "stderr")}
        files["stdin"].write_bytes(data)
        request = {"argv": list(args), **{key: str(path) for key, path in files.items()}}
        self._request_file.write(json.dumps(request) + "\n")
        self._request_file.flush()
        ready, _, _ = select.select([self._reply_file], [], [], TIMEOUT)
        if not ready:
            os.killpg(self.process.pid, signal.SIGKILL)
            raise TimeoutError(f"domino-tutor {' '.join(args)} took more than {TIMEOUT:.0f} s")
        reply = self._reply_file.readline()
        if not reply:
            self.process.wait(timeout=TIMEOUT)
            assert self.process.stderr is not None
            problem = self.process.stderr.read().decode("utf-8", "backslashreplace")
            raise RuntimeError(f"forkrun.py stopped: {problem}")
        return Output(
            files["stdout"].read_bytes(), files["stderr"].read_bytes(), json.loads(reply)["exit"]
        )

    def close(self) -> None:
        if self.process is not None:
            self._request_file.close()
            self._reply_file.close()
            try:
                self.process.wait(timeout=TIMEOUT)
            finally:
                if self.process.stderr is not None:
                    self.process.stderr.close()


# --- normalising ---------------------------------------------------------------------------

GAME_ID_SEEN = (
    re.compile(r"domino-tutor review ([0-9a-f]{8})\b"),
    re.compile(r"^([0-9a-f]{8})  \d{4}-\d\d-\d\d \d\d:\d\d$", re.MULTILINE),
)
"""Where a saved game's id (random: uuid4) shows."""
SAVED_AT = re.compile(r"^(\S+  )\d{4}-\d\d-\d\d \d\d:\d\d$", re.MULTILINE)
"""When a game was saved, in the list of saved games."""


class Normaliser:
    """Replaces what changes from run to run: the temporary folder, game ids, save times."""

    def __init__(self, tmp: Path) -> None:
        self.paths = sorted({str(tmp), os.path.realpath(tmp)}, key=len, reverse=True)
        self.games: list[str] = []

    def see(self, text: str) -> None:
        """Note the game ids that ``text`` shows."""
        for pattern in GAME_ID_SEEN:
            for found in pattern.findall(text):
                if found not in self.games:
                    self.games.append(found)

    def __call__(self, text: str) -> str:
        for path in self.paths:
            text = text.replace(path, "<TMP>")
        text = text.replace(str(ROOT), "<REPO>")
        for number, game in enumerate(self.games, 1):
            text = re.sub(rf"\b{game}[0-9a-f]{{0,4}}\b", f"<GAME-{number}>", text)
        return SAVED_AT.sub(r"\1YYYY-MM-DD HH:MM", text)


# --- transcripts ---------------------------------------------------------------------------


def _text(data: bytes) -> str:
    return data.decode("utf-8", "backslashreplace")


def _shown_arg(arg: str) -> str:
    if re.fullmatch(r"[\w@%+=:,./<>{}-]+", arg):
        return arg
    return "'" + arg.replace("'", "'\\''") + "'"


def _section(title: str, text: str) -> list[str]:
    """A title line and ``text`` as it is (every chunk of a transcript ends with a newline)."""
    chunks = [title + "\n"]
    if text:
        chunks.append(text if text.endswith("\n") else text + "\n\\ no newline at the end\n")
    return chunks


def run_case(case: Case, *, fresh: bool = False) -> str:
    """Run ``case`` and return its transcript."""
    with tempfile.TemporaryDirectory(prefix="golden-") as name:
        tmp = Path(name)
        scratch = tmp / ".golden"
        for folder in ("home", "data", "config", "cache", "work", ".golden"):
            (tmp / folder).mkdir()
        env = case.environment(tmp)
        normal = Normaliser(tmp)
        runner = Runner(env, scratch, fresh=fresh)
        shown = [f"# golden transcript {case.name}: re-record with tools/golden.py --update\n"]
        chosen = [f"{key}={env[key]}" for key in ("LANGUAGE", "LANG") if key in env]
        shown.append("# env: " + (" ".join(chosen) or "neither LANGUAGE nor LANG") + "\n")
        try:
            for command in case.steps:
                game = normal.games[-1] if normal.games else "no-game-yet"
                args = [arg.replace("{tmp}", str(tmp)).replace("{game}", game)
                        for arg in command.args]
                output = runner.run(args, command.stdin)
                stdout, stderr = _text(output.stdout), _text(output.stderr)
                normal.see(stdout + stderr)
                command_line = "$ domino-tutor " + " ".join(map(_shown_arg, args))
                shown.append("\n" + normal(command_line) + "\n")
                if command.stdin is not None:
                    shown += _section("--- stdin", command.stdin)
                shown += _section("--- stdout", normal(stdout))
                if stderr:
                    shown += _section("--- stderr", normal(stderr))
                shown.append(f"--- exit {output.exit}\n")
        finally:
            runner.close()
        for pattern in case.files:
            found = sorted(p for p in tmp.glob(pattern) if p.is_file())
            if not found:
                shown.append(f"\n=== no file matches {pattern}\n")
            for path in found:
                relative = path.relative_to(tmp).as_posix()
                # a file named by a game id (the puzzles from its mistakes) shows the placeholder
                header = normal(f"\n=== file {relative}")
                shown += _section(header, normal(_text(path.read_bytes())))
        return "".join(shown)


def transcript_path(name: str) -> Path:
    return TRANSCRIPTS / f"{name}.txt"


def recorded(name: str) -> str | None:
    path = transcript_path(name)
    if not path.exists():
        return None
    with path.open(encoding="utf-8", newline="") as handle:
        return handle.read()


def write(name: str, text: str) -> None:
    path = transcript_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def difference(name: str, expected: str, actual: str) -> str:
    """A unified diff of a transcript, recorded against now."""
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"recorded {transcript_path(name).relative_to(ROOT)}",
            "today's output",
        )
    )


def workers() -> int:
    """Cases run at once: DOMINO_TUTOR_GOLDEN_JOBS, else one more than the cores (a case waits
    for its files and forks part of the time), at least 2 and at most 6."""
    if jobs := os.environ.get("DOMINO_TUTOR_GOLDEN_JOBS"):
        return max(1, int(jobs))
    return min(6, max(2, (os.cpu_count() or 1) + 1))


def _timed(case: Case, fresh: bool) -> tuple[str, float]:
    began = time.monotonic()
    return run_case(case, fresh=fresh), time.monotonic() - began


def start(
    cases: Iterable[Case], *, fresh: bool = False, jobs: int | None = None
) -> tuple[dict[str, Future[tuple[str, float]]], Callable[[], None]]:
    """Start running ``cases`` at once, the longest first: their transcripts to come (with the
    seconds each took), and a function that cancels what has not started."""
    pool = ThreadPoolExecutor(max_workers=jobs or workers(), thread_name_prefix="golden")
    futures = {
        case.name: pool.submit(_timed, case, fresh)
        for case in sorted(cases, key=lambda c: -c.cost)
    }

    def stop() -> None:
        pool.shutdown(wait=True, cancel_futures=True)

    return futures, stop
