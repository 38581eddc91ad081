"""Which tests share a worker when the suite runs in parallel (pytest-xdist: `make test` runs
``pytest -n auto``).

Each worker of a parallel run is a pytest session of its own, so a session fixture is made once
per worker that uses it. Two are too costly for that, and their tests run together on one worker:

- ``built_docs`` (tests/docs/conftest.py): the docs in three languages, a strict Sphinx build;
- ``running`` (tests/golden/test_golden.py): the first golden test starts every selected case in
  a pool of processes of its own; a second worker would start them all again.

pytest-xdist's ``xdist_group`` mark cannot say so with pytest 9.2: xdist renames the node ids of
marked tests, which pytest 9.2 no longer takes, and the tests are spread as if unmarked
(pytest-xdist issue 1386). So the groups are named here by node id, and the root conftest.py
gives xdist a scheduler that reads them (``scheduler``) for ``--dist load`` (what ``-n`` implies)
and ``--dist loadgroup``; tests/test_parallel.py checks that every test of those fixtures is in
its group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

GROUPS: dict[str, tuple[str, ...]] = {
    "golden": ("tests/golden/test_golden.py::test_golden[",),
    "docs": (
        "tests/docs/test_browser.py::",
        "tests/docs/test_build.py::",
        "tests/docs/test_contract_lists.py::",
        "tests/docs/test_engine.py::",
        "tests/docs/test_engine_play.py::",
        "tests/docs/test_engine_progress.py::",
        "tests/docs/test_gallery_path.py::",
        "tests/docs/test_pages.py::",
        "tests/docs/test_practice.py::",
        "tests/docs/test_sample_comments.py::",
        "tests/docs/test_search_switcher.py::",
    ),
}
"""Each group and the node ids of its tests (by their beginning)."""

SHARED_FIXTURES = {"built_docs": "docs", "running": "golden"}
"""The session fixtures made once per worker, and the group of the tests that use them."""


def group_of(nodeid: str) -> str | None:
    """The group of a test, or None: a test that may run on any worker."""
    for group, prefixes in GROUPS.items():
        if nodeid.startswith(prefixes):
            return group
    return None


def scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's loadgroup scheduler, which also puts the tests of each group of ``GROUPS`` on one
    worker (and still honours an ``xdist_group`` mark, should xdist's renaming work again).
    Groups go out first, the largest first; then single tests as workers ask for more."""
    from xdist.scheduler import LoadGroupScheduling

    class Grouped(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = group_of(nodeid)
            return f"group:{group}" if group else super()._split_scope(nodeid)

    return Grouped(config, log)
