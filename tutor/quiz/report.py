"""The progress report: one self-contained HTML page (or SVG drawing) with a plot of each rating's
course over recent days of practice, the ratings, and the accuracy per topic. No script, no
font, nothing fetched: it opens the same offline, in any browser.

>>> from tutor.words.i18n import Speaker
>>> svg = course_svg([("2026-11-30", 1500.0), ("2026-12-01", 1580.0)], "Cutthroat")
>>> svg.startswith("<svg") and "<polyline" in svg and "12-01" in svg
True
>>> import xml.dom.minidom
>>> _ = xml.dom.minidom.parseString(svg)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from tutor.quiz.ratings import Rating
from tutor.words.i18n import Speaker

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 36


@dataclass(frozen=True)
class Section:
    """One rating in the report: its name, where it stands, and its course by day."""

    name: str
    rating: Rating
    answers: int
    course: Sequence[tuple[str, float]]
    game: bool = False
    """A game's rating (else a topic's)."""


def _ticks(low: float, high: float) -> list[float]:
    """Round rating values for the grid lines between ``low`` and ``high``.

    >>> _ticks(1480, 1630)
    [1500.0, 1550.0, 1600.0]
    """
    step = next(s for s in (10, 25, 50, 100, 200, 500, 1000) if (high - low) / s <= 4)
    first = math.ceil(low / step) * step
    return [float(v) for v in range(int(first), int(high) + 1, step)]


def course_svg(
    course: Sequence[tuple[str, float]], title: str, *, y: int = 0, heading: bool = True
) -> str:
    """An SVG line plot of a rating by day (``y`` shifts it down, to stack several); the title
    is drawn above it with ``heading`` (an HTML page has its own)."""
    ratings = [r for _, r in course]
    low, high = min(ratings) - 20, max(ratings) + 20
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(index: int) -> float:
        return LEFT + (plot_w * index / (len(course) - 1) if len(course) > 1 else plot_w / 2)

    def y_of(rating: float) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" y="{y}" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    if heading:
        parts.append(
            f'<text x="{LEFT}" y="18" font-size="14" font-weight="bold">{escape(title)}</text>'
        )
    for tick in _ticks(low, high):
        ty = y_of(tick)
        parts.append(
            f'<line x1="{LEFT}" y1="{ty:.1f}" x2="{WIDTH - RIGHT}" y2="{ty:.1f}" '
            'stroke="#ddd"/>'
            f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" fill="#555">'
            f"{round(tick)}</text>"
        )
    every = max(1, math.ceil(len(course) / 8))
    for index, (day, _) in enumerate(course):
        if index % every == 0 or index == len(course) - 1:
            parts.append(
                f'<text x="{x_of(index):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" '
                f'fill="#555">{escape(day[5:])}</text>'
            )
    points = " ".join(f"{x_of(i):.1f},{y_of(r):.1f}" for i, r in enumerate(ratings))
    parts.append(f'<polyline points="{points}" fill="none" stroke="#1f6feb" stroke-width="2"/>')
    for index, (day, rating) in enumerate(course):
        parts.append(
            f'<circle cx="{x_of(index):.1f}" cy="{y_of(rating):.1f}" r="3.5" fill="#1f6feb">'
            f"<title>{escape(day)}: {round(rating)}</title></circle>"
        )
    parts.append(
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#888"/>'
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" '
        'stroke="#888"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


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


def report_svg(sections: Sequence[Section], sp: Speaker) -> str:
    """One SVG drawing: the plot of each rating with a course, one below the other."""
    drawn = [s for s in sections if s.course]
    height = max(1, len(drawn)) * HEIGHT
    title = sp._("Your progress in domino-tutor")
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="white"/>',
    ]
    for number, section in enumerate(drawn):
        title = f"{section.name}: {standing(section, sp)}"
        parts.append(course_svg(section.course, title, y=number * HEIGHT))
    parts.append("</svg>\n")
    return "".join(parts)


def report_html(
    sections: Sequence[Section],
    accuracy: Sequence[str],
    sp: Speaker,
    *,
    written: str,
) -> str:
    """The whole page: a plot and a line for each rating, then the accuracy lines."""
    title = sp._("Your progress in domino-tutor")
    body = [
        f"<h1>{escape(title)}</h1>",
    ]
    written_on = sp._("Written on {date}.").format(date=written)
    body.append(f"<p>{escape(written_on)}</p>")
    if sections:
        heading = sp._("Your ratings by day of practice")
        body.append(f"<h2>{escape(heading)}</h2>")
    else:
        nothing = sp._("No ratings yet: answer a few questions first.")
        body.append(f"<p>{escape(nothing)}</p>")
    for section in sections:
        body.append(
            f"<section><h3>{escape(section.name)}</h3>"
            f"<p>{escape(standing(section, sp))}</p>"
            f"{course_svg(section.course, section.name, heading=False) if section.course else ''}"
            "</section>"
        )
    if accuracy:
        accuracy_heading = sp._("Accuracy per topic")
        body.append(f"<h2>{escape(accuracy_heading)}</h2><ul>")
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
