"""Questions about a ``Position``: the answerers, and answers with the facts behind them.

The answer is always computed here, never read from a file. Each kind of
question has one entry in ``tutor.words.kinds.KINDS`` that names its answerer here
(the built-in kinds are the members of ``Ask``). Facts are small frozen
dataclasses holding engine values (``Tile``, ``End``, ``Play``), not sentences;
``tutor.words.narrate`` turns them into sentences in the reader's language. A
question that cannot be answered raises ``QuestionError`` naming the parameter
at fault; only ``tutor.scenarios`` knows files and lines, and adds them.

>>> from tutor.scenarios.reader import parse_scenario
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
>>> answer_game_points(s.position, s.question).value
2
>>> answer_key_card(s.position, Question(Ask.KEY_CARD, {"tile": Tile(6, 6)}))
Traceback (most recent call last):
...
tutor.questions.QuestionError: 6-6 is not in the hand of you, who is to play
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar

from tutor.rules.analysis import EndFact
from tutor.rules.cutthroat import AfterGame, after_game
from tutor.rules.line import End, Line
from tutor.rules.plays import Play
from tutor.rules.position import HiddenHandError, PlayKind, PlayResult, Position
from tutor.rules.tiles import FULL_SET, SUIT, Tile, hand_count, tiles_of

if TYPE_CHECKING:
    from tutor.search.proof import Proof
    from tutor.words.i18n import Speaker


class Ask(StrEnum):
    """The built-in kinds of question (the ``ask`` of a scenario file).

    The registry ``tutor.words.kinds.KINDS`` is keyed by these names; a kind kept in a module of its
    own (``tutor.questions.next_stake``) names itself there.
    """

    LEGAL_PLAYS = "legal-plays"
    PIP_COUNT = "pip-count"
    IS_BLOCKED = "is-blocked"
    BLOCKED_WINNER = "blocked-winner"
    HARD_ENDS = "hard-ends"
    LAST_TILE = "last-tile"
    KEY_CARD = "key-card"
    GAME_POINTS = "game-points"
    PLAY_SCORE = "play-score"
    BEST_PLAY = "best-play"
    AFTER_GAME = "after-game"
    WINNING_PLAY = "winning-play"


class Reply(StrEnum):
    """What a reply to a kind of question looks like (how ``tutor.words.judge`` reads it)."""

    PLAYS = "plays"
    PLAY = "play"
    NUMBER = "number"
    YES_NO = "yes-no"
    SEAT = "seat"
    ENDS = "ends"
    TILE = "tile"
    RESULT = "result"


TIE = "tie"
"""The ``winner`` of an after-game question when a block is tied."""
SIX_SIX_POSES = "6-6"
"""The ``poser`` of an after-game answer when the holder of 6-6 poses next."""


class QuestionError(ValueError):
    """A question that cannot be answered about this position, naming the parameter at fault.

    >>> error = QuestionError("tile", "6-6 is not in the hand of you, who is to play")
    >>> error.param, str(error)
    ('tile', '6-6 is not in the hand of you, who is to play')
    """

    def __init__(self, param: str, problem: str) -> None:
        self.param, self.problem = param, problem
        super().__init__(problem)


@dataclass(frozen=True)
class Question:
    """A kind of question with its parameters (``tile``: Tile, ``end``: End, ``seat``: a name,
    ``winner``: a name or ``"tie"``, ``key_card``: bool).

    ``ask`` names a kind in ``tutor.words.kinds.KINDS`` (an ``Ask`` member for the built-in
    kinds)."""

    ask: str
    params: Mapping[str, Any] = field(default_factory=dict)


# --- facts ---------------------------------------------------------------------


@dataclass(frozen=True)
class EndsShow:
    """What the open ends show (``left is None`` on an empty table)."""

    left: int | None
    right: int | None


@dataclass(frozen=True)
class HalvesOnTable:
    """How many halves of an end's number are on the table, out of how many in play."""

    end: End
    number: int
    on_table: int
    in_play: int
    hard: bool
    dead: bool


@dataclass(frozen=True)
class CanPlay:
    """The plays a seat can make now (empty: the seat must pass or draw)."""

    seat: str
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class MustPose:
    """The table is empty and this tile must be posed first."""

    seat: str
    tile: Tile


@dataclass(frozen=True)
class HandCount:
    """A seat's hand count, tile by tile."""

    seat: str
    tiles: tuple[Tile, ...]
    count: int


@dataclass(frozen=True)
class StillFits:
    """An unplayed tile that could still be laid at an end (so the table is not blocked)."""

    tile: Tile
    end: End
    number: int


@dataclass(frozen=True)
class NothingFits:
    """Nobody can play: no tile in a hand (or to draw) shows either end's number.

    ``out_of_play`` is True when such tiles do exist off the line, but out of play
    (the sleeping tiles of Fives & Threes, the 0-0 with three players).
    """

    left: int
    right: int
    out_of_play: bool = False


@dataclass(frozen=True)
class BlockCounts:
    """The counts that decide a block, and who has the lowest."""

    counts: tuple[tuple[str, int], ...]
    winner: str | None
    tied: tuple[str, ...]


@dataclass(frozen=True)
class LastTile:
    """The one unplayed tile that fits a hard end, and who is known to hold it."""

    end: End
    number: int
    tile: Tile
    holder: str | None


@dataclass(frozen=True)
class KeyCard:
    """Whether a tile is the key card, and whether playing it wins."""

    tile: Tile
    both_ends_hard: bool
    fits_both: bool
    is_key: bool


@dataclass(frozen=True)
class GameGoesOn:
    """The play does not end the game."""

    tile: Tile
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

    tile: Tile
    winner: str | None
    points: int


@dataclass(frozen=True)
class ScoreBreakdown:
    """How a Fives & Threes play scores: the total, threes, fives, chip-out, target."""

    play: Play
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
    """What a finished game does to a Cutthroat set.

    ``poser`` is the seat that poses next, ``None`` when the holder of 6-6 does;
    ``carried`` is True when a tied block makes the next game worth more.
    """

    winner: str | None
    result: str
    scores: tuple[tuple[str, int], ...]
    stake: int
    poser: str | None
    points: int
    carried: bool


@dataclass(frozen=True)
class ProvedWin:
    """The solver's proof: only this tile wins (Cutthroat), or scores the most by the end of the
    hand, ``margin`` points more than any other tile (Fives & Threes, ``margin`` > 0)."""

    play: Play
    margin: int


@dataclass(frozen=True)
class ForcedPass:
    """On the winning line this seat is forced to pass."""

    seat: str


@dataclass(frozen=True)
class GoesOut:
    """On the line this seat plays its last tile."""

    seat: str
    tile: Tile


@dataclass(frozen=True)
class ReachesTarget:
    """Fives & Threes: on the line this seat reaches the target exactly and wins the match."""

    seat: str
    target: int


@dataclass(frozen=True)
class HandPoints:
    """Fives & Threes: the points each seat scores from now to the end of the hand on the line."""

    points: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class OtherPlayFails:
    """What goes wrong after the most tempting other play.

    Cutthroat: ``winner`` wins the hand instead (``None``: the others stop the
    learner without winning themselves); Fives & Threes: ``loss`` points worse.
    """

    play: Play
    winner: str | None
    loss: int


class Narrated(ABC):
    """A fact that says itself: the facts of a kind kept in a module of its own (with the kind's
    sentences), which ``tutor.words.narrate`` says by asking the fact."""

    @abstractmethod
    def said(self, sp: Speaker) -> str:
        """The fact as a sentence in the speaker's language."""


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
    | ProvedWin
    | ForcedPass
    | GoesOut
    | ReachesTarget
    | HandPoints
    | OtherPlayFails
    | Narrated
)


class AfterGameValue(TypedDict):
    """The answer to an after-game question."""

    result: str
    scores: dict[str, int]
    stake: int
    poser: str


V = TypeVar("V")


@dataclass(frozen=True)
class Answer(Generic[V]):
    """The engine's answer in canonical form (``value``, typed by kind), with the facts that
    explain it.

    The canonical form is what a scenario's ``expect`` is compared with: plays as ``"6-5 left"``
    texts, sorted (legal-plays, best-play, winning-play); ends as ``"left"``/``"right"``
    (hard-ends); a tile (last-tile); a seat name or ``"tie"`` (blocked-winner); a number
    (pip-count, game-points, play-score, next-stake); yes/no (is-blocked, key-card); an
    ``AfterGameValue`` (after-game).
    """

    kind: str
    value: V
    facts: tuple[Fact, ...]


# --- helpers -------------------------------------------------------------------


def _hand(p: Position, seat: int, param: str, why: str) -> int:
    try:
        return p.known_hand(seat)
    except HiddenHandError:
        problem = f"{why} needs the hand of {p.name(seat)}, but it is hidden"
        raise QuestionError(param, problem) from None


def _param(q: Question, name: str, kind: type[Any]) -> Any:
    value = q.params.get(name)
    if not isinstance(value, kind):
        raise QuestionError(name, f"the question '{q.ask}' needs the parameter '{name}'")
    return value


def _halves(facts: list[EndFact]) -> list[HalvesOnTable]:
    return [
        HalvesOnTable(f.end, f.number, f.on_table, f.in_play, f.is_hard, f.is_dead) for f in facts
    ]


def ends_fact(line: Line) -> EndsShow:
    """The numbers the two open ends show."""
    return EndsShow(line.left, line.right)


def _play_for(p: Position, tile: Tile, end: End | None, param: str) -> Play:
    """The play of ``tile`` by the seat to play, checked; ``end`` may be omitted when clear."""
    hand = _hand(p, p.turn, param, "this question")
    if not hand & tile.bit:
        raise QuestionError(param, f"{tile} is not in the hand of {p.name(p.turn)}, who is to play")
    plays = p.plays_of(tile)
    if not plays:
        raise QuestionError(
            param, f"{tile} cannot be played: the ends show {p.line.left} and {p.line.right}"
        )
    if p.same_ends:
        return plays[0]
    if end is None:
        if len(plays) > 1:
            raise QuestionError(param, f"{tile} fits both ends: say which end with 'end'")
        return plays[0]
    if not len(p.line) and end is not End.LEFT:  # "left" was always accepted for the pose
        raise QuestionError(
            "end", f"the table is empty: {tile} is the pose and takes no end (leave 'end' out)"
        )
    chosen = [play for play in plays if play.end is end]
    if not chosen:
        raise QuestionError(param, f"{tile} does not fit the {end} end")
    return chosen[0]


def _block_counts(p: Position, param: str) -> BlockCounts:
    try:
        outcome = p.block_outcome()
    except HiddenHandError as error:
        raise QuestionError(
            param,
            f"the block is decided by the counts, but the hand of {p.name(error.seat)} is hidden",
        ) from None
    names = [p.name(seat) for seat in range(len(p.hands))]
    counts = tuple(zip(names, outcome.counts, strict=True))
    winner = names[outcome.winner] if outcome.winner is not None else None
    tied = tuple(names[i] for i in outcome.lowest) if winner is None else ()
    return BlockCounts(counts, winner, tied)


# --- the question kinds ----------------------------------------------------------


def answer_legal_plays(p: Position, q: Question) -> Answer[list[str]]:
    _hand(p, p.turn, "ask", "'legal-plays'")
    plays = p.legal_plays()
    facts: list[Fact] = [ends_fact(p.line)]
    if p.pose is not None and not len(p.line):
        facts.append(MustPose(p.name(p.turn), p.pose))
    facts.append(CanPlay(p.name(p.turn), tuple(plays)))
    return Answer(q.ask, sorted(str(play) for play in plays), tuple(facts))


def answer_pip_count(p: Position, q: Question) -> Answer[int]:
    name = _param(q, "seat", str)
    if name not in p.seats:
        raise QuestionError("seat", f"'seat' names {name!r}, who is not one of the seats")
    hand = _hand(p, p.seats.index(name), "seat", "'pip-count'")
    count = hand_count(hand)
    return Answer(q.ask, count, (HandCount(name, tuple(tiles_of(hand)), count),))


def _blocked_facts(p: Position) -> tuple[bool, list[Fact]]:
    left, right = p.line.left, p.line.right
    if left is None or right is None:
        return False, [ends_fact(p.line)]
    fits = p.still_fits()
    facts: list[Fact] = [ends_fact(p.line), *_halves(p.end_facts())]
    if fits is None:
        unplayed = FULL_SET & ~p.line.mask & (SUIT[left] | SUIT[right])
        facts.append(NothingFits(left, right, bool(unplayed)))
    else:
        facts.append(StillFits(fits.tile, fits.end, p.line.end_number(fits.end) or 0))
    return fits is None, facts


def answer_is_blocked(p: Position, q: Question) -> Answer[bool]:
    blocked, facts = _blocked_facts(p)
    return Answer(q.ask, blocked, tuple(facts))


def answer_blocked_winner(p: Position, q: Question) -> Answer[str]:
    blocked, facts = _blocked_facts(p)
    if not blocked:
        raise QuestionError("ask", "'blocked-winner' needs a blocked table, but a tile still fits")
    counts = _block_counts(p, "ask")
    return Answer(q.ask, counts.winner or TIE, (*facts, counts))


def answer_hard_ends(p: Position, q: Question) -> Answer[list[str]]:
    halves = _halves(p.end_facts())
    hard = [str(h.end) for h in halves if h.hard]
    return Answer(q.ask, hard, (ends_fact(p.line), *halves))


def answer_last_tile(p: Position, q: Question) -> Answer[str]:
    end: End = _param(q, "end", End)
    number = p.line.end_number(end)
    if number is None:
        raise QuestionError("end", "the table is empty: no end is hard")
    tile = p.last_tile(end)
    halves = [h for h in _halves(p.end_facts()) if h.end is end]
    if tile is None or not halves[0].hard:
        raise QuestionError("end", f"the {end} end (showing {number}) is not hard")
    holder = p.holder(tile)
    name = None if holder is None else p.name(holder)
    return Answer(q.ask, str(tile), (*halves, LastTile(end, number, tile, name)))


def answer_key_card(p: Position, q: Question) -> Answer[bool]:
    tile: Tile = _param(q, "tile", Tile)
    hand = _hand(p, p.turn, "tile", "'key-card'")
    if not hand & tile.bit:
        problem = f"{tile} is not in the hand of {p.name(p.turn)}, who is to play"
        raise QuestionError("tile", problem)
    left, right = p.line.left, p.line.right
    halves = _halves(p.end_facts())
    both_hard = len(halves) == 2 and all(h.hard for h in halves)
    fits_both = left is not None and right is not None and {left, right} == {tile.high, tile.low}
    is_key = hand == tile.bit and p.key_card(tile)
    fact = KeyCard(tile, both_hard, fits_both, is_key)
    return Answer(q.ask, is_key, (ends_fact(p.line), *halves, fact))


def answer_game_points(p: Position, q: Question) -> Answer[int]:
    tile: Tile = _param(q, "tile", Tile)
    end: End | None = q.params.get("end")
    if end is None and p.line.left is not None and p.line.left != p.line.right:
        # Without an end, the tile may fit both: fine when both plays come to the same.
        _hand(p, p.turn, "tile", "this question")
        answers = [_game_points_of(p, q, play) for play in p.plays_of(tile)]
        if len({a.value for a in answers}) > 1:
            raise QuestionError("tile", f"{tile} fits both ends and the end matters: add 'end'")
        if answers:
            return answers[0]
    return _game_points_of(p, q, _play_for(p, tile, end, "tile"))


def _game_points_of(p: Position, q: Question, play: Play) -> Answer[int]:
    result: PlayResult = p.play(play)
    me = p.name(p.turn)
    facts: list[Fact] = [ends_fact(p.line)]
    if result.kind is PlayKind.DOMINO:
        if len(p.line) >= 2:
            facts += _halves(p.end_facts())
        points = result.game_points
        facts.append(Domino(me, p.stake, points - p.stake, points))
        return Answer(q.ask, points, tuple(facts))
    if result.kind is PlayKind.BLOCKED:
        counts = _block_counts(result.after, "tile")
        points = result.game_points
        facts += [
            *_halves(result.after.end_facts()),
            counts,
            BlockedBy(play.tile, counts.winner, points),
        ]
        return Answer(q.ask, points, tuple(facts))
    facts.append(GameGoesOn(play.tile, result.tiles_left))
    return Answer(q.ask, 0, tuple(facts))


def _breakdown(p: Position, play: Play) -> ScoreBreakdown:
    points = p.play(play).score
    score = points.score
    return ScoreBreakdown(
        play,
        score.total,
        score.threes,
        score.fives,
        points.chip_out,
        points.earned,
        points.credited,
        p.score(p.turn),
        p.rules.target,
    )


def answer_play_score(p: Position, q: Question) -> Answer[int]:
    tile: Tile = _param(q, "tile", Tile)
    end = _param(q, "end", End) if len(p.line) else q.params.get("end")
    play = _play_for(p, tile, end, "tile")
    fact = _breakdown(p, play)
    return Answer(q.ask, fact.credited, (ends_fact(p.line), fact))


def answer_best_play(p: Position, q: Question) -> Answer[list[str]]:
    _hand(p, p.turn, "ask", "'best-play'")
    breakdowns = [_breakdown(p, play) for play in p.legal_plays()]
    if not breakdowns:
        return Answer(q.ask, [], (ends_fact(p.line), CanPlay(p.name(p.turn), ())))
    best = max(b.credited for b in breakdowns)
    winners = sorted(str(b.play) for b in breakdowns if b.credited == best)
    return Answer(q.ask, winners, (ends_fact(p.line), *breakdowns))


def finished_game(p: Position, q: Question) -> tuple[AfterGame, SetAfter]:
    """What the game that ends as the question's ``winner`` says (a seat or ``"tie"``, with the
    optional ``key_card``) does to the set, from the engine, with its fact."""
    name = _param(q, "winner", str)
    if name != TIE and name not in p.seats:
        raise QuestionError("winner", f"'winner' must be a seat or \"tie\", not {name!r}")
    winner = None if name == TIE else p.seats.index(name)
    key = bool(q.params.get("key_card", False))
    scores = [p.score(seat) for seat in range(len(p.hands))]
    after = after_game(scores, p.stake, winner, p.rules, key_card=key)
    poser = None if after.poser is None else p.seats[after.poser]
    fact = SetAfter(
        None if winner is None else name,
        after.result,
        tuple(zip(p.seats, after.scores, strict=True)),
        after.stake,
        poser,
        after.points,
        winner is None and after.stake > 1,
    )
    return after, fact


def answer_after_game(p: Position, q: Question) -> Answer[AfterGameValue]:
    after, fact = finished_game(p, q)
    value: AfterGameValue = {
        "result": after.result,
        "scores": dict(zip(p.seats, after.scores, strict=True)),
        "stake": after.stake,
        "poser": SIX_SIX_POSES if fact.poser is None else fact.poser,
    }
    return Answer(q.ask, value, (fact,))


def answer_winning_play(p: Position, q: Question) -> Answer[list[str]]:
    """The one play the solver proves best, with the line that wins and the tempting mistake."""
    # The solver is imported here, not at the top: the quiz's first screen must not wait for it.
    from tutor.search.encode import NotAStudy
    from tutor.search.proof import prove, tempting_play

    if "lacks" in q.params or any(hand is None for hand in p.hands):
        from tutor.questions.winning import answer_from_view  # the learner's view only

        return answer_from_view(p, q)
    for seat in range(len(p.hands)):
        _hand(p, seat, "ask", "'winning-play'")
    try:
        proof = prove(p)
    except NotAStudy as error:
        raise QuestionError("ask", f"'winning-play' needs an exact study: {error}") from None
    if not proof.unique:
        raise QuestionError("ask", _not_unique(p, proof))
    first = proof.best[0]
    margin = proof.margin or 0
    proved = ProvedWin(first, margin if p.is_fives_and_threes else 0)
    facts: list[Fact] = [ends_fact(p.line), proved]
    facts += line_facts(p, first)
    tempting = tempting_play(p, proof)
    if tempting is not None:
        facts.append(other_play_fails(p, proof, tempting))
    return Answer(q.ask, sorted(str(play) for play in proof.best), tuple(facts))


def _not_unique(p: Position, proof: Proof) -> str:
    if not proof.best:
        return f"{p.name(p.turn)} has no play: there is no winning play to find"
    best = ", ".join(str(play) for play in proof.best)
    if not p.is_fives_and_threes and proof.values and not max(v for _, v in proof.values):
        return "the solver proves that no play wins against every defence"
    if proof.margin is None:
        return f"every play is of one tile ({best}): there is nothing to choose"
    return (
        f"the solver does not prove one winning play: the best is {best}, "
        f"and another tile comes within {proof.margin}"
    )


def line_facts(p: Position, first: Play) -> list[Fact]:
    """The facts of the line that wins after ``first``: forced passes, who goes out, the block
    and its counts, or the points (used by both flavours of winning-play)."""
    from tutor.search.proof import winning_line

    steps, end, how = winning_line(p, first)
    facts: list[Fact] = []
    passed: list[int] = []
    for step in steps:
        if step.play is None and step.seat not in passed:
            passed.append(step.seat)
    facts += [ForcedPass(p.name(seat)) for seat in passed]
    last = steps[-1]
    if p.is_fives_and_threes:
        points = [0] * len(p.hands)
        for step in steps:
            points[step.seat] += step.points
        names = [p.name(seat) for seat in range(len(p.hands))]
        facts.append(HandPoints(tuple(zip(names, points, strict=True))))
        if end.score(last.seat) == p.rules.target:
            facts.append(ReachesTarget(p.name(last.seat), p.rules.target))
    if how is PlayKind.DOMINO and last.play is not None:
        facts.append(GoesOut(p.name(last.seat), last.play.tile))
    elif how is PlayKind.BLOCKED and not p.is_fives_and_threes:
        facts.append(_block_counts(end, "ask"))
    return facts


def other_play_fails(p: Position, proof: Proof, play: Play) -> OtherPlayFails:
    """What goes wrong after ``play`` instead of the proved answer."""
    from tutor.search.solver.cutthroat import who_wins

    values = dict(proof.values)
    if p.is_fives_and_threes:
        return OtherPlayFails(play, None, values[proof.best[0]] - values[play])
    result = p.play(play)
    if result.kind is PlayKind.BLOCKED:
        winner = result.block_outcome().winner
    else:
        winner = who_wins(result.after).winner
    name = None if winner is None or winner == p.turn else p.name(winner)
    return OtherPlayFails(play, name, 0)
