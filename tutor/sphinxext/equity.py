"""The ``match-equity`` directive: the match equity table of ``tutor.search.equity`` as heat maps.

MyST::

    ```{match-equity} fives-and-threes
    :title: Your chance to win a match of Fives & Threes to 61
    :desc: Each cell is a score ...
    :mine: Your score
    :theirs: Your opponent's score
    :you-lead: You lead the next hand
    :they-lead: Your opponent leads the next hand
    :legend: Chance to win
    :numbers: The numbers, every ten points

    The caption, a paragraph of the page.
    ```

and ``{set-equity}`` with ``:title:``, ``:score:`` and ``:stake:``: a two-player Cutthroat set
to six-love as a table of coloured cells, one row per set score, one column per stake.

Two heat maps, one for each player leading the next hand, drawn from
``tutor.search.equity.fives_threes_equity`` (through ``tutor.questions.practice``) at every
score pair below the target, with one colour legend, and under them a table of the numbers
every ten points for readers who cannot see the colours. Every word is the page's (see
``tutor.sphinxext.labelled``); the chances are written as the game writes them
(``tutor.words.coach.percent``, exact).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from docutils import nodes

from tutor.questions.practice import match_equity, match_equity_table, set_equity
from tutor.render.heatmap import COLOURS, MapLabels, heatmap_svg, legend_svg, shade
from tutor.sphinxext.labelled import (
    LabelledDirective,
    content_of,
    fill_nodes,
    renderer,
    words,
)
from tutor.words.coach import percent
from tutor.words.i18n import Speaker

TARGET = 61
STEP = 10
"""The numbers table shows every this many points."""


def equity_grid(my_lead: bool, target: int = TARGET) -> list[list[float]]:
    """``grid[mine][theirs]``: the chance to win the match from every score below the target
    (``tutor.questions.practice.match_equity_table``, from ``tutor.search.equity``)."""
    return match_equity_table(my_lead=my_lead, target=target)


def numbers_table(
    grid: Sequence[Sequence[float]], caption: str, mine: str, theirs: str, sp: Speaker
) -> str:
    """The chances every ``STEP`` points as an HTML table: your score down, theirs across.

    >>> html = numbers_table([[0.5] * 11 for _ in range(11)], "Lead", "You", "They", Speaker())
    >>> html.count("<td>"), "<caption>Lead</caption>" in html
    (4, True)
    """
    scores = range(0, len(grid), STEP)
    head = "".join(f'<th scope="col">{theirs_score}</th>' for theirs_score in scores)
    rows = "".join(
        f'<tr><th scope="row">{mine_score}</th>'
        + "".join(f"<td>{escape(percent(grid[mine_score][t], 0.0, sp))}</td>" for t in scores)
        + "</tr>"
        for mine_score in scores
    )
    corner = f"{escape(mine)} ↓ · {escape(theirs)} →"
    return (
        f'<div class="table-wrapper"><table class="equity-numbers docutils">'
        f"<caption>{escape(caption)}</caption>"
        f'<thead><tr><th scope="col">{corner}</th>{head}</tr></thead><tbody>{rows}</tbody>'
        "</table></div>"
    )


class EquityDirective(LabelledDirective):
    """``{match-equity} fives-and-threes``: the chance to win from every score, as heat maps."""

    kind = "match-equity"
    labels = ("title", "desc", "mine", "theirs", "you-lead", "they-lead", "legend", "numbers")
    required_arguments = 1
    optional_arguments = 0


@renderer("match-equity")
def render_equity(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    if node["argument"] != "fives-and-threes":
        raise ValueError(f"no match equity table for {node['argument']!r}: fives-and-threes")
    said = {label: words(paragraph) for label, paragraph in texts.items()}
    panels, tables = [], []
    for lead, my_lead in (("you-lead", True), ("they-lead", False)):
        grid = equity_grid(my_lead)
        uid = f"equity-{lead}"
        labels = MapLabels(
            title=f"{said['title']}: {said[lead]}",
            desc=said["desc"],
            x_axis=said["mine"],
            y_axis=said["theirs"],
        )
        panels.append(
            f'<div class="equity-panel" data-lead="{lead}">'
            f'<p class="equity-panel-title">{escape(said[lead])}</p>'
            f"{heatmap_svg(grid, labels, uid=uid)}</div>"
        )
        tables.append(numbers_table(grid, said[lead], said["mine"], said["theirs"], sp))
    legend = legend_svg(
        said["legend"], uid="equity-legend", chance=lambda c: percent(c, 0.0, sp)
    )
    html = (
        f'<div class="equity-panels">{"".join(panels)}</div>'
        f'<div class="equity-legend">{legend}'
        f'</div><details class="equity-details"><summary>{escape(said["numbers"])}</summary>'
        f'{"".join(tables)}</details>'
    )
    figure = nodes.figure(classes=["match-equity"], ids=["match-equity-table"])
    figure += nodes.raw("", html, format="html")
    values = equity_values(sp)
    parts = [fill_nodes(part, values) if isinstance(part, nodes.Element) else part
             for part in content_of(node)]
    if parts and isinstance(parts[0], nodes.paragraph):
        figure += caption_of(parts.pop(0))
    if parts:
        figure += nodes.legend("", *parts)
    return [figure]


def caption_of(paragraph: nodes.paragraph) -> nodes.caption:
    """A paragraph of the page (translated already) as a figure's caption."""
    caption = nodes.caption(paragraph.rawsource, "", *paragraph.children)
    caption.source, caption.line = paragraph.source, paragraph.line
    if "translated" in paragraph:  # Sphinx marks an untranslated caption as it did the paragraph
        caption["translated"] = paragraph["translated"]
    return caption


def equity_values(sp: Speaker) -> dict[str, str]:
    """The numbers the figure's text may name: the leader's chance at 0 to 0, ``{lead_at_0}``."""
    return {"lead_at_0": percent(match_equity(0, 0, my_lead=True), 0.0, sp)}


SET_SCORES = [(mine, 0) for mine in range(5, 0, -1)] + [(0, 0)] + [(0, t) for t in range(1, 6)]
"""The scores of a two-player set, from 5 to 0 for you down to 0 to 5 (both on 1 or more is a
bruck, so one of the two is always 0)."""
SET_STAKES = (1, 2, 3)
DASH = "\u2013"
"""Between the two numbers of a score (an en dash: 3\u20130)."""


def set_table(title: str, score: str, stake: str, sp: Speaker) -> str:
    """The chance to win a two-player Cutthroat set from every set score (a row each) and stake
    (a column each), as a table whose cells take the heat map's colours (``set_equity``).

    >>> html = set_table("Set", "Score", "Stake", Speaker())
    >>> html.count("<td "), html.count('<th scope="row">'), "<caption>Set</caption>" in html
    (33, 11, True)
    """
    heads = "".join(f'<th scope="col">{worth}</th>' for worth in SET_STAKES)
    rows = []
    for mine, theirs in SET_SCORES:
        cells = []
        for worth in SET_STAKES:
            chance = set_equity(mine, theirs, stake=worth)
            tenth = shade(chance)
            ink = "#ffffff" if tenth <= 1 or tenth >= 8 else "#111111"
            cells.append(
                f'<td data-shade="{tenth}" style="background:{COLOURS[tenth]};color:{ink}">'
                f"{escape(percent(chance, 0.0, sp))}</td>"
            )
        rows.append(f'<tr><th scope="row">{mine}{DASH}{theirs}</th>{"".join(cells)}</tr>')
    return (
        f'<div class="table-wrapper"><table class="set-equity docutils">'
        f"<caption>{escape(title)}</caption><thead>"
        f'<tr><th scope="col" rowspan="2">{escape(score)}</th>'
        f'<th scope="colgroup" colspan="{len(SET_STAKES)}">{escape(stake)}</th></tr>'
        f"<tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


class SetEquityDirective(LabelledDirective):
    """``{set-equity}``: the chance to win a two-player Cutthroat set, by set score and stake."""

    kind = "set-equity"
    labels = ("title", "score", "stake")


@renderer("set-equity")
def render_set_equity(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    said = {label: words(paragraph) for label, paragraph in texts.items()}
    figure = nodes.figure(classes=["set-equity"], ids=["set-equity-table"])
    table = set_table(said["title"], said["score"], said["stake"], sp)
    figure += nodes.raw("", table, format="html")
    parts = content_of(node)
    if parts and isinstance(parts[0], nodes.paragraph):
        figure += caption_of(parts[0])
    return [figure]
