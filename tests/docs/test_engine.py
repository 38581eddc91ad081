"""The puzzles answered on their pages, in a real browser: headless Chromium driven by Playwright.

The built site is served over HTTP from 127.0.0.1 (a module Web Worker cannot start from a
``file://`` page); the engine is Pyodide in a worker, with the tutor's wheel. For en, de and pap:
every puzzle of the Cutthroat page (seven reply shapes) and puzzles of a gallery page (one play)
answered right and wrong through their controls, the verdict read from the page and compared
with ``tutor.web.answers`` (itself proved equal to the terminal quiz in ``tests/web``); one
puzzle answered by keyboard only; and no request ever leaving the site.

Skipped where Chromium or Playwright is missing, or Pyodide has not been fetched
(``make pyodide``; ``.ci/run`` does it).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from tests.docs.conftest import CHROMIUM, LANGUAGES, ROOT, BuiltDocs, Visit
from tests.web.test_answers import a_wrong_reply, right_reply
from tutor.web.answers import answer, scenario

PLAYWRIGHT = importlib.util.find_spec("playwright") is not None


def _engine_fetched() -> bool:
    spec = importlib.util.spec_from_file_location("engine_for_tests", ROOT / "tools" / "engine.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return bool(module.fetched())


pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed"),
    pytest.mark.skipif(not PLAYWRIGHT, reason="playwright is not installed (the test extra)"),
    pytest.mark.skipif(
        not _engine_fetched(),
        reason="Pyodide is not fetched (make pyodide): the pages have no engine to test",
    ),
]

ENGINE_TIMEOUT = 90_000
"""Milliseconds the engine may take to be ready on a busy machine (about 5-8 s on ours)."""


def choose(figure: Any, form: dict[str, Any], reply: str) -> None:
    """Set the figure's controls to ``reply`` as a reader would (clicks and typing)."""
    if not form["choices"]:
        figure.locator("input[type=number]").fill(reply)
        return
    if form["reply"] == "tile":
        figure.locator("form.scenario-try select").select_option(reply)
        return
    wanted = set() if reply == "none" else set(reply.split(", "))
    for box in figure.locator("form.scenario-try input").all():
        value = box.get_attribute("value")
        if form["multiple"]:
            box.set_checked(value in wanted)
        elif value in wanted:
            box.check()


def verdict_lines(figure: Any) -> tuple[str, list[str]]:
    """The verdict on the page: its kind and its lines (the head, then the list)."""
    box = figure.locator(".scenario-verdict")
    head = box.locator(".scenario-verdict-head").inner_text().strip()
    rest = [item.inner_text().strip() for item in box.locator("li").all()]
    return str(box.get_attribute("data-verdict")), [head, *rest]


def answer_on_page(figure: Any, form: dict[str, Any], reply: str) -> tuple[str, list[str]]:
    figure.evaluate("f => f.querySelector('.scenario-verdict').dataset.n = 'old'")
    choose(figure, form, reply)
    figure.locator("button.scenario-check").click()
    figure.page.wait_for_function(
        "f => f.querySelector('.scenario-verdict').dataset.n !== 'old'",
        arg=figure.element_handle(),
        timeout=ENGINE_TIMEOUT,
    )
    return verdict_lines(figure)


def check_page(page: Any, language: str, limit: int | None = None) -> set[str]:
    """Answer the page's puzzles right and wrong; returns the reply shapes tried."""
    figures = page.locator("figure.domino-scenario[data-form]").all()
    assert figures, "no puzzle with controls on the page"
    shapes = set()
    for figure in figures[:limit]:
        form = json.loads(str(figure.get_attribute("data-form")))
        assert form["language"] == language
        s = scenario(form["scenario"])
        right = right_reply(s)
        verdict, lines = answer_on_page(figure, form, right)
        assert verdict == "right", (s.id, right, lines)
        assert lines == answer(s.id, right, language)["lines"], s.id
        wrong = a_wrong_reply(s, right)
        if wrong is not None:
            verdict, lines = answer_on_page(figure, form, wrong)
            assert verdict == "wrong", (s.id, wrong, lines)
            assert lines == answer(s.id, wrong, language)["lines"], s.id
        shapes.add(form["reply"])
    return shapes


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_puzzle_of_a_page_is_answered_on_it(
    visit: Visit, site: str, language: str, shots_dir: Path
) -> None:
    page = visit.open(f"{site}{language}/cutthroat.html")
    shapes = check_page(page, language)
    page.locator("figure.domino-scenario").nth(1).screenshot(
        path=str(shots_dir / f"engine-cutthroat-{language}.png")
    )
    gallery = visit.open(f"{site}{language}/gallery/block-to-win.html")
    shapes |= check_page(gallery, language, limit=2)
    assert shapes == {"plays", "play", "number", "yes-no", "seat", "ends", "tile", "result"}
    assert not [url for url in visit.urls if url.endswith("pyodide-lock.json")]  # engine.json's
    lang = page.evaluate("document.documentElement.lang")
    assert lang == language


def test_one_puzzle_by_keyboard_alone(visit: Visit, site: str) -> None:
    page = visit.open(f"{site}en/cutthroat.html")
    figure = page.locator("figure.domino-scenario[data-form]").nth(1)  # the first tile to play
    first = figure.locator("form.scenario-try input").first
    first.focus()
    assert page.evaluate("document.activeElement.type") == "checkbox"
    label = page.evaluate("document.activeElement.labels[0].textContent.trim()")
    page.keyboard.press("Space")
    for _ in range(figure.locator("form.scenario-try input").count()):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "scenario-check"
    page.keyboard.press("Enter")
    figure.locator(".scenario-verdict").wait_for(state="visible", timeout=ENGINE_TIMEOUT)
    verdict, lines = verdict_lines(figure)
    form = json.loads(str(figure.get_attribute("data-form")))
    value = next(c["value"] for c in form["choices"] if c["label"] == label)
    assert lines == answer(form["scenario"], value, "en")["lines"]
    assert verdict in ("right", "wrong")


def test_nothing_chosen_is_said_and_nothing_is_judged(visit: Visit, site: str) -> None:
    page = visit.open(f"{site}pap/cutthroat.html")
    figure = next(
        f
        for f in page.locator("figure.domino-scenario[data-form]").all()
        if json.loads(str(f.get_attribute("data-form")))["reply"] == "yes-no"
    )
    figure.locator("button.scenario-check").click()
    assert figure.locator(".scenario-status").inner_text() == "Skohe un kontesta promé."
    assert figure.locator(".scenario-verdict").is_hidden()


def test_with_javascript_off_the_page_is_as_before(browser: Any, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{site}de/cutthroat.html")
        assert page.locator("form.scenario-try").count() == 0
        figures = page.locator("figure.domino-scenario").count()
        assert page.locator("details.scenario-answer").count() == figures >= 10
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_front_page_says_the_puzzles_can_be_answered_here(
    built_docs: BuiltDocs, language: str
) -> None:
    from tutor.words.i18n import Speaker
    from tutor.words.web import page_words

    front = built_docs.page(language, "index").read_text(encoding="utf-8")
    button = page_words(Speaker(language))["check"]
    assert f"“{button}”" in front or f"„{button}“" in front, "the front page names the button"


def first_hand(options: dict[str, Any], language: str) -> tuple[int, list[str]]:
    """The picks (always the first choice) that play the first hand to its end (and its
    positions that come back), and every line the game says by then."""
    from tutor.play.web import WebGame

    game = WebGame.start(dict(options), language)
    lines = game.state()["lines"]
    picks = 0
    while game.asking is not None and not (game.game.reviews and game.asking == "play"):
        game.choose(1)
        picks += 1
        lines += game.state()["lines"]
    return picks, lines


GAMES = {
    "en": {"game": "cutthroat", "players": 2, "level": 1, "seed": 11, "samples": 40},
    "de": {"game": "fives-and-threes", "players": 2, "level": 3, "seed": 7, "samples": 40},
    "pap": {"game": "cutthroat", "players": 3, "level": 2, "seed": 3, "samples": 40},
}
"""The coach has 40 samples and no time limit (``?samples=40``): the same grades in the page and
here, however busy the machine is."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_hand_is_played_on_the_play_page(
    visit: Visit, site: str, language: str, shots_dir: Path
) -> None:
    options = GAMES[language]
    picks, lines = first_hand(options, language)
    page = visit.open(f"{site}{language}/play.html?samples={options['samples']}")
    root = page.locator("div.tutor-play")
    page.select_option("#play-game", str(options["game"]))
    if options["game"] == "cutthroat":
        page.select_option("#play-players", str(options["players"]))
    else:
        assert page.locator("#play-players").is_disabled()  # Fives & Threes is for two
    page.select_option("#play-level", str(options["level"]))
    page.fill("#play-seed", str(options["seed"]))
    page.click("button.play-button")
    settled = "d => !['busy', undefined].includes(d.dataset.asking)"
    for _ in range(picks + 1):
        page.wait_for_function(settled, arg=root.element_handle(), timeout=ENGINE_TIMEOUT)
        if _ < picks:
            page.locator("button.play-choice").first.click()
    shown = page.evaluate(
        "Array.from(document.querySelectorAll('.play-log p')).map(p => p.textContent)"
    )
    assert shown == lines
    assert root.get_attribute("data-asking") == "play"
    root.screenshot(path=str(shots_dir / f"play-{language}.png"))


def test_the_last_verdict_of_a_puzzle_is_kept_across_reloads(visit: Visit, site: str) -> None:
    page = visit.open(f"{site}de/cutthroat.html")
    figures = page.locator("figure.domino-scenario[data-form]")
    right_figure, wrong_figure = figures.nth(0), figures.nth(2)
    for figure, picking in ((right_figure, right_reply), (wrong_figure, None)):
        form = json.loads(str(figure.get_attribute("data-form")))
        s = scenario(form["scenario"])
        reply = right_reply(s) if picking else a_wrong_reply(s, right_reply(s))
        assert reply is not None
        answer_on_page(figure, form, reply)
        assert figure.locator(".scenario-before").is_hidden()  # nothing was kept before
    page.reload()
    figures = page.locator("figure.domino-scenario[data-form]")
    kept = figures.nth(0).locator(".scenario-before")
    kept.wait_for(state="visible", timeout=10_000)
    assert kept.inner_text() == "Beim letzten Mal hast du dieses Rätsel richtig beantwortet."
    missed = figures.nth(2).locator(".scenario-before")
    missed.wait_for(state="visible", timeout=10_000)
    assert missed.inner_text() == "Beim letzten Mal war deine Antwort hier nicht richtig."
    assert figures.nth(1).locator(".scenario-before").is_hidden()  # never answered


def test_the_progress_is_written_by_the_tutor_not_by_intl(visit: Visit, site: str) -> None:
    """Issue 25: each progress message built an ``Intl.NumberFormat`` for every puzzle of the page,
    and the first of them loads the language's data on the main thread (21 to 52 ms); the page now
    writes the share as the tutor writes every share (``Speaker.percent``)."""
    from tutor.words.i18n import Speaker
    from tutor.words.web import page_words

    visit.context.add_init_script(
        """window.__formats = 0;
        const Real = Intl.NumberFormat;
        Intl.NumberFormat = function (...args) { window.__formats += 1; return new Real(...args); };
        """
    )
    page = visit.open(f"{site}de/cutthroat.html")
    page.wait_for_function("window.tutorEngineReady !== undefined", timeout=ENGINE_TIMEOUT)
    progress = page.locator("figure.domino-scenario[data-form] progress").first
    loading = page_words(Speaker("de"))["loading"]
    assert progress.get_attribute("aria-valuetext") == loading.format(percent="100\xa0%")
    assert progress.inner_text() == "100\xa0%"
    assert page.evaluate("window.__formats") == 0


def test_the_puzzle_the_reader_turns_to_is_worked_out_first(visit: Visit, site: str) -> None:
    """Issue 25: the engine worked the page's puzzles out in the page's order, so a reader at the
    last puzzle (the heaviest, an answer by rollouts) waited for all the others' turn first."""
    page = visit.open(f"{site}en/gallery/score-the-odds.html")
    figures = page.locator("figure.domino-scenario[data-form]")
    last = figures.last
    assert figures.count() > 2
    last.locator("form.scenario-try input").first.focus()  # starts the engine
    page.wait_for_function("(window.tutorPrepared || []).length >= 2", timeout=ENGINE_TIMEOUT)
    order = page.evaluate("window.tutorPrepared")
    first = figures.first.get_attribute("data-scenario")
    assert order[:2] == [last.get_attribute("data-scenario"), first]
