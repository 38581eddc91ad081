"""A key card asked of another seat is that seat's tile (issue 24, read in German: "Marcia's
last tile" was explained as "er ist dein letzter Stein", and asked "Gewinnst du, wenn du 6-5
legst…" while Marcia is to play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.scenarios.model import answer_scenario
from tutor.scenarios.reader import load_scenario
from tutor.words.i18n import Speaker
from tutor.words.kinds import question_text
from tutor.words.narrate import explain

MARCIA = Path(__file__).resolve().parents[2] / "scenarios" / "key-cards" / "marcia-key.toml"
SAID = {
    "en": ("Does Marcia win with the key card by playing 6-5?", "it is Marcia's last tile."),
    "de": ("Gewinnt Marcia mit 6-5 als Schlüsselstein?", "der letzte Stein von Marcia."),
    "pap": ("Si Marcia hunga 6-5, e ta gana ku e piedra yabi?", "e último piedra di Marcia."),
}
YOURS = {"en": "your", "de": "dein", "pap": "bo"}


@pytest.mark.parametrize("language", sorted(SAID))
def test_marcias_key_card_is_hers_in_the_question_and_the_answer(language: str) -> None:
    sp = Speaker(language)
    scenario = load_scenario(MARCIA)
    asked, explained = SAID[language]
    prompt = question_text(scenario, sp)
    assert prompt.startswith(asked), prompt
    lines = explain(answer_scenario(scenario).facts, sp)
    assert lines[-1].endswith(explained), lines
    assert f" {YOURS[language]} " not in f" {prompt} {lines[-1]} "
