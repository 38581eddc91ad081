"""Mining new scenarios from simulated games.

The engine plays random games (``random.Random(seed)``: the same seed gives the
same files, byte for byte). At every turn the topic's detector (``recipes.mining_detector``)
looks at the position; one flagged position per game becomes a scenario file with a question
that fits the topic (``recipes.choose_ask``), and its ``expect`` is the engine's answer,
computed here and never typed. The learner sits first and is to play; the other hands are
hidden as counts unless the question needs them. This is the one module of mining that does
I/O: processes or a Dask cluster, progress, and the files (through ``tutor.scenarios.writer``).

>>> files = generate("key-cards", 2, seed=7)
>>> [f.name for f in files]
['key-cards/gen-7-001.toml', 'key-cards/gen-7-002.toml']
>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario(files[0].text, files[0].name)
>>> s.topic, s.question.ask in ("key-card", "game-points"), s.id
('key-cards', True, 'key-cards/gen-7-001')
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.rules.tiles import tiles_of
from tutor.scenarios.mining.recipes import (
    NEAR_MISS_KEPT,
    RECIPES,
    SHOW_EVERY_HAND,
    Ask,
    Recipe,
    choose_ask,
    cross_check,
    mining_detector,
    near_miss,
    story_for,
)
from tutor.scenarios.model import Question, Scenario, answer_scenario, expected
from tutor.scenarios.reader import parse_scenario
from tutor.scenarios.writer import scenario_text, toml_value

NAMES = (
    "Marcia",
    "Desmond",
    "Kenrick",
    "Sharlene",
    "Winston",
    "Lorna",
    "Errol",
    "Yolanda",
    "Clive",
    "Beverley",
    "Junior",
    "Maritza",
    "Shurnel",
    "Ricardo",
    "Giselle",
    "Jandro",
)
"""Names for the other seats (the learner is always "you")."""


class GenerationError(RuntimeError):
    """The generator could not make what was asked, or two engine paths disagree."""


class TooFewPositions(GenerationError):
    """The games played showed fewer distinct positions than were asked for."""

    def __init__(self, topic: str, made: int, count: int, games: int) -> None:
        super().__init__(f"only {made} of {count} distinct {topic} positions in {games} games")
        self.topic, self.made, self.count, self.games = topic, made, count, games


@dataclass(frozen=True)
class Generated:
    """One generated scenario: its file name below the output folder, and its text."""

    name: str
    text: str


# --- simulation --------------------------------------------------------------------------


def _start_scores(game: str, players: int, rng: random.Random) -> list[int]:
    """A score state that a set or match can be in when a game starts."""
    if game == FIVES_AND_THREES:
        # Low and high scores alike, so that the exact-target rule comes up too.
        return [rng.randrange(0, 61) if rng.random() < 0.4 else rng.randrange(0, 40) for _ in "ab"]
    scores = [rng.randrange(0, 6) for _ in range(players)]
    if all(scores):  # everybody on 1 or more: that set would have brucked
        scores[rng.randrange(players)] = 0
    return scores


def _mine_one_game(recipe: Recipe, rng: random.Random) -> list[Position]:
    """Play one random game; the positions the topic's detector flags."""
    players = recipe.players[rng.randrange(len(recipe.players))]
    rules = TableRules(game=recipe.game, players=players)  # type: ignore[arg-type]
    scores = _start_scores(recipe.game, players, rng)
    stake = 2 if recipe.game == CUTTHROAT and rng.random() < 0.15 else 1
    game = Game.new(rules, rng, turn=rng.randrange(players))
    detect = mining_detector(recipe.topic)
    fives = recipe.game == FIVES_AND_THREES
    found: list[Position] = []
    while not game.over:
        if not recipe.at_end:
            seat = game.turn if recipe.view else None
            view = Position.from_game(game, seat, scores=tuple(scores), stake=stake, copy=False)
            if detect(view) and (not near_miss(recipe, view) or rng.random() < NEAR_MISS_KEPT):
                found.append(Position.from_game(game, seat, scores=tuple(scores), stake=stake))
        plays = game.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        seat = game.turn
        game.play(plays[int(rng.random() * len(plays))])
        if fives:
            points = score_play(game.line, not game.hands[seat], scores[seat], rules.target)
            scores[seat] += points.credited
            if points.reached_target:
                break
    if recipe.at_end and game.over:
        final = Position.from_game(game, scores=tuple(scores), stake=stake)
        if detect(final):
            found.append(final)
    return found


# --- a flagged position as a scenario ---------------------------------------------------


@dataclass
class _Draft:
    """A scenario being written: the position turned so that the learner sits first."""

    recipe: Recipe
    ask: Ask
    position: Position
    names: list[str]
    order: list[int]
    params: dict[str, Any]
    story: str | None = None
    """The story, once the proof of the answer has chosen it (``recipes.story_for``)."""

    @property
    def shows_every_hand(self) -> bool:
        return self.ask.ask in SHOW_EVERY_HAND and not self.recipe.view

    def shown(self, name: str, seat: int) -> bool:
        """Whether the file lists this seat's tiles (else it gives their number)."""
        return self.position.hands[seat] is not None and (name == "you" or self.shows_every_hand)

    def hands(self) -> list[tuple[str, Any]]:
        """Each seat in the file's order: its tiles as text when shown, else their number."""
        rows: list[tuple[str, Any]] = []
        for name, seat in zip(self.names, self.order, strict=True):
            hand = self.position.hands[seat]
            if hand is not None and self.shown(name, seat):
                rows.append((name, [str(t) for t in tiles_of(hand)]))
            else:
                rows.append((name, self.position.size(seat)))
        return rows

    @property
    def level(self) -> int:
        """The level: fixed by the question, or for a proved study by the tiles still held
        (up to 5 tiles: 2, up to 7: 3, up to 9: 4, more: 5)."""
        if not self.recipe.proved:
            return self.ask.level
        held = sum(self.position.size(seat) for seat in range(len(self.position.hands)))
        return 2 + (held > 5) + (held > 7) + (held > 9)

    def key(self) -> tuple[Any, ...]:
        """What makes two positions the same for the learner (names and scores aside).

        A line read right to left is the same line.
        """
        forward = tuple((p.left, p.right) for p in self.position.line)
        backward = tuple((b, a) for a, b in reversed(forward))
        hands = tuple(tuple(v) if isinstance(v, list) else v for _, v in self.hands())
        return (self.recipe.game, len(self.order), min(forward, backward), hands, self.ask.ask)

    def scenario(self, scenario_id: str, expect: Any = None) -> Scenario:
        """The scenario of this draft, with ``expect`` when it is known (not ``None``)."""
        p = self.position
        shown: dict[str, int] = {}
        hidden: dict[str, int] = {}
        for name, seat in zip(self.names, self.order, strict=True):
            hand = p.hands[seat]
            if hand is not None and self.shown(name, seat):
                shown[name] = hand
            else:
                hidden[name] = p.size(seat)
        fives = p.rules.game == FIVES_AND_THREES
        return Scenario(
            id=scenario_id,
            game=self.recipe.game,
            topic=self.recipe.topic,
            level=self.level,
            title=self.ask.title,
            story=self.story or self.ask.story,
            seats=tuple(self.names),
            turn="you",
            line=p.line,
            hands=shown,
            hidden=hidden,
            boneyard=0,
            boneyard_hidden=p.sleeping.bit_count() + p.hidden_boneyard if fives else 0,
            out=p.out,
            scores={name: p.score(seat) for name, seat in zip(self.names, self.order, strict=True)},
            stake=p.stake,
            rules=p.rules,
            pose=None,
            question=Question(self.ask.ask, self.params, expect, expect is not None, self.ask.hint),
            path=f"{scenario_id}.toml",
        )

    def text(self, scenario_id: str, expect: Any = None) -> str:
        """The file of this draft (the Fives & Threes boneyard spelled out)."""
        return scenario_text(self.scenario(scenario_id, expect), SPELLED_OUT)


SPELLED_OUT = ("table.boneyard",)
"""The generated files say how many tiles sleep in Fives & Threes."""


def _draft(recipe: Recipe, p: Position, rng: random.Random) -> _Draft:
    players = len(p.hands)
    order = [(p.turn + k) % players for k in range(players)]
    others = list(NAMES)
    rng.shuffle(others)
    ask, params = choose_ask(recipe, p, rng)
    return _Draft(recipe, ask, p, ["you", *others[: players - 1]], order, params)


def _finish(draft: _Draft, scenario_id: str, name: str) -> Generated:
    bare = draft.text(scenario_id)
    result = answer_scenario(parse_scenario(bare, name))
    draft.story = story_for(draft.ask, result.facts)  # a claim only where the proof makes it
    text = draft.text(scenario_id, result.value)
    scenario = parse_scenario(text, name)
    problem = cross_check(draft.position, draft.ask.ask, result.value, draft.order, draft.names)
    if problem:
        raise GenerationError(f"{scenario.id}: the engine disagrees with itself: {problem}")
    if expected(scenario) != answer_scenario(scenario).value:  # pragma: no cover - a bug
        raise GenerationError(f"{name}: the written expect does not read back")
    return Generated(name, text)


CHUNK_GAMES = 8
"""Games per chunk: the unit of work spread over processes (each chunk has its own seed)."""
PLACEHOLDER = "chunk/unnumbered"
"""The id a chunk writes; the merge gives each file its number."""

Key = tuple[Any, ...]
Mapper = Callable[[Callable[..., Any], Iterator[tuple[Any, ...]], int], Iterator[Any]]
"""Maps a function over argument tuples as a stream (a pool, a cluster): the results come in the
order of the arguments, with at most the given number of calls (the window) under way at once,
so that the workers are kept busy and never wait for a whole batch. The arguments are taken
lazily: when the caller stops reading, no more work is started."""


def mine_chunk(
    topic: str, seed: int, chunk: int, games: int = CHUNK_GAMES
) -> tuple[int, list[tuple[Key, str]]]:
    """Play the ``games`` games of one chunk; each distinct position as (key, finished text).

    The chunk's games depend only on ``(seed, chunk)``, so any worker gives the same result.
    Returns the number of games played with the candidates.
    """
    recipe = RECIPES[topic]
    rng = random.Random(f"{seed}/{chunk}")
    seen: set[Key] = set()
    found_items: list[tuple[Key, str]] = []
    for _ in range(games):
        found = _mine_one_game(recipe, rng)
        if not found:
            continue
        draft = _draft(recipe, found[rng.randrange(len(found))], rng)
        key = draft.key()
        if key in seen:
            continue
        seen.add(key)
        found_items.append((key, _finish(draft, PLACEHOLDER, f"{topic}/{PLACEHOLDER}.toml").text))
    return games, found_items


def mine_batch(
    topic: str, seed: int, chunks: tuple[tuple[int, int], ...]
) -> list[tuple[int, list[tuple[Key, str]]]]:
    """``mine_chunk`` for each ``(chunk, games)`` of a batch, in order: one call of a worker
    for several chunks, so that a pool passes a few large messages instead of many small ones
    (with 8 games a chunk, the messages cost the main process as much as a tenth of the work).

    >>> [games for games, _ in mine_batch("key-cards", 7, ((0, 2), (1, 3)))]
    [2, 3]
    """
    return [mine_chunk(topic, seed, chunk, games) for chunk, games in chunks]


def serial_map(
    function: Callable[..., Any], args: Iterator[tuple[Any, ...]], window: int = 1
) -> Iterator[Any]:
    """The mapper of one process."""
    return (function(*item) for item in args)


@dataclass
class MiningStats:
    """What a mining run did: games played, candidates found, and duplicates dropped."""

    games: int = 0
    candidates: int = 0
    duplicates: int = 0


def generate(
    topic: str,
    count: int,
    seed: int = 0,
    *,
    on_progress: Callable[[int], None] | None = None,
    max_games: int | None = None,
    mapper: Mapper = serial_map,
    wave: int = 1,
    batch: int = 1,
    stats: MiningStats | None = None,
    on_made: Callable[[Generated], None] | None = None,
) -> list[Generated]:
    """Mine ``count`` distinct scenarios for ``topic`` from games seeded with ``seed``.

    The games are played in chunks (``mine_chunk``) streamed through ``mapper`` (a process
    pool, a Dask cluster) with ``wave`` chunks under way at once: a worker that is done starts
    the next chunk at once, nobody waits for a batch. The chunks are merged in their order, a
    position seen before is dropped (``_Draft.key``), and the files are numbered in
    that order: the output is the same whatever the mapper, the wave and the batch.
    With ``batch`` above 1 each call of the mapper plays that many chunks (``mine_batch``),
    which a process pool needs to keep its messages cheap; the last batch may play up to
    ``batch - 1`` chunks more than were needed. ``on_made`` is given each file as soon as it
    is numbered (``output.StagedFolder.add`` writes it while the workers go on playing).

    Raises ``GenerationError`` when the topic is unknown or ``max_games`` games
    (default: generous) did not show enough distinct positions.
    """
    if topic not in RECIPES:
        raise GenerationError(
            f"no generator for the topic {topic!r} (topics: {', '.join(RECIPES)})"
        )
    if count < 0:
        raise GenerationError(f"the count must be 0 or more, not {count}")
    budget = max_games if max_games is not None else 1000 + 500 * count
    chunks = max(1, -(-budget // CHUNK_GAMES))
    width = max(3, len(str(count)))
    stats = stats if stats is not None else MiningStats()
    seen: set[Key] = set()
    made: list[Generated] = []
    if count == 0:
        return made
    sizes = ((c, min(CHUNK_GAMES, budget - c * CHUNK_GAMES)) for c in range(chunks))
    results: Iterator[tuple[int, list[tuple[Key, str]]]]
    if batch > 1:
        batches = ((topic, seed, tuple(islice(sizes, batch))) for _ in range(-(-chunks // batch)))
        streamed = mapper(mine_batch, batches, max(wave, 1))
        results = (result for done in streamed for result in done)
    else:
        streamed = mapper(mine_chunk, ((topic, seed, c, g) for c, g in sizes), max(wave, 1))
        results = streamed
    try:
        for games, items in results:
            stats.games += games
            for key, text in items:
                stats.candidates += 1
                if key in seen:
                    stats.duplicates += 1
                    continue
                seen.add(key)
                number = f"{len(made) + 1:0{width}d}"
                scenario_id = f"{topic}/gen-{seed}-{number}"
                text = text.replace(toml_value(PLACEHOLDER), toml_value(scenario_id), 1)
                made.append(Generated(f"{scenario_id}.toml", text))
                if on_made is not None:
                    on_made(made[-1])
                if on_progress is not None:
                    on_progress(len(made))
                if len(made) >= count:
                    break
            if len(made) >= count:
                break
    finally:
        close = getattr(streamed, "close", None)
        if close is not None:
            close()  # a stream stops starting work
    if len(made) < count:
        raise TooFewPositions(topic, len(made), count, stats.games)
    return made


def _stream(
    submit: Callable[[tuple[Any, ...]], Any],
    result: Callable[[Any], Any],
    cancel: Callable[[Any], Any],
    args: Iterator[tuple[Any, ...]],
    window: int,
) -> Iterator[Any]:
    """The results of ``submit(item)`` for each item, in order, with ``window`` under way: as
    soon as the oldest is done it is given and one more is submitted. Stopping early cancels
    what is under way."""
    pending: deque[Any] = deque()
    try:
        for item in args:
            pending.append(submit(item))
            if len(pending) >= window:
                yield result(pending.popleft())
        while pending:
            yield result(pending.popleft())
    finally:
        for future in pending:
            cancel(future)


def pool_mapper(jobs: int) -> tuple[Mapper, Callable[[], None]]:
    """A mapper over ``jobs`` processes, and the function that shuts the pool down."""
    from concurrent.futures import Future, ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)

    def mapper(
        function: Callable[..., Any], args: Iterator[tuple[Any, ...]], window: int
    ) -> Iterator[Any]:
        def submit(item: tuple[Any, ...]) -> Future[Any]:
            return pool.submit(function, *item)

        return _stream(submit, Future.result, Future.cancel, args, max(window, jobs + 1))

    def close() -> None:
        pool.shutdown(cancel_futures=True)

    return mapper, close


def dask_mapper(address: str) -> tuple[Mapper, Callable[[], None]]:
    """A mapper over a Dask distributed cluster (the optional ``scale`` extra)."""
    from dask.distributed import Client  # type: ignore[import-not-found,unused-ignore]

    client = Client(address)  # type: ignore[no-untyped-call,unused-ignore]

    def mapper(
        function: Callable[..., Any], args: Iterator[tuple[Any, ...]], window: int
    ) -> Iterator[Any]:
        def submit(item: tuple[Any, ...]) -> Any:
            return client.submit(function, *item, pure=False)

        return _stream(
            submit, lambda future: future.result(), lambda future: future.cancel(), args, window
        )

    return mapper, client.close


def write_scenarios(generated: Sequence[Generated], out: str | Path) -> list[Path]:
    """Write the files below ``out`` (folders are made as needed); returns their paths."""
    paths = []
    for item in generated:
        path = Path(out) / item.name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(item.text.encode("utf-8"))
        paths.append(path)
    return paths
