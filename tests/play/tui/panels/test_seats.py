"""The seats panel: each computer seat, and the tiles nobody sees (the 14 sleeping tiles of
Fives & Threes, the boneyard of 2-player Cutthroat with one)."""

from __future__ import annotations

from tests.play.tui.screens import game, to_play
from tutor.play.tui.panels import seats
from tutor.play.tui.panels.pen import Pen
from tutor.play.tui.state import Screen
from tutor.render.terminal import text
from tutor.words.i18n import Speaker

EN = Speaker("en")


def shown(screen: Screen, width: int = 80) -> str:
    return text(seats.rows(screen, Pen(EN, width)))


def test_fives_and_threes_shows_the_fourteen_sleeping_tiles() -> None:
    screen = to_play(Screen(game(seed=11, game="fives-and-threes"), EN))
    assert "Sleeping: 14 tiles, never drawn" in shown(screen)
    assert "Sleeping: 14 tiles, never drawn" in shown(screen, 40)


def test_the_boneyard_shows_how_many_tiles_are_left_to_draw() -> None:
    screen = to_play(Screen(game(seed=5, players=2, boneyard=True), EN))
    left = len(screen.game.session.game.boneyard)
    assert f"Boneyard: {left} tiles, face down" in shown(screen)


def test_cutthroat_with_every_tile_dealt_shows_no_face_down_tiles() -> None:
    for players in (2, 3, 4):
        words = shown(to_play(Screen(game(seed=5, players=players), EN)))
        assert "Sleeping" not in words and "Boneyard" not in words
