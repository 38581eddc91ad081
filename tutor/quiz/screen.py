"""The text of one quiz screen: title, story, the line of play, hands, seats, score, question.

Used by the interactive quiz and by plain mode alike, so both show the same.
"""

from __future__ import annotations

from tutor.render.terminal import draw_compact, draw_tiles
from tutor.rules.tiles import tiles_of
from tutor.scenarios.model import Scenario
from tutor.words.describe import ends_text, score_line, seat_label, table_text
from tutor.words.i18n import Speaker
from tutor.words.kinds import question_text
from tutor.words.vocabulary import game_name


def translated(text: str | None, sp: Speaker) -> str:
    """A scenario text (title, story, hint) in the speaker's language."""
    return sp._(text) if text else ""


def screen_lines(
    s: Scenario,
    sp: Speaker,
    *,
    width: int = 80,
    ascii: bool = False,
    compact: bool = False,
    story: bool = True,
) -> list[str]:
    """Every line of the screen for scenario ``s`` (the question last); ``compact`` draws
    the tiles one row high (``[6|5]``), and ``story=False`` leaves the story out, for a
    screen with too few rows."""
    lines = [f"{game_name(s.game, sp)} · {translated(s.title, sp)}"]
    if s.story and story:
        lines.append(translated(s.story, sp))
    lines.append("")
    p = s.position
    if len(s.line):
        lines.append(sp._("The line of play:"))
        if compact:
            lines += draw_compact(s.line, width=width)
        else:
            lines += draw_tiles(s.line, width=width, ascii=ascii)
        lines.append(ends_text(p, sp))
    else:
        lines.append(table_text(p, sp))
    lines.append("")
    marked = to_play(s)
    blocks = [
        _seat_lines(s, seat, sp, width=width, ascii=ascii, compact=compact, marked=marked)
        for seat in range(len(s.seats))
    ]
    lines += side_by_side(blocks, width, gap=2 if compact else 3)
    footer = score_line(p, sp)
    if footer:
        lines += ["", footer]
    lines += ["", question_text(s, sp)]
    return lines


def squeeze(lines: list[str], rows: int) -> list[str]:
    """The lines without their blank separators when they would not fit in ``rows``: the title
    must stay on screen.

    >>> squeeze(["Title", "", "question"], 2), squeeze(["Title", "", "question"], 3)
    (['Title', 'question'], ['Title', '', 'question'])
    """
    return [line for line in lines if line.strip()] if len(lines) > rows else lines


def side_by_side(blocks: list[list[str]], width: int, gap: int = 3) -> list[str]:
    """Blocks of lines set next to each other, in order, as many to a row as fit in ``width``:
    the hands take fewer rows, so that the title stays on a 24-row screen.

    >>> side_by_side([["you: 1 tile", "[6|5]"], ["Ann: 7 tiles, face down"]], 80)
    ['you: 1 tile   Ann: 7 tiles, face down', '[6|5]']
    >>> side_by_side([["you: 1 tile", "[6|5]"], ["Ann: 7 tiles, face down"]], 30)
    ['you: 1 tile', '[6|5]', 'Ann: 7 tiles, face down']
    """
    rows: list[list[list[str]]] = []
    used = 0
    for block in blocks:
        size = max((len(line) for line in block), default=0)
        if rows and rows[-1] and used + gap + size <= width:
            rows[-1].append(block)
            used += gap + size
        else:
            rows.append([block])
            used = size
    lines: list[str] = []
    for row in rows:
        sizes = [max((len(line) for line in block), default=0) for block in row]
        for index in range(max(len(block) for block in row)):
            parts = [
                (block[index] if index < len(block) else "").ljust(size)
                for block, size in zip(row, sizes, strict=True)
            ]
            lines.append((" " * gap).join(parts).rstrip())
    return lines


def to_play(s: Scenario) -> int | None:
    """The seat the screen marks as the one to play; ``None`` once the game on screen is
    over (a seat has gone out, or the board is blocked), where the mark would mean nothing.

    >>> from pathlib import Path
    >>> from tutor.scenarios.reader import load_scenario
    >>> to_play(load_scenario(Path("scenarios/six-love/two-hand-bruck.toml"))) is None
    True
    >>> to_play(load_scenario(Path("scenarios/key-cards/fits-both-not-hard.toml")))
    0
    """
    p = s.position
    if p.blocked or any(p.size(seat) == 0 for seat in range(len(s.seats))):
        return None
    return s.turn_index


def _seat_lines(
    s: Scenario,
    seat: int,
    sp: Speaker,
    *,
    width: int,
    ascii: bool,
    compact: bool = False,
    marked: int | None = None,
) -> list[str]:
    # In ASCII the seat to play is marked with "*", never with the prompt's ">".
    marker = "▶ " if not ascii else "* "
    prefix = marker if seat == marked else "  "
    head = prefix + seat_label(s.position, seat, sp)
    hand = s.position.hands[seat]
    if not hand:
        return [head]
    if compact:
        rows = draw_compact(tiles_of(hand), width=width, gap=" ")
        if len(rows) == 1 and len(head) + 1 + len(rows[0]) <= width:
            return [f"{head} {rows[0]}"]  # the seat and its tiles on one row
        return [head, *rows]
    return [head, *draw_tiles(tiles_of(hand), width=width, ascii=ascii, gap=" ")]
