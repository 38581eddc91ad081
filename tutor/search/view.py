"""What one seat can know: the input of the sampler, the evaluation and the computer players.

``SeatView`` is deliberately small, so that the engine's ``Position`` (what one
seat can know, from a scenario file or a live game) can feed it directly:

- the table rules, the seat, its own hand (a mask) and the seat to play;
- the line as the solver needs it: the numbers at the ends, whether a double
  lies at each end, how many tiles are down and their mask;
- tiles known to be out of play (0-0 with three players);
- how many tiles every hand holds, and how many lie face down besides the
  hands (the sleeping tiles of Fives & Threes);
- ``voids``: for every seat, the numbers it is known to lack (a seat that
  passed or knocked when the ends showed 3 and 5 holds no 3 and no 5 from
  then on, because hands only shrink without a boneyard);
- Fives & Threes match scores; the Cutthroat stake and set scores.

``view_of(game, seat)`` builds one from a ``Game`` and its history. With a
boneyard to draw from (a two-player Cutthroat option) a drawn tile can carry a
number its holder lacked before, so what a seat lacks belongs to the moment it
drew or passed: the view then also keeps each seat's ``events`` (see
``SeatView.events``), and ``voids`` hold only what a seat lacks since its last
draw.

>>> from tutor.rules import Game, Line, Play, TableRules
>>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "5-5", "3-2"], ["3-3", "2-1"]],
...                        rules=TableRules(players=3), line=Line.parse(["6-4"]), turn=0)
>>> game.play(Play.parse("6-6 left"))
>>> game.play(Play.parse("6-5 left"))
>>> game.pass_turn()
>>> view = view_of(game, 0)
>>> view.counts, view.voids[2] == (1 << 5 | 1 << 4), view.numbers_lacked(2)
((1, 2, 2), True, [4, 5])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.rules.game import Game
from tutor.rules.line import LEFT, RIGHT, Line
from tutor.rules.table_rules import FIVES_AND_THREES, TableRules
from tutor.rules.tiles import FULL_SET, SUIT, Mask

__all__ = ["SeatView", "view_of"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` can know (see the module docstring)."""

    rules: TableRules
    seat: int
    hand: Mask
    turn: int
    counts: tuple[int, ...]
    voids: tuple[int, ...]
    """Per seat, a 7-bit mask: bit ``n`` set when the seat is known to hold no ``n``."""
    left: int = -1
    right: int = -1
    left_double: bool = False
    right_double: bool = False
    placed: int = 0
    table: Mask = 0
    out: Mask = 0
    pile: int = 0
    """Face-down tiles besides the hands (Fives & Threes: the sleeping tiles; in a
    puzzle built from some hands only, the tiles that are nowhere)."""
    pose: int = -1
    scores: tuple[int, int] = (0, 0)
    stake: int = 1
    events: tuple[tuple[tuple[str, int], ...], ...] = ()
    """With a boneyard, per seat what the others saw it do, in order: ``("lacks", mask)``
    when it drew or passed with the ends showing the numbers of the 7-bit mask,
    ``("draw", -1)`` (the tile is not seen), ``("play", tile index)``. Empty without
    a boneyard, where ``voids`` say it all."""
    plays: tuple[tuple[int, int, int, int, int], ...] = ()
    """Every play of the history in order, as ``(seat, tile index, side, left, right)``:
    the side (0 left, 1 right) and the ends just before it as codes, the number plus 8
    when a double lies there (-1 on an empty line). Public, like the line itself: what
    an opponent chose to play says something about what it held."""
    set_scores: tuple[int, ...] = ()
    """Cutthroat: every seat's points in the six-love set before this hand (empty: not
    known, the hand is played for itself)."""

    def __post_init__(self) -> None:
        if not 0 <= self.seat < len(self.counts):
            raise ValueError(f"seat {self.seat} does not exist at a table of {len(self.counts)}")
        if self.hand.bit_count() != self.counts[self.seat]:
            raise ValueError(
                f"seat {self.seat} holds {self.hand.bit_count()} tiles, "
                f"but the counts say {self.counts[self.seat]}"
            )
        if len(self.voids) != len(self.counts):
            raise ValueError("one void mask per seat is needed")
        if self.set_scores and len(self.set_scores) != len(self.counts):
            raise ValueError(
                f"{len(self.set_scores)} set scores for a table of {len(self.counts)} players"
            )

    @property
    def is_fives_and_threes(self) -> bool:
        """True when the table plays Fives & Threes."""
        return self.rules.game == FIVES_AND_THREES

    @property
    def unseen(self) -> Mask:
        """The tiles this seat has not seen: in other hands or face down."""
        return FULL_SET & ~self.table & ~self.hand & ~self.out

    def numbers_lacked(self, seat: int) -> list[int]:
        """The numbers ``seat`` is known to lack, lowest first."""
        return [n for n in range(7) if self.voids[seat] >> n & 1]

    def allowed(self, seat: int) -> Mask:
        """The tiles ``seat`` may hold: unseen and carrying none of its void numbers."""
        mask = self.unseen
        for number in self.numbers_lacked(seat):
            mask &= ~SUIT[number]
        return mask


def view_of(
    game: Game,
    seat: int,
    *,
    scores: Sequence[int] = (0, 0),
    stake: int = 1,
    set_scores: Sequence[int] = (),
) -> SeatView:
    """The view of ``seat`` in ``game``: its hand, the table, counts, voids from the history.

    Voids come from the passes in ``game.history`` (the ends at each pass are
    found by taking the line back play by play); what happened before the
    game was built is not known.
    """
    if not 0 <= seat < game.seats:
        raise ValueError(f"seat {seat} does not exist at a table of {game.seats}")
    voids = [0] * game.seats
    drew = [False] * game.seats
    events: list[list[tuple[str, int]]] = [[] for _ in range(game.seats)]
    plays: list[tuple[int, int, int, int, int]] = []
    line = game.line.copy()
    for who, kind, what in reversed(game.history):
        if kind == "play":
            first = line.end_tile(LEFT)
            tile = getattr(what, "tile", None)
            assert tile is not None
            end = LEFT if len(line) == 1 or (first is not None and first.tile == tile) else RIGHT
            line.unplace(end)
            events[who].append(("play", tile.index))
            plays.append((who, tile.index, 0 if end is LEFT else 1, *_end_codes(line)))
            continue
        if kind == "draw":
            events[who].append(("draw", -1))
        if line.left is not None and line.right is not None:
            lacks = 1 << line.left | 1 << line.right
            events[who].append(("lacks", lacks))
            if not drew[who]:
                voids[who] |= lacks
        if kind == "draw":
            drew[who] = True  # what it lacked before this draw may have come with it
    first, last = game.line.end_tile(LEFT), game.line.end_tile(RIGHT)
    held = 0
    for hand in game.hands:
        held |= hand
    pile = (FULL_SET & ~game.line.mask & ~game.out & ~held).bit_count()
    return SeatView(
        rules=game.rules,
        seat=seat,
        hand=game.hands[seat],
        turn=game.turn,
        counts=tuple(h.bit_count() for h in game.hands),
        voids=tuple(voids),
        left=-1 if first is None else first.left,
        right=-1 if last is None else last.right,
        left_double=first is not None and first.tile.is_double,
        right_double=last is not None and last.tile.is_double,
        placed=len(game.line),
        table=game.line.mask,
        out=game.out,
        pile=pile,
        pose=-1 if game.pose is None or len(game.line) else game.pose.index,
        scores=(scores[0], scores[1]),
        stake=stake,
        events=tuple(tuple(reversed(e)) for e in events) if game.rules.draws else (),
        plays=tuple(reversed(plays)),
        set_scores=tuple(set_scores),
    )



def _end_codes(line: Line) -> tuple[int, int]:
    """The ends of ``line`` as codes: the number, plus 8 when a double lies there (-1: empty)."""
    first, last = line.end_tile(LEFT), line.end_tile(RIGHT)
    if first is None or last is None:
        return -1, -1
    return (
        first.left | (8 if first.tile.is_double else 0),
        last.right | (8 if last.tile.is_double else 0),
    )
