"""Answering a scenario's question with the engine, with the facts that explain it.

The answer is always computed here, never read from the file. Facts are small
frozen dataclasses (data, not sentences); ``tutor.narrate`` turns them into
sentences in the reader's language.

>>> from tutor.scenarios import parse_scenario
>>> s = parse_scenario('''
... id = "demo/key"
... game = "cutthroat"
... topic = "key-cards"
... level = 3
... title = "Both ends are hard"
... seats = ["you", "Marcia", "Desmond", "Kenrick"]
... [table]
... line = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
... [hands]
... you = ["3-4"]
... Marcia = ["1-1", "1-2", "2-2", "0-1", "0-2"]
... Desmond = 5
... Kenrick = 5
... [score]
... you = 2
... [question]
... ask = "game-points"
... tile = "4-3"
... expect = 2
... ''')
>>> answer(s).value
2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.rules.analysis import EndFact, end_facts, key_card, last_tile
from tutor.rules.cutthroat import after_game
from tutor.rules.fives_threes import FivesThreesScore, credited_points, ends_total, score_total
from tutor.rules.game import Outcome, Play, blocked_outcome, placement_matters, plays_for
from tutor.rules.line import LEFT, RIGHT, End, Line
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.rules.tiles import SUIT, Mask, Tile, hand_count, tiles_of
from tutor.scenarios import Scenario

# --- facts ---------------------------------------------------------------------


@dataclass(frozen=True)
class EndsShow:
    """What the open ends show (``left is None`` on an empty table)."""

    left: int | None
    right: int | None


@dataclass(frozen=True)
class HalvesOnTable:
    """How many halves of an end's number are on the table, out of how many in play."""

    end: str
    number: int
    on_table: int
    in_play: int
    hard: bool
    dead: bool


@dataclass(frozen=True)
class CanPlay:
    """The plays a seat can make now (empty: the seat must pass or draw)."""

    seat: str
    plays: tuple[str, ...]


@dataclass(frozen=True)
class MustPose:
    """The table is empty and this tile must be posed first."""

    seat: str
    tile: str


@dataclass(frozen=True)
class HandCount:
    """A seat's hand count, tile by tile."""

    seat: str
    tiles: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class StillFits:
    """An unplayed tile that could still be laid at an end (so the table is not blocked)."""

    tile: str
    end: str
    number: int


@dataclass(frozen=True)
class NothingFits:
    """No unplayed tile shows either end's number: nobody can play."""

    left: int
    right: int


@dataclass(frozen=True)
class BlockCounts:
    """The counts that decide a block, and who has the lowest."""

    counts: tuple[tuple[str, int], ...]
    winner: str | None
    tied: tuple[str, ...]


@dataclass(frozen=True)
class LastTile:
    """The one unplayed tile that fits a hard end, and whether the learner holds it."""

    end: str
    number: int
    tile: str
    holder: str | None


@dataclass(frozen=True)
class KeyCard:
    """Whether a tile is the key card, and whether playing it wins."""

    tile: str
    both_ends_hard: bool
    fits_both: bool
    last_in_hand: bool
    is_key: bool


@dataclass(frozen=True)
class GameGoesOn:
    """The play does not end the game."""

    tile: str
    tiles_left: int


@dataclass(frozen=True)
class Domino:
    """The seat plays its last tile and wins the stake, plus the key bonus if any."""

    seat: str
    stake: int
    key_bonus: int
    points: int


@dataclass(frozen=True)
class BlockedBy:
    """The play blocks the game; the counts then decide it."""

    tile: str
    winner: str | None
    points: int


@dataclass(frozen=True)
class ScoreBreakdown:
    """How a Fives & Threes play scores: the total, threes, fives, chip-out, target."""

    play: str
    total: int
    threes: int
    fives: int
    chip_out: int
    earned: int
    credited: int
    score_before: int
    target: int


@dataclass(frozen=True)
class SetAfter:
    """What a finished game does to a Cutthroat set."""

    winner: str | None
    result: str
    scores: tuple[tuple[str, int], ...]
    stake: int
    poser: str
    points: int
    tied_block: str


Fact = (
    EndsShow
    | HalvesOnTable
    | CanPlay
    | MustPose
    | HandCount
    | StillFits
    | NothingFits
    | BlockCounts
    | LastTile
    | KeyCard
    | GameGoesOn
    | Domino
    | BlockedBy
    | ScoreBreakdown
    | SetAfter
)


@dataclass(frozen=True)
class Answer:
    """The engine's answer in canonical form, with the facts that explain it."""

    kind: str
    value: Any
    facts: tuple[Fact, ...]


# --- helpers -------------------------------------------------------------------


def _need_hand(s: Scenario, seat: str, key: str, why: str) -> Mask:
    if seat not in s.hands:
        raise s.error(key, f"{why} needs the hand of {seat}, but it is hidden")
    return s.hands[seat]


def _halves(s: Scenario, line: Line | None = None) -> list[HalvesOnTable]:
    facts: list[EndFact] = end_facts(line if line is not None else s.line, s.out)
    return [
        HalvesOnTable(str(f.end), f.number, f.on_table, f.in_play, f.is_hard, f.is_dead)
        for f in facts
    ]


def _legal(s: Scenario, hand: Mask) -> list[Play]:
    """Legal plays for ``hand`` on the scenario's line, as the engine lists them."""
    return plays_for(s.line, hand, pose=s.pose, fives_and_threes=s.game == FIVES_AND_THREES)


def same_ends(s: Scenario) -> bool:
    """True when a tile laid at either end makes the same line, so its end does not matter."""
    left = s.line.left
    if left is None or left != s.line.right:
        return False
    return not (s.game == FIVES_AND_THREES and placement_matters(s.line))


def _play_for(s: Scenario, tile: Tile, end: End | None, key: str) -> Play:
    """The play of ``tile`` by the seat to play, checked; ``end`` may be omitted when clear."""
    hand = _need_hand(s, s.turn, key, "this question")
    if not hand & tile.bit:
        raise s.error(key, f"{tile} is not in the hand of {s.turn}, who is to play")
    plays = [p for p in _legal(s, hand) if p.tile == tile]
    if not plays:
        raise s.error(
            key, f"{tile} cannot be played: the ends show {s.line.left} and {s.line.right}"
        )
    if same_ends(s):
        return plays[0]
    if end is None:
        if len(plays) > 1:
            raise s.error(key, f"{tile} fits both ends: say which end with 'end'")
        return plays[0]
    chosen = [p for p in plays if p.end is end]
    if not chosen:
        raise s.error(key, f"{tile} does not fit the {end} end")
    return chosen[0]


def _after_play(s: Scenario, play: Play) -> tuple[Line, Mask]:
    line = s.line.copy()
    line.place(play.tile, play.end if len(line) else LEFT)
    return line, s.hands[s.turn] & ~play.tile.bit


def _anyone_can_play(s: Scenario, line: Line, hands: dict[str, Mask]) -> StillFits | None:
    """An unplayed tile that some seat holds or could hold (or draw) and that fits an end."""
    left, right = line.left, line.right
    if left is None or right is None:
        return None
    candidates = 0
    for hand in hands.values():
        candidates |= hand
    if s.hidden or (s.draws and s.boneyard_hidden):
        candidates |= s.unknown & ~line.mask
    if s.draws:
        candidates |= s.boneyard
    for end, number in ((LEFT, left), (RIGHT, right)):
        fitting = candidates & SUIT[number] & ~line.mask
        if fitting:
            return StillFits(str(tiles_of(fitting)[0]), str(end), number)
    return None


def _block_outcome(s: Scenario, hands: dict[str, Mask], key: str) -> Outcome:
    missing = [seat for seat in s.seats if seat not in hands]
    if missing:
        raise s.error(
            key, f"the block is decided by the counts, but the hand of {missing[0]} is hidden"
        )
    return blocked_outcome([hands[seat] for seat in s.seats])


def _block_counts(s: Scenario, outcome: Outcome) -> BlockCounts:
    counts = tuple(zip(s.seats, outcome.counts, strict=True))
    winner = s.seats[outcome.winner] if outcome.winner is not None else None
    tied = tuple(s.seats[i] for i in outcome.lowest) if winner is None else ()
    return BlockCounts(counts, winner, tied)


# --- the question kinds ----------------------------------------------------------


def _legal_plays(s: Scenario) -> Answer:
    hand = _need_hand(s, s.turn, "question.ask", "'legal-plays'")
    plays = _legal(s, hand)
    facts: list[Fact] = [EndsShow(s.line.left, s.line.right)]
    if s.pose is not None and not len(s.line):
        facts.append(MustPose(s.turn, str(s.pose)))
    facts.append(CanPlay(s.turn, tuple(str(p) for p in plays)))
    return Answer("legal-plays", sorted(str(p) for p in plays), tuple(facts))


def _pip_count(s: Scenario) -> Answer:
    seat = s.question.params["seat"]
    hand = _need_hand(s, seat, "question.seat", "'pip-count'")
    count = hand_count(hand)
    return Answer(
        "pip-count", count, (HandCount(seat, tuple(str(t) for t in tiles_of(hand)), count),)
    )


def _is_blocked(s: Scenario) -> Answer:
    if s.line.left is None or s.line.right is None:
        return Answer("is-blocked", False, (EndsShow(None, None),))
    fits = _anyone_can_play(s, s.line, dict(s.hands))
    facts: list[Fact] = [EndsShow(s.line.left, s.line.right), *_halves(s)]
    facts.append(fits if fits is not None else NothingFits(s.line.left, s.line.right))
    return Answer("is-blocked", fits is None, tuple(facts))


def _blocked_winner(s: Scenario) -> Answer:
    blocked = _is_blocked(s)
    if not blocked.value:
        raise s.error(
            "question.ask", "'blocked-winner' needs a blocked table, but a tile still fits"
        )
    outcome = _block_outcome(s, dict(s.hands), "question.ask")
    facts = _block_counts(s, outcome)
    return Answer("blocked-winner", facts.winner or "tie", (*blocked.facts, facts))


def _hard_ends(s: Scenario) -> Answer:
    halves = _halves(s)
    hard = [h.end for h in halves if h.hard]
    return Answer("hard-ends", hard, (EndsShow(s.line.left, s.line.right), *halves))


def _last_tile(s: Scenario) -> Answer:
    end: End = s.question.params["end"]
    number = s.line.end_number(end)
    if number is None:
        raise s.error("question.end", "the table is empty: no end is hard")
    tile = last_tile(s.line, number, s.out)
    halves = [h for h in _halves(s) if h.end == str(end)]
    if tile is None or not halves[0].hard:
        raise s.error("question.end", f"the {end} end (showing {number}) is not hard")
    holder = next((seat for seat, hand in s.hands.items() if hand & tile.bit), None)
    return Answer("last-tile", str(tile), (*halves, LastTile(str(end), number, str(tile), holder)))


def _key_card(s: Scenario) -> Answer:
    tile: Tile = s.question.params["tile"]
    hand = _need_hand(s, s.turn, "question.tile", "'key-card'")
    if not hand & tile.bit:
        raise s.error("question.tile", f"{tile} is not in the hand of {s.turn}, who is to play")
    left, right = s.line.left, s.line.right
    halves = _halves(s)
    both_hard = len(halves) == 2 and all(h.hard for h in halves)
    fits_both = left is not None and right is not None and {left, right} == {tile.high, tile.low}
    last = hand == tile.bit
    is_key = last and key_card(s.line, tile, s.out)
    fact = KeyCard(str(tile), both_hard, fits_both, last, is_key)
    return Answer("key-card", is_key, (EndsShow(left, right), *halves, fact))


def _game_points(s: Scenario) -> Answer:
    tile: Tile = s.question.params["tile"]
    end: End | None = s.question.params.get("end")
    if end is None and s.line.left is not None and s.line.left != s.line.right:
        # Without an end, the tile may fit both: fine when both plays come to the same.
        hand = _need_hand(s, s.turn, "question.tile", "this question")
        plays = [p for p in _legal(s, hand) if p.tile == tile]
        answers = [_game_points_of(s, play) for play in plays]
        if len({a.value for a in answers}) > 1:
            raise s.error("question.tile", f"{tile} fits both ends and the end matters: add 'end'")
        if answers:
            return answers[0]
    return _game_points_of(s, _play_for(s, tile, end, "question.tile"))


def _game_points_of(s: Scenario, play: Play) -> Answer:
    tile = play.tile
    line, rest = _after_play(s, play)
    me = s.turn
    facts: list[Fact] = [EndsShow(s.line.left, s.line.right)]
    if not rest:
        key = key_card(s.line, tile, s.out)
        bonus = s.rules.key_card_bonus if key else 0
        if len(s.line) >= 2:
            facts += _halves(s)
        facts.append(Domino(me, s.stake, bonus, s.stake + bonus))
        return Answer("game-points", s.stake + bonus, tuple(facts))
    hands = dict(s.hands) | {me: rest}
    if _anyone_can_play(s, line, hands) is None:
        outcome = _block_outcome(s, hands, "question.tile")
        counts = _block_counts(s, outcome)
        points = s.stake if counts.winner == me else 0
        facts += [*_halves(s, line), counts, BlockedBy(str(tile), counts.winner, points)]
        return Answer("game-points", points, tuple(facts))
    facts.append(GameGoesOn(str(tile), rest.bit_count()))
    return Answer("game-points", 0, tuple(facts))


def _breakdown(s: Scenario, play: Play) -> ScoreBreakdown:
    line, rest = _after_play(s, play)
    score: FivesThreesScore = score_total(ends_total(line))
    chip = 0 if rest else 1
    before = s.scores[s.turn]
    earned = score.points + chip
    credited = credited_points(before, earned, s.rules.target)
    return ScoreBreakdown(
        str(play),
        score.total,
        score.threes,
        score.fives,
        chip,
        earned,
        credited,
        before,
        s.rules.target,
    )


def _play_score(s: Scenario) -> Answer:
    play = _play_for(s, s.question.params["tile"], s.question.params["end"], "question.tile")
    fact = _breakdown(s, play)
    return Answer("play-score", fact.credited, (EndsShow(s.line.left, s.line.right), fact))


def _best_play(s: Scenario) -> Answer:
    hand = _need_hand(s, s.turn, "question.ask", "'best-play'")
    breakdowns = [_breakdown(s, play) for play in _legal(s, hand)]
    if not breakdowns:
        return Answer("best-play", [], (EndsShow(s.line.left, s.line.right), CanPlay(s.turn, ())))
    best = max(b.credited for b in breakdowns)
    winners = sorted(b.play for b in breakdowns if b.credited == best)
    facts: list[Fact] = [EndsShow(s.line.left, s.line.right), *breakdowns]
    return Answer("best-play", winners, tuple(facts))


def _after_game(s: Scenario) -> Answer:
    name = s.question.params["winner"]
    winner = None if name == "tie" else s.seat_index(name)
    key = bool(s.question.params.get("key_card", False))
    scores = [s.scores[seat] for seat in s.seats]
    after = after_game(scores, s.stake, winner, s.rules, key_card=key)
    poser = "6-6" if after.poser is None else s.seats[after.poser]
    value = {
        "result": after.result,
        "scores": dict(zip(s.seats, after.scores, strict=True)),
        "stake": after.stake,
        "poser": poser,
    }
    fact = SetAfter(
        None if winner is None else name,
        after.result,
        tuple(zip(s.seats, after.scores, strict=True)),
        after.stake,
        poser,
        after.points,
        s.rules.tied_block,
    )
    return Answer("after-game", value, (fact,))


ANSWERERS: dict[str, Callable[[Scenario], Answer]] = {
    "legal-plays": _legal_plays,
    "pip-count": _pip_count,
    "is-blocked": _is_blocked,
    "blocked-winner": _blocked_winner,
    "hard-ends": _hard_ends,
    "last-tile": _last_tile,
    "key-card": _key_card,
    "game-points": _game_points,
    "play-score": _play_score,
    "best-play": _best_play,
    "after-game": _after_game,
}


def answer(scenario: Scenario) -> Answer:
    """Compute the answer to the scenario's question (raises ``ScenarioError`` when it has none)."""
    return ANSWERERS[scenario.question.ask](scenario)


def canonical_expect(scenario: Scenario) -> Any:
    """The file's ``expect`` in canonical form, for comparison with the engine's answer.

    Tiles are rewritten larger number first and lists are sorted, so that an author
    may write ``"3-4 right"`` for ``"4-3 right"``.
    """
    expect = scenario.question.expect
    kind = scenario.question.ask
    if kind in ("legal-plays", "best-play") and isinstance(expect, list):
        if not all(isinstance(item, str) for item in expect):
            return expect  # not plays at all: it cannot agree, and must not crash the sort
        return sorted(_canonical_play(item) for item in expect)
    if kind == "last-tile" and isinstance(expect, str):
        try:
            return str(Tile.parse(expect))
        except ValueError:
            return expect
    if kind == "hard-ends" and isinstance(expect, list):
        order = {"left": 0, "right": 1}
        return sorted((str(e).lower() for e in expect), key=lambda e: order.get(e, 2))
    return expect


def _canonical_play(item: Any) -> Any:
    if not isinstance(item, str):
        return item
    try:
        return str(Play.parse(item))
    except ValueError:
        return item
