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


def test_batches_give_the_same_files_with_a_few_calls_and_a_bounded_overshoot() -> None:
    calls: list[tuple[Any, ...]] = []

    def recording(
        function: Callable[..., Any], args: Iterator[tuple[Any, ...]], window: int
    ) -> Iterator[Any]:
        for item in args:
            calls.append(item)
            yield function(*item)

    stats = miner.MiningStats()
    serial = generate("key-cards", 12, seed=7, stats=stats)
    needed = -(-stats.games // miner.CHUNK_GAMES)  # chunks the serial run played
    batched_stats = miner.MiningStats()
    batched = generate("key-cards", 12, seed=7, mapper=recording, batch=8, stats=batched_stats)
    assert batched == serial, "the output does not depend on the batch"
    assert all(function_args[0] == "key-cards" for function_args in calls)
    chunks = [chunk for *_, batch in calls for chunk, _ in batch]
    assert chunks == list(range(len(chunks))), "every chunk once, in order"
    assert len(calls) == -(-needed // 8), "one call of the mapper per 8 chunks"
    assert needed <= len(chunks) <= needed + 7, "at most batch - 1 chunks more than needed"


def test_each_file_is_handed_over_as_soon_as_it_is_numbered() -> None:
    handed: list[str] = []
    progress: list[int] = []

    def on_made(item: miner.Generated) -> None:
        assert len(progress) == len(handed), "handed over before the next one is made"
        handed.append(item.name)

    made = generate("key-cards", 4, seed=7, on_made=on_made, on_progress=progress.append)
    assert handed == [item.name for item in made]
