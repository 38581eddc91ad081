"""Completion of a typed play: the tiles of the learner's hand, and ``6-5 left`` or
``6-5 right`` (in the learner's words) for a tile that fits both ends.

>>> from tutor.words.i18n import Speaker
>>> from tutor.rules.plays import Play
>>> from tutor.rules.tiles import Tile
>>> plays = [Play.parse("6-5 left"), Play.parse("6-5 right"), Play.parse("4-4 left")]
>>> words([Tile(6, 5), Tile(4, 4), Tile(1, 0)], plays, Speaker("de"))
['6-5', '6-5 links', '6-5 rechts', '4-4', '1-0']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from tutor.rules.line import LEFT, RIGHT
from tutor.rules.plays import Play
from tutor.rules.tiles import Tile
from tutor.words.i18n import Speaker


def words(tiles: Sequence[Tile], choices: Sequence[Play], sp: Speaker) -> list[str]:
    """The replies offered: each tile of the hand, with its ends when it fits both."""
    result = []
    for tile in tiles:
        result.append(str(tile))
        ends = [play.end for play in choices if play.tile == tile]
        if len(ends) == 2:
            words = {LEFT: sp._("left"), RIGHT: sp._("right")}
            result += [f"{tile} {words[end]}" for end in ends]
    return result


class PlayCompleter(Completer):
    """Completes the reply from ``words`` of the hand shown now."""

    def __init__(self, offered: Callable[[], list[str]]) -> None:
        self.offered = offered

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor.lstrip()
        if not text or text.isdigit():
            return
        folded = text.casefold()
        for word in self.offered():
            if word.casefold().startswith(folded) and word.casefold() != folded:
                yield Completion(word, start_position=-len(text))
