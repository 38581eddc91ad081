"""Mining new scenarios from simulated games.

The engine plays random games (``random.Random(seed)``: the same seed gives the
same files, byte for byte). At every turn a topic detector from
``tutor.questions.topics`` looks at the position; one flagged position per game becomes a
scenario file with a question that fits the topic, and its ``expect`` is the
engine's answer, computed here and never typed. The learner sits first and is
to play; the other hands are hidden as counts unless the question needs them.

>>> files = generate("key-cards", 2, seed=7)
>>> [f.name for f in files]
['key-cards/gen-7-001.toml', 'key-cards/gen-7-002.toml']
>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario(files[0].text, files[0].name)
>>> s.topic, s.question.ask in ("key-card", "game-points"), s.id
('key-cards', True, 'key-cards/gen-7-001')
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.questions.topics import TOPICS, last_tile_fits
from tutor.rules.analysis import hard_ends, key_card
from tutor.rules.cutthroat import domino_points
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.plays import blocked_outcome
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.rules.tiles import tiles_of
from tutor.scenarios.reader import Scenario, answer_scenario, expected, parse_scenario
from tutor.words.i18n import N_

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


@dataclass(frozen=True)
class Ask:
    """A question kind a recipe asks, with its level and its generic teaching texts."""

    ask: str
    level: int
    title: str
    story: str
    hint: str


@dataclass(frozen=True)
class Recipe:
    """How to mine one topic: which game, how many players, which questions."""

    topic: str
    game: str
    players: tuple[int, ...]
    asks: tuple[Ask, ...]
    at_end: bool = False
    """Look at the position where the game stopped (a block) instead of at every turn."""
    proved: bool = False
    """A solver theme: every hand is shown and the level follows the size of the study."""
    view: bool = False
    """A solver theme of the learner's view: only the learner's hand is shown and proved on."""


RECIPES: dict[str, Recipe] = {
    recipe.topic: recipe
    for recipe in (
        Recipe(
            "key-cards",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "key-card",
                    3,
                    N_("Is your last tile the key?"),
                    N_("You have one tile left and it is your turn. Look at both ends."),
                    N_(
                        "A key card fits both ends, and both ends are hard: count the halves "
                        "of each end's number on the table."
                    ),
                ),
                Ask(
                    "game-points",
                    3,
                    N_("What is your last tile worth?"),
                    N_("You have one tile left and it is your turn."),
                    N_(
                        "You win the stake. Is your last tile also the key card? Count the "
                        "halves of both ends' numbers on the table."
                    ),
                ),
            ),
        ),
        Recipe(
            "hard-ends",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "hard-ends",
                    2,
                    N_("Which ends are hard?"),
                    N_("Look at the line of play before you choose your tile."),
                    N_(
                        "An end is hard when all halves of its number but one are on the "
                        "table. Count only the table, never a hand."
                    ),
                ),
                Ask(
                    "last-tile",
                    2,
                    N_("The last tile for a hard end"),
                    N_("One end of the line is hard: only one tile can still be laid there."),
                    N_("Find the one tile with that end's number that is not on the table yet."),
                ),
            ),
        ),
        Recipe(
            "blocked-boards",
            CUTTHROAT,
            (4, 3, 2),
            (
                Ask(
                    "blocked-winner",
                    2,
                    N_("Who wins the block?"),
                    N_("Nobody can play any more. Every hand is turned face up."),
                    N_(
                        "Count each hand: add up all the pips, a double counts both halves. "
                        "The lowest count wins."
                    ),
                ),
            ),
            at_end=True,
        ),
        Recipe(
            "legal-plays",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "legal-plays",
                    1,
                    N_("What can you play?"),
                    N_("It is your turn. Find every play your hand allows."),
                    N_(
                        "A tile fits an end when one of its halves shows the end's number. "
                        "A tile may fit both ends."
                    ),
                ),
            ),
        ),
        Recipe(
            "fives-and-threes-scoring",
            FIVES_AND_THREES,
            (2,),
            (
                Ask(
                    "best-play",
                    3,
                    N_("Find the best play"),
                    N_("It is your turn. Which play scores the most right now?"),
                    N_(
                        "After a play, add up the open ends (a double at an end counts both "
                        "halves). Multiples of 3 and of 5 score."
                    ),
                ),
                Ask(
                    "play-score",
                    2,
                    N_("What does this play score?"),
                    N_("It is your turn. Work out the points before you lay the tile."),
                    N_(
                        "Add up the open ends after the play: a multiple of 3 scores a point "
                        "per three, a multiple of 5 a point per five."
                    ),
                ),
            ),
        ),
        Recipe(
            "six-love",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "after-game",
                    4,
                    N_("One tile from six-love"),
                    N_("You hold one tile and it fits. What becomes of the set when you win?"),
                    N_(
                        "The winner takes the stake. Six or more while somebody is still on "
                        "love ends the set six-love."
                    ),
                ),
            ),
        ),
        *(
            Recipe(topic, game, players, (Ask("winning-play", 3, title, story, hint),), proved=True)
            for topic, game, players, title, story, hint in (
                (
                    "only-winning-play",
                    CUTTHROAT,
                    (4, 3),
                    N_("Only one play wins"),
                    N_("Every hand is face up. One of your plays wins the hand; find it."),
                    N_(
                        "Follow each of your plays to the end: who must pass, who goes out, "
                        "who is left with the lowest count?"
                    ),
                ),
                (
                    "block-to-win",
                    CUTTHROAT,
                    (4, 3),
                    N_("Win it on the count"),
                    N_("Every hand is face up. Nobody is going out soon, but the counts differ."),
                    N_(
                        "Compare the counts: if yours is the lowest, look for the play that "
                        "closes the game before anybody can lower theirs."
                    ),
                ),
                (
                    "keep-the-hard-end",
                    CUTTHROAT,
                    (4, 3),
                    N_("Keep the hard end to yourself"),
                    N_("Every hand is face up. You hold the last tile for a hard end."),
                    N_(
                        "A hard end that only you can answer is a door only you can open. "
                        "Do not spend the tile that keeps it; make the others pass."
                    ),
                ),
                (
                    "set-up-the-key",
                    CUTTHROAT,
                    (4, 3),
                    N_("Set up the key card"),
                    N_("Every hand is face up. Two plays from now you could go out."),
                    N_(
                        "Which tile do you want to keep for last? Make both ends hard so that "
                        "it fits them and nobody else can play."
                    ),
                ),
                (
                    "target-exactly",
                    FIVES_AND_THREES,
                    (2,),
                    N_("Reach the target exactly"),
                    N_("Both hands are face up and the match is close to its end."),
                    N_(
                        "Points that would take you past the target are not scored. Plan the "
                        "line that lands on the target exactly."
                    ),
                ),
                (
                    "deny-the-score",
                    FIVES_AND_THREES,
                    (2,),
                    N_("Deny the score"),
                    N_("Both hands are face up. The biggest score now is not the best play."),
                    N_(
                        "After each of your plays, look at what your opponent can score in "
                        "reply, and count to the end of the hand."
                    ),
                ),
            )
        ),
        *(
            Recipe(
                topic,
                game,
                players,
                (Ask("winning-play", 3, title, story, hint),),
                proved=True,
                view=True,
            )
            for topic, game, players, title, story, hint in (
                (
                    "play-the-odds",
                    CUTTHROAT,
                    (4, 3, 2),
                    N_("Play the odds"),
                    N_("Only your own hand is face up. One play wins more often than any other."),
                    N_(
                        "Which tiles can the others still hold? Think of the hands they may "
                        "have and follow each of your plays: who must pass, who goes out?"
                    ),
                ),
                (
                    "score-the-odds",
                    FIVES_AND_THREES,
                    (2,),
                    N_("Score the odds"),
                    N_(
                        "Only your own hand is face up. One play scores more than any other "
                        "by the end of the hand, whatever your opponent holds."
                    ),
                    N_(
                        "Which tiles can your opponent still hold? Count what each of your "
                        "plays leaves them to score, and what you score after."
                    ),
                ),
            )
        ),
    )
}
"""The topics the generator can mine, with their questions."""

SHOW_EVERY_HAND = {"blocked-winner", "winning-play"}
"""Questions that need every hand face up; the others show only the learner's."""


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


def key_card_drill(p: Position) -> bool:
    """A position for the key-card drill: the seat's last tile is the key card, or nearly
    is (it fits both ends, or both ends are hard), so that the answer is not always "yes".

    The library's detector (``key_card_chance``) flags only real key cards; a drill made of
    those alone teaches to answer "yes" without looking.

    >>> from tutor.rules import Game, Line, TableRules
    >>> line = Line.parse(["5-1", "1-1", "1-3"])  # ends 5 and 3, neither hard
    >>> game = Game.from_hands([["5-3"], ["6-6"]], rules=TableRules(players=2), line=line, turn=0)
    >>> p = Position.from_game(game)
    >>> key_card_drill(p), p.key_card(last_tile_fits(p))
    (True, False)
    """
    tile = last_tile_fits(p)
    if p.game != CUTTHROAT or tile is None:
        return False
    if p.key_card(tile):
        return True
    left, right = p.line.left, p.line.right
    fits_both = left is not None and right is not None and left != right and (
        tile.has(left) and tile.has(right)
    )
    return fits_both or len(hard_ends(p.line, p.out)) == 2


_DETECTORS: dict[str, Callable[[Position], bool]] = {"key-cards": key_card_drill}
"""Where mining looks for more than the library's detector of the topic flags."""


def mining_detector(topic: str) -> Callable[[Position], bool]:
    """The detector the generator mines ``topic`` with: the library's (``TOPICS``), or a
    wider one for a drill (``key_card_drill``).

    >>> mining_detector("key-cards") is key_card_drill, mining_detector("hard-ends").__name__
    (True, 'hard_end')
    """
    return _DETECTORS.get(topic, TOPICS[topic].detect)


NEAR_MISS_KEPT = 0.2
"""The share of the key-card drill's near misses kept: they come up about five times as
often as key cards, and a drill should ask both about as often."""


def _near_miss(recipe: Recipe, p: Position) -> bool:
    """A key-card drill position whose last tile is not the key card."""
    tile = last_tile_fits(p)
    return recipe.topic == "key-cards" and tile is not None and not p.key_card(tile)


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
            if detect(view) and (not _near_miss(recipe, view) or rng.random() < NEAR_MISS_KEPT):
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


# --- writing a scenario --------------------------------------------------------------------


def toml_value(value: Any) -> str:
    """A value as TOML: text, whole numbers, booleans, lists and tables of them.

    >>> toml_value({"result": "bruck", "scores": {"you": 0}, "stake": 1})
    '{ result = "bruck", scores = { you = 0 }, stake = 1 }'
    >>> toml_value(["4-3 left", True])
    '["4-3 left", true]'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{_toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    raise TypeError(f"no TOML form for {value!r}")


def _toml_key(key: str) -> str:
    bare = key.replace("-", "").replace("_", "").isalnum() and key.isascii()
    return key if bare else json.dumps(key, ensure_ascii=False)


@dataclass
class _Draft:
    """A scenario being written: the position turned so that the learner sits first."""

    recipe: Recipe
    ask: Ask
    position: Position
    names: list[str]
    order: list[int]
    params: dict[str, Any]

    @property
    def shows_every_hand(self) -> bool:
        return self.ask.ask in SHOW_EVERY_HAND and not self.recipe.view

    def hands(self) -> list[tuple[str, Any]]:
        rows: list[tuple[str, Any]] = []
        for name, seat in zip(self.names, self.order, strict=True):
            hand = self.position.hands[seat]
            if hand is not None and (name == "you" or self.shows_every_hand):
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

    def text(self, scenario_id: str, expect: Any = None) -> str:
        p, rules = self.position, self.position.rules
        lines = [
            f"id = {toml_value(scenario_id)}",
            f"game = {toml_value(self.recipe.game)}",
            f"topic = {toml_value(self.recipe.topic)}",
            f"level = {self.level}",
            f"title = {toml_value(self.ask.title)}",
            f"story = {toml_value(self.ask.story)}",
            "",
            f"seats = {toml_value(self.names)}",
            'turn = "you"',
            "",
            "[table]",
            f"line = {toml_value([str(placed) for placed in p.line])}",
        ]
        if rules.game == FIVES_AND_THREES:
            lines.append(f"boneyard = {p.sleeping.bit_count() + p.hidden_boneyard}")
        lines += ["", "[hands]"]
        lines += [f"{_toml_key(name)} = {toml_value(value)}" for name, value in self.hands()]
        lines += ["", "[score]"]
        lines += [
            f"{_toml_key(name)} = {p.score(seat)}"
            for name, seat in zip(self.names, self.order, strict=True)
        ]
        if rules.game == CUTTHROAT:
            lines.append(f"stake = {p.stake}")
        lines += ["", "[question]", f"ask = {toml_value(self.ask.ask)}"]
        lines += [f"{name} = {toml_value(value)}" for name, value in self.params.items()]
        if expect is not None:
            lines.append(f"expect = {toml_value(expect)}")
        lines.append(f"hint = {toml_value(self.ask.hint)}")
        return "\n".join(lines) + "\n"


def _choose_ask(recipe: Recipe, p: Position, rng: random.Random) -> tuple[Ask, dict[str, Any]]:
    """The question for a flagged position, with its parameters."""
    asks = list(recipe.asks)
    if recipe.topic == "fives-and-threes-scoring":
        credited = {p.play(play).score.credited for play in p.legal_plays()}
        if len(credited) < 2:  # every play scores the same: no best play to find
            asks = [a for a in asks if a.ask != "best-play"]
    if _near_miss(recipe, p):  # "what is it worth" would not be about the key card
        asks = [a for a in asks if a.ask == "key-card"]
    ask = asks[rng.randrange(len(asks))]
    params: dict[str, Any] = {}
    if ask.ask in ("key-card", "game-points"):
        tile = last_tile_fits(p)
        assert tile is not None
        params["tile"] = str(tile)
    elif ask.ask == "last-tile":
        ends = hard_ends(p.line, p.out)
        params["end"] = str(ends[rng.randrange(len(ends))].end)
    elif ask.ask == "play-score":
        plays = p.legal_plays()
        scoring = [play for play in plays if p.play(play).score.credited]
        pool = scoring if scoring and rng.random() < 0.7 else plays
        play = pool[rng.randrange(len(pool))]
        params["tile"], params["end"] = str(play.tile), str(play.end)
    elif ask.ask == "after-game":
        tile = last_tile_fits(p)
        assert tile is not None
        params["winner"] = "you"
        params["key_card"] = p.key_card(tile)
    return ask, params


def _draft(recipe: Recipe, p: Position, rng: random.Random) -> _Draft:
    players = len(p.hands)
    order = [(p.turn + k) % players for k in range(players)]
    others = list(NAMES)
    rng.shuffle(others)
    ask, params = _choose_ask(recipe, p, rng)
    return _Draft(recipe, ask, p, ["you", *others[: players - 1]], order, params)


def _cross_check(draft: _Draft, s: Scenario, value: Any) -> None:
    """Compare the answer with what the simulation knows by another path."""
    p, ask = draft.position, draft.ask.ask
    problem = None
    tile = last_tile_fits(p) if ask in ("key-card", "game-points") else None
    is_key = tile is not None and key_card(p.line, tile, p.out)
    if ask == "key-card" and value is not is_key:
        problem = f"the key card is {'not ' if is_key else ''}recognised as one"
    elif ask == "game-points" and value != domino_points(p.stake, p.rules, key_card=is_key):
        problem = f"a domino {'with' if is_key else 'without'} the key card earns {value}"
    elif ask == "blocked-winner":
        outcome = blocked_outcome([p.hands[seat] or 0 for seat in draft.order])
        expected = "tie" if outcome.winner is None else draft.names[outcome.winner]
        if value != expected:
            problem = f"the block's winner is {value}, the counts say {expected}"
    elif ask == "hard-ends" and value != [str(f.end) for f in hard_ends(p.line, p.out)]:
        problem = f"the hard ends are {value}"
    elif ask == "legal-plays" and value != sorted(str(play) for play in p.legal_plays()):
        problem = f"the legal plays are {value}"
    elif ask == "best-play":
        points = {str(play): p.play(play).score.credited for play in p.legal_plays()}
        best = max(points.values())
        if value != sorted(play for play, n in points.items() if n == best):
            problem = f"the best plays are {value}"
    elif ask == "after-game" and value["result"] != "six-love":
        problem = f"the set goes on with {value['result']}"
    if problem:
        raise GenerationError(f"{s.id}: the engine disagrees with itself: {problem}")


def _finish(draft: _Draft, scenario_id: str, name: str) -> Generated:
    bare = draft.text(scenario_id)
    result = answer_scenario(parse_scenario(bare, name))
    text = draft.text(scenario_id, result.value)
    scenario = parse_scenario(text, name)
    _cross_check(draft, scenario, result.value)
    if expected(scenario) != answer_scenario(scenario).value:  # pragma: no cover - a bug
        raise GenerationError(f"{name}: the written expect does not read back")
    return Generated(name, text)


CHUNK_GAMES = 8
"""Games per chunk: the unit of work spread over processes (each chunk has its own seed)."""
PLACEHOLDER = "chunk/unnumbered"
"""The id a chunk writes; the merge gives each file its number."""

Key = tuple[Any, ...]
Mapper = Callable[[Callable[..., Any], list[tuple[Any, ...]]], list[Any]]
"""Maps a function over argument tuples and returns the results in order (a pool, a cluster)."""


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


def serial_map(function: Callable[..., Any], args: list[tuple[Any, ...]]) -> list[Any]:
    """The mapper of one process."""
    return [function(*item) for item in args]


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
    stats: MiningStats | None = None,
) -> list[Generated]:
    """Mine ``count`` distinct scenarios for ``topic`` from games seeded with ``seed``.

    The games are played in chunks (``mine_chunk``), ``wave`` chunks at a time through
    ``mapper`` (a process pool, a Dask cluster); the chunks are merged in their order, a
    position seen before is dropped (``_Draft.key``), and the files are numbered in
    that order: the output is the same whatever the mapper and the wave.

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
    chunk = 0
    while len(made) < count:
        if chunk >= chunks:
            raise GenerationError(
                f"only {len(made)} of {count} distinct {topic} positions in {stats.games} games"
            )
        batch = [
            (topic, seed, c, min(CHUNK_GAMES, budget - c * CHUNK_GAMES))
            for c in range(chunk, min(chunk + max(wave, 1), chunks))
        ]
        chunk += len(batch)
        for games, items in mapper(mine_chunk, batch):
            if len(made) >= count:
                break
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
                if on_progress is not None:
                    on_progress(len(made))
                if len(made) >= count:
                    break
    return made


def pool_mapper(jobs: int) -> tuple[Mapper, Callable[[], None]]:
    """A mapper over ``jobs`` processes, and the function that shuts the pool down."""
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)

    def mapper(function: Callable[..., Any], args: list[tuple[Any, ...]]) -> list[Any]:
        return list(pool.map(function, *zip(*args, strict=True)))

    return mapper, pool.shutdown


def dask_mapper(address: str) -> tuple[Mapper, Callable[[], None]]:
    """A mapper over a Dask distributed cluster (the optional ``scale`` extra)."""
    from dask.distributed import Client  # type: ignore[import-not-found,unused-ignore]

    client = Client(address)  # type: ignore[no-untyped-call,unused-ignore]

    def mapper(function: Callable[..., Any], args: list[tuple[Any, ...]]) -> list[Any]:
        futures = client.map(function, *zip(*args, strict=True), pure=False)
        gathered = client.gather(futures)  # type: ignore[no-untyped-call,unused-ignore]
        return list(gathered)

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


# --- progress on stderr ---------------------------------------------------------------------
