"""pytest settings for the whole suite."""

from pathlib import Path

# `make compiled` builds tutor/search/solver.py with mypyc, and Python then imports the build:
# pytest cannot collect the doctests of the source file from it. tests/search/test_solver.py
# runs those doctests on the source instead (test_source_doctests_when_compiled).
collect_ignore = (
    ["tutor/search/solver.py"]
    if any((Path(__file__).parent / "tutor" / "search").glob("solver.*.so"))
    else []
)
