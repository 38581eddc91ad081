"""Progress kept in the browser, in a real browser (headless Chromium, Playwright): the puzzle
ratings moved as the terminal moves them and kept across reloads (IndexedDB), the export file
the terminal reads and the terminal's export the page reads, the Play page's game kept across a
reload. Skipped as ``tests/docs/test_engine.py`` is (no Chromium, no Playwright, no Pyodide)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.docs.conftest import Visit
from tests.docs.test_engine import ENGINE_TIMEOUT, answer_on_page
from tests.docs.test_engine import pytestmark as pytestmark
from tests.web.test_answers import a_wrong_reply, right_reply
from tutor.web.answers import scenario
from tutor.web.ratings import rate


def rating_lines(figure: Any, before: str) -> list[str]:
    """The rating lines under a figure, once they have changed from the ``before``-th."""
    figure.page.wait_for_function(
        "([f, n]) => (f.querySelector('.scenario-rating').dataset.n || '0') !== n",
        arg=[figure.element_handle(), before],
        timeout=ENGINE_TIMEOUT,
    )
    box = figure.locator(".scenario-rating")
    return [box.locator("p").inner_text().strip(),
            *[item.inner_text().strip() for item in box.locator("li").all()]]


def answer_and_rate(figure: Any, right: bool) -> tuple[str, list[str]]:
    form = json.loads(str(figure.get_attribute("data-form")))
    s = scenario(form["scenario"])
    reply = right_reply(s) if right else a_wrong_reply(s, right_reply(s))
    assert reply is not None
    before = figure.locator(".scenario-rating").get_attribute("data-n") or "0"
    answer_on_page(figure, form, reply)
    return s.id, rating_lines(figure, before)


def test_ratings_are_moved_as_the_terminal_moves_them_and_kept_across_reloads(
    visit: Visit, site: str, shots_dir: Path
) -> None:
    page = visit.open(f"{site}pap/cutthroat.html")
    first, lines = answer_and_rate(page.locator("figure.domino-scenario[data-form]").nth(0), True)
    expected = rate({"id": first, "right": True, "ratings": {}, "language": "pap"})
    assert lines == expected["lines"]
    assert lines[1].endswith("(1 kontesta)"), lines
    page.locator("figure.domino-scenario[data-form]").nth(0).screenshot(
        path=str(shots_dir / "rating-pap.png"))
    page.reload()
    figure = page.locator("figure.domino-scenario[data-form]").nth(2)
    second, lines = answer_and_rate(figure, False)
    again = rate({"id": second, "right": False, "ratings": expected["ratings"], "language": "pap"})
    assert lines == again["lines"]  # the game's rating went on from the first answer's
    assert lines[1].endswith("(2 kontesta)"), lines


def test_the_page_s_file_goes_to_the_terminal_and_the_terminal_s_to_the_page(
    browser: Any, site: str, tmp_path: Path, shots_dir: Path
) -> None:
    from tests.quiz.test_exchange import REPLIES, answer, store, tutor

    context = browser.new_context(viewport={"width": 390, "height": 900}, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"{site}de/cutthroat.html")
        puzzle, _ = answer_and_rate(page.locator("figure.domino-scenario[data-form]").nth(0), True)
        with page.expect_download() as download:
            page.click("button.tutor-export")
        saved = tmp_path / "from-the-page.json"
        download.value.save_as(saved)
        data = tmp_path / "data"
        done = tutor(data, "progress", "--import", str(saved))
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"Brought in 1 answer from {saved}.\n"
        s = scenario(puzzle)
        assert store(data).accuracy_by_topic() == {s.topic: (1, 1)}
        assert f"game:{s.game}" in store(data).learner_ratings()

        answer(data, REPLIES)
        exported = tmp_path / "progress.json"
        assert tutor(data, "progress", "--export", str(exported)).returncode == 0
        page.set_input_files("#tutor-import", str(exported))
        said = page.locator(".tutor-progress-said")
        said.wait_for(state="visible", timeout=ENGINE_TIMEOUT)
        assert [line for line in said.inner_text().splitlines() if line.strip()] == [
            "2 Antworten aus progress.json übernommen.",
            "1 Antwort war schon da und bleibt, wie sie ist.",
        ]
        page.locator("section.tutor-progress").screenshot(path=str(shots_dir / "progress-de.png"))
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "domino-tutor progress", "version": 1, "answers": [{}]}')
        page.set_input_files("#tutor-import", str(bad))
        page.wait_for_function("() => document.querySelector('.tutor-progress-said')"
                               ".dataset.verdict === 'refused'", timeout=ENGINE_TIMEOUT)
        assert said.inner_text() == ("domino-tutor: Die Fortschrittsdatei bad.json ist "
                                     "beschädigt: answers[0].puzzle: fehlt.")
    finally:
        context.close()
