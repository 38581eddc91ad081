"""The help laid out for a terminal: wrapped between words, examples as shell continuation lines."""

from __future__ import annotations

import pytest

from tutor.cli.app import main

Capture = pytest.CaptureFixture[str]


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
def test_help_wraps_between_words_at_forty_columns(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    with pytest.raises(SystemExit):
        main(["--lang", lang, "quiz", "--help"])
    out = capsys.readouterr().out
    assert "$XDG_DATA_HOME/domino-tutor" in out, "never broken at a hyphen"
    prose = [line for line in out.splitlines() if "[" not in line]  # not argparse's usage lines
    assert all(len(line) <= 40 for line in prose), [line for line in prose if len(line) > 40]


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
def test_main_help_wraps_its_sentences_at_forty_columns(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The main help's description and closing sentence are wrapped between words; only the
    indented examples keep their lines (a new user at 40 columns read "fo|r di LANGUAGE")."""
    monkeypatch.setenv("COLUMNS", "40")
    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    out = capsys.readouterr().out
    prose = [
        line for line in out.splitlines() if not line.startswith(("  ", "usage", "Aufruf", "uso"))
    ]
    assert prose and all(len(line) <= 40 for line in prose), [x for x in prose if len(x) > 40]
    assert "  domino-tutor list --topic hard-ends" in out, "the examples stay as written"


@pytest.mark.parametrize("lang", ["en", "de", "pap"])
@pytest.mark.parametrize("columns", [40, 60])
def test_main_help_examples_fit_as_shell_continuation_lines(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, lang: str, columns: int
) -> None:
    """The examples were left as written, so a terminal narrower than a command broke it
    inside a path. Now a long command is split between words, each row but the last ending
    in " \\" (still one command for the shell); only a single word longer than the room (the
    43-letter path at 40 columns) can pass the width."""
    monkeypatch.setenv("COLUMNS", str(columns))
    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    out = capsys.readouterr().out
    examples = [line for line in out.splitlines() if line.startswith("  domino-tutor")
                or line.startswith("      ")]
    for row in examples:
        assert len(row) <= columns or len(row.split()) == 2, row  # one word and its " \\"
    commands = " ".join(examples).replace(" \\", " ")
    for command in ("domino-tutor answer scenarios/key-cards/last-three-last-four.toml --json",
                    "domino-tutor generate --topic key-cards --count 20 --seed 7 --out "
                    "generated/"):
        assert command in " ".join(commands.split()), "the same commands, word for word"
    assert any(row.endswith(" \\") for row in examples)
