"""The Play page in a real browser: the table drawn, the plays as tiles, the game kept across a
reload (headless Chromium driven by Playwright, as ``tests/docs/test_engine.py``).

The coach has 40 samples and no time limit (``?samples=40``): the page's game and the one played
here by ``tutor.play.web`` say the same, however busy the machine is.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.docs.conftest import LANGUAGES, BuiltDocs, Visit
from tests.docs.test_engine import ENGINE_TIMEOUT
from tests.docs.test_engine import pytestmark as engine_marks
from tutor.play.web import WebGame
from tutor.words.i18n import Speaker
from tutor.words.web import PLAY_WORDS

pytestmark = engine_marks

OPTIONS = {"game": "fives-and-threes", "players": 2, "level": 3, "seed": 7, "samples": 40}
SETTLED = "d => !['busy', undefined].includes(d.dataset.asking)"


def start(page: Any, options: dict[str, Any]) -> Any:
    """Fill the form and start the game; the game's element once it asks."""
    page.select_option("#play-game", str(options["game"]))
    page.select_option("#play-level", str(options["level"]))
    page.fill("#play-seed", str(options["seed"]))
    page.click("button.play-button")
    return settle(page)


def settle(page: Any) -> Any:
    root = page.locator("div.tutor-play")
    page.wait_for_function(SETTLED, arg=root.element_handle(), timeout=ENGINE_TIMEOUT)
    return root


def shown(page: Any) -> dict[str, Any]:
    """What the page shows of the game: what was said, the plays, the table."""
    return page.evaluate(
        """() => ({
          log: Array.from(document.querySelectorAll('.play-log p')).map(p => p.textContent),
          plays: Array.from(document.querySelectorAll('button.play-choice'))
            .map(b => b.textContent),
          board: document.querySelector('.play-board').innerHTML,
          asking: document.querySelector('div.tutor-play').dataset.asking,
        })"""
    )


def said_here(options: dict[str, Any], language: str, picks: int) -> list[str]:
    """Every line the game says after ``picks`` first choices, played here without a page."""
    game = WebGame.start(dict(options), language)
    lines = game.state()["lines"]
    for _ in range(picks):
        game.choose(1)
        lines += game.state()["lines"]
    return lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_goes_on_after_a_reload(visit: Visit, site: str, language: str) -> None:
    page = visit.open(f"{site}{language}/play.html?samples={OPTIONS['samples']}")
    root = start(page, OPTIONS)
    picks = 0
    while picks < 3 or root.get_attribute("data-asking") != "play":
        root.evaluate("d => { d.dataset.kept = 'old'; }")
        page.locator("button.play-choice").first.click()
        settle(page)
        picks += 1
    page.wait_for_function("d => d.dataset.kept !== 'old'", arg=root.element_handle())
    before = shown(page)
    assert before["log"] == said_here(OPTIONS, language, picks)
    page.reload()
    root = page.locator("div.tutor-play")
    page.wait_for_function(
        "d => d.dataset.resumed === 'yes'", arg=root.element_handle(), timeout=ENGINE_TIMEOUT
    )
    assert shown(page) == before  # the same lines, the same plays, the same table
    sp = Speaker(language)
    assert page.locator(".play-status").inner_text() == sp._(PLAY_WORDS["resumed"])
    assert page.locator("#play-seed").input_value() == str(OPTIONS["seed"])
    page.locator("button.play-choice").first.click()  # and it goes on as if never reloaded
    settle(page)
    assert shown(page)["log"] == said_here(OPTIONS, language, picks + 1)


def test_the_hints_used_are_kept_across_a_reload(visit: Visit, site: str) -> None:
    """Issue 25: the page kept the actions and what was said, not the hints used."""
    page = visit.open(f"{site}en/play.html?samples={OPTIONS['samples']}")
    root = start(page, OPTIONS)
    root.evaluate("d => { d.dataset.kept = 'old'; }")
    page.locator("button.play-hint").click()
    page.wait_for_function("d => d.dataset.hints === '1' && d.dataset.kept !== 'old'",
                           arg=root.element_handle())
    page.reload()
    root = page.locator("div.tutor-play")
    page.wait_for_function(
        "d => d.dataset.resumed === 'yes'", arg=root.element_handle(), timeout=ENGINE_TIMEOUT
    )
    assert root.get_attribute("data-hints") == "1"


def test_a_kept_game_that_does_not_replay_is_said_and_dropped(visit: Visit, site: str) -> None:
    page = visit.open(f"{site}de/play.html")
    page.evaluate(
        """() => window.tutorMemory().then(db => new Promise(done => {
          const tx = db.transaction('play', 'readwrite');
          tx.objectStore('play').put({key: 'game-de', options: {game: 'cutthroat', seed: 1},
            actions: [[0, 0, 'play', '9-9 left', null]], lines: ['alt']});
          tx.oncomplete = done;
        }))"""
    )
    page.reload()
    status = page.locator(".play-status")
    page.wait_for_function(
        "s => s.textContent.startsWith('Die in diesem Browser')",
        arg=status.element_handle(),
        timeout=ENGINE_TIMEOUT,
    )
    assert "'9-9' is not a tile" in status.inner_text()
    assert page.locator(".play-log p").count() == 0
    page.reload()  # it was dropped: the page starts empty, and says nothing
    page.wait_for_timeout(500)
    assert page.locator(".play-status").inner_text() == ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_is_drawn_and_the_plays_are_tiles_by_keyboard(
    visit: Visit, site: str, language: str, shots_dir: Path
) -> None:
    """On a 390-pixel-wide phone: the puzzles' drawing of the table fits, each play is a button
    with its tile drawn and its words as its name, and the keyboard alone plays."""
    page = visit.open(f"{site}{language}/play.html?samples={OPTIONS['samples']}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.select_option("#play-game", "fives-and-threes")
    page.fill("#play-seed", "7")
    page.focus("button.play-button")
    page.keyboard.press("Enter")
    root = settle(page)
    sp = Speaker(language)
    board = page.locator(".play-board svg.domino-position")
    assert board.locator("title").text_content() == sp._("The table as you see it")
    assert board.get_attribute("role") == "img"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"
    box = board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    choices = WebGame.start(dict(OPTIONS), language).state()["choices"]  # the form's level 3
    buttons = page.locator("button.play-choice")
    assert buttons.count() == len(choices) > 1
    for n, words in enumerate(choices, start=1):
        button = page.get_by_role("button", name=f"{n}. {words}", exact=True)
        assert button.count() == 1
        assert button.locator("svg.domino-tile[aria-hidden=true]").count() == 1
    assert page.evaluate("document.activeElement.dataset.n") == "1"  # the first play has focus
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.n") == "2"
    lines = page.locator(".play-log p").count()
    root.evaluate("d => { d.dataset.asking = 'old'; }")
    page.keyboard.press("Enter")  # plays the second choice
    page.wait_for_function("d => d.dataset.asking !== 'old'", arg=root.element_handle())
    settle(page)
    assert page.locator(".play-log p").count() > lines
    assert sp._("Your plays:") in page.locator(".play-log").inner_text()
    root.screenshot(path=str(shots_dir / f"play-board-{language}-390.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    root.screenshot(path=str(shots_dir / f"play-board-{language}-1280.png"))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_modules_the_page_imports_come_as_bytecode(built_docs: BuiltDocs) -> None:
    """tools/precompile.mjs: the page compiles no source of what it imports at its start."""
    engine = built_docs.html / "_engine"
    assert json.loads((engine / "engine.json").read_text(encoding="utf-8"))["precompiled"]
    wheel = next((engine / "wheels").glob("domino_tutor-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for module in ("tutor/web/answers", "tutor/play/web", "tutor/render/svg", "tutor/words/i18n"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
    with zipfile.ZipFile(engine / "pyodide" / "python_stdlib.zip") as archive:
        stdlib = set(archive.namelist())
    assert "json/__init__.pyc" in stdlib and "json/__init__.py" not in stdlib


def test_the_page_says_who_it_waits_for(visit: Visit, site: str) -> None:
    """While the coach grades a play the page says so, as the terminal does ("The coach is
    looking at 6-2 left…"), not that the computer is thinking; the hint likewise."""
    sp = Speaker("de")
    page = visit.open(f"{site}de/play.html?samples={OPTIONS['samples']}")
    start(page, OPTIONS)
    page.evaluate(
        """() => { window.__said = [];
          new MutationObserver(() => window.__said.push(
            document.querySelector('.play-status').textContent))
          .observe(document.querySelector('.play-status'), {childList: true}); }"""
    )
    while page.locator("button.play-choice").count() < 2:
        page.locator("button.play-choice").first.click()
        settle(page)
    page.locator("button.play-hint").click()
    settle(page)
    label = page.locator("button.play-choice .play-choice-words").first.inner_text()
    page.locator("button.play-choice").first.click()
    settle(page)
    said = page.evaluate("window.__said")
    play = label.split(". ", 1)[1]
    assert sp._(PLAY_WORDS["looking_hint"]) in said
    assert sp._(PLAY_WORDS["looking"]).format(play=play) in said
    assert sp._(PLAY_WORDS["looking"]).format(play=play) == f"Der Trainer sieht sich {play} an …"
