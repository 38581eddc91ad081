"""The practice page as built: its lists and heat maps come from the code, in each language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from tests.docs.conftest import LANGUAGES, BuiltDocs
from tests.render.test_heatmap import shown
from tutor.questions.coach import Verdict
from tutor.questions.practice import set_equity
from tutor.render.heatmap import shade
from tutor.search.equity import fives_threes_equity
from tutor.search.players import BUDGETS, LEVELS
from tutor.sphinxext.equity import SET_SCORES, SET_STAKES, STEP, TARGET
from tutor.sphinxext.labelled import PLACEHOLDER
from tutor.words.coach import VERDICT_WORDS, percent
from tutor.words.i18n import Speaker

ENGLISH_LABELS = (
    "Your score",
    "Your opponent",
    "You lead the next hand",
    "Chance to win",
    "The numbers, every ten points",
    "Each cell is a score",
)


def page(built_docs: BuiltDocs, language: str) -> str:
    return built_docs.page(language, "practice").read_text(encoding="utf-8")


def svgs(html: str, cls: str) -> list[str]:
    start = f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}"'
    return re.findall(re.escape(start) + ".*?</svg>", html, re.S)


@pytest.mark.parametrize("language", LANGUAGES)
def test_heat_maps_show_the_match_equity_table(built_docs: BuiltDocs, language: str) -> None:
    html = page(built_docs, language)
    maps = svgs(html, "domino-heatmap")
    assert len(maps) == 2
    for svg, my_lead in zip(maps, (True, False), strict=True):
        root = ET.fromstring(svg)
        title = root.find("{http://www.w3.org/2000/svg}title")
        desc = root.find("{http://www.w3.org/2000/svg}desc")
        assert title is not None and title.text and desc is not None and desc.text
        cells = shown(svg)
        assert len(cells) == TARGET * TARGET
        for (mine, theirs), colour in cells.items():
            chance = fives_threes_equity(mine, theirs, my_lead=my_lead, target=TARGET)
            assert colour == shade(chance), (mine, theirs, my_lead)
    legend = svgs(html, "domino-heatmap-legend")
    assert len(legend) == 1 and legend[0].count('class="swatch"') == 10
    assert '<figure class="match-equity' in html and "<figcaption>" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_under_the_maps_are_the_module_s(built_docs: BuiltDocs, language: str) -> None:
    html, sp = page(built_docs, language), Speaker(language)
    tables = re.findall(r'<table class="equity-numbers.*?</table>', html, re.S)
    assert len(tables) == 2
    scores = range(0, TARGET, STEP)
    for table, my_lead in zip(tables, (True, False), strict=True):
        rows = re.findall(r'<th scope="row">(\d+)</th>(.*?)</tr>', table)
        assert [int(score) for score, _ in rows] == list(scores)
        for score, cells in rows:
            wanted = [
                percent(fives_threes_equity(int(score), t, my_lead=my_lead), 0.0, sp)
                for t in scores
            ]
            assert [unescape(c) for c in re.findall(r"<td>([^<]*)</td>", cells)] == wanted


@pytest.mark.parametrize("language", LANGUAGES)
def test_levels_and_grades_come_from_the_code(built_docs: BuiltDocs, language: str) -> None:
    html = page(built_docs, language)
    levels = re.search(r'<ol class="[^"]*computer-levels[^"]*"[^>]*>(.*?)</ol>', html, re.S)
    assert levels
    assert re.findall(r'<li class="level-(\d)">', levels.group(1)) == [str(n) for n in LEVELS]
    text = unescape(re.sub(r"<[^>]+>", "", levels.group(1)))
    for budget in BUDGETS.values():
        assert str(budget.fives_and_threes) in text
        assert str(budget.cutthroat) in text
    sp = Speaker(language)
    grades = re.findall(r'<dt class="grade-(\w+)"><strong>([^<]+)</strong></dt>', html)
    assert grades == [(v.value, sp._(VERDICT_WORDS[v])) for v in Verdict]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_placeholder_is_left(built_docs: BuiltDocs, language: str) -> None:
    html = page(built_docs, language)
    article = html.split('<article role="main"', 1)[1].split("</article>", 1)[0]
    body = re.sub(r"<(code|pre|svg)\b.*?</\1>", "", article, flags=re.S)
    assert not PLACEHOLDER.findall(unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("language", ["de", "pap"])
def test_no_english_words_on_the_translated_page(built_docs: BuiltDocs, language: str) -> None:
    html = unescape(page(built_docs, language))
    assert not [label for label in ENGLISH_LABELS if label in html]
    assert 'class="untranslated"' not in html and "untranslated" not in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_set_table_shows_the_set_equity(built_docs: BuiltDocs, language: str) -> None:
    html, sp = page(built_docs, language), Speaker(language)
    table = re.search(r'<table class="set-equity.*?</table>', html, re.S)
    assert table
    rows = re.findall(r'<th scope="row">(\d)\u2013(\d)</th>(.*?)</tr>', table.group(0))
    assert [(int(a), int(b)) for a, b, _ in rows] == SET_SCORES
    for mine, theirs, cells in rows:
        shown_cells = re.findall(r'<td data-shade="(\d)"[^>]*>([^<]*)</td>', cells)
        wanted = [set_equity(int(mine), int(theirs), stake=s) for s in SET_STAKES]
        assert shown_cells == [(str(shade(c)), percent(c, 0.0, sp)) for c in wanted]
