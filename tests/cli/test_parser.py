"""The argument parser: help, version, usage errors, every help text translated."""

from __future__ import annotations

import argparse

import pytest

from tutor import __version__
from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN
from tutor.cli.parser import GENERATOR_TOPICS, build_parser
from tutor.scenarios.mining.recipes import RECIPES

Capture = pytest.CaptureFixture[str]


def test_help(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("validate", "answer", "check", "list", "generate"):
        assert command in out


@pytest.mark.parametrize("command", ["validate", "answer", "check", "list", "generate"])
def test_help_of_each_command(capsys: Capture, command: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    assert f"usage: domino-tutor {command}" in capsys.readouterr().out


def test_version(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"domino-tutor {__version__}"


def test_a_usage_error_exits_2(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["answer"])
    assert exit_.value.code == EXIT_BROKEN
    assert "usage:" in capsys.readouterr().err


def _parser_texts(parser: argparse.ArgumentParser) -> list[str]:
    texts = [parser.description or "", parser.epilog or ""]
    for action in parser._actions:
        texts.append(action.help or "")
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._get_subactions():
                texts.append(choice.help or "")
            for sub in action.choices.values():
                texts += _parser_texts(sub)
    return [text for text in texts if text and text != argparse.SUPPRESS]


@pytest.mark.parametrize("lang", ["de", "pap"])
def test_every_help_text_is_translated(lang: str) -> None:
    from tutor.words.help import speaking
    from tutor.words.i18n import Speaker

    english = _parser_texts(build_parser())
    with speaking(Speaker(lang)):
        translated = _parser_texts(build_parser(Speaker(lang)))
    assert len(english) == len(translated) > 40
    same = [en for en, other in zip(english, translated, strict=True) if en == other]
    assert not same, f"{lang}: still English: {same}"


@pytest.mark.parametrize(
    ("argv", "english"),
    [
        (["--lang", "de", "quiz", "--level", "9"], "invalid choice"),
        (["quiz", "--lang", "de", "--count", "x"], "invalid int value"),
        (["--lang=de", "check"], "the following arguments are required"),
        (["--lang", "de", "frobnicate"], "invalid choice"),
        (["--lang", "de", "rules", "--colour"], "unrecognized arguments"),
    ],
)
def test_usage_errors_speak_german(capsys: Capture, argv: list[str], english: str) -> None:
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == EXIT_BROKEN
    err = capsys.readouterr().err
    assert "Aufruf: domino-tutor" in err and "Fehler:" in err, err
    assert english not in err and "usage:" not in err and "error:" not in err


@pytest.mark.parametrize("where", ["before", "after"])
def test_help_in_german_before_or_after_the_command(capsys: Capture, where: str) -> None:
    argv = (
        ["--lang", "de", "quiz", "--help"]
        if where == "before"
        else ["quiz", "--help", "--lang", "de"]
    )
    with pytest.raises(SystemExit):
        main(argv)
    out = capsys.readouterr().out
    assert "Aufruf:" in out and "Optionen" in out and "nur dieses Spiel" in out
    assert "show this help message" not in out and "only this game" not in out


def test_generate_help_names_exactly_the_generator_recipes() -> None:
    """The light copy of the topic names in cli (kept out of tutor.scenarios.mining.recipes for a
    fast start)
    names exactly the generator's recipes."""
    assert tuple(GENERATOR_TOPICS) == tuple(RECIPES)
