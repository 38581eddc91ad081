"""The computer seats: each one's tile count and the numbers it is known to lack, and the tiles
nobody sees (Fives & Threes' sleeping tiles, or the boneyard), set side by side as far as the
width allows."""

from __future__ import annotations

from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.table import side_by_side
from tutor.render.terminal import Row
from tutor.terminal import wrap
from tutor.words.describe import face_down_line
from tutor.words.play import seat_line


def rows(screen: Screen, pen: Pen) -> list[Row]:
    """Each computer seat, the one to play marked; then the sleeping tiles or the boneyard."""
    session = screen.game.session
    view = screen.view()
    lines = []
    for seat in range(1, session.seats):
        to_play = session.game.turn == seat and not (
            session.hand_over or session.over or screen.retrying
        )
        prefix = pen.marker if to_play else "  "
        lines.append(prefix + seat_line(view, seat, screen.names, pen.sp))
    if face_down := face_down_line(view, pen.sp):
        lines.append("  " + face_down)
    blocks = [wrap(line, pen.width, indent="    ") for line in lines]
    return [[("", text)] for text in side_by_side(blocks, pen.width)]
