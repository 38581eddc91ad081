"""The top of the game screen: the score (set table and stake, or match points and target)
and the deal."""

from __future__ import annotations

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import Row
from tutor.rules.series import LEARNER_SEAT, HandStarted
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.words.play import event_lines


def rows(screen: Screen, pen: Pen) -> list[Row]:
    """The score and the deal."""
    sp = pen.sp
    session = screen.game.session
    rules = session.rules
    scores, stake = session.scores, session.stake
    retry = screen.retrying
    if retry and retry[0].view.scores:  # a mistake tried again: the score as it was then
        scores, stake = retry[0].view.scores, retry[0].view.stake
    started = HandStarted(session.hand, LEARNER_SEAT, None, stake, scores)
    head = event_lines(started, screen.names, sp, first=False, rules=rules)[0]
    if rules.game == FIVES_AND_THREES:
        head += " " + sp._("Target: {target} points.").format(target=rules.target)
    options = screen.game.options
    deal = sp._("Deal {id} (seed {seed}), computer level {level}.").format(
        id=session.deal_id, seed=options.seed, level=options.level
    )
    return pen.wrapped([head], "class:status") + pen.wrapped([deal], "class:number")
