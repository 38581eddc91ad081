"""A question about the first tile of a hand gives an example without an end: on an empty table
there is no left or right yet, and "(like: 6-5 left)" showed an answer the learner cannot give.
"""

from __future__ import annotations

import pytest

from tutor.scenarios.reader import parse_scenario
from tutor.words.i18n import Speaker
from tutor.words.kinds import question_text

END_WORDS = {"en": ("left", "right"), "de": ("links", "rechts"), "pap": ("robes", "drechi")}
EXAMPLE = {"en": "(like: 6-5)", "de": "(etwa: 6-5)", "pap": "(por ehèmpel: 6-5)"}


YOURS = '["6-5", "5-4", "3-1", "6-1", "4-4", "2-0", "3-3"]'
ANNS = ["6-6", "6-4", "5-5", "5-2", "2-2", "1-0", "0-0"]


def _scenario(game: str, ask: str, lead: bool, shown: bool) -> str:
    """A 2-seat table with 14 tiles asleep; Ann posed the 6-6 unless it is ``lead``; her hand
    ``shown`` or face down."""
    line = "" if lead else '"6-6"'
    anns = ANNS if lead else ANNS[1:]
    other = "[" + ", ".join(f'"{t}"' for t in anns) + "]" if shown else str(len(anns))
    rules = "" if game == "fives-and-threes" else "[rules]\nboneyard = true\n"
    return f"""
id = "demo/lead"
game = "{game}"
topic = "play-the-odds"
level = 3
title = "Demo"
seats = ["you", "Ann"]
turn = "you"
[table]
line = [{line}]
boneyard = 14
[hands]
you = {YOURS}
Ann = {other}
{rules}[question]
ask = "{ask}"
"""


CASES = [
    ("fives-and-threes", "best-play", True),
    ("fives-and-threes", "winning-play", True),
    ("cutthroat", "winning-play", True),
    ("fives-and-threes", "winning-play", False),  # the learner's view: Ann's tiles face down
    ("cutthroat", "winning-play", False),
]


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize(("game", "ask", "shown"), CASES)
def test_the_example_of_a_lead_has_no_end(language: str, game: str, ask: str, shown: bool) -> None:
    sp = Speaker(language)
    lead = question_text(parse_scenario(_scenario(game, ask, True, shown)), sp)
    assert lead.endswith(EXAMPLE[language]), lead
    assert not any(word in lead.split() for word in END_WORDS[language]), lead
    later = question_text(parse_scenario(_scenario(game, ask, False, shown)), sp)
    assert later.endswith(f"{EXAMPLE[language][:-1]} {END_WORDS[language][0]})"), later
