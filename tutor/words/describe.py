"""One description of a position, in the reader's language: the quiz screen and the SVG share it.

The sentences about the table, the ends, each seat, the boneyard and the score
are made here once, from the engine's ``Position``; the docs draw with them
(``tutor.sphinxext.scenarios.labels``) and the quiz screen prints them.

>>> from tutor.rules import Line, TableRules
>>> from tutor.rules.tiles import mask_of, parse_tiles
>>> from tutor.words.i18n import Speaker
>>> p = Position(Line.parse(["5-6", "6-6"]), (mask_of(parse_tiles(["6-1", "4-4"])), None),
...              TableRules(players=2, boneyard=True), seats=("you", "Ann"), sizes=(2, 5),
...              hidden_boneyard=19)
>>> for sentence in describe(p, Speaker("en")):
...     print(sentence)
The line of play: 5-6 6-6.
Left end: 5 · right end: 6.
You: 2 tiles: 6-1, 4-4.
Ann: 5 tiles, face down.
Boneyard: 19 tiles, face down.
"""

from __future__ import annotations

from typing import Any

from tutor.rules.fives_threes import ends_total
from tutor.rules.line import Line
from tutor.rules.position import Position
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.rules.tiles import tiles_of
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import LEARNER, seat_name


def learner_seat(p: Position) -> int:
    """The seat shown as the reader's: the learner's, else the seat to play."""
    return p.seats.index(LEARNER) if LEARNER in p.seats else p.turn


def table_text(p: Position, sp: Speaker) -> str:
    """What lies on an empty table (empty when the line has tiles)."""
    if len(p.line):
        return ""
    if p.pose is not None:
        return sp._("The table is empty. This game is posed with {tile}.").format(tile=p.pose)
    return sp._("The table is empty.")


def ends_text(p: Position, sp: Speaker) -> str:
    """The numbers the open ends show (empty for an empty table)."""
    if not len(p.line):
        return ""
    return sp._("Left end: {left} · right end: {right}").format(
        left=p.line.left, right=p.line.right
    )


def seat_label(p: Position, seat: int, sp: Speaker) -> str:
    """A seat's name and number of tiles ("Ann: 5 tiles, face down"), begun with a capital as
    a label at the start of a line is ("You: 2 tiles", German "Du: 2 Steine").

    >>> from tutor.rules import Line, TableRules
    >>> p = Position(Line(), (3, None), TableRules(players=2), seats=("you", "Ann"), sizes=(2, 1))
    >>> seat_label(p, 0, Speaker("de")), seat_label(p, 1, Speaker("en"))
    ('Du: 2 Steine', 'Ann: 1 tile, face down')
    """
    name = seat_name(p.name(seat), sp)
    n = p.size(seat)
    if n == 0:
        text = sp._("{seat}: no tiles left").format(seat=name)
    elif p.hands[seat] is None:
        text = sp.ngettext(
            "{seat}: {n} tile, face down", "{seat}: {n} tiles, face down", n
        ).format(seat=name, n=n)
    else:
        text = sp.ngettext("{seat}: {n} tile", "{seat}: {n} tiles", n).format(seat=name, n=n)
    return text[:1].upper() + text[1:]


def face_down_count(p: Position) -> int:
    """Tiles in the boneyard or sleeping, known or not."""
    return p.hidden_boneyard + (p.boneyard | p.sleeping).bit_count()


def boneyard_label(p: Position, sp: Speaker) -> str:
    """The boneyard (or the sleeping tiles) with its count; empty when there is none."""
    n = face_down_count(p)
    if not n:
        return ""
    if p.is_fives_and_threes:
        return sp.ngettext(
            "{n} tile sleeps face down and is never drawn",
            "{n} tiles sleep face down and are never drawn",
            n,
        ).format(n=n)
    return sp.ngettext("Boneyard: {n} tile, face down", "Boneyard: {n} tiles, face down", n).format(
        n=n
    )


def end_labels(line: Line) -> tuple[str, str]:
    """The ends as Fives & Threes counts them: a double lying at an end is named whole (it
    counts both halves); a lone first tile shows its two numbers.

    >>> end_labels(Line.parse(["6-2", "2-5", "5-5"])), end_labels(Line.parse(["5-5"]))
    (('6', '5-5'), ('5', '5'))
    """
    placed = list(line)
    if len(placed) < 2:
        return str(line.left), str(line.right)
    first, last = placed[0], placed[-1]
    left = str(first.tile) if first.tile.is_double else str(first.left)
    right = str(last.tile) if last.tile.is_double else str(last.right)
    return left, right


def ends_line(view: Position, line: Line, sp: Speaker) -> str:
    """The open ends over the line of play; in Fives & Threes with their count.

    >>> from tutor.rules.table_rules import TableRules
    >>> fives = TableRules(game="fives-and-threes", players=2)
    >>> line = Line.parse(["6-2", "2-5", "5-5"])
    >>> ends_line(Position(line, (0, None), fives), line, Speaker("en"))
    'Left end: 6 · right end: 5-5 · count 16'
    """
    if view.is_fives_and_threes:
        left, right = end_labels(line)
        return sp._("Left end: {left} · right end: {right} · count {count}").format(
            left=left, right=right, count=ends_total(line)
        )
    return sp._("Left end: {left} · right end: {right}").format(left=line.left, right=line.right)


def face_down_line(view: Position, sp: Speaker) -> str:
    """The tiles nobody sees: Fives & Threes' sleeping tiles, or the boneyard; empty when
    every tile is dealt.

    >>> from tutor.rules.table_rules import TableRules
    >>> fives = TableRules(game="fives-and-threes", players=2)
    >>> view = Position(Line(), (0, None), fives, hidden_boneyard=14)
    >>> face_down_line(view, Speaker("en"))
    'Sleeping: 14 tiles, never drawn'
    """
    n = face_down_count(view)
    if not n:
        return ""
    if view.is_fives_and_threes:
        return sp.ngettext(
            "Sleeping: {n} tile, never drawn", "Sleeping: {n} tiles, never drawn", n
        ).format(n=n)
    return boneyard_label(view, sp)


def score_line(p: Position, sp: Speaker) -> str:
    """The score (and the stake or target) when it matters; empty for a fresh Cutthroat set."""
    seats = range(len(p.hands))
    scores = " · ".join(f"{seat_name(p.name(seat), sp)} {p.score(seat)}" for seat in seats)
    if p.game == FIVES_AND_THREES:
        return sp._("Score: {scores} · target {target}").format(
            scores=scores, target=p.rules.target
        )
    if any(p.score(seat) for seat in seats) or p.stake != 1:
        return sp._("Score: {scores} · stake {stake}").format(scores=scores, stake=p.stake)
    return ""


def describe(p: Position, sp: Speaker) -> list[str]:
    """The position in sentences (the SVG's ``<desc>``), the reader's seat first."""
    out: list[str] = []
    if len(p.line):
        out.append(sp._("The line of play:") + f" {p.line}.")
        out.append(ends_text(p, sp) + ".")
    else:
        out.append(table_text(p, sp))
    learner = learner_seat(p)
    for seat in [learner, *(seat for seat in range(len(p.hands)) if seat != learner)]:
        hand = p.hands[seat]
        tiles = ": " + ", ".join(str(t) for t in tiles_of(hand)) if hand else ""
        out.append(seat_label(p, seat, sp) + tiles + ".")
    if label := boneyard_label(p, sp):
        out.append(label + ".")
    if score := score_line(p, sp):
        out.append(score + ".")
    return out


def drawing_words(p: Position, sp: Speaker) -> dict[str, Any]:
    """The words of a drawing of ``p`` but its title (``tutor.render.svg.Labels``' fields): the
    puzzles' boards and the Play page's table say the same.

    >>> from tutor.rules import Line, TableRules
    >>> p = Position(Line(), (3, None), TableRules(players=2), seats=("you", "Ann"), sizes=(2, 1))
    >>> drawing_words(p, Speaker("en"))["seats"]
    ('You: 2 tiles', 'Ann: 1 tile, face down')
    """
    return {
        "desc": " ".join(describe(p, sp)),
        "table": table_text(p, sp),
        "ends": ends_text(p, sp),
        "seats": tuple(seat_label(p, seat, sp) for seat in range(len(p.hands))),
        "boneyard": boneyard_label(p, sp),
        "score": score_line(p, sp),
    }
