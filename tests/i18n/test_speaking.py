"""The tutor speaks the learner's language: every question kind, the command line, the choice."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.words.judging import judge
from tutor.cli.app import main
from tutor.cli.common import EXIT_OK, EXIT_UNREADABLE, EXIT_WRONG
from tutor.questions.facts import HalvesOnTable, LastTile
from tutor.questions.kinds import KINDS
from tutor.quiz.screen import screen_lines
from tutor.rules import LEFT, RIGHT, Tile
from tutor.scenarios.library import default_library, load_library
from tutor.scenarios.model import Scenario, answer_scenario
from tutor.words.feedback import feedback_lines
from tutor.words.i18n import Speaker
from tutor.words.judge import Judgement, Verdict
from tutor.words.kinds import question_text
from tutor.words.narrate import explain, say
from tutor.words.vocabulary import reply_words

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")

ALLOWED = {
    # names of games and borrowed Caribbean terms, kept as the players say them
    "cutthroat",
    "fives",
    "threes",
    "six-love",
    "bruck",
    "pose",
    "ctrl-d",
}
"""Words that may stay English in every language."""
SHARED = {
    "de": {
        "in", "an", "also", "was", "bonus", "hand", "so", "partner", "name", "rest", "dir",
        "links",  # German "left"; English in the system's "symbolic links"
    },
    "pap": {
        "no", "i", "a", "so", "for", "number", "zero", "total", "set", "partner", "domino",
        "final",  # "na final": in the end
    },
}
"""Words that are simply the same in English and the other language ("Hand", Papiamentu "no")."""


def english_vocabulary() -> set[str]:
    with (ROOT / "locales" / "tutor.pot").open("rb") as handle:
        template = read_po(handle)
    words: set[str] = set()
    for message in template:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            words |= {w.casefold() for w in WORD.findall(re.sub(r"\{\w+\}", " ", text))}
    return words


ENGLISH = english_vocabulary()


def english_words(lines: list[str], language: str, scenario: Scenario) -> list[str]:
    names = {seat.casefold() for seat in scenario.seats}
    allowed = ALLOWED | SHARED[language] | names
    found = []
    for line in lines:
        for word in WORD.findall(line):
            folded = word.casefold()
            if folded in ENGLISH and folded not in allowed:
                found.append(word)
    return found


def library() -> list[Scenario]:
    scenarios, errors = load_library([default_library()])
    assert not errors, errors[:3]
    return sorted(scenarios, key=lambda s: s.id)


def one_per_kind() -> dict[str, Scenario]:
    chosen: dict[str, Scenario] = {}
    for s in library():
        chosen.setdefault(s.question.ask, s)
    return chosen


def everything_said(s: Scenario, sp: Speaker) -> list[str]:
    """Screen, question, explanation and the feedback for a right, a wrong, an unreadable reply."""
    result = answer_scenario(s)
    lines = [*screen_lines(s, sp), question_text(s, sp), *explain(result.facts, sp)]
    for verdict in (Verdict.RIGHT, Verdict.WRONG):
        lines += feedback_lines(
            s.position, s.question, Judgement(verdict, result.value, result), sp
        )
    problem = KINDS[s.question.ask].reply
    lines += feedback_lines(
        s.position, s.question, Judgement(Verdict.UNREADABLE, None, result, problem), sp
    )
    return lines


def test_the_library_has_every_question_kind() -> None:
    assert set(one_per_kind()) == set(KINDS)


@pytest.mark.parametrize("ask", sorted(KINDS))
@pytest.mark.parametrize("language", ["de", "pap"])
def test_every_question_kind_speaks_the_language(ask: str, language: str) -> None:
    s = one_per_kind()[ask]
    said = everything_said(s, Speaker(language))
    english = everything_said(s, Speaker("en"))
    assert said != english
    assert english_words(said, language, s) == [], (s.id, said)


@pytest.mark.parametrize("language", ["de", "pap"])
def test_no_library_scenario_is_left_in_english(language: str) -> None:
    sp = Speaker(language)
    left = {}
    for s in library():
        lines = [*screen_lines(s, sp), question_text(s, sp), *explain(answer_scenario(s).facts, sp)]
        if found := english_words(lines, language, s):
            left[s.id] = found
    assert not left, left


def test_english_is_recognised_as_english() -> None:
    """The check above would catch a missing translation."""
    s = one_per_kind()["hard-ends"]
    found = english_words(everything_said(s, Speaker("en")), "de", s)
    assert {"which", "ends", "hard", "table"} <= {w.casefold() for w in found}


# --- sentences that must read naturally --------------------------------------------------


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "en",
            "The right end shows 3. Seven of the eight threes are on the table, "
            "so it is a hard end.",
        ),
        (
            "de",
            "Das Ende rechts zeigt 3. Sieben der acht Dreien liegen auf dem Tisch, "
            "also ist es ein hartes Ende.",
        ),
        (
            "pap",
            "E punto drechi ta mustra 3. Shete di e ocho tresnan ta riba mesa, "
            "p'esei e punto ta duru.",
        ),
    ],
)
def test_hard_end_sentence(language: str, sentence: str) -> None:
    assert say(HalvesOnTable(RIGHT, 3, 7, 8, True, False), Speaker(language)) == sentence


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "The left end shows 1. One of the eight ones is on the table, so it is not hard."),
        (
            "de",
            "Das Ende links zeigt 1. Eine der acht Einsen liegt auf dem Tisch, "
            "also ist es nicht hart.",
        ),
        (
            "pap",
            "E punto robes ta mustra 1. Unu di e ocho ununan ta riba mesa, "
            "p'esei e punto no ta duru.",
        ),
    ],
)
def test_one_half_on_the_table_is_singular(language: str, sentence: str) -> None:
    assert say(HalvesOnTable(LEFT, 1, 1, 8, False, False), Speaker(language)) == sentence


def test_last_tile_sentence_names_the_end_in_each_language() -> None:
    fact = LastTile(LEFT, 2, Tile(4, 2), "you")
    assert say(fact, Speaker("de")) == "Nur 4-2 kann links noch angelegt werden. Du hast ihn."
    assert say(fact, Speaker("pap")) == (
        "Solamente 4-2 por pega ainda na e punto robes. E ta den bo man."
    )


@pytest.mark.parametrize(("language", "reply"), [("de", "links rechts"), ("pap", "robes drechi")])
def test_reply_words_of_the_language_are_understood(language: str, reply: str) -> None:
    both = [s for s in library() if s.question.ask == "hard-ends"]
    s = next(s for s in both if answer_scenario(s).value == ["left", "right"])
    judgement = judge(s, reply, reply_words(Speaker(language)))
    assert judgement.verdict is Verdict.RIGHT


# --- the command line --------------------------------------------------------------------


def scenario_path(ask: str) -> Path:
    s = one_per_kind()[ask]
    return next(p for p in default_library().rglob("*.toml") if f'id = "{s.id}"' in p.read_text())


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield monkeypatch


def test_answer_in_papiamentu_as_a_command() -> None:
    path = scenario_path("hard-ends")
    run = subprocess.run(
        [sys.executable, "-m", "tutor", "answer", str(path), "--lang", "pap"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )
    assert run.returncode == EXIT_OK, run.stderr
    assert "ta mustra" in run.stdout and "riba mesa" in run.stdout
    assert "shows" not in run.stdout and "table" not in run.stdout
    assert set(run.stdout.splitlines()[0].split(", ")) <= {"robes", "drechi", "ningun"}


def test_check_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_path("hard-ends")
    assert main(["check", str(path), "quatsch", "--lang", "de"]) == EXIT_UNREADABLE
    out = capsys.readouterr().out
    assert out.startswith("Das konnte ich nicht lesen. Bitte antworte mit links")
    assert main(["check", str(path), "ja", "--lang", "de"]) == EXIT_UNREADABLE
    capsys.readouterr()
    for reply in ("links", "rechts", "beide", "keine"):
        code = main(["check", str(path), reply, "--lang", "de"])
        out = capsys.readouterr().out
        assert code in (EXIT_OK, EXIT_WRONG)
        assert out.startswith("Richtig!" if code == EXIT_OK else "Nicht ganz. Die Antwort ist: ")
        assert "end" not in out.split()


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANGUAGE": "de"}, "de"),
        ({"LANGUAGE": "xx:pap", "LANG": "de_DE.UTF-8"}, "pap"),
        ({"LC_ALL": "pap_CW.UTF-8", "LANG": "de_DE.UTF-8"}, "pap"),
        ({"LC_MESSAGES": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANG": "pap_AW.UTF-8"}, "pap"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment(
    clean_env: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    env: dict[str, str],
    expected: str,
) -> None:
    for name, value in env.items():
        clean_env.setenv(name, value)
    assert main(["answer", str(scenario_path("hard-ends")), "--json"]) == EXIT_OK
    out, err = capsys.readouterr()
    explanation = " ".join(json.loads(out)["explanation"])
    marker = {"en": "The left end", "de": "Das Ende links zeigt", "pap": "E punto robes"}[expected]
    assert marker in explanation
    assert err == ""


def test_lang_wins_over_the_environment(
    clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_env.setenv("LANGUAGE", "pap")
    clean_env.setenv("LANG", "pap_CW.UTF-8")
    assert main(["answer", str(scenario_path("hard-ends")), "--json", "--lang", "de"]) == EXIT_OK
    assert "Das Ende links zeigt" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "env"),
    [(["--lang", "xx"], {}), ([], {"LANG": "nl_NL.UTF-8"}), ([], {"LC_ALL": "es_ES.UTF-8"})],
)
def test_an_unknown_language_falls_back_to_english_with_one_notice(
    clean_env: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    env: dict[str, str],
) -> None:
    for name, value in env.items():
        clean_env.setenv(name, value)
    assert main(["answer", str(scenario_path("hard-ends")), "--json", *args]) == EXIT_OK
    out, err = capsys.readouterr()
    assert "The left end" in " ".join(json.loads(out)["explanation"])
    assert len(err.splitlines()) == 1 and "speaking English" in err
