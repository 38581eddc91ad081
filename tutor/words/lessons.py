"""The rules summary and the guided path for new players.

Texts are marked with ``N_`` and translated when shown. Each lesson step is a
short rule text followed by a few easy scenarios chosen from the library.

>>> [step.key for step in path_for("fives-and-threes")][:3]
['tiles', 'line', 'passing']
>>> len(path_for("cutthroat"))
7
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.scenarios.model import Scenario
from tutor.words.i18n import N_

SUMMARY = {
    "cutthroat": (
        N_("Cutthroat (six-love)"),
        (
            N_("Two, three or four players, no partners, a double-six set of 28 tiles."),
            N_(
                "Four players get 7 tiles each; three players take out 0-0 and get 9 each; "
                "two players get 14 each (or 7 each with a boneyard, if the table agrees)."
            ),
            N_(
                "The holder of 6-6 poses it in the first game, after a tied block and after a "
                "bruck; otherwise the winner of the last game poses any tile."
            ),
            N_(
                "Play goes to the right (counter-clockwise). Lay a tile at one of the two ends so "
                "that the touching numbers match; doubles lie crosswise and open no new ends. If "
                "you can play, you must; if you cannot, you pass."
            ),
            N_(
                "Play your last tile and you win the game. If nobody can play, the game is "
                "blocked: everyone counts their own hand and the lowest count wins. A tie for the "
                "lowest count scores nothing and makes the next game worth one more point."
            ),
            N_(
                "An end is hard when seven of the eight halves of its number are on the table: "
                "only one tile can still be laid there. Win with the key card, the one tile that "
                "fits two hard ends, and you get a point more."
            ),
            N_(
                "Reach six points while somebody is still on love (zero) and you give six-love. If "
                "everybody wins a game first, it is a bruck: all scores go back to zero."
            ),
        ),
    ),
    "fives-and-threes": (
        N_("Fives & Threes"),
        (
            N_("Two players get 7 tiles each; the other 14 tiles sleep and are never drawn."),
            N_(
                "After every play, add up the open ends. A double at an end counts both halves; "
                "the first tile alone counts its two halves once."
            ),
            N_(
                "A total that is a multiple of 3 scores total/3 points; a multiple of 5 scores "
                "total/5; 15 scores both: 5 + 3 = 8 points."
            ),
            N_(
                "If you cannot play, you knock. The player who plays their last tile chips out and "
                "gets one more point; if both knock, the round ends with no bonus."
            ),
            N_(
                "The target is exactly 61: a play whose points would pass it scores nothing, and "
                "the game ends the moment a player reaches it."
            ),
        ),
    ),
}
"""For each game: its name and the paragraphs of its summary."""


@dataclass(frozen=True)
class Step:
    """One step of the guided path: a rule text and a test for the scenarios that practise it."""

    key: str
    title: str
    texts: tuple[str, ...]
    practise: Callable[[Scenario], bool]
    games: tuple[str, ...] = ("cutthroat", "fives-and-threes")


def _topic(topic: str, *asks: str) -> Callable[[Scenario], bool]:
    def match(s: Scenario) -> bool:
        return s.topic == topic and (not asks or s.question.ask in asks)

    return match


def _asks(*asks: str) -> Callable[[Scenario], bool]:
    return lambda s: s.question.ask in asks and s.game == "cutthroat"


STEPS: tuple[Step, ...] = (
    Step(
        "tiles",
        N_("The set and the tiles"),
        (
            N_(
                "A double-six set has 28 tiles. Each half shows a number from 0 (blank) to 6, "
                "and every number appears on seven tiles."
            ),
            N_("A hand's count is all its pips added up; a double counts both halves."),
        ),
        _asks("pip-count"),
    ),
    Step(
        "line",
        N_("The line and its ends"),
        (
            N_(
                "The tiles form one line with two open ends. A tile is laid at one end so that "
                "the touching numbers match. A double lies crosswise but opens no new end."
            ),
        ),
        lambda s: s.topic == "legal-plays" and s.question.expect != [],
    ),
    Step(
        "passing",
        N_("Passing"),
        (
            N_(
                "If you hold a tile that fits, you must play. If nothing fits, you pass "
                "(in Fives & Threes: you knock) and the next player goes."
            ),
        ),
        lambda s: (
            (s.question.ask == "legal-plays" and s.question.expect == [])
            or s.question.ask == "is-blocked"
        ),
    ),
    Step(
        "blocked",
        N_("Blocked games and counting"),
        (
            N_(
                "When nobody can play, the game is blocked. Everyone counts their own hand and "
                "the lowest count wins. Equal lowest counts are a tie."
            ),
        ),
        _topic("blocked-boards"),
        ("cutthroat",),
    ),
    Step(
        "hard-ends",
        N_("Hard ends"),
        (
            N_(
                "Each number appears eight times. When seven of them are on the table, an end "
                "showing that number is hard: only one tile, never the double, can still go there."
            ),
        ),
        _topic("hard-ends"),
        ("cutthroat",),
    ),
    Step(
        "key-cards",
        N_("Key cards"),
        (
            N_(
                "When both ends are hard and the one tile left for each is the same tile, that "
                "tile is the key card. Win with it as your last tile and you get a bonus point."
            ),
        ),
        _topic("key-cards"),
        ("cutthroat",),
    ),
    Step(
        "six-love",
        N_("Stakes, six-love and bruck"),
        (
            N_(
                "A game is worth its stake: 1, and one more after each tied block. Reach six while "
                "someone is still on love and you win the set six-love; if everybody has won a "
                "game first, it is a bruck and all scores go back to 0."
            ),
        ),
        lambda s: s.topic in ("six-love", "the-pose") and s.question.ask == "after-game",
        ("cutthroat",),
    ),
    Step(
        "scoring",
        N_("Fives & Threes: scoring, chipping out and the exact 61"),
        (
            N_(
                "After each play add up the ends: multiples of 3 and of 5 score. Playing your last "
                "tile chips out for one more point, and the game must end on exactly 61."
            ),
        ),
        _topic("fives-and-threes-scoring"),
        ("fives-and-threes",),
    ),
)
"""The guided path, in order."""

PER_STEP = 3
"""Scenarios practised after each step's text."""


def path_for(game: str) -> list[Step]:
    """The steps of the path for one game."""
    return [step for step in STEPS if game in step.games]


def practice(
    step: Step,
    scenarios: Sequence[Scenario],
    count: int = PER_STEP,
    *,
    game: str | None = None,
    exclude: frozenset[str] = frozenset(),
) -> list[Scenario]:
    """The easiest scenarios that practise a step (lowest level first, then by id), of ``game``
    only when given, leaving out the ids in ``exclude``."""
    matching = sorted(
        (
            s
            for s in scenarios
            if step.practise(s) and game in (None, s.game) and s.id not in exclude
        ),
        key=lambda s: (s.level, s.id),
    )
    return matching[:count]


def plan(game: str, scenarios: Sequence[Scenario], count: int = PER_STEP) -> list[list[Scenario]]:
    """The questions of each step of the path for ``game``: of that game only, and no scenario
    in two steps.

    >>> plan("cutthroat", [])
    [[], [], [], [], [], [], []]
    """
    used: set[str] = set()
    chosen: list[list[Scenario]] = []
    for step in path_for(game):
        these = practice(step, scenarios, count, game=game, exclude=frozenset(used))
        used.update(s.id for s in these)
        chosen.append(these)
    return chosen
