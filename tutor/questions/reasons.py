"""The coach's reasons: facts (engine values) that tell the best play from the play made.

The words are the narration's (``tutor.words.coach``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.rules.analysis import is_hard
from tutor.rules.fives_threes import score_play
from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.plays import Play, Termination
from tutor.rules.position import Position
from tutor.rules.tiles import SUIT, TILES, Mask, Tile, hand_count, iter_indexes


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


Reason = (
    Dominoes
    | ScoresNow
    | BlockWins
    | OnlyYouHold
    | NextSeatLacks
    | KeepsNumbers
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




def reasons_for(
    view: Position,
    best: Play,
    played: Play,
    chances: Sequence[tuple[Play, float]],
    errors: Sequence[tuple[Play, float]] = (),
) -> tuple[Reason, ...]:
    """Facts that tell ``best`` from ``played`` (the strongest first), then the chances
    (with their standard errors, ``errors``)."""
    values, spread = dict(chances), dict(errors)
    said = Chances(
        best, values[best], played, values[played], spread.get(best, 0.0), spread.get(played, 0.0)
    )
    fact = _telling_fact(view, best, played)
    return (fact, said) if fact is not None else (said,)


def _telling_fact(view: Position, best: Play, played: Play) -> Reason | None:
    seat = view.turn
    hand = view.known_hand(seat, "the coach grades its plays")
    if hand == best.tile.bit:
        return Dominoes(best)
    after_best, after_played = _line_after(view.line, best), _line_after(view.line, played)
    if view.is_fives_and_threes:
        score = view.score(seat)
        target = view.rules.target
        # Neither play goes out: with one tile left the best play is a domino (above).
        mine = score_play(after_best, False, score, target)
        theirs = score_play(after_played, False, score, target)
        if mine.credited > theirs.credited:
            total = mine.score
            return ScoresNow(best, total.total, total.threes, total.fives, mine.credited)
    rest = hand & ~best.tile.bit
    left, right = after_best.left, after_best.right
    assert left is not None and right is not None
    open_suits = SUIT[left] | SUIT[right]
    unseen = view.unknown
    if not view.is_fives_and_threes and not (unseen | rest) & open_suits:
        least = _least_other_count(view)
        mine_count = hand_count(rest)
        if mine_count < least:
            return BlockWins(best, mine_count, least)
    for number in dict.fromkeys((left, right)):
        if not unseen & SUIT[number] and rest & SUIT[number]:
            return OnlyYouHold(best, number)
    nxt = (seat + 1) % len(view.hands)
    lacks = view.lacks or (0,) * len(view.hands)
    for number in dict.fromkeys((left, right)):
        if lacks[nxt] >> number & 1 and view.size(nxt):
            return NextSeatLacks(best, nxt, number)
    kept, played_kept = _numbers(rest), _numbers(hand & ~played.tile.bit)
    if kept > played_kept:
        return KeepsNumbers(best, kept, played, played_kept)
    return None


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
