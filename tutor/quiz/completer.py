"""Completion of replies for the question at hand, in the chosen language.

Completions never give the answer away: for plays they offer every tile of the
hand (not only those that fit), for a tile every tile not yet on the table.

>>> from tutor.words.i18n import Speaker
>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario('''
... id = "c/1"
... game = "cutthroat"
... topic = "hard-ends"
... level = 1
... title = "t"
... seats = ["you", "Ann"]
... [table]
... line = ["6-6"]
... boneyard = 18
... [hands]
... you = ["6-5", "1-0"]
... Ann = 7
... [rules]
... boneyard = true
... [question]
... ask = "hard-ends"
... ''')
>>> candidates(s, Speaker("en"))
['left', 'right', 'both', 'none']
"""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from tutor.questions.kinds import kind_of
from tutor.questions.model import Reply
from tutor.rules.tiles import FULL_SET, tiles_of
from tutor.scenarios.model import Scenario
from tutor.words.i18n import Speaker


def candidates(s: Scenario, sp: Speaker) -> list[str]:
    """The words and tiles offered for the scenario's question."""
    kind = kind_of(s.question.ask).reply
    left, right = sp._("left"), sp._("right")
    if kind in (Reply.PLAYS, Reply.PLAY):
        hand = s.hands.get(s.turn, 0)
        return [f"{tile} {end}" for tile in tiles_of(hand) for end in (left, right)]
    if kind is Reply.YES_NO:
        return [sp._("yes"), sp._("no")]
    if kind is Reply.ENDS:
        return [left, right, sp._("both"), sp._("none")]
    if kind is Reply.SEAT:
        return [sp._("you") if seat == "you" else seat for seat in s.seats] + [sp._("tie")]
    if kind is Reply.TILE:
        return [str(tile) for tile in tiles_of(FULL_SET & ~s.line.mask & ~s.out)]
    if kind is Reply.RESULT:
        return [sp._("continue"), sp._("six-love"), sp._("bruck")]
    return []


class ReplyCompleter(Completer):
    """Completes the last word of the reply from ``candidates``."""

    def __init__(self, s: Scenario, sp: Speaker) -> None:
        self.words = candidates(s, sp)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        # A reply may list several plays: complete what follows the last comma.
        current = text.rsplit(",", 1)[-1].lstrip()
        folded = current.casefold()
        for word in self.words:
            if word.casefold().startswith(folded) and word.casefold() != folded:
                yield Completion(word, start_position=-len(current))
