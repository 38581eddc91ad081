"""The groups of a parallel run (tests/parallel.py) hold every test of a costly session fixture,
so that each such fixture is made once in `make test`, not once per worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parallel import GROUPS, SHARED_FIXTURES, group_of

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_of_a_shared_fixture_is_in_its_group(request: pytest.FixtureRequest) -> None:
    strays = [
        f"{item.nodeid} uses {fixture}: add it to GROUPS[{group!r}] in tests/parallel.py"
        for item in request.session.items
        for fixture, group in SHARED_FIXTURES.items()
        if fixture in getattr(item, "fixturenames", ()) and group_of(item.nodeid) != group
    ]
    assert strays == []


def test_every_group_names_test_modules_that_exist() -> None:
    """A moved module would fall out of its group silently (its fixture made twice)."""
    assert set(GROUPS) == set(SHARED_FIXTURES.values())
    missing = [
        prefix
        for prefixes in GROUPS.values()
        for prefix in prefixes
        if not (ROOT / prefix.partition("::")[0]).is_file()
    ]
    assert missing == []
