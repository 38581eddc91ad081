"""pytest settings for the whole suite."""

from pathlib import Path

# `make compiled` builds tutor/search/solver/*.py with mypyc, and Python then imports the builds:
# pytest cannot collect the doctests of a source file from its build. tests/search/test_solver.py
# runs those doctests on the sources instead (test_source_doctests_when_compiled).
_SOLVER = Path(__file__).parent / "tutor" / "search" / "solver"
collect_ignore = [
    f"tutor/search/solver/{source.name}"
    for source in sorted(_SOLVER.glob("*.py"))
    if any(_SOLVER.glob(f"{source.stem}.*.so"))
]
