"""Mining streams its chunks: a result is used as soon as it and those before it are done, with a
bounded number under way, and no chunk is started once enough files are made."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tutor.scenarios.mining import miner
from tutor.scenarios.mining.miner import _stream, generate, serial_map


def test_the_stream_keeps_a_window_under_way_and_gives_results_in_order() -> None:
    submitted: list[int] = []
    cancelled: list[int] = []

    def submit(item: tuple[Any, ...]) -> int:
        submitted.append(item[0])
        return int(item[0])

    results = _stream(submit, lambda n: n * 10, cancelled.append, ((n,) for n in range(100)), 3)
    assert next(results) == 0 and submitted == [0, 1, 2], "the first result after 3, not 100"
    assert next(results) == 10 and submitted == [0, 1, 2, 3], "then one more for each one given"
    results.close()
    assert cancelled == [2, 3], "stopping early cancels what is under way"


def test_generate_starts_no_chunk_once_enough_files_are_made() -> None:
    started: list[int] = []

    def counting(
        function: Callable[..., Any], args: Iterator[tuple[Any, ...]], window: int
    ) -> Iterator[Any]:
        for item in args:
            started.append(item[2])
            yield function(*item)

    made = generate("key-cards", 3, seed=7, mapper=counting, wave=4)
    assert made == generate("key-cards", 3, seed=7, mapper=serial_map)
    stats = miner.MiningStats()
    generate("key-cards", 3, seed=7, stats=stats)
    assert len(started) == stats.games // miner.CHUNK_GAMES + (stats.games % miner.CHUNK_GAMES > 0)
