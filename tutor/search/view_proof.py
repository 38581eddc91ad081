"""Proved puzzles from the learner's view: the play that is best whatever the hidden hands hold.

The second flavour of ``winning-play``: only the seat to play's hand is known, the
others are counts (with the numbers a seat is known to lack, from its passes). Each
deal of the hidden tiles that fits the view (``DealSampler``) is solved exactly, as in
the all-hands flavour (``tutor.search.proof``): in Cutthroat a play is worth 1 in a
deal when the seat can still win the hand after it against every defence
(``can_win``), in Fives & Threes the point difference at the end of the hand with best
play on both sides (``solve_fives_threes``). Two proofs:

- ``EVERY_DEAL``: at most ``DEAL_LIMIT`` deals fit, and every one is solved. The
  answer is the plays that are best in every single deal (``dominant``), or else the
  plays with the best exact mean; they must be of one tile.
- ``EXPECTATION``: more deals fit, and ``SAMPLES`` of them are drawn uniformly with a
  fixed seed (the information-fair evaluation; ``validate`` draws the same ones). The
  answer is the play with the best mean; the plays of every other tile are compared
  on the same deals, and each difference must beat ``Z`` standard errors.

Either way every other tile must be clearly worse on average: ``CLEAR_CHANCE`` less
win chance in Cutthroat (the coach's inaccuracy), ``MARGIN`` points in Fives & Threes
(in the expectation proof, after ``Z`` standard errors are taken off the difference).

>>> from tutor.rules.line import Line
>>> from tutor.rules.table_rules import TableRules
>>> from tutor.rules.tiles import mask_of, parse_tiles
>>> line = Line.parse(["3-2", "2-2", "2-1", "1-1", "1-4", "4-0", "0-2", "2-5", "5-3", "3-0",
...                    "0-1", "1-5", "5-4", "4-6", "6-6", "6-2", "2-4", "4-4", "4-3", "3-1",
...                    "1-6", "6-0"])
>>> p = Position(line, (mask_of(parse_tiles(["6-3", "5-0"])), None, None),
...              TableRules(players=3), out=mask_of(parse_tiles(["0-0"])), sizes=(2, 2, 1))
>>> proof = prove_view(p)
>>> proof.method, proof.deals, [str(play) for play in proof.best], proof.unique
('every-deal', 3, ['6-3 left'], True)
>>> [(str(play), value) for play, value in proof.means]
[('6-3 left', 0.3333333333333333), ('5-0 right', 0.0)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import combinations

from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.tiles import FULL_SET, SUIT, Mask, tiles_of
from tutor.search.deals import DealSampler, NoConsistentDeal
from tutor.search.encode import Node, encode
from tutor.search.proof import MARGIN, Proof, tempting_play
from tutor.search.solver.cutthroat import can_win
from tutor.search.solver.fives_threes import solve_fives_threes

__all__ = [
    "CLEAR_CHANCE",
    "DEAL_LIMIT",
    "EVERY_DEAL",
    "EXPECTATION",
    "SAMPLES",
    "VIEW_TILES",
    "NotAView",
    "ViewProof",
    "Z",
    "deal_position",
    "every_deal",
    "prove_view",
    "seat_view",
]

EVERY_DEAL = "every-deal"
EXPECTATION = "expectation"
DEAL_LIMIT = 240
"""Up to this many consistent deals, every one is solved."""
SAMPLES = 240
"""Deals drawn for the expectation proof."""
SEED = "winning-play"
"""The seed of the expectation proof's draws: the same deals at every validation."""
Z = 3.0
"""The expectation proof: every difference must stand this many standard errors clear."""
CLEAR_CHANCE = 0.1
"""Cutthroat: every other tile must win at least this much less often."""
VIEW_TILES = 16
"""At most this many tiles in all the hands: every deal is solved exactly, so keep it small."""


class NotAView(ValueError):
    """The position is not a learner's view this flavour can prove (the sentence says why)."""


@dataclass(frozen=True)
class ViewProof:
    """Each legal play's value over the deals, and whether one tile is proved best.

    ``method``: ``EVERY_DEAL`` or ``EXPECTATION``; ``deals``: the deals solved;
    ``means``: every legal play's win chance (Cutthroat) or mean point difference
    (Fives & Threes) over them; ``best``: the answer (one tile, at one end or both);
    ``margin``: the best mean minus the best mean of another tile, ``error`` its
    standard error (0 when every deal is solved); ``example``: the hands of a deal
    where the most tempting other play (``tempting``) does worst against the best;
    ``problem``: why the position is no puzzle (empty when ``unique``).
    """

    method: str
    deals: int
    best: tuple[Play, ...]
    means: tuple[tuple[Play, float], ...]
    margin: float | None
    error: float
    unique: bool
    tempting: Play | None = None
    example: tuple[Mask, ...] = ()
    problem: str = ""
    dominant: bool = False
    """The answer is best in every deal solved (not only on average)."""

    def mean(self, play: Play) -> float:
        """The mean value of one play."""
        return dict(self.means)[play]


def seat_view(p: Position, lacks: Mapping[int, int] | None = None) -> Position:
    """The learner's view of ``p``: the seat to play's hand, the others as counts, known
    face-down tiles counted as out of play, and ``lacks`` (per seat, a 7-bit mask of the
    numbers it is known to lack) as what the seats lack (none when not given).

    Raises ``NotAView`` when the seat's hand is hidden, another hand is shown, or
    tiles can be drawn.
    """
    seat = p.turn
    hand = p.hands[seat]
    if hand is None:
        raise NotAView(f"the hand of {p.name(seat)}, who is to play, must be shown")
    shown = [p.name(s) for s, h in enumerate(p.hands) if h is not None and s != seat]
    if shown:
        raise NotAView(
            f"the learner's view shows one hand only, but the hand of {shown[0]} is shown too"
        )
    if p.draws:
        raise NotAView("a boneyard to draw from is not supported in the learner's view")
    if not p.sizes:
        raise NotAView("the number of tiles in each hidden hand is not given")
    lacked = lacks or {}
    return replace(
        p,
        out=p.out | p.sleeping | p.boneyard,  # known and in nobody's hand
        sleeping=0,
        boneyard=0,
        lacks=tuple(lacked.get(s, 0) for s in range(len(p.hands))),
    )


def every_deal(view: Position) -> Iterator[tuple[Mask, ...]]:
    """Every deal of the unseen tiles that fits the view: all hands, the seat's own included.

    >>> from tutor.rules.line import Line
    >>> from tutor.rules.table_rules import TableRules
    >>> from tutor.rules.tiles import TILES
    >>> view = Position(Line.parse(["5-1"]), (TILES[27].bit, None, None), TableRules(players=3),
    ...                 out=FULL_SET & ~(TILES[27].bit | TILES[26].bit | TILES[1].bit
    ...                                  | TILES[16].bit),
    ...                 sizes=(1, 1, 1), lacks=(0, 0, 1 << 6))
    >>> [[str(t) for t in tiles_of(hand)] for hand in next(every_deal(view))]
    [['6-6'], ['6-5'], ['1-0']]
    >>> len(list(every_deal(view)))  # the seat that lacks 6 cannot hold 6-5
    1
    """
    counts = view.counts
    seat = view.turn
    others = [s for s in range(len(counts)) if s != seat]
    hands = [0] * len(counts)
    hands[seat] = view.known_hand(seat)
    lacks = view.lacks or (0,) * len(counts)
    pile = view.hidden_boneyard

    def allowed(s: int) -> Mask:
        mask = FULL_SET
        for number in range(7):
            if lacks[s] >> number & 1:
                mask &= ~SUIT[number]
        return mask

    def deal(k: int, free: Mask) -> Iterator[tuple[Mask, ...]]:
        if k == len(others):
            if free.bit_count() == pile:
                yield tuple(hands)
            return
        s = others[k]
        tiles = [t.bit for t in tiles_of(free & allowed(s))]
        for chosen in combinations(tiles, counts[s]):
            mask = sum(chosen)
            hands[s] = mask
            yield from deal(k + 1, free & ~mask)

    yield from deal(0, view.unknown)


def deal_position(p: Position, hands: tuple[Mask, ...]) -> Position:
    """The position with every hand of one deal shown (the other unseen tiles sleep)."""
    held = 0
    for hand in hands:
        held |= hand
    asleep = FULL_SET & ~p.line.mask & ~p.out & ~p.boneyard & ~held
    return replace(p, hands=hands, sizes=(), hidden_boneyard=0, sleeping=asleep)


def _deal_values(board: Node, plays: list[Play]) -> list[float]:
    """Every play's value in one deal (every hand known)."""
    if board.is_fives_and_threes:
        values = dict(solve_fives_threes(board).values)
        return [float(values[play]) for play in plays]
    wins = set(can_win(board, board.turn).plays)
    return [1.0 if play in wins else 0.0 for play in plays]


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def prove_view(
    p: Position,
    lacks: Mapping[int, int] | None = None,
    *,
    deal_limit: int = DEAL_LIMIT,
    samples: int = SAMPLES,
    against: Play | None = None,
) -> ViewProof:
    """Value every legal play of the seat to play over the deals its view allows (see the
    module); raises ``NotAView`` when the position cannot be proved from the view.

    ``against``: the other play to tell the example deal for (the learner's own answer, or
    the play made in the game), in place of the most tempting one; ignored when it is not
    a legal play of another tile than the answer's."""
    view = seat_view(p, lacks)
    if sum(view.counts) > VIEW_TILES:
        raise NotAView(
            f"the hands hold {sum(view.counts)} tiles; the learner's view is proved by solving "
            f"every deal exactly, so keep it to {VIEW_TILES} or fewer"
        )
    plays = p.legal_plays()
    if not plays:
        raise NotAView(f"{p.name(p.turn)} has no play: there is no winning play to find")
    try:
        sampler = DealSampler(view)
    except NoConsistentDeal as error:
        raise NotAView(str(error)) from None
    total = sampler.count()
    if total <= deal_limit:
        method, hands_list = EVERY_DEAL, list(every_deal(view))
    else:
        rng = random.Random(SEED)
        method, hands_list = EXPECTATION, [sampler.sample(rng) for _ in range(samples)]
    base = encode(deal_position(p, hands_list[0]))
    table = [_deal_values(base.with_hands(hands), plays) for hands in hands_list]
    columns = list(zip(*table, strict=True))
    means = tuple((play, sum(col) / len(col)) for play, col in zip(plays, columns, strict=True))
    best: tuple[Play, ...] = ()
    if method == EVERY_DEAL:  # best in every deal, if one is
        best = tuple(
            play for k, play in enumerate(plays) if all(row[k] >= max(row) for row in table)
        )
    if not best:  # else best on average (exact when every deal is solved)
        top = max(m for _, m in means)
        best = tuple(play for play, m in means if m == top)
    return _judge(p, method, plays, table, means, best, hands_list, against)


def _judge(
    p: Position,
    method: str,
    plays: list[Play],
    table: list[list[float]],
    means: tuple[tuple[Play, float], ...],
    best: tuple[Play, ...],
    hands_list: list[tuple[Mask, ...]],
    against: Play | None = None,
) -> ViewProof:
    """Is one tile clearly best? The margin, its error, the tempting play and an example."""
    deals = len(table)
    clear = float(MARGIN) if p.is_fives_and_threes else CLEAR_CHANCE
    tiles = {play.tile for play in best}
    others = [k for k, play in enumerate(plays) if play.tile not in tiles]
    if not best or not others or len(tiles) > 1:
        return ViewProof(
            method, deals, best, means, None, 0.0, False, problem=_no_best(plays, best)
        )
    first = plays.index(best[0])
    closest, margin, error = others[0], math.inf, 0.0
    for k in others:
        diff, se = _mean_se([row[first] - row[k] for row in table])
        if method == EVERY_DEAL:
            se = 0.0  # every deal is counted: the mean is exact
        if diff - Z * se < margin - Z * error:
            closest, margin, error = k, diff, se
    unique = margin - Z * error >= clear - 1e-9
    problem = ""
    if not unique:
        what = "points" if p.is_fives_and_threes else "in win chance"
        over = (
            f"over the {deals} deals the hidden hands can hold"
            if method == EVERY_DEAL
            else f"over {deals} deals drawn at random (standard error {error:.2f})"
        )
        need = f"{clear:g}" if method == EVERY_DEAL else f"{clear:g} beyond {Z:g} standard errors"
        problem = (
            f"the learner's view does not prove one play: {best[0]} is ahead of "
            f"{plays[closest]} by only {margin:.2f} {what} {over}, and a puzzle needs {need}"
        )
    tempting = tempting_play(p, Proof(best, tuple((play, 0) for play in plays), None, False))
    if against is not None and against in plays and against.tile not in tiles:
        tempting = against
    example: tuple[Mask, ...] = ()
    if tempting is not None:
        k = plays.index(tempting)
        example = hands_list[max(range(deals), key=lambda d: table[d][first] - table[d][k])]
    dominant = all(row[first] >= max(row) for row in table)
    return ViewProof(
        method, deals, best, means, margin, error, unique, tempting, example, problem, dominant
    )


def _no_best(plays: list[Play], best: tuple[Play, ...]) -> str:
    if len({play.tile for play in best}) > 1:
        return (
            "the learner's view does not prove one play: several tiles are equally good "
            f"on average: {', '.join(map(str, best))}"
        )
    only = ", ".join(str(play) for play in plays)
    return f"every play is of one tile ({only}): there is nothing to choose"


