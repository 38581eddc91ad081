"""The progress report: one self-contained HTML page (or SVG drawing) with a plot of each rating
answer by answer, its uncertainty drawn as a band (the Glicko deviation), the practice games
(the accuracy of each hand, the mistakes by topic), and the accuracy per topic. No script, no
font, nothing fetched: it opens the same offline, in any browser.

Every rating plot starts where every rating starts (1500 ± 500) and shares one scale with the
others, so that two plots can be compared at a glance; a game whose answers all lie in one topic
is drawn once, with the topic (``merged``), never twice.

>>> svg = plot_svg([1500.0, 1420.0, 1470.0], "Cutthroat", band=[500.0, 400.0, 330.0],
...                low=1000.0, high=2000.0, x_labels=["0", "1", "2"])
>>> svg.startswith("<svg") and "<polyline" in svg and "<polygon" in svg
True
>>> import xml.dom.minidom
>>> _ = xml.dom.minidom.parseString(svg)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from tutor.quiz.played import PracticeGames
from tutor.quiz.ratings import START, Rating
from tutor.terminal import clean
from tutor.words.i18n import Speaker

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 40
BLUE, GREY = "#1f6feb", "#555"


@dataclass(frozen=True)
class Section:
    """One rating in the report: its name, where it stands, its course by day (the terminal's
    chart) and after each answer (``history``: time, rating, deviation; the report's plot)."""

    name: str
    rating: Rating
    answers: int
    course: Sequence[tuple[str, float]]
    game: bool = False
    """A game's rating (else a topic's)."""
    history: Sequence[tuple[float, float, float]] = field(default=())


def _ticks(low: float, high: float) -> list[float]:
    """Round values for the grid lines between ``low`` and ``high``.

    >>> _ticks(1480, 1630)
    [1500.0, 1550.0, 1600.0]
    >>> _ticks(0, 100)
    [0.0, 25.0, 50.0, 75.0, 100.0]
    """
    step = next(s for s in (10, 25, 50, 100, 200, 500, 1000) if (high - low) / s <= 4)
    first = math.ceil(low / step) * step
    return [float(v) for v in range(int(first), int(high) + 1, step)]


def plot_svg(
    values: Sequence[float],
    title: str,
    *,
    low: float,
    high: float,
    x_labels: Sequence[str],
    band: Sequence[float] | None = None,
    caption: str = "",
    y: int = 0,
    heading: bool = True,
    tips: Sequence[str] = (),
    subtitle: str = "",
) -> str:
    """An SVG line plot of ``values`` between ``low`` and ``high``, each at its ``x_labels``
    entry (a few are written under the axis), with ``band`` (± around each value) shaded;
    ``caption`` names the axis below, ``tips`` are the points' tooltips. ``y`` shifts it down,
    to stack several; the title (and ``subtitle``, at the right) is drawn above it with
    ``heading`` (a page has its own)."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(values)

    def x_of(index: int) -> float:
        return LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    def y_of(value: float) -> float:
        clipped = min(high, max(low, value))
        return TOP + plot_h * (high - clipped) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" y="{y}" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    if heading:
        parts.append(
            f'<text x="{LEFT}" y="18" font-size="14" font-weight="bold">{escape(title)}</text>'
        )
        if subtitle:
            parts.append(f'<text x="{WIDTH - RIGHT}" y="18" text-anchor="end" fill="{GREY}">'
                         f"{escape(subtitle)}</text>")
    for tick in _ticks(low, high):
        ty = y_of(tick)
        parts.append(
            f'<line x1="{LEFT}" y1="{ty:.1f}" x2="{WIDTH - RIGHT}" y2="{ty:.1f}" stroke="#ddd"/>'
            f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" fill="{GREY}">'
            f"{round(tick)}</text>"
        )
    if band is not None and count:
        pairs = list(enumerate(zip(values, band, strict=True)))
        upper = [f"{x_of(i):.1f},{y_of(v + b):.1f}" for i, (v, b) in pairs]
        lower = [f"{x_of(i):.1f},{y_of(v - b):.1f}" for i, (v, b) in pairs]
        if count == 1:  # a band needs a width: an error bar
            x = x_of(0)
            parts.append(
                f'<rect x="{x - 8:.1f}" y="{y_of(values[0] + band[0]):.1f}" width="16" '
                f'height="{y_of(values[0] - band[0]) - y_of(values[0] + band[0]):.1f}" '
                f'fill="{BLUE}" fill-opacity="0.18"/>'
            )
        else:
            points = " ".join(upper + lower[::-1])
            parts.append(f'<polygon points="{points}" fill="{BLUE}" fill-opacity="0.18"/>')
    every = max(1, math.ceil(count / 8))
    for index, label in enumerate(x_labels):
        last = index == count - 1
        if last or (index % every == 0 and count - 1 - index >= (every + 1) // 2):
            parts.append(
                f'<text x="{x_of(index):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" '
                f'fill="{GREY}">{escape(label)}</text>'
            )
    if caption:
        parts.append(
            f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle" '
            f'fill="{GREY}">{escape(caption)}</text>'
        )
    line = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{BLUE}" stroke-width="2"/>')
    for index, value in enumerate(values):
        tip = tips[index] if index < len(tips) else f"{round(value)}"
        parts.append(
            f'<circle cx="{x_of(index):.1f}" cy="{y_of(value):.1f}" r="3" fill="{BLUE}">'
            f"<title>{escape(tip)}</title></circle>"
        )
    parts.append(
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#888"/>'
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" '
        'stroke="#888"/></svg>'
    )
    return "".join(parts)


def rating_points(section: Section) -> tuple[list[float], list[float]]:
    """The rating and its deviation from the start (1500 ± 500) through every answer kept."""
    return (
        [START.rating, *(rating for _, rating, _ in section.history)],
        [START.rd, *(rd for _, _, rd in section.history)],
    )


def rating_scale(sections: Sequence[Section]) -> tuple[float, float]:
    """One scale for every rating plot: every band fits, in whole hundreds.

    >>> rating_scale([])
    (1000.0, 2000.0)
    """
    low, high = START.rating - START.rd, START.rating + START.rd
    for section in sections:
        values, band = rating_points(section)
        low = min([low, *(v - b for v, b in zip(values, band, strict=True))])
        high = max([high, *(v + b for v, b in zip(values, band, strict=True))])
    return math.floor(low / 100) * 100.0, math.ceil(high / 100) * 100.0


def rating_svg(section: Section, sp: Speaker, scale: tuple[float, float], **where: int) -> str:
    """The plot of one rating, answer by answer, with its band."""
    values, band = rating_points(section)
    labels = [str(number) for number in range(len(values))]
    tips = [
        sp._("after {count} answers: {rating} ± {deviation}").format(
            count=number, rating=round(value), deviation=round(spread)
        )
        for number, (value, spread) in enumerate(zip(values, band, strict=True))
    ]
    return plot_svg(
        values, section.name, subtitle=standing(section, sp), low=scale[0], high=scale[1],
        x_labels=labels, band=band, caption=sp._("answers (the band: rating ± deviation)"),
        tips=tips, heading=bool(where.get("heading", 1)), y=where.get("y", 0),
    )


def standing(section: Section, sp: Speaker) -> str:
    """"Rating 1580 ± 120 after 12 answers", in the learner's language."""
    return sp.ngettext(
        "Rating {rating} ± {deviation} after {count} answer",
        "Rating {rating} ± {deviation} after {count} answers",
        section.answers,
    ).format(
        rating=round(section.rating.rating),
        deviation=round(section.rating.rd),
        count=section.answers,
    )


def merged(sections: Sequence[Section]) -> list[Section]:
    """The sections to plot: a game whose answers all lie in one topic has the very plot of
    that topic, so it is drawn once, named by both (the games' own lines stay in the text).

    >>> one = Section("Cutthroat", START, 2, (), True, ((1.0, 1400.0, 400.0), (2.0, 1450.0, 350.0)))
    >>> [s.name for s in merged([one, Section("Hard ends", START, 2, (), False, one.history)])]
    ['Cutthroat · Hard ends']
    """
    topics = [s for s in sections if not s.game]
    shown: list[Section] = []
    named: dict[int, str] = {}
    for section in sections:
        if not section.game:
            continue
        same = [k for k, topic in enumerate(topics) if list(topic.history) == list(section.history)]
        if section.history and len(same) == 1:
            named[same[0]] = f"{section.name} · {named.get(same[0], topics[same[0]].name)}"
        else:
            shown.append(section)
    for k, topic in enumerate(topics):
        shown.append(Section(named.get(k, topic.name), topic.rating, topic.answers, topic.course,
                             False, topic.history))
    return shown


def accuracy_svg(games: PracticeGames, sp: Speaker, **where: int) -> str:
    """The accuracy of every hand of the practice games, oldest first (0 to 100)."""
    from tutor.rules.table_rules import FIVES_AND_THREES
    from tutor.words.vocabulary import game_name

    hands = games.hands
    labels = [str(number) for number in range(1, len(hands) + 1)]
    days = sorted({time.strftime("%Y-%m-%d", time.localtime(hand.saved)) for hand in hands})
    span = days[0] if len(days) == 1 else sp._("{first} to {last}").format(
        first=days[0], last=days[-1]
    )
    tips = [
        (
            sp._("{game}, match {id}, round {hand}: {accuracy}")
            if hand.game == FIVES_AND_THREES
            else sp._("{game}, set {id}, game {hand}: {accuracy}")
        ).format(
            game=game_name(hand.game, sp), id=hand.game_id[:8], hand=hand.hand,
            accuracy=sp.percent(hand.accuracy / 100),
        )
        for hand in hands
    ]
    return plot_svg(
        [hand.accuracy for hand in hands], sp._("Accuracy per hand"), low=0.0, high=100.0,
        x_labels=labels, caption=sp._("hands, the oldest first ({days})").format(days=span),
        tips=tips,
        heading=bool(where.get("heading", 1)), y=where.get("y", 0),
    )


def bars_svg(items: Sequence[tuple[str, int]], title: str, *, y: int = 0,
             heading: bool = True) -> str:
    """A horizontal bar for each ``(label, count)``, the counts written at the bars' ends."""
    row, top = 24, 32 if heading else 8
    height = top + row * max(1, len(items)) + 8
    label_w, most = 220, max((count for _, count in items), default=1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" y="{y}" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    if heading:
        parts.append(f'<text x="8" y="18" font-size="14" font-weight="bold">{escape(title)}</text>')
    span = WIDTH - label_w - 60
    for number, (label, count) in enumerate(items):
        top_y = top + number * row
        width = span * count / most
        parts.append(
            f'<text x="{label_w - 8}" y="{top_y + 15}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{top_y + 3}" width="{width:.1f}" height="{row - 8}" '
            f'fill="{BLUE}"/>'
            f'<text x="{label_w + width + 6:.1f}" y="{top_y + 15}" fill="{GREY}">{count}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def bars_height(items: Sequence[tuple[str, int]], heading: bool = True) -> int:
    """The height ``bars_svg`` draws ``items`` in."""
    return (32 if heading else 8) + 24 * max(1, len(items)) + 8


def games_text(games: PracticeGames, sp: Speaker) -> str:
    """"3 practice games (1 finished): Cutthroat 2, Fives & Threes 1.", in the learner's words."""
    from tutor.words.vocabulary import game_name

    kinds = sp.join([f"{game_name(game, sp)} {count}" for game, count in sorted(
        games.played.items())])
    return sp.ngettext(
        "{count} practice game ({finished} finished): {kinds}.",
        "{count} practice games ({finished} finished): {kinds}.",
        games.total,
    ).format(count=games.total, finished=games.finished, kinds=kinds)


def mistake_items(games: PracticeGames, sp: Speaker) -> list[tuple[str, int]]:
    """The mistakes by topic, named in the learner's language, the most first."""
    from tutor.words.vocabulary import topic_name

    return [(clean(topic_name(topic, sp)), count) for topic, count in games.mistakes()]


def report_svg(sections: Sequence[Section], games: PracticeGames, sp: Speaker) -> str:
    """One SVG drawing: the plot of each rating, then the practice games' plots, stacked."""
    plotted = merged(sections)
    scale = rating_scale(plotted)
    items = mistake_items(games, sp)
    parts: list[str] = []
    top = 0
    for section in plotted:
        parts.append(rating_svg(section, sp, scale, y=top))
        top += HEIGHT
    if games.hands:
        parts.append(accuracy_svg(games, sp, y=top))
        top += HEIGHT
    if items:
        parts.append(bars_svg(items, sp._("Mistakes by topic"), y=top))
        top += bars_height(items)
    title = sp._("Your progress in domino-tutor")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{max(top, 1)}" '
        f'viewBox="0 0 {WIDTH} {max(top, 1)}"><title>{escape(title)}</title>'
        '<rect width="100%" height="100%" fill="white"/>' + "".join(parts) + "</svg>\n"
    )


def report_html(
    sections: Sequence[Section],
    games: PracticeGames,
    accuracy: Sequence[str],
    sp: Speaker,
    *,
    written: str,
) -> str:
    """The whole page: a plot for each rating, the practice games, then the accuracy lines."""
    title = sp._("Your progress in domino-tutor")
    body = [f"<h1>{escape(title)}</h1>"]
    # (gettext calls stay outside the f-strings: Babel's extractor does not look inside them)
    written_on = sp._("Written on {date}.").format(date=written)
    body.append(f"<p>{escape(written_on)}</p>")
    plotted = merged(sections)
    if plotted:
        heading = sp._("Your ratings, answer by answer")
        body.append(f"<h2>{escape(heading)}</h2>")
        explained = sp._(
            "Every rating starts at 1500 ± 500. The line is the rating after each answer; the "
            "band around it is its uncertainty (± the deviation), which narrows as you answer."
        )
        body.append(f"<p>{escape(explained)}</p>")
    else:
        none_yet = sp._("No ratings yet: answer a few questions first.")
        body.append(f"<p>{escape(none_yet)}</p>")
    scale = rating_scale(plotted)
    for section in plotted:
        body.append(
            f"<section><h3>{escape(section.name)}</h3>"
            f"<p>{escape(standing(section, sp))}</p>"
            f"{rating_svg(section, sp, scale, heading=0)}</section>"
        )
    if games.total:
        heading = sp._("Practice games")
        body.append(f"<h2>{escape(heading)}</h2>")
        body.append(f"<p>{escape(games_text(games, sp))}</p>")
    if games.hands:
        heading = sp._("Accuracy per hand")
        body.append(f"<section><h3>{escape(heading)}</h3>"
                    f"{accuracy_svg(games, sp, heading=0)}</section>")
    items = mistake_items(games, sp)
    if items:
        heading = sp._("Mistakes by topic")
        body.append(f"<section><h3>{escape(heading)}</h3>"
                    f"{bars_svg(items, heading, heading=False)}</section>")
    if accuracy:
        heading = sp._("Accuracy per topic")
        body.append(f"<h2>{escape(heading)}</h2><ul>")
        body += [f"<li>{escape(line)}</li>" for line in accuracy]
        body.append("</ul>")
    style = (
        "body{font-family:sans-serif;max-width:680px;margin:2em auto;padding:0 1em;color:#222}"
        "section{margin:1.5em 0}svg{max-width:100%;height:auto}h3{margin-bottom:.2em}"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(sp.language)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{style}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
