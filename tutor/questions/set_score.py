"""Cutthroat in a six-love set: what this hand does to the set, told with the coach's reasons
where the score matters ("at 5-0 a win ends the set six-love").

Fields are ints, so that a game record can keep the fact (``tutor.questions.reasons``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.cutthroat import after_game
from tutor.rules.position import Position

__all__ = ["LOSS_ENDS", "WIN_BRUCKS", "WIN_ENDS", "SetScore", "set_score"]

WIN_ENDS, LOSS_ENDS, WIN_BRUCKS = 1, 2, 3
"""``SetScore.ends``: a win ends the set six-love; a win by ``seat`` ends it with the learner
on love; the learner's win is a bruck (every seat on the board: the set starts again)."""


@dataclass(frozen=True, slots=True)
class SetScore:
    """Cutthroat in a set, where the score matters: the learner's points and ``seat``'s, the
    stake, and what a win does (``ends``: ``WIN_ENDS``, ``LOSS_ENDS``, ``WIN_BRUCKS``, or 0
    when only a stake carried from a tied block is told)."""

    seat: int
    mine: int
    theirs: int
    stake: int
    ends: int


def set_score(view: Position) -> SetScore | None:
    """Cutthroat with the set scores: what this hand does to the set, when it is more than a
    point (else ``None``).

    >>> from tutor.rules import Line, TableRules
    >>> from tutor.rules.tiles import TILES
    >>> view = Position(Line(), (TILES[1].bit, None), TableRules(players=2), sizes=(1, 1),
    ...                 scores=(5, 0))
    >>> set_score(view)
    SetScore(seat=1, mine=5, theirs=0, stake=1, ends=1)
    """
    if view.is_fives_and_threes or not view.scores:
        return None
    me, scores, stake = view.turn, view.scores, view.stake
    others = [s for s in range(len(scores)) if s != me]
    mine = after_game(scores, stake, me, view.rules)
    if mine.over:
        seat = min(others, key=lambda s: (scores[s], s))
        return SetScore(seat, scores[me], scores[seat], stake, WIN_ENDS)
    for seat in others:
        if me in after_game(scores, stake, seat, view.rules).losers_on_love:
            return SetScore(seat, scores[me], scores[seat], stake, LOSS_ENDS)
    seat = max(others, key=lambda s: (scores[s], -s))
    if mine.result == "bruck":
        return SetScore(seat, scores[me], scores[seat], stake, WIN_BRUCKS)
    return SetScore(seat, scores[me], scores[seat], stake, 0) if stake > 1 else None
