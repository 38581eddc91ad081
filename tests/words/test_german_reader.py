"""The German reader's findings of issue 24 that are not a word choice (those are rejected in
the glossary and held by tests/i18n/test_terminology.py): each test quotes what was read.

- "mit jedem anderen Stein in mindestens 2 weniger": the deals fewer had no noun;
- "Stand: du: 2, Marcia: 0, …": a list of scores after a colon had a colon in each item;
- "▶ du: 4 Steine": a line began with a lower-case "du";
- "(Vorgabe: 0.8)": a number in the English way; "Standard" beside "Vorgabe";
- "1-0 links", "6-6 on the left": a pose on an empty table was given a side;
- a story of the-pose asked "Who poses next?" and the prompt "What happens to the set?".
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.questions.facts import ProvedOnView
from tutor.rules import Line, TableRules
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.scenarios.model import answer_scenario
from tutor.scenarios.reader import load_scenario
from tutor.words.describe import seat_label
from tutor.words.i18n import Speaker
from tutor.words.kinds import format_value, question_text
from tutor.words.narrate import explain
from tutor.words.proofs import proved_on_view

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
LANGUAGES = ("en", "de", "pap")


@pytest.mark.parametrize(("margin", "said"), [(1, "1 Verteilung weniger."),
                                              (2, "2 Verteilungen weniger.")])
@pytest.mark.parametrize("wins", [120, 90])
def test_the_deals_fewer_are_named_by_their_number(margin: int, said: str, wins: int) -> None:
    fact = ProvedOnView(Play.parse("6-5 left"), True, 120, wins, margin)
    text = proved_on_view(fact, Speaker("de"))
    assert text.endswith(f"mit jedem anderen Zug in mindestens {said}"), text
    english = proved_on_view(fact, Speaker("en"))
    assert english.endswith(f"{margin} fewer deal{'s' if margin > 1 else ''}."), english


def test_a_list_of_scores_after_a_colon_has_no_colon_of_its_own() -> None:
    scenario = load_scenario(SCENARIOS / "the-pose" / "you-pose-next.toml")
    facts = answer_scenario(scenario).facts
    said = {language: " ".join(explain(facts, Speaker(language))) for language in LANGUAGES}
    assert "Stand: du 2, Marcia 0, Desmond 2 und Kenrick 0;" in said["de"], said["de"]
    assert "The scores are you 2, Marcia 0, Desmond 2, and Kenrick 0;" in said["en"], said["en"]
    for language, text in said.items():
        for sentence in re.split(r"(?<=[.;])\s", text):
            assert sentence.count(": ") <= 1, (language, sentence)


@pytest.mark.parametrize(("language", "label"), [("de", "Du: 2 Steine"), ("en", "You: 2 tiles"),
                                                 ("pap", "Bo: 2 piedra")])
def test_a_seat_label_begins_with_a_capital(language: str, label: str) -> None:
    p = Position(Line(), (3, None), TableRules(players=2), seats=("you", "Ann"), sizes=(2, 1))
    assert seat_label(p, 0, Speaker(language)) == label


def test_the_pace_is_said_with_a_decimal_comma_in_german(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(Vorgabe: 0,8)" in out and "0.8" not in out, out
    with pytest.raises(SystemExit):
        main(["--lang", "de", "play", "--pace", "99"])
    err = capsys.readouterr().err
    assert "von 0 bis 10 an, etwa 0,5" in err and "0.5" not in err, err
    with pytest.raises(SystemExit):
        main(["--lang", "de", "generate", "--help"])
    assert "Standard" not in capsys.readouterr().out


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pose_on_an_empty_table_has_no_side(language: str) -> None:
    sp = Speaker(language)
    scenario = load_scenario(SCENARIOS / "the-pose" / "two-hand-winner-poses.toml")
    result = answer_scenario(scenario)
    answer = format_value(scenario.question.ask, result.value, sp, scenario.position)
    told = " ".join([question_text(scenario, sp), answer, *explain(result.facts, sp)])
    sides = {"en": ("left", "right"), "de": ("links", "rechts"), "pap": ("robes", "drechi")}
    for side in sides[language]:
        assert not re.search(rf"\b[0-6]-[0-6]( on the| na banda)? {side}\b", told), told
    assert "1-0" in answer and "6-6" in answer


def after_game_stories() -> list[tuple[str, str]]:
    out = []
    for path in sorted(SCENARIOS.rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("question", {}).get("ask") == "after-game" and "story" in data:
            out.append((str(path.relative_to(SCENARIOS)), data["story"]))
    return out


def test_an_after_game_story_asks_what_its_prompt_asks() -> None:
    """The prompt asks what happens to the set (continue, six-love or bruck); a story that asks
    who poses next, or for how much, asks a question the learner cannot answer there."""
    stories = after_game_stories()
    assert any(path.startswith("the-pose/") for path, _ in stories)
    asked = [
        (path, question)
        for path, story in stories
        for question in re.findall(r"[^.?!]*\?", story)
        if re.search(r"\bposes?\b|how much", question, re.IGNORECASE)
    ]
    assert not asked, asked


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("Which play wins the game, whatever the others do? (like: 6-5 left)",
         "Welcher Zug gewinnt das Spiel, egal, was die anderen tun? (etwa: 6-5 links)"),
        ("With you on {mine} and {seat} on {theirs}, a win now ends the set six-love.",
         "Bei {mine}:{theirs} gegen {seat} beendet ein Sieg jetzt die Partie mit Six-Love."),
        ("After {first} your count is {n}; after {second}, {m}.",
         "Nach {first} ist deine Augenzahl {n}, nach {second} ist sie {m}."),
        ("On that line {seat} is forced to pass.", "Bei dieser Zugfolge muss {seat} passen."),
        ("Left end: {left} · right end: {right} · count {count}",
         "Linkes Ende: {left} · rechtes Ende: {right} · zusammen {count}"),
        ("The table is empty: there is no end to match yet.",
         "Der Tisch ist leer: Noch gibt es kein Ende, zu dem ein Stein passen muss."),
        ("A win now ends the set while somebody is still on love.",
         "Ein Sieg beendet jetzt die Partie, während noch jemand bei null steht."),
        ("does not match the seed (expected {bound}), got {found}",
         "passt nicht zum Startwert (erwartet: {bound}), gefunden: {found}"),
    ],
)
def test_the_second_german_reading(english: str, german: str) -> None:
    """The German reading 2 (19 findings): a Cutthroat hand is a "Spiel" (not "Runde"), a score
    is "5:0" (5-0 is a tile), no tile and number side by side ("6-3 1"), a line of play is a
    "Zugfolge" (not "Weg"), the ends' total is not the hand's "Augenzahl", "jetzt" after the
    verb, and "Startwert" for the seed as on the game's first line."""
    assert Speaker("de")._(english) == german


def test_sleeping_tiles_are_the_talon_in_a_whole_clause() -> None:
    sp = Speaker("de")
    assert sp.ngettext("Sleeping: {n} tile, never drawn", "Sleeping: {n} tiles, never drawn",
                       14).format(n=14) == "Talon: 14 Steine, die nie gezogen werden"
