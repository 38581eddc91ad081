"""The controls a question needs on a page: what the reader may choose, and how it is said.

A form is plain data (it goes into the page as JSON): the shape of the reply, whether several
choices may be picked, and the choices, each a ``value`` the judge reads in every language
(``"6-3 left"``, ``"yes"``, ``"you"``, ``"tie"``) and a ``label`` in the page's words. A number
has no choices. The choices never give the answer away: every tile of the hand at both ends,
every seat and a tie, every tile of the set for the last tile of a number.

>>> from tutor.scenarios.reader import parse_scenario
>>> from tutor.words.i18n import Speaker
>>> s = parse_scenario('''
... id = "demo/form"
... game = "cutthroat"
... topic = "legal-plays"
... level = 1
... title = "Early in the game"
... seats = ["you", "Ann"]
... [table]
... line = ["5-6", "6-6"]
... boneyard = 19
... [hands]
... you = ["6-1", "4-4"]
... Ann = 5
... [rules]
... boneyard = true
... [question]
... ask = "legal-plays"
... ''')
>>> form = reply_form(s, Speaker("de"))
>>> form["reply"], form["multiple"], [c["value"] for c in form["choices"]][:2]
('plays', True, ['6-1 left', '6-1 right'])
>>> form["choices"][0]["label"], form["choices"][0]["group"]
('6-1 links', '6-1')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutor.questions.kinds import kind_of
from tutor.questions.model import TIE, Reply
from tutor.rules.line import End
from tutor.rules.tiles import TILES, Tile, tiles_of
from tutor.scenarios.model import Scenario
from tutor.terminal import LINE_LIMIT, one_line
from tutor.words.i18n import Speaker
from tutor.words.replies import RESULTS
from tutor.words.vocabulary import (
    LEARNER,
    REPLY_WORDS,
    format_list,
    format_seat,
    format_yes_no,
)
from tutor.words.web import page_words

Choice = dict[str, str]
Form = dict[str, Any]

ENDS = (End.LEFT, End.RIGHT)


def _choice(value: str, label: str, group: str = "") -> Choice:
    return {"value": value, "label": label, "group": group}


def _high_first(tiles: Iterable[Tile]) -> list[Tile]:
    """Tiles from 6-6 down to 0-0."""
    return sorted(tiles, key=lambda tile: (tile.high, tile.low), reverse=True)


def play_choices(s: Scenario, sp: Speaker) -> list[Choice]:
    """Every tile of the hand to play at each end, grouped by tile (none for a hidden hand);
    where both ends are one (an empty line, or both ends show one number) each tile once, at
    the left end, as the judge reads it."""
    hand = s.position.hand
    if hand is None:
        return []
    tiles = _high_first(tiles_of(hand))
    if s.position.same_ends or s.position.line.left is None:
        return [_choice(f"{tile} {End.LEFT}", str(tile), str(tile)) for tile in tiles]
    return [
        _choice(f"{tile} {end}", format_list([f"{tile} {end}"], sp), str(tile))
        for tile in tiles
        for end in ENDS
    ]


def choices(s: Scenario, sp: Speaker) -> list[Choice]:
    """The choices of the scenario's question (none for a number)."""
    reply = kind_of(s.question.ask).reply
    if reply in (Reply.PLAYS, Reply.PLAY):
        return play_choices(s, sp)
    if reply is Reply.YES_NO:
        return [_choice("yes", format_yes_no(True, sp)), _choice("no", format_yes_no(False, sp))]
    if reply is Reply.SEAT:
        seats = [
            _choice("you" if seat == LEARNER else seat, format_seat(seat, sp))
            for seat in s.position.seats
        ]
        return [*seats, _choice(TIE, format_seat(TIE, sp))]
    if reply is Reply.ENDS:
        return [_choice(str(end), format_list([str(end)], sp)) for end in ENDS]
    if reply is Reply.TILE:
        return [_choice(str(tile), str(tile)) for tile in _high_first(TILES)]
    if reply is Reply.RESULT:
        return [_choice(result, sp._(REPLY_WORDS[result])) for result in RESULTS]
    return []


def _shown(value: Any) -> Any:
    """Every text of a form through the page's sanitiser (``tutor.terminal.one_line``): a
    scenario's id or seat names never bring a hidden character onto a page."""
    if isinstance(value, str):
        return one_line(value, 10 * LINE_LIMIT)
    if isinstance(value, dict):
        return {key: _shown(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shown(item) for item in value]
    return value


def reply_form(s: Scenario, sp: Speaker) -> Form:
    """The form of the scenario's question in the speaker's words (see the module's doc)."""
    reply = kind_of(s.question.ask).reply
    form: Form = {
        "scenario": s.id,
        "language": sp.language,
        "reply": str(reply),
        "multiple": reply in (Reply.PLAYS, Reply.ENDS),
        "choices": choices(s, sp),
        "words": page_words(sp),
    }
    return dict(_shown(form))


def reply_text(form: Form, picked: list[str]) -> str:
    """What the page sends the judge for the values picked (a number as typed); an empty
    multiple choice is "none".

    >>> reply_text({"multiple": True}, []), reply_text({"multiple": True}, ["left", "right"])
    ('none', 'left, right')
    """
    if form.get("multiple") and not picked:
        return "none"
    return ", ".join(picked)
