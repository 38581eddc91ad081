"""What the pages say (issue 11: rules text, drawings, sidebar) and how the theme is overridden."""

from __future__ import annotations

import re

import pytest

from tests.docs.conftest import DOCS, LANGUAGES, BuiltDocs

CUTTHROAT = (DOCS / "cutthroat.md").read_text(encoding="utf-8")
FIVES = (DOCS / "fives-and-threes.md").read_text(encoding="utf-8")


def section(text: str, label: str) -> str:
    """The text of the section that starts at ``(label)=``, up to the next label."""
    start = text.index(f"({label})=")
    following = text.find(")=\n", start + len(label) + 3)
    return text[start : following if following > 0 else len(text)]


def test_cutthroat_starts_with_an_at_a_glance_box() -> None:
    before_first_section = CUTTHROAT.split("\n## ", 1)[0]
    box = re.search(r":::\{admonition\} At a glance\n(.*?)\n:::", before_first_section, re.S)
    assert box, "the page does not start with an at-a-glance box"
    for topic in ("Players", "Deal", "Pose", "Turn", "Win", "Block", "Six-love"):
        assert re.search(rf"^{topic}\n: ", box.group(1), re.M), topic


def test_stakes_come_before_key_cards() -> None:
    """The key card is worth "one point more than the stake": say what a stake is first."""
    assert CUTTHROAT.index("(cutthroat-stakes)=") < CUTTHROAT.index("(cutthroat-key-cards)=")


def test_blocked_board_halves_are_right_for_three_players() -> None:
    blocked = section(CUTTHROAT, "cutthroat-blocked")
    assert "all eight halves" not in blocked
    assert "six when three players" in blocked


def test_six_six_poses_after_a_void_tie() -> None:
    options = section(CUTTHROAT, "cutthroat-options")
    void = options.split("Void ties\n: ", 1)[1].split("\n\n", 1)[0]
    assert "6-6 still poses" in void


def test_fives_and_threes_scores_carry_over_and_other_targets() -> None:
    assert "carry over from round to round" in section(FIVES, "fives-rounds")
    options = section(FIVES, "fives-options")
    assert "31" in options and "101" in options


def test_learn_page_starts_with_make_quiz() -> None:
    learn = (DOCS / "learn.md").read_text(encoding="utf-8")
    assert "```sh\nmake quiz\n```" in section(learn, "learn-install")


def test_page_template_overrides_furo_instead_of_copying_it() -> None:
    """pyproject accepts any Furo from 2024.8.6: a copied page.html would freeze one release."""
    template = (DOCS / "_templates" / "page.html").read_text(encoding="utf-8")
    assert '{% extends "!page.html" %}' in template
    assert '<div class="page">' not in template and "related-pages" not in template
    assert len(template.splitlines()) < 40
    assert not (DOCS / "_templates" / "partials" / "icons.html").exists()


SIDEBAR_CAPTIONS = {
    "en": ["Rules", "Practise", "For teachers", "For developers"],
    "de": ["Regeln", "Üben", "Für Lehrende", "Für Entwickler"],
    "pap": ["Reglanan", "Praktiká", "Pa maestronan", "Pa programadónan"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_sidebar_is_grouped_under_captions(built_docs: BuiltDocs, language: str) -> None:
    html = built_docs.page(language, "index").read_text(encoding="utf-8")
    sidebar = html.split('class="sidebar-tree"', 1)[1].split("</nav>", 1)[0]
    caption = r'<p class="caption"[^>]*><span class="caption-text">([^<]+)</span>'
    captions = re.findall(caption, sidebar)
    assert captions == SIDEBAR_CAPTIONS[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_tile_names_never_break_at_their_hyphen(built_docs: BuiltDocs, language: str) -> None:
    html = built_docs.page(language, "cutthroat").read_text(encoding="utf-8")
    article = html.split('id="furo-main-content"', 1)[1].split("</article>", 1)[0]
    paragraphs = re.findall(r"<p>(.*?)</p>", article, re.S)
    text = " ".join(re.sub(r"<code.*?</code>|<[^>]+>", " ", p) for p in paragraphs)
    assert "6\u20116" in text
    assert not re.search(r"(?<![\w-])[0-6]-[0-6](?![\w-])", text), "a tile name with a plain -"
    assert 'data-tile="6-6"' in article, "the drawings keep their plain names"


def test_unbreakable_tile_names_leaves_code_and_drawings() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("docs_conf", DOCS / "conf.py")
    assert spec and spec.loader
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    body = '<p>Lay the 6-5, then 5-5.</p><pre>6-5</pre><svg><desc>6-5</desc></svg><p>2024-08-06</p>'
    assert conf.unbreakable_tile_names(body) == (
        "<p>Lay the 6\u20115, then 5\u20115.</p><pre>6-5</pre><svg><desc>6-5</desc></svg>"
        "<p>2024-08-06</p>"
    )


def test_templates_call_the_translator_only_with_literals() -> None:
    """``make docs-catalogs`` (Sphinx's gettext builder) crashes on ``_(variable)``."""
    for template in sorted((DOCS / "_templates").rglob("*.html")):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"\b_\(\s*[^'\"\s]", text), template.name
