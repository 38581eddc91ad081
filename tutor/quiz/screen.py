"""The text of one quiz screen: title, story, the line of play, hands, seats, score, question.

Used by the interactive quiz and by plain mode alike, so both show the same. The file's texts
go through the sanitiser (``tutor.terminal``): the title and the hint on one line, the story
paragraph by paragraph, so that no text of the file can print a line of its own choosing.
"""

from __future__ import annotations

from tutor.render.table import side_by_side
from tutor.render.terminal import draw_compact, draw_tiles
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.rules.tiles import tiles_of
from tutor.scenarios.model import Scenario
from tutor.scenarios.origin import old_mine
from tutor.terminal import LINE_LIMIT, one_line, paragraphs
from tutor.words.describe import ends_text, score_line, seat_label, table_text
from tutor.words.i18n import Speaker
from tutor.words.kinds import question_text
from tutor.words.mistakes import deal_title, origin_story, origin_title
from tutor.words.vocabulary import game_name


def translated(text: str | None, sp: Speaker) -> str:
    """A scenario text (title, story, hint) in the speaker's language."""
    return sp._(text) if text else ""


def title_of(s: Scenario, sp: Speaker) -> str:
    """The scenario's title in the speaker's language, on one line: for a puzzle from the
    learner's game, which game, hand and choice it was (said from its ``[origin]``)."""
    if s.origin is not None:
        fives = s.rules.game == FIVES_AND_THREES
        return one_line(
            origin_title(s.origin.game, s.origin.hand, s.origin.choice, sp, fives=fives)
        )
    old = old_mine(s)
    if old is not None:  # an earlier version's file: its title is in the game's language
        return one_line(deal_title(*old, sp))
    return one_line(translated(s.title, sp))


def story_of(s: Scenario, sp: Speaker) -> str:
    """The scenario's story in the speaker's language (for a puzzle from the learner's game,
    the play made there): its paragraphs, each on one line, a newline between them."""
    if s.origin is not None:
        return "\n".join(paragraphs(origin_story(s.origin.played, sp)))
    return "\n".join(paragraphs(translated(s.story, sp)))


def hint_of(s: Scenario, sp: Speaker) -> str:
    """The scenario's hint in the speaker's language ("" when it has none). An earlier
    version wrote the coach's sentence in the game's language into a puzzle from the learner's
    game: such a file gets its theme's hint instead."""
    hint = s.question.hint
    if old_mine(s) is not None:
        from tutor.scenarios.mining.recipes import theme_hint

        hint = theme_hint(s.topic, s.question.ask)
    return one_line(translated(hint, sp), 10 * LINE_LIMIT)


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
    lines = [f"{game_name(s.game, sp)} · {title_of(s, sp)}"]
    told = story_of(s, sp)
    if told and story:
        lines += told.split("\n")  # one line a paragraph
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
