"""The coach's reasons: facts (engine values) that tell the best play from the play made.

Each reason compares the two plays on one thing the learner can see or count, with both
values (``PointsNow``: "6-3 scores 3 now; 4-4 scores none"), or names what only one of them
does (``OnlyYouHold``, ``NextSeatLacks``, ``BlockWins``, ``Dominoes``). ``reasons_for`` finds
every such fact that differs between the two plays and ranks them by size: in points for the
points scored now and the opponent's best answer (Fives & Threes), then the hand's shape (a
hard end, a seat known to lack a number, numbers kept, the tiles that can follow, the count);
the ends after each play only when nothing else differs. ``MatchScore`` is context, told with
the points near the target ("at 55-58 only 6 points win"). The chances come last. The words
are the narration's (``tutor.words.coach``).

Every field is a ``Play``, an int (a tile mask for a set of tiles) or a float, so that a
game record can keep them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.questions.set_score import SetScore, set_score
from tutor.rules.analysis import is_hard
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import Play, Termination
from tutor.rules.position import Position
from tutor.rules.tiles import SUIT, TILES, Mask, Tile, hand_count, iter_indexes

SHOWN = 3
"""At most this many facts are told for one grade (the strongest), then the chances."""
NEAR_TARGET = 12
"""Fives & Threes: the match score is told when a player needs this many points or fewer."""


@dataclass(frozen=True, slots=True)
class Dominoes:
    """The best play was the learner's last tile: it wins the hand now."""

    play: Play


@dataclass(frozen=True, slots=True)
class ScoresNow:
    """Fives & Threes: the best play scores now (``total`` of the ends: threes + fives)."""

    play: Play
    total: int
    threes: int
    fives: int
    points: int
    """Credited (chip-out point and the exact target included)."""


@dataclass(frozen=True, slots=True)
class BlockWins:
    """The best play blocks the game, and the learner's count is lower than any other can be."""

    play: Play
    mine: int
    least_other: int


@dataclass(frozen=True, slots=True)
class OnlyYouHold:
    """After the best play an end shows ``number``: no unseen tile carries it, you hold one."""

    play: Play
    number: int


@dataclass(frozen=True, slots=True)
class NextSeatLacks:
    """After the best play an end shows ``number``, which the next seat passed on before."""

    play: Play
    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class KeepsNumbers:
    """The best play keeps more different numbers in the hand than the play made."""

    play: Play
    kept: int
    played: Play
    played_kept: int


@dataclass(frozen=True, slots=True)
class Chances:
    """The win chances of the best play and of the play made, on what the learner knew."""

    best: Play
    best_chance: float
    played: Play
    played_chance: float
    best_error: float = 0.0
    """The standard error of ``best_chance`` (0: exact, or not kept in an old record)."""
    played_error: float = 0.0


@dataclass(frozen=True, slots=True)
class WentOutOnHardEnd:
    """After the hand: ``seat`` dominoed with the last ``number`` tile, on the end ``after`` made.

    "The fours were hard: after 4-2 Marcia dominoed."
    """

    seat: int
    number: int
    after: Tile
    tile: Tile


@dataclass(frozen=True, slots=True)
class PointsNow:
    """Fives & Threes: what each play scores now (chip-out and the exact target included),
    ``total`` the ends' count after it. ``first`` scores more."""

    first: Play
    first_points: int
    first_total: int
    second: Play
    second_points: int
    second_total: int


@dataclass(frozen=True, slots=True)
class Answer:
    """Fives & Threes: the most ``seat`` can score at once after each play, with one tile it
    may hold (not seen, and no number it is known to lack); ``*_tiles``: the mask of the
    tiles that score it. ``first`` allows more."""

    seat: int
    first: Play
    first_points: int
    first_tiles: int
    second: Play
    second_points: int
    second_tiles: int


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Fives & Threes, near the target: the scores, and what each player needs exactly."""

    seat: int
    mine: int
    theirs: int
    need: int
    their_need: int


@dataclass(frozen=True, slots=True)
class Followers:
    """How many tiles ``seat`` (the next to play) may hold that fit an end after each play."""

    seat: int
    first: Play
    first_fits: int
    second: Play
    second_fits: int


@dataclass(frozen=True, slots=True)
class CountKept:
    """Cutthroat: the count of the learner's hand after each play (a block is won on it)."""

    first: Play
    first_count: int
    second: Play
    second_count: int


@dataclass(frozen=True, slots=True)
class EndsAfter:
    """The numbers the ends show after each play (told when nothing else differs)."""

    first: Play
    first_left: int
    first_right: int
    second: Play
    second_left: int
    second_right: int


Reason = (
    Dominoes
    | ScoresNow
    | PointsNow
    | Answer
    | MatchScore
    | SetScore
    | BlockWins
    | OnlyYouHold
    | NextSeatLacks
    | KeepsNumbers
    | Followers
    | CountKept
    | EndsAfter
    | Chances
    | WentOutOnHardEnd
)


def went_out_on_hard_end(game: Game, learner: int = 0) -> WentOutOnHardEnd | None:
    """How another seat won the hand, when it went out on a hard end (else ``None``).

    >>> from tutor.rules.table_rules import TableRules
    >>> g = Game.from_hands([["4-1"], ["4-4", "0-0"]], rules=TableRules(players=2),
    ...                     line=Line.parse(["2-4", "4-3", "3-5", "5-4", "4-6", "6-0", "0-4"]),
    ...                     turn=1)
    >>> g.play(Play.parse("4-4 right")); g.play(Play.parse("4-1 right"))
    >>> went_out_on_hard_end(g, learner=1)
    WentOutOnHardEnd(seat=0, number=4, after=Tile(4, 4), tile=Tile(4, 1))
    """
    outcome = game.outcome()
    if outcome is None or outcome.kind is not Termination.DOMINO or outcome.winner == learner:
        return None
    history = game.history
    if not history or history[-1][1] != "play" or len(game.line) < 2:
        return None
    last = history[-1][2]
    assert isinstance(last, Play)
    line = game.line.copy()
    first = line.end_tile(LEFT)
    end = LEFT if first is not None and first.tile == last.tile else RIGHT
    line.unplace(end)
    number = line.end_number(end)
    before = line.end_tile(end)
    if number is None or before is None or not is_hard(line.mask, number, game.out):
        return None
    assert outcome.winner is not None
    return WentOutOnHardEnd(outcome.winner, number, before.tile, last.tile)




def favours(reason: Reason) -> Play | None:
    """The play a fact speaks for (``None`` for context: the match score, the chances, the
    ends after each play, how the hand ended).

    >>> favours(PointsNow(Play.parse("6-3"), 3, 9, Play.parse("4-4"), 0, 8))
    Play(tile=Tile(6, 3), end=<End.LEFT: 'left'>)
    >>> str(favours(Answer(1, Play.parse("6-3"), 8, 0, Play.parse("4-4"), 2, 0)))
    '4-4 left'
    """
    if isinstance(reason, Dominoes | ScoresNow | BlockWins | OnlyYouHold | NextSeatLacks
                  | KeepsNumbers):
        return reason.play
    if isinstance(reason, PointsNow | Followers | CountKept):
        return reason.first  # scores more, lets fewer tiles follow, keeps the lower count
    if isinstance(reason, Answer):
        return reason.second  # ``first`` lets the opponent answer with more
    return None


def reasons_for(
    view: Position,
    best: Play,
    played: Play,
    chances: Sequence[tuple[Play, float]],
    errors: Sequence[tuple[Play, float]] = (),
) -> tuple[Reason, ...]:
    """The facts that tell ``best`` from ``played``: those for ``best``, the largest first,
    then the strongest for ``played`` (at most ``SHOWN`` in all, with the match score near the
    target), then the chances (with their standard errors).

    >>> from tutor.rules import TableRules
    >>> from tutor.rules.tiles import mask_of
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> hand = mask_of(Tile.parse(t) for t in ("6-3", "4-4", "2-1"))
    >>> lead = Position(Line(), (hand, None), ft, hidden_boneyard=14, sizes=(3, 3))
    >>> facts = reasons_for(lead, Play.parse("4-4"), Play.parse("6-3"), [])
    >>> [(type(fact).__name__, str(favours(fact))) for fact in facts]
    [('Followers', '4-4 left'), ('Answer', '4-4 left'), ('PointsNow', '6-3 left')]
    >>> now = facts[-1]
    >>> str(now.first), now.first_points, str(now.second), now.second_points
    ('6-3 left', 3, '4-4 left', 0)
    """
    values, spread = dict(chances), dict(errors)
    # What speaks for the best play first, the largest first; then the strongest fact for the
    # play made (the points it scores now before any other: the learner sees them), which the
    # words announce as such, so that no reason argues the other way unannounced.
    ranked = [fact for _, fact in sorted(_facts(view, best, played), key=lambda s: -s[0])]
    against = [fact for fact in ranked if favours(fact) == played != best]
    told: list[Reason] = [fact for fact in ranked if fact not in against]
    if against:
        against.sort(key=lambda fact: not isinstance(fact, PointsNow))
        told = told[: SHOWN - 1] + against[:1]
    else:
        told = told[:SHOWN]
    context = _match_score(view)
    if context is not None and any(isinstance(f, PointsNow | Answer) for f in told):
        told.append(context)
    in_set = set_score(view)
    if in_set is not None:
        told.append(in_set)
    if best in values and played in values:
        told.append(Chances(
            best, values[best], played, values[played],
            spread.get(best, 0.0), spread.get(played, 0.0),
        ))
    return tuple(told)


def _facts(view: Position, best: Play, played: Play) -> list[tuple[float, Reason]]:
    """Every fact that differs between the two plays, with its size."""
    seat = view.turn
    hand = view.known_hand(seat, "the coach grades its plays")
    if hand == best.tile.bit:
        return [(100.0, Dominoes(best))]
    facts: list[tuple[float, Reason]] = []
    lines = {p: _line_after(view.line, p) for p in (best, played)}
    rests = {p: hand & ~p.tile.bit for p in (best, played)}
    nxt = (seat + 1) % len(view.hands)
    if view.is_fives_and_threes:
        points = {p: view.play(p).score for p in (best, played)}
        if points[best].credited != points[played].credited:
            a, b = sorted((best, played), key=lambda p: -points[p].credited)
            now = PointsNow(a, points[a].credited, points[a].score.total,
                            b, points[b].credited, points[b].score.total)
            facts.append((abs(now.first_points - now.second_points), now))
        answers = {p: _answer(view, p, lines[p], nxt) for p in (best, played)}
        if answers[best][0] != answers[played][0]:
            a, b = sorted((best, played), key=lambda p: -answers[p][0])
            reply = Answer(nxt, a, answers[a][0], answers[a][1], b, answers[b][0], answers[b][1])
            facts.append((abs(answers[a][2] - answers[b][2]) + 0.1, reply))
    else:
        block = _block_wins(view, best, lines[best], rests[best])
        if block is not None:
            facts.append((50.0, block))
        counts = {p: hand_count(rests[p]) for p in (best, played)}
        if counts[best] != counts[played]:
            a, b = sorted((best, played), key=lambda p: counts[p])
            facts.append((abs(counts[a] - counts[b]) / 10.0,
                          CountKept(a, counts[a], b, counts[b])))
    unseen = view.unknown
    for p in (best, played):
        other = played if p == best else best
        for number in _only_you(lines[p], rests[p], unseen):
            if number not in _only_you(lines[other], rests[other], unseen):
                facts.append((2.0, OnlyYouHold(p, number)))
                break
        lacks = view.lacks[nxt] if view.lacks else 0
        if view.size(nxt):
            shown = [n for n in _ends(lines[p]) if lacks >> n & 1]
            if shown and not any(lacks >> n & 1 for n in _ends(lines[other])):
                facts.append((1.5, NextSeatLacks(p, nxt, shown[0])))
    kept = {p: _numbers(rests[p]) for p in (best, played)}
    if kept[best] != kept[played]:
        a, b = sorted((best, played), key=lambda p: -kept[p])
        facts.append((0.5 * (kept[a] - kept[b]), KeepsNumbers(a, kept[a], b, kept[b])))
    if view.size(nxt):
        fits = {p: _follow(view, lines[p], nxt) for p in (best, played)}
        if fits[best] != fits[played]:
            a, b = sorted((best, played), key=lambda p: fits[p])
            facts.append((0.25 * (fits[b] - fits[a]), Followers(nxt, a, fits[a], b, fits[b])))
    if not facts:
        ends = {p: _ends(lines[p]) for p in (best, played)}
        if sorted(ends[best]) != sorted(ends[played]):
            facts.append((0.0, EndsAfter(best, *ends[best], played, *ends[played])))
    return facts


def _ends(line: Line) -> tuple[int, int]:
    left, right = line.left, line.right
    assert left is not None and right is not None
    return left, right


def _only_you(line: Line, rest: Mask, unseen: Mask) -> list[int]:
    """The numbers at the ends that no unseen tile carries and the hand does."""
    return [n for n in dict.fromkeys(_ends(line)) if not unseen & SUIT[n] and rest & SUIT[n]]


def _may_hold(view: Position, seat: int) -> Mask:
    """The tiles ``seat`` may hold: not seen, and no number it is known to lack."""
    allowed = view.unknown
    for number in view.lacked(seat):
        allowed &= ~SUIT[number]
    return allowed


def _follow(view: Position, line: Line, seat: int) -> int:
    """How many tiles ``seat`` may hold fit an end of ``line``."""
    left, right = _ends(line)
    return (_may_hold(view, seat) & (SUIT[left] | SUIT[right])).bit_count()


def _answer(view: Position, play: Play, line: Line, seat: int) -> tuple[int, Mask, float]:
    """The most ``seat`` can score at once after ``play``, the tiles that score it, and its
    expected best answer in points (each tile held with the same chance, independently)."""
    result = view.play(play)
    if not result.tiles_left or not view.size(seat):
        return 0, 0, 0.0
    allowed = _may_hold(view, seat)
    size = view.size(seat)
    score, target = view.score(seat), view.rules.target
    best: dict[int, int] = {}
    for index in iter_indexes(allowed):
        tile = TILES[index]
        for end in (LEFT, RIGHT):
            if line.fits(tile, end):
                trial = line.copy()
                trial.place(tile, end)
                credited = score_play(trial, size == 1, score, target).credited
                best[index] = max(best.get(index, 0), credited)
    scoring = sorted((v for v in best.values() if v > 0), reverse=True)
    if not scoring:
        return 0, 0, 0.0
    top = scoring[0]
    tiles = sum(1 << i for i, v in best.items() if v == top)
    held = min(1.0, size / max(1, allowed.bit_count()))
    expected = sum(v * held * (1.0 - held) ** k for k, v in enumerate(scoring))
    return top, tiles, expected


def _block_wins(view: Position, play: Play, line: Line, rest: Mask) -> BlockWins | None:
    """Cutthroat: ``play`` blocks the game and the learner's count is lower than any other
    seat's can be."""
    left, right = _ends(line)
    if (view.unknown | rest) & (SUIT[left] | SUIT[right]):
        return None
    least = _least_other_count(view)
    mine = hand_count(rest)
    return BlockWins(play, mine, least) if mine < least else None


def _match_score(view: Position) -> MatchScore | None:
    """Fives & Threes near the target: the scores and what each needs (else ``None``)."""
    if not view.is_fives_and_threes or not view.scores:
        return None
    seat, target = view.turn, view.rules.target
    mine, theirs = view.score(seat), view.score(1 - seat)
    need, their_need = target - mine, target - theirs
    if min(need, their_need) > NEAR_TARGET:
        return None
    return MatchScore(1 - seat, mine, theirs, need, their_need)


def _line_after(line: Line, play: Play) -> Line:
    trial = line.copy()
    trial.place(play.tile, play.end if len(trial) else LEFT)
    return trial


def _numbers(hand: Mask) -> int:
    return sum(1 for n in range(7) if hand & SUIT[n])


def _least_other_count(view: Position) -> int:
    """The lowest count any other seat could hold (its lightest possible tiles)."""
    least = 10**6
    for seat, count in enumerate(view.counts):
        if seat == view.turn or not count:
            continue
        allowed = view.unknown
        for number in view.lacked(seat):
            allowed &= ~SUIT[number]
        pips = sorted(TILES[i].pips for i in iter_indexes(allowed))
        least = min(least, sum(pips[:count]))
    return least
