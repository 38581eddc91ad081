"""Run many ``python -m tutor`` commands of one golden case from one warm process.

Started by ``harness.py`` as ``python tests/golden/forkrun.py REQUESTS_FD REPLIES_FD`` in the
case's environment and folder. Each request is one JSON line ``{"argv": [...], "stdin": FILE,
"stdout": FILE, "stderr": FILE}``; the command runs in a child forked from this process, as
``python -m tutor ARGV`` would run it: stdin, stdout and stderr are those files, the module
entry runs through ``runpy`` and the exit status comes from ``SystemExit``. The reply is one
JSON line ``{"exit": N}``.

Starting Python and importing the tutor costs about 0.4 s a command; a fork costs a few
milliseconds. The first command runs from a cold process; the modules it imported are then
imported here, in the same order, so that every later child starts where a fresh process
stands after its imports (and no later: nothing the command ran is inherited). Locale data
that Babel loaded is loaded here too (a pure cache of files). ``tools/golden.py --verify``
checks that every transcript comes out the same with a fresh process per command.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys

SKIP = {"__main__", "__mp_main__", "tutor.__main__"}


def _exit_code(stop: SystemExit) -> int:
    if stop.code is None:
        return 0
    if isinstance(stop.code, int):
        return stop.code
    print(stop.code, file=sys.stderr)
    return 1


def _child(request: dict, closing: list[int], warm_up: int | None) -> None:
    """In the forked child: run one command, then leave with its exit status."""
    code = 1
    try:
        for fd in closing:
            os.close(fd)
        for fd, key, flags in ((0, "stdin", os.O_RDONLY),
                               (1, "stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                               (2, "stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
            opened = os.open(request[key], flags, 0o644)
            os.dup2(opened, fd)
            os.close(opened)
        import runpy

        sys.argv = ["-m", *request["argv"]]
        try:
            runpy.run_module("tutor", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as stop:
            code = _exit_code(stop)
        except BaseException:  # as the interpreter does: a traceback and status 1
            import traceback

            traceback.print_exc()
            code = 1
        import atexit

        atexit._run_exitfuncs()
        if warm_up is not None:
            babel = sys.modules.get("babel.localedata")
            locales = list(getattr(babel, "_cache", {})) if babel else []
            os.write(warm_up, json.dumps([list(sys.modules), locales]).encode())
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):  # nothing left to tell
                stream.flush()
        os._exit(code)


def _warm_up(modules: list[str], locales: list[str]) -> None:
    import importlib

    for name in modules:
        if name in SKIP or name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except BaseException:  # only a warm-up: the child imports it itself
            continue
    if locales:
        with contextlib.suppress(BaseException):  # only a warm-up
            from babel import localedata

            for name in locales:
                localedata.load(name)


def main() -> int:
    requests_fd, replies_fd = int(sys.argv[1]), int(sys.argv[2])
    sys.path[0] = os.getcwd()  # as ``python -m`` has it
    requests = os.fdopen(requests_fd, "r", encoding="utf-8")
    replies = os.fdopen(replies_fd, "w", encoding="utf-8")
    first = True
    for line in requests:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        read_end, write_end = os.pipe() if first else (None, None)
        pid = os.fork()
        if pid == 0:
            closing = [requests_fd, replies_fd] + ([read_end] if read_end is not None else [])
            _child(request, closing, write_end)
        if first:
            os.close(write_end)
            with os.fdopen(read_end, "rb") as found:
                data = found.read()
        _, status = os.waitpid(pid, 0)
        replies.write(json.dumps({"exit": os.waitstatus_to_exitcode(status)}) + "\n")
        replies.flush()
        if first and data:
            _warm_up(*json.loads(data))
        first = False
    return 0


if __name__ == "__main__":
    sys.exit(main())
