"""The game commands hand their options to ``tutor.play.app`` as they were given."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tutor.play.app
from tutor.cli.app import main
from tutor.cli.common import EXIT_OK


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, str]]:
    """``play`` and ``review`` replaced by recorders: (name, what they were given, language)."""
    seen: list[tuple[str, Any, str]] = []

    def play(request: tutor.play.app.PlayRequest, sp: Any, *_: object) -> int:
        seen.append(("play", request, sp.language))
        return EXIT_OK

    def review(game: str | None, sp: Any, _: object, export: Path | None, **__: object) -> int:
        seen.append(("review", (game, export), sp.language))
        return EXIT_OK

    monkeypatch.setattr(tutor.play.app, "play", play)
    monkeypatch.setattr(tutor.play.app, "review", review)
    return seen


def test_play_hands_over_every_option(calls: list[tuple[str, Any, str]]) -> None:
    argv = ["play", "--players", "3", "--level", "5", "--seed", "7", "--coach", "after",
            "--plain", "--record", "game.json", "--pace", "0,5", "--ascii", "--boneyard",
            "--tied-block", "void", "--lang", "de"]
    assert main(argv) == EXIT_OK
    [(name, request, language)] = calls
    assert name == "play" and language == "de"
    assert request == tutor.play.app.PlayRequest(
        game="cutthroat", players=3, level=5, seed=7, coach="after", plain=True,
        record=Path("game.json"), fast=False, pace=0.5, resume=False, replay=None,
        boneyard=True, tied_block="void", ascii=True,
    )


def test_fives_and_threes_is_always_two_players(calls: list[tuple[str, Any, str]]) -> None:
    assert main(["play", "--game", "fives-and-threes", "--players", "4", "--fast"]) == EXIT_OK
    request = calls[0][1]
    assert request.players == 2 and request.fast and request.record is None


def test_review_with_and_without_a_game(calls: list[tuple[str, Any, str]]) -> None:
    assert main(["review", "--lang", "pap"]) == EXIT_OK
    assert main(["review", "ab12", "--export", "out.json"]) == EXIT_OK
    assert [(name, given) for name, given, _ in calls] == [
        ("review", (None, None)),
        ("review", ("ab12", Path("out.json"))),
    ]
    assert calls[0][2] == "pap"
