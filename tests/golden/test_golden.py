"""Golden transcripts: what ``domino-tutor`` shows, byte for byte (see README.md).

One test per case of ``cases.py``. The first test starts every selected case at once (a few
at a time, the longest first, each in its own processes); each test then waits for its own
transcript and compares it with ``transcripts/NAME.txt``.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future

import pytest

from tests.golden.cases import CASES, transcript_names
from tests.golden.harness import difference, recorded, start

Running = dict[str, Future[tuple[str, float]]]


@pytest.fixture(scope="session")
def running(request: pytest.FixtureRequest) -> Iterator[Running]:
    """The transcripts of the cases this session runs, coming."""
    names = [
        item.callspec.params["name"]
        for item in request.session.items
        if getattr(item, "originalname", None) == "test_golden"
        and hasattr(item, "callspec")
    ]
    futures, stop = start([CASES[n] for n in dict.fromkeys(names)])
    yield futures
    stop()


@pytest.mark.parametrize("name", list(CASES))
def test_golden(name: str, running: Running) -> None:
    expected = recorded(name)
    if expected is None:
        pytest.fail(f"no transcript for {name}: record it with tools/golden.py --update {name}")
    actual, _ = running[name].result()
    if actual != expected:
        pytest.fail(
            f"the output of golden case {name} changed. If the change is wanted, re-record it "
            f"with tools/golden.py --update {name} and say so in the commit message.\n"
            + difference(name, expected, actual),
            pytrace=False,
        )


def test_every_transcript_has_a_case() -> None:
    assert sorted(transcript_names() - set(CASES)) == []
