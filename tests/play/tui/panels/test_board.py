"""The board panel: the ends over the snake; in Fives & Threes their count, a double at an end
named whole and counted whole."""

from __future__ import annotations

import pytest

from tests.play.tui.screens import game
from tutor.play.tui.panels import board
from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import text
from tutor.rules.fives_threes import ends_total
from tutor.words.i18n import Speaker


def double_at_an_end(screen: Screen) -> Screen:
    """Play on (the first legal play) until a double lies at an end of a line of 2 or more."""
    for _ in range(200):
        placed = list(screen.game.session.game.line)
        if len(placed) > 1 and (placed[0].tile.is_double or placed[-1].tile.is_double):
            return screen
        if screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
            screen.mode = "play"
        else:
            screen.tick()
        if screen.mode == "final":  # the final board: Enter for the summary
            screen.enter()
        if screen.mode == "page":
            screen.close_page()
    raise AssertionError("no double came to an end")


@pytest.mark.parametrize("seed", [1, 2, 3, 11])
def test_fives_and_threes_shows_the_count_of_the_ends_doubles_counted_whole(seed: int) -> None:
    screen = double_at_an_end(Screen(game(seed=seed, game="fives-and-threes"), Speaker("en")))
    line = screen.game.session.game.line
    placed = list(line)
    head = text(board.rows(screen, Pen(Speaker("en"), 80), lambda: 24)).split("\n")[0]
    double = placed[0] if placed[0].tile.is_double else placed[-1]
    assert f"count {ends_total(line)}" in head, head
    assert str(double.tile) in head, f"the double end is named whole: {head}"
    assert ends_total(line) == (
        (placed[0].tile.pips if placed[0].tile.is_double else placed[0].left)
        + (placed[-1].tile.pips if placed[-1].tile.is_double else placed[-1].right)
    )


def test_cutthroat_shows_the_ends_without_a_count() -> None:
    screen = double_at_an_end(Screen(game(seed=7), Speaker("en")))
    line = screen.game.session.game.line
    head = text(board.rows(screen, Pen(Speaker("en"), 80), lambda: 24)).split("\n")[0]
    assert head == f"Left end: {line.left} · right end: {line.right}"
