"""The texts for new players: the rules summary and the lessons of the guided path.

Texts are marked with ``N_`` and translated when shown. Each lesson is a short rule text;
``tutor.quiz.learn`` follows it with a few easy scenarios chosen from the library.

>>> list(LESSONS)[:3]
['tiles', 'line', 'passing']
"""

from __future__ import annotations

from dataclasses import dataclass

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
                "The target is exactly 61: a play whose points would go past it scores nothing, "
                "and the game ends the moment a player reaches it."
            ),
        ),
    ),
}
"""For each game: its name and the paragraphs of its summary."""


@dataclass(frozen=True)
class Lesson:
    """The text of one step of the guided path: a title and a few short paragraphs."""

    key: str
    title: str
    texts: tuple[str, ...]


LESSONS: dict[str, Lesson] = {
    lesson.key: lesson
    for lesson in (
        Lesson(
            "tiles",
            N_("The set and the tiles"),
            (
                N_(
                    "A double-six set has 28 tiles. Each half shows a number from 0 (blank) to 6, "
                    "and every number appears on seven tiles."
                ),
                N_("A hand's count is all its pips added up; a double counts both halves."),
            ),
        ),
        Lesson(
            "line",
            N_("The line and its ends"),
            (
                N_(
                    "The tiles form one line with two open ends. A tile is laid at one end so that "
                    "the touching numbers match. A double lies crosswise but opens no new end."
                ),
            ),
        ),
        Lesson(
            "passing",
            N_("Passing"),
            (
                N_(
                    "If you hold a tile that fits, you must play. If nothing fits, you pass "
                    "(in Fives & Threes: you knock) and the next player goes."
                ),
            ),
        ),
        Lesson(
            "blocked",
            N_("Blocked games and counting"),
            (
                N_(
                    "When nobody can play, the game is blocked. Everyone counts their own hand and "
                    "the lowest count wins. Equal lowest counts are a tie."
                ),
            ),
        ),
        Lesson(
            "hard-ends",
            N_("Hard ends"),
            (
                N_(
                    "Each number appears eight times. When seven of them are on the table, an "
                    "end showing that number is hard: only one tile, never the double, can still "
                    "go there."
                ),
            ),
        ),
        Lesson(
            "key-cards",
            N_("Key cards"),
            (
                N_(
                    "When both ends are hard and the one tile left for each is the same tile, that "
                    "tile is the key card. Win with it as your last tile and you get a bonus point."
                ),
            ),
        ),
        Lesson(
            "six-love",
            N_("Stakes, six-love and bruck"),
            (
                N_(
                    "A game is worth its stake: 1, and one more after each tied block. Reach six "
                    "while someone is still on love and you win the set six-love; if everybody "
                    "has won a game first, it is a bruck and all scores go back to 0."
                ),
            ),
        ),
        Lesson(
            "scoring",
            N_("Fives & Threes: scoring, chipping out and the exact 61"),
            (
                N_(
                    "After each play add up the ends: multiples of 3 and of 5 score. Playing your "
                    "last tile chips out for one more point, and the game must end on exactly 61."
                ),
            ),
        ),
    )
}
"""The text of each step of the guided path (``tutor.quiz.learn.STEPS``), by key."""
