"""pytest settings for the whole suite."""

from pathlib import Path
from typing import Any

import pytest

# `make compiled` builds tutor/search/solver/*.py with mypyc, and Python then imports the builds:
# pytest cannot collect the doctests of a source file from its build. tests/search/test_solver.py
# runs those doctests on the sources instead (test_source_doctests_when_compiled).
_SOLVER = Path(__file__).parent / "tutor" / "search" / "solver"
collect_ignore = [
    f"tutor/search/solver/{source.name}"
    for source in sorted(_SOLVER.glob("*.py"))
    if any(_SOLVER.glob(f"{source.stem}.*.so"))
]


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """In a parallel run (``pytest -n N``, `make test`) the tests of each costly session fixture
    run on one worker: tests/parallel.py. (tryfirst: before xdist's own choice; optionalhook:
    pytest without xdist knows no such hook.)"""
    if config.getoption("dist") not in ("load", "loadgroup"):
        return None
    from tests.parallel import scheduler

    return scheduler(config, log)
