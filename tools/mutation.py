"""Run mutmut over some modules of the engine or the questions and print the mutation score.

Usage: ``python tools/mutation.py [--max-children N] PATH...`` where each PATH is a package
folder (``tutor/rules``, ``tutor/questions``) or one module (``tutor/rules/line.py``);
``make mutation`` calls it with ``tutor/rules tutor/questions``. mutmut (configured in
``pyproject.toml``) copies the tree into ``mutants/``, mutates the modules, and runs the fast
tests and doctests of the engine and the questions on each mutant. Each PATH's score is
printed (``score of tutor.questions: KILLED/CONSIDERED = P%``); the last line is the total,
``mutation score: KILLED/CONSIDERED = P%``.

A mutant counts as killed when a test failed (or timed out, or the type check caught it);
it counts as considered unless mutmut skipped it. Survivors, mutants no test reaches and
suspicious ones are listed, each with the command that shows its change.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from pathlib import Path

KILLED = frozenset({"killed", "timeout", "caught by type check"})
NOT_CONSIDERED = frozenset({"skipped"})


def module_of(path: str) -> str:
    """The dotted module (or package) name of a source path.

    >>> module_of("tutor/rules/line.py"), module_of("tutor/rules/"), module_of("tutor/rules")
    ('tutor.rules.line', 'tutor.rules', 'tutor.rules')
    """
    parts = Path(path).with_suffix("").parts if path.endswith(".py") else Path(path).parts
    return ".".join(parts)


def selected(mutant: str, modules: list[str], packages: list[str]) -> bool:
    """True when the mutant belongs to one of the modules or lies inside one of the packages.

    >>> selected("tutor.rules.line.xǁLineǁparse__mutmut_3", ["tutor.rules.line"], [])
    True
    >>> selected("tutor.rules.line.x_f__mutmut_1", ["tutor.rules"], [])
    False
    >>> selected("tutor.rules.line.x_f__mutmut_1", [], ["tutor.rules"])
    True
    """
    module = mutant.rsplit(".", 1)[0]
    return module in modules or any(
        module == package or module.startswith(package + ".") for package in packages
    )


def read_results(mutmut: str) -> dict[str, str]:
    """Every mutant mutmut knows with its status (``mutmut results --all true``)."""
    text = subprocess.run(
        [mutmut, "results", "--all", "true"], check=True, capture_output=True, text=True
    ).stdout
    results = {}
    for line in text.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name:
            results[name] = status
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="tutor/rules or tutor/rules/line.py ...")
    parser.add_argument("--max-children", type=int, default=2, help="parallel test runs")
    args = parser.parse_args(argv)
    mutmut = str(Path(sys.executable).with_name("mutmut"))

    modules = [module_of(p) for p in args.paths if p.endswith(".py")]
    packages = [module_of(p) for p in args.paths if not p.endswith(".py")]
    globs = [f"{name}.*" for name in modules + packages]
    run = subprocess.run(
        [mutmut, "run", "--max-children", str(args.max_children), *globs],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if run.returncode != 0:
        # mutmut reports a failed stats run (a test failing on the unmutated copy) on stdout,
        # after its spinner: show the end of it.
        print(run.stdout.replace("\r", "\n")[-4000:], file=sys.stderr)
        print(f"mutmut run failed with exit code {run.returncode}", file=sys.stderr)
        return run.returncode

    results = {
        name: status
        for name, status in read_results(mutmut).items()
        if selected(name, modules, packages)
    }
    if not results:
        print(f"mutmut made no mutants in {' '.join(args.paths)}", file=sys.stderr)
        return 1
    per_module: dict[str, Counter[str]] = {}
    for name, status in sorted(results.items()):
        per_module.setdefault(name.rsplit(".", 1)[0], Counter())[status] += 1
    print(f"{'module':<32} {'killed':>7} {'considered':>10} {'score':>7}")
    killed_total = considered_total = 0
    for module, counts in sorted(per_module.items()):
        killed = sum(n for status, n in counts.items() if status in KILLED)
        considered = sum(n for status, n in counts.items() if status not in NOT_CONSIDERED)
        killed_total += killed
        considered_total += considered
        print(f"{module:<32} {killed:>7} {considered:>10} {percent(killed, considered):>7}")
    left = sorted(
        (name, status)
        for name, status in results.items()
        if status not in KILLED and status not in NOT_CONSIDERED
    )
    if left:
        print("\nnot killed (see each with: .venv/bin/mutmut show NAME):")
        for name, status in left:
            print(f"    {name}: {status}")
    for name in modules + packages:
        inside = ([name], []) if name in modules else ([], [name])
        mine = [status for mutant, status in results.items() if selected(mutant, *inside)]
        killed = sum(status in KILLED for status in mine)
        considered = sum(status not in NOT_CONSIDERED for status in mine)
        print(f"score of {name}: {killed}/{considered} = {percent(killed, considered)}")
    print(
        f"mutation score: {killed_total}/{considered_total} = "
        f"{percent(killed_total, considered_total)}"
    )
    return 0


def percent(part: int, whole: int) -> str:
    """A share as a percentage with one decimal, never rounded up to 100.

    >>> percent(3, 4), percent(999, 1000), percent(5, 5), percent(0, 0)
    ('75.0%', '99.9%', '100%', '0%')
    """
    if whole == 0:
        return "0%"
    if part == whole:
        return "100%"
    tenths = part * 1000 // whole
    return f"{tenths // 10}.{tenths % 10}%"


if __name__ == "__main__":
    sys.exit(main())
