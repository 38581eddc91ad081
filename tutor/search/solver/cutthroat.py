"""The exact Cutthroat solvers: every hand known, perfect play to the end of the hand.

Two questions, each a depth-first search on bit masks with a transposition table keyed on one
integer, and a node count:

- ``can_win``: can seat S still win the hand when every other seat plays against it (paranoid
  search on a yes/no value, cut at the first refutation; a seat whose last tile fits goes out at
  once, otherwise the tiles with the highest numbers are tried first). The key holds the hand
  masks, the seat to play, and counts the two ends as a pair, as the value does not depend on
  their order.
- ``who_wins``: the outcome when every seat plays for itself (max^n). No pruning is sound here
  beyond stopping when the seat to play finds a win; plays are searched in ``Game`` order, which
  is also the tie-break. Without a boneyard every tile stays with the seat it was dealt to, so the
  tiles still held (one 28-bit mask) say what every hand holds: that mask, the ends and the seat
  to play make the key, seats that must pass are skipped without a table entry, and blocks and
  dominoes are looked up by the tiles held.

Passing needs no state of its own, so the key holds no count of passes in a row: the game is
blocked exactly when no hand holds a tile that fits (and the boneyard, if any, is empty), which
the search checks whenever the seat to play cannot play. With a boneyard (two-player Cutthroat
option) the order is known to the solver, so drawing is forced.

``make compiled`` compiles this module with mypyc (``COMPILED`` then says so): the same code,
about 2.5 times faster; without a C compiler it runs as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.fast import FITS, HIGH, LOW, OTHER, block_winner, counts_of
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.tiles import FULL_SET, SUIT, Mask
from tutor.search.encode import Node, after_play, as_node, play_of

__all__ = [
    "COMPILED",
    "TIE",
    "WIN",
    "CanWin",
    "MaxnSolution",
    "can_win",
    "utilities",
    "who_wins",
]

COMPILED: bool = __file__.endswith((".so", ".pyd"))
"""True when this module runs compiled by mypyc (``make compiled``), False as pure Python."""

WIN = 3000
"""Max^n utility of a won hand."""
TIE = 1000
"""Max^n utility of a tied block (less the seat's own count)."""


@dataclass(frozen=True, slots=True)
class CanWin:
    """Whether ``seat`` can still win against all the others.

    ``plays``: the plays that still win when ``seat`` is to play (``Game``
    order); ``nodes``: positions searched.
    """

    seat: int
    wins: bool
    plays: tuple[Play, ...]
    nodes: int


@dataclass(frozen=True, slots=True)
class MaxnSolution:
    """The hand when every seat plays for itself.

    ``utilities`` holds each seat's utility at the end (see ``utilities``);
    ``winner`` is the winning seat or ``None`` for a tied block; ``best`` are
    the plays of the seat to play that reach its utility (``Game`` order).
    """

    utilities: tuple[int, ...]
    winner: int | None
    best: tuple[Play, ...]
    nodes: int
    values: tuple[tuple[Play, tuple[int, ...]], ...] = ()
    """Each legal play of the seat to play with the utilities it leads to."""


def utilities(hands: tuple[Mask, ...] | list[Mask], winner: int | None) -> tuple[int, ...]:
    """Each seat's max^n utility at the end of a hand: the tie-break of ``who_wins``.

    A win is worth ``WIN``; a tied block ``TIE`` less the seat's own count;
    another seat's win minus the seat's own count. So a seat that cannot win
    steers towards a tied block rather than another seat's win, then towards
    its own lowest count. This holds for both ``tied_block`` options: a tied
    block gives nobody the game (with ``carry`` the next one is worth more).

    >>> from tutor.rules.tiles import TILES
    >>> utilities((0, TILES[27].bit), 0)
    (3000, -12)
    >>> utilities((TILES[1].bit, TILES[1].bit << 1), None)
    (999, 998)
    """
    counts = counts_of(hands)
    if winner is None:
        return tuple(TIE - count for count in counts)
    values = [-count for count in counts]
    values[winner] = WIN  # also when its hand is about to be empty: a domino
    return tuple(values)


def _blocked(hands: list[Mask]) -> tuple[int, ...]:
    """``utilities`` of a blocked hand."""
    return utilities(hands, block_winner(hands))


def _union(hands: list[Mask]) -> Mask:
    held = 0
    for hand in hands:
        held |= hand
    return held


def _pick_rest(board: Node) -> tuple[list[Mask], int, int, int, tuple[int, ...]]:
    if board.is_fives_and_threes:
        raise ValueError("this question is for Cutthroat positions")
    return list(board.hands), board.left, board.right, board.turn, board.boneyard


def can_win(position: Position | Node, seat: int) -> CanWin:
    """Can ``seat`` still win when every other seat plays against it?

    A win is a domino, or a block with ``seat`` alone on the lowest count.

    >>> from tutor.rules import Game, Line, TableRules
    >>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "5-5"]], rules=TableRules(players=2),
    ...                        line=Line.parse(["6-4"]), turn=0)
    >>> result = can_win(Position.from_game(game), 0)
    >>> result.wins, [str(p) for p in result.plays]
    (False, [])
    >>> can_win(Position.from_game(game), 1).wins
    True
    """
    board = as_node(position)
    hands, left, right, turn, bone = _pick_rest(board)
    if not 0 <= seat < len(hands):
        raise ValueError(f"seat {seat} does not exist at a table of {len(hands)}")
    seats = len(hands)
    table: dict[int, bool] = {}
    counter = [0]
    fits, other, suit = FITS, OTHER, SUIT
    pose = board.pose
    n_bone = len(bone)

    def search(left: int, right: int, turn: int, drawn: int) -> bool:
        counter[0] += 1
        lo, hi = (left, right) if left <= right else (right, left)
        key = ((lo + 1) << 4 | (hi + 1)) << 2 | turn
        key = key << 5 | drawn
        for hand in hands:
            key = key << 28 | hand
        cached = table.get(key)
        if cached is not None:
            return cached
        result = _search(left, right, turn, drawn)
        table[key] = result
        return result

    def _search(left: int, right: int, turn: int, drawn: int) -> bool:
        hand = hands[turn]
        mine = turn == seat
        if left < 0:
            if pose >= 0:
                moves = [(pose, 0)] if hand >> pose & 1 else []
            else:
                moves = [(i, 0) for i in range(27, -1, -1) if hand >> i & 1]
        else:
            moves = [(i, 0) for i in fits[left][hand & suit[left]]]
            if right != left:
                moves += [(i, 1) for i in fits[right][hand & suit[right]]]
            moves.reverse()  # highest numbers first
        if not moves:
            if drawn < n_bone:
                hands[turn] = hand | 1 << bone[drawn]
                result = search(left, right, turn, drawn + 1)
                hands[turn] = hand
                return result
            fit = suit[left] | suit[right] if left >= 0 else FULL_SET
            if not any(h & fit for h in hands):
                return block_winner(hands) == seat
            return search(left, right, (turn + 1) % seats, drawn)
        if len(moves) and (hand & (hand - 1)) == 0:
            return mine  # a domino: the seat to play goes out
        nxt = (turn + 1) % seats
        for index, side in moves:
            hands[turn] = hand ^ (1 << index)
            if left < 0:
                new_left, new_right = HIGH[index], LOW[index]
            elif side == 0:
                new_left, new_right = other[index][left], right
            else:
                new_left, new_right = left, other[index][right]
            result = search(new_left, new_right, nxt, drawn)
            hands[turn] = hand
            if result == mine:
                return result
        return not mine

    if _over(board):
        return CanWin(seat, _finished_winner(board) == seat, (), 0)
    root_plays = board.plays()
    if board.turn == seat and root_plays:
        plays: list[Play] = []
        for index, side in root_plays:
            child = after_play(board, index, side)
            if child is not None:
                hands[:] = list(child.hands)
                found = search(child.left, child.right, child.turn, 0)
                hands[:] = list(board.hands)
                if not found:
                    continue
            plays.append(play_of(index, side))
        return CanWin(seat, bool(plays), tuple(plays), counter[0])
    return CanWin(seat, search(left, right, turn, 0), (), counter[0])


def _over(board: Node) -> bool:
    if any(not hand for hand in board.hands):
        return True
    if board.left < 0 or board.boneyard:
        return False
    fit = SUIT[board.left] | SUIT[board.right]
    return not any(hand & fit for hand in board.hands)


def _finished_winner(board: Node) -> int | None:
    for seat, hand in enumerate(board.hands):
        if not hand:
            return seat
    return block_winner(list(board.hands))


def who_wins(position: Position | Node) -> MaxnSolution:
    """The hand when every seat plays for itself: max^n with a table.

    Each seat picks the play that maximises its own utility (``utilities``:
    its win first, then a tied block rather than another seat's win, then its
    own lowest count); among plays of equal utility for the seat it takes the
    first in ``Game.legal_plays`` order (left end first, lowest tile index).
    A win with the key card counts as a win (the bonus point is a matter of
    the set's score, not of who wins the hand); playing the key card while
    holding other tiles blocks the game, as the rules say.

    >>> from tutor.rules import Game, Line, TableRules
    >>> game = Game.from_hands([["6-6", "1-0"], ["6-5", "5-5"]], rules=TableRules(players=2),
    ...                        line=Line.parse(["6-4"]), turn=0)
    >>> solution = who_wins(Position.from_game(game))
    >>> solution.winner, [str(p) for p in solution.best]
    (1, ['6-6 left'])
    """
    board = as_node(position)
    hands, left, right, turn, bone = _pick_rest(board)
    maxn: _Maxn | _MaxnDealt = _MaxnDealt(hands, board.pose) if not bone else _Maxn(
        hands, board.pose, bone
    )
    search = maxn.start

    if _over(board):
        winner = _finished_winner(board)
        return MaxnSolution(utilities(board.hands, winner), winner, (), 0)
    root = search(left, right, turn)
    best: list[Play] = []
    values: list[tuple[Play, tuple[int, ...]]] = []
    for index, side in board.plays():
        child = after_play(board, index, side)
        if child is None:
            hands[turn] = 0
            value = utilities(hands, turn)
        else:
            hands[:] = list(child.hands)
            value = search(child.left, child.right, child.turn)
        hands[:] = list(board.hands)
        values.append((play_of(index, side), value))
        if value[turn] == root[turn]:
            best.append(play_of(index, side))
    winner = next((s for s, u in enumerate(root) if u >= WIN), None)
    return MaxnSolution(root, winner, tuple(best), maxn.nodes, tuple(values))


class _Maxn:
    """The search of ``who_wins``: the hands (changed and restored in place), the
    table and the node count. A class rather than a closure so that a mypyc build
    (``make compiled``) turns its attributes into plain fields.

    Without a boneyard every tile stays with the seat it was dealt to, so the
    tiles still held (one 28-bit mask, ``held``) say which tile is in which hand:
    the table key is that mask with the ends and the seat to play, a small
    integer, rather than every hand side by side. With a boneyard the hands go
    into the key as well, with the count of tiles drawn.
    """

    def __init__(self, hands: list[Mask], pose: int, bone: tuple[int, ...]) -> None:
        self.hands = hands
        self.seats = len(hands)
        self.pose = pose
        self.bone = bone
        self.n_bone = len(bone)
        self.table: dict[int, tuple[int, ...]] = {}
        self.nodes = 0
        self.fits = FITS
        self.other = OTHER
        self.suit = SUIT

    def start(self, left: int, right: int, turn: int) -> tuple[int, ...]:
        """The value of the position held in ``hands`` (the table is kept between calls)."""
        return self.search(left, right, turn, 0, _union(self.hands))

    def search(
        self, left: int, right: int, turn: int, drawn: int, held: Mask
    ) -> tuple[int, ...]:
        """Each seat's utility with perfect play from here (``who_wins``' tie-break).

        ``held``: the union of the hands (kept up to date by the caller).
        """
        self.nodes += 1
        hands = self.hands
        seats = self.seats
        suit = self.suit
        hand = hands[turn]
        if left >= 0 and drawn >= self.n_bone:
            # Nothing to draw: a block ends the hand, seats that cannot play pass, and a
            # seat whose last tile fits goes out; none of this needs the table.
            fit = suit[left] | suit[right]
            if not held & fit:
                return _blocked(hands)
            while not hand & fit:
                turn = turn + 1 if turn + 1 < seats else 0
                hand = hands[turn]
            if not hand & (hand - 1):
                return utilities(hands, turn)  # the last tile fits: a domino
        if self.n_bone:
            key = (((left + 1) << 4 | (right + 1)) << 2 | turn) << 5 | drawn
            for hand_held in hands:
                key = key << 28 | hand_held
        else:
            key = ((held << 4 | (left + 1)) << 4 | (right + 1)) << 2 | turn
        table = self.table
        best = table.get(key)
        if best is not None:
            return best
        if left < 0:
            pose = self.pose
            if pose >= 0:
                on_left: tuple[int, ...] = (pose,) if hand >> pose & 1 else ()
            else:
                on_left = tuple(i for i in range(28) if hand >> i & 1)
            on_right: tuple[int, ...] = ()
        else:
            fits = self.fits
            on_left = fits[left][hand & suit[left]]
            on_right = fits[right][hand & suit[right]] if right != left else ()
        if not on_left and not on_right:
            if drawn < self.n_bone:
                tile = 1 << self.bone[drawn]
                hands[turn] = hand | tile
                best = self.search(left, right, turn, drawn + 1, held | tile)
                hands[turn] = hand
            elif not held & (suit[left] | suit[right]):
                best = utilities(hands, block_winner(hands))
            else:
                best = self.search(left, right, turn + 1 if turn + 1 < seats else 0, drawn, held)
        elif not hand & (hand - 1):
            hands[turn] = 0  # a domino
            best = utilities(hands, turn)
            hands[turn] = hand
        else:
            other = self.other
            nxt = turn + 1 if turn + 1 < seats else 0
            search = self.search
            for index in on_left:
                bit = 1 << index
                hands[turn] = hand ^ bit
                if left < 0:
                    value = search(HIGH[index], LOW[index], nxt, drawn, held ^ bit)
                else:
                    value = search(other[index][left], right, nxt, drawn, held ^ bit)
                if best is None or value[turn] > best[turn]:
                    best = value
                    if value[turn] >= WIN:
                        break  # nothing later can be better for the seat to play
            if best is None or best[turn] < WIN:
                for index in on_right:
                    bit = 1 << index
                    hands[turn] = hand ^ bit
                    value = search(left, other[index][right], nxt, drawn, held ^ bit)
                    if best is None or value[turn] > best[turn]:
                        best = value
                        if value[turn] >= WIN:
                            break
            hands[turn] = hand
        assert best is not None
        table[key] = best
        return best


class _MaxnDealt:
    """``_Maxn`` without a boneyard, where every tile stays with the seat it was dealt to.

    The tiles still held (one 28-bit mask, ``held``) then say what every hand
    holds (``held & owned[seat]``): the search passes that one integer down,
    changes no list, and keys the table on it with the ends and the seat to play.
    Seats that must pass are skipped in a loop, and a block or a seat whose last
    tile fits ends the search without a table entry. Same values, same tie-break
    as ``_Maxn``.
    """

    def __init__(self, hands: list[Mask], pose: int) -> None:
        self.hands = hands
        self.owned = list(hands)
        self.seats = len(hands)
        self.pose = pose
        self.table: dict[int, tuple[int, ...]] = {}
        self.leaves: dict[int, tuple[int, ...]] = {}
        """Blocks and dominoes by the tiles held (and the seat going out)."""
        self.nodes = 0
        self.fits = FITS
        self.other = OTHER
        self.suit = SUIT

    def start(self, left: int, right: int, turn: int) -> tuple[int, ...]:
        """The value of the position held in ``hands`` (subsets of the hands first dealt)."""
        return self.search(left, right, turn, _union(self.hands))

    def _hands(self, held: Mask) -> list[Mask]:
        return [held & owned for owned in self.owned]

    def search(self, left: int, right: int, turn: int, held: Mask) -> tuple[int, ...]:
        """Each seat's utility with perfect play from here (``who_wins``' tie-break)."""
        self.nodes += 1
        owned = self.owned
        seats = self.seats
        suit = self.suit
        hand = held & owned[turn]
        if left >= 0:
            fit = suit[left] | suit[right]
            if not held & fit:
                leaf = held << 2  # a block: the same whatever the ends (2 bits free for seats)
                value = self.leaves.get(leaf)
                if value is None:
                    value = self.leaves[leaf] = _blocked(self._hands(held))
                return value
            while not hand & fit:
                turn = turn + 1 if turn + 1 < seats else 0
                hand = held & owned[turn]
            if not hand & (hand - 1):  # the last tile fits: a domino
                leaf = (held << 2 | turn) << 1 | 1
                value = self.leaves.get(leaf)
                if value is None:
                    value = self.leaves[leaf] = utilities(self._hands(held), turn)
                return value
        key = ((held << 4 | (left + 1)) << 4 | (right + 1)) << 2 | turn
        table = self.table
        best = table.get(key)
        if best is not None:
            return best
        nxt = turn + 1 if turn + 1 < seats else 0
        search = self.search
        if left < 0:
            pose = self.pose
            if pose >= 0:
                on_left: tuple[int, ...] = (pose,) if hand >> pose & 1 else ()
            else:
                on_left = tuple(i for i in range(28) if hand >> i & 1)
            for index in on_left:
                value = search(HIGH[index], LOW[index], nxt, held ^ (1 << index))
                if best is None or value[turn] > best[turn]:
                    best = value
                    if value[turn] >= WIN:
                        break
            if best is None:  # the seat cannot pose: the next seat may
                best = search(left, right, nxt, held)
        else:
            other = self.other
            fits = self.fits
            by_left = other_left = other
            for index in fits[left][hand & suit[left]]:
                value = search(by_left[index][left], right, nxt, held ^ (1 << index))
                if best is None or value[turn] > best[turn]:
                    best = value
                    if value[turn] >= WIN:
                        break  # nothing later can be better for the seat to play
            if right != left and (best is None or best[turn] < WIN):
                for index in fits[right][hand & suit[right]]:
                    value = search(left, other_left[index][right], nxt, held ^ (1 << index))
                    if best is None or value[turn] > best[turn]:
                        best = value
                        if value[turn] >= WIN:
                            break
        assert best is not None
        table[key] = best
        return best
