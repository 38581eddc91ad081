"""What the learner may do now (or what is being thought about), and a notice (a reply that
was not understood)."""

from __future__ import annotations

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import Row
from tutor.rules.series import LEARNER_SEAT
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.words.play import name


def rows(screen: Screen, pen: Pen) -> list[Row]:
    """The question of the moment and the notice."""
    sp = pen.sp
    game = screen.game
    lines: list[str] = []
    style = "class:question"
    if screen.thinking:
        lines.append(screen.thinking)
        style = "class:coach"
    elif screen.mode == "ends" and screen.pending is not None:
        lines.append(
            sp._("{tile} fits both ends: press ← for the left end, → for the right end.").format(
                tile=screen.pending
            )
        )
    elif screen.mode == "wait":
        lines.append(sp._("Press Enter to go on."))
    elif screen.mode == "final":
        if game.session.rules.game == FIVES_AND_THREES:  # a hand there is a round
            lines.append(sp._("The round is over: press Enter for the summary."))
        else:
            lines.append(sp._("The hand is over: press Enter for the summary."))
    elif screen.mode == "retry" or (screen.mode == "play" and game.learner_to_play):
        lines.append(sp._("Your turn: type a number or a tile, or use ← → and Enter."))
    elif screen.mode == "play" and not game.over and not game.session.hand_over:
        seat = game.session.game.turn
        if seat == LEARNER_SEAT:  # a forced pass, or a draw from the boneyard
            lines.append(sp._("No tile of yours fits the ends…"))
        else:
            lines.append(sp._("{seat} to play…").format(seat=name(seat, screen.names, sp)))
        style = ""
    shown = pen.wrapped(lines, style)
    if screen.notice:
        shown += pen.wrapped([screen.notice], "class:notice")
    return shown
