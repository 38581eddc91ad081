"""What ``domino-tutor progress`` shows: the accuracy per topic, the ratings per game and topic,
a chart of each game's rating over recent days of practice, the practice games (how many, the
accuracy per hand, the mistakes by topic); and the report file.

>>> from tutor.words.i18n import Speaker
>>> accuracy_lines({"hard-ends": (1, 2)}, Speaker("en"), 80)
['Hard ends: 1 of 2 right (50%)']
"""

from __future__ import annotations

import time
from pathlib import Path

from tutor.quiz.chart import rating_chart
from tutor.quiz.played import PracticeGames
from tutor.quiz.progress import ProgressStore
from tutor.quiz.report import (
    Section,
    games_text,
    mistake_items,
    report_html,
    report_svg,
)
from tutor.store.ratings import GAME, TOPIC
from tutor.terminal import clean, wrap
from tutor.words.i18n import Speaker


def accuracy_lines(table: dict[str, tuple[int, int]], sp: Speaker, columns: int) -> list[str]:
    """``topic: 3 of 4 right (75%)`` for each topic by its name in the learner's language,
    aligned when the terminal is wide enough."""
    from tutor.words.vocabulary import topic_name

    names = {topic: clean(topic_name(topic, sp)) for topic in table}
    width = max((len(name) for name in names.values()), default=0)
    lines = []
    aligned = width + 24 <= columns
    for topic, (right, total) in table.items():
        name = names[topic]
        line = sp._("{topic}: {right} of {total} right ({percent})").format(
            topic=name, right=right, total=total, percent=sp.percent(right / total if total else 0)
        )
        if aligned:  # the padding after the colon: "Key cards:         0 of 1 right"
            line = line.replace(f"{name}:", f"{name}:".ljust(width + 1), 1)
        lines += wrap(line, columns - 1, indent="  ")
    return lines


def subject_name(subject: str, sp: Speaker) -> str:
    """A rating's name for the learner: the game's name, or the topic's.

    >>> subject_name("game:fives-and-threes", Speaker("en")), subject_name("topic:x", Speaker("en"))
    ('Fives & Threes', 'x')
    """
    from tutor.words.vocabulary import game_name, topic_name

    if subject.startswith(GAME):
        return game_name(subject.removeprefix(GAME), sp)
    return clean(topic_name(subject.removeprefix(TOPIC), sp))


def sections(store: ProgressStore, sp: Speaker, days: int) -> list[Section]:
    """Every learner rating, the games first, each with its course over ``days`` days."""
    ratings = store.learner_ratings()
    ordered = sorted(ratings, key=lambda s: (not s.startswith(GAME), s))
    return [
        Section(
            subject_name(s, sp), ratings[s][0], ratings[s][1], store.course(s, days),
            game=s.startswith(GAME), history=store.history(s),
        )
        for s in ordered
    ]


def rating_lines(
    found: list[Section], sp: Speaker, columns: int, *, days: int, ascii: bool
) -> list[str]:
    """The ratings, then a small chart of each game's course (games come first in ``found``)."""
    if not found:
        return []
    lines = ["", sp._("Your ratings:")]
    for section in found:
        text = sp.ngettext(
            "{name}: {rating} ± {deviation} ({count} answer)",
            "{name}: {rating} ± {deviation} ({count} answers)",
            section.answers,
        ).format(
            name=section.name,
            rating=round(section.rating.rating),
            deviation=round(section.rating.rd),
            count=section.answers,
        )
        lines += ["  " + line for line in wrap(text, columns - 3, indent="  ")]
    for section in found:
        if not section.game or len(section.course) < 2:
            continue  # a course needs two days
        heading = sp.ngettext(
            "{name}, the last {days} day of practice:",
            "{name}, the last {days} days of practice:",
            len(section.course),
        ).format(name=section.name, days=len(section.course))
        lines += ["", *wrap(heading, columns - 1)]
        chart = rating_chart(section.course[-days:], width=columns - 3, ascii=ascii)
        lines += ["  " + line for line in chart]
    return lines


def games_lines(
    games: PracticeGames, sp: Speaker, columns: int, *, ascii: bool, hands: int = 60
) -> list[str]:
    """The practice games: how many, a chart of the accuracy of the last ``hands`` hands
    (0 to 100, the oldest first), and the mistakes by topic, the most first."""
    if not games.total:
        return []
    lines = ["", *wrap(games_text(games, sp), columns - 1, indent="  ")]
    shown = list(games.hands)[-hands:]
    if shown:
        heading = sp.ngettext(
            "Accuracy per hand, the last {count} hand:",
            "Accuracy per hand, the last {count} hands:",
            len(shown),
        ).format(count=len(shown))
        course = [("", hand.accuracy) for hand in shown]
        chart = rating_chart(course, width=columns - 3, ascii=ascii, scale=(0.0, 100.0),
                             dates=False)
        lines += ["", *wrap(heading, columns - 1), *("  " + line for line in chart)]
    items = mistake_items(games, sp)
    if items:
        mistakes = sp._("Mistakes by topic: {topics}.").format(
            topics=sp.join([f"{name} {count}" for name, count in items])
        )
        lines += ["", *wrap(mistakes, columns - 1, indent="  ")]
    return lines


def write_report(store: ProgressStore, sp: Speaker, path: Path, *, days: int) -> None:
    """Write the report: an SVG drawing when ``path`` ends in ``.svg``, else an HTML page.
    Raises OSError when the file cannot be written."""
    found = sections(store, sp, days)
    games = store.practice_games()
    if path.suffix.lower() == ".svg":
        text = report_svg(found, games, sp)
    else:
        accuracy = accuracy_lines(store.accuracy_by_topic(), sp, 200)
        written = time.strftime("%Y-%m-%d %H:%M")
        text = report_html(found, games, accuracy, sp, written=written)
    path.write_text(text, encoding="utf-8")
