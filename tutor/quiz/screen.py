"""The text of one quiz screen: title, story, the line of play, hands, seats, score, question.

Used by the interactive quiz and by plain mode alike, so both show the same.
"""

from __future__ import annotations

from tutor.describe import ends_text, score_line, seat_label, table_text
from tutor.i18n import Speaker
from tutor.prompts import question_text
from tutor.render.text import draw_tiles
from tutor.rules.tiles import tiles_of
from tutor.scenarios import Scenario
from tutor.vocabulary import game_name


def translated(text: str | None, sp: Speaker) -> str:
    """A scenario text (title, story, hint) in the speaker's language."""
    return sp._(text) if text else ""


def screen_lines(s: Scenario, sp: Speaker, *, width: int = 80, ascii: bool = False) -> list[str]:
    """Every line of the screen for scenario ``s`` (the question last)."""
    lines = [f"{game_name(s.game, sp)} · {translated(s.title, sp)}"]
    if s.story:
        lines.append(translated(s.story, sp))
    lines.append("")
    p = s.position
    if len(s.line):
        lines.append(sp._("The line of play:"))
        lines += draw_tiles(s.line, width=width, ascii=ascii)
        lines.append(ends_text(p, sp))
    else:
        lines.append(table_text(p, sp))
    lines.append("")
    for seat in range(len(s.seats)):
        lines += _seat_lines(s, seat, sp, width=width, ascii=ascii)
    footer = score_line(p, sp)
    if footer:
        lines += ["", footer]
    lines += ["", question_text(s, sp)]
    return lines


def _seat_lines(s: Scenario, seat: int, sp: Speaker, *, width: int, ascii: bool) -> list[str]:
    marker = "▶ " if not ascii else "> "
    prefix = marker if seat == s.turn_index else "  "
    head = prefix + seat_label(s.position, seat, sp)
    hand = s.position.hands[seat]
    if not hand:
        return [head]
    return [head, *draw_tiles(tiles_of(hand), width=width, ascii=ascii, gap=" ")]
