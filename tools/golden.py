"""Record and compare the golden transcripts (tests/golden/, see its README.md).

    tools/golden.py                     compare every case with its transcript (as the test does)
    tools/golden.py --update [NAME...]  re-record these cases (all without NAME)
    tools/golden.py --verify [NAME...]  compare, running every command as a fresh process
    tools/golden.py --list              the cases

NAME may be a pattern: 'play.*', '*.pap'. Exit 0 when every transcript agrees (or was written),
1 when one differs, 2 for a name that matches no case.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.golden.cases import CASES, transcript_names
from tests.golden.harness import difference, recorded, start, transcript_path, write


def chosen(patterns: list[str]) -> list[str]:
    if not patterns:
        return list(CASES)
    names: list[str] = []
    for pattern in patterns:
        found = [n for n in CASES if fnmatch.fnmatchcase(n, pattern)]
        if not found:
            raise SystemExit(f"golden.py: no case matches {pattern!r} (see --list)")
        names += [n for n in found if n not in names]
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--update", action="store_true", help="re-record the transcripts")
    action.add_argument(
        "--verify", action="store_true", help="compare, with a fresh process for every command"
    )
    action.add_argument("--list", action="store_true", help="list the cases")
    parser.add_argument("--jobs", type=int, help="cases at once (default: cores + 1)")
    parser.add_argument("names", nargs="*", metavar="NAME", help="cases (patterns allowed)")
    args = parser.parse_args(argv)
    try:
        names = chosen(args.names)
    except SystemExit as error:
        print(error, file=sys.stderr)
        return 2
    if args.list:
        for name in names:
            print(f"{name}  ({len(CASES[name].steps)} commands)")
        return 0
    began = time.monotonic()
    futures, stop = start([CASES[n] for n in names], fresh=args.verify, jobs=args.jobs)
    failed = 0
    try:
        for name in names:
            text, seconds = futures[name].result()
            before = recorded(name)
            took = f"({seconds:.1f} s)"
            if args.update:
                if before != text:
                    write(name, text)
                    print(f"written  {name} {took}")
                else:
                    print(f"same     {name} {took}")
            elif before is None:
                failed += 1
                print(f"MISSING  {name}: record it with tools/golden.py --update {name}")
            elif before != text:
                failed += 1
                print(f"DIFFERS  {name} {took}")
                print(difference(name, before, text))
            else:
                print(f"ok       {name} {took}")
    finally:
        stop()
    stale = sorted(transcript_names() - set(CASES))
    for name in stale:
        print(f"STALE    {transcript_path(name)}: no case records it (remove the file)")
    print(f"{len(names)} cases in {time.monotonic() - began:.1f} s")
    return 1 if failed or (stale and not args.names) else 0


if __name__ == "__main__":
    sys.exit(main())
