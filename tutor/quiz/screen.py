"""The text of one quiz screen: title, story, the line of play, hands, seats, score, question.

Used by the interactive quiz and by plain mode alike, so both show the same.
"""

from __future__ import annotations

from tutor.i18n import Speaker
from tutor.prompts import question_text, score_line
from tutor.render.text import draw_tiles
from tutor.rules.tiles import tiles_of
from tutor.scenarios import Scenario
from tutor.vocabulary import game_name, seat_name


def translated(text: str | None, sp: Speaker) -> str:
    """A scenario text (title, story, hint) in the speaker's language."""
    return sp._(text) if text else ""


def screen_lines(s: Scenario, sp: Speaker, *, width: int = 80, ascii: bool = False) -> list[str]:
    """Every line of the screen for scenario ``s`` (the question last)."""
    lines = [f"{game_name(s.game, sp)} · {translated(s.title, sp)}"]
    if s.story:
        lines.append(translated(s.story, sp))
    lines.append("")
    if len(s.line):
        lines.append(sp._("The line of play:"))
        lines += draw_tiles(s.line, width=width, ascii=ascii)
        ends = sp._("Left end: {left} · right end: {right}")
        lines.append(ends.format(left=s.line.left, right=s.line.right))
    elif s.pose is not None:
        lines.append(
            sp._("The table is empty. This game is posed with {tile}.").format(tile=s.pose)
        )
    else:
        lines.append(sp._("The table is empty."))
    lines.append("")
    for seat in s.seats:
        lines += _seat_lines(s, seat, sp, width=width, ascii=ascii)
    footer = score_line(s, sp)
    if footer:
        lines += ["", footer]
    lines += ["", question_text(s, sp)]
    return lines


def _seat_lines(s: Scenario, seat: str, sp: Speaker, *, width: int, ascii: bool) -> list[str]:
    marker = "▶ " if not ascii else "> "
    prefix = marker if seat == s.turn else "  "
    name = seat_name(seat, sp)
    if seat in s.hidden:
        n = s.hidden[seat]
        return [
            prefix
            + sp.ngettext("{seat}: {n} tile, face down", "{seat}: {n} tiles, face down", n).format(
                seat=name, n=n
            )
        ]
    tiles = tiles_of(s.hands[seat])
    head = prefix + sp.ngettext("{seat}: {n} tile", "{seat}: {n} tiles", len(tiles)).format(
        seat=name, n=len(tiles)
    )
    if not tiles:
        return [head]
    return [head, *draw_tiles(tiles, width=width, ascii=ascii, gap=" ")]
