"""pytest settings for the whole suite."""

import itertools
from pathlib import Path
from typing import Any

import pytest

# `make compiled` builds tutor/search/solver/*.py with mypyc, and Python then imports the builds:
# pytest cannot collect the doctests of a source file from its build. tests/search/test_solver.py
# runs those doctests on the sources instead (test_source_doctests_when_compiled).
# The same for the rollouts (tests/search/test_rollouts.py).
_SEARCH = Path(__file__).parent / "tutor" / "search"
collect_ignore = [
    f"tutor/search/{folder}{source.name}"
    for folder in ("solver/", "")
    for source in sorted((_SEARCH / folder).glob("*.py"))
    if any((_SEARCH / folder).glob(f"{source.stem}.*.so"))
]


_DATA_FOLDERS = itertools.count()


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test keeps the learner's database and files (``$XDG_DATA_HOME/domino-tutor``) and
    the index cache (``$XDG_CACHE_HOME/domino-tutor``) in folders of its own, made only when the
    test writes there: never in the home folder of whoever runs the tests, and never shared with
    another test or with a parallel worker. A test that sets them itself still wins."""
    number = str(next(_DATA_FOLDERS))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.getbasetemp() / "xdg-data" / number))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache" / number))


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """In a parallel run (``pytest -n N``, `make test`) the tests of each costly session fixture
    run on one worker: tests/parallel.py. (tryfirst: before xdist's own choice; optionalhook:
    pytest without xdist knows no such hook.)"""
    if config.getoption("dist") not in ("load", "loadgroup"):
        return None
    from tests.parallel import scheduler

    return scheduler(config, log)
