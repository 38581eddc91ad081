"""What a file states must fit the board and the kind of question (issue 24).

A result the board contradicts, an ``expect`` of the wrong form and a byte-order mark are
told by ``validate`` with the file's line and exit status 2; a reply in number words is read
by every question that takes a number, in English, German and Papiamentu.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.test_reader import LIBRARY, line_of
from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN, EXIT_OK

Capture = pytest.CaptureFixture[str]

TIED = (LIBRARY / "six-love" / "three-hand-tie.toml").read_text(encoding="utf-8")
"""A blocked board whose counts tie (you 20, Kenrick 18, Ruthmilda 18), ``winner = "tie"``."""
EIGHTEEN = (LIBRARY / "fives-and-threes-scoring" / "eighteen-for-six.toml").read_text(
    encoding="utf-8"
)
"""A ``play-score`` question whose answer is 6."""


def validate(tmp_path: Path, text: str, capsys: Capture) -> tuple[int, str, Path]:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["validate", str(path)])
    return code, capsys.readouterr().out, path


def test_the_tied_board_as_it_is_validates(tmp_path: Path, capsys: Capture) -> None:
    assert validate(tmp_path, TIED, capsys)[0] == EXIT_OK


@pytest.mark.parametrize("winner", ["Kenrick", "Ruthmilda", "you"])
def test_a_winner_the_blocked_board_contradicts_is_refused(
    tmp_path: Path, capsys: Capture, winner: str
) -> None:
    text = TIED.replace('winner = "tie"', f'winner = "{winner}"')
    text = "\n".join(line for line in text.split("\n") if not line.startswith("expect"))
    code, out, path = validate(tmp_path, text, capsys)
    assert code == EXIT_BROKEN
    line = line_of(text, f'winner = "{winner}"')
    assert out == (
        f"{path}:{line}: the board is blocked and the lowest count is tied "
        f'(you 20, Kenrick 18, Ruthmilda 18): \'winner\' must be "tie"\n'
    )


def test_a_next_stake_winner_is_checked_against_the_board_too(
    tmp_path: Path, capsys: Capture
) -> None:
    text = TIED.replace('ask = "after-game"', 'ask = "next-stake"').replace(
        'winner = "tie"', 'winner = "Kenrick"'
    )
    text = "\n".join(line for line in text.split("\n") if not line.startswith("expect"))
    code, out, _ = validate(tmp_path, text, capsys)
    assert code == EXIT_BROKEN and "'winner' must be \"tie\"" in out


def test_the_key_card_on_a_blocked_board_is_refused(tmp_path: Path, capsys: Capture) -> None:
    text = TIED.replace('winner = "tie"', 'winner = "tie"\nkey_card = true')
    text = "\n".join(line for line in text.split("\n") if not line.startswith("expect"))
    code, out, _ = validate(tmp_path, text, capsys)
    assert code == EXIT_BROKEN and "nobody went out with the key card" in out


def test_an_expect_in_quotes_for_a_number_is_a_type_error_at_its_line(
    tmp_path: Path, capsys: Capture
) -> None:
    text = EIGHTEEN.replace("expect = 6", 'expect = "6"')
    code, out, path = validate(tmp_path, text, capsys)
    assert code == EXIT_BROKEN
    line = line_of(text, 'expect = "6"')
    assert out == (
        f"{path}:{line}: the 'expect' of 'play-score' must be a whole number without quotes, "
        "like 2, not '6'\n"
    )


@pytest.mark.parametrize(
    ("old", "new", "form"),
    [
        ('ask = "play-score"\ntile = "4-4"\nend = "right"\nexpect = 6', 'ask = "best-play"\n'
         'expect = "4-4 right"', "a list of plays in quotes"),
        ('ask = "play-score"\ntile = "4-4"\nend = "right"\nexpect = 6', 'ask = "is-blocked"\n'
         'expect = "false"', "true or false, without quotes"),
    ],
)
def test_every_kind_of_expect_has_its_form(
    tmp_path: Path, capsys: Capture, old: str, new: str, form: str
) -> None:
    assert old in EIGHTEEN
    code, out, _ = validate(tmp_path, EIGHTEEN.replace(old, new), capsys)
    assert code == EXIT_BROKEN and form in out


def test_a_byte_order_mark_at_the_start_is_read_past(tmp_path: Path, capsys: Capture) -> None:
    assert validate(tmp_path, "\ufeff" + EIGHTEEN, capsys)[0] == EXIT_OK


def test_a_byte_order_mark_inside_the_file_is_named(tmp_path: Path, capsys: Capture) -> None:
    text = EIGHTEEN.replace("[question]", "\ufeff[question]")
    code, out, path = validate(tmp_path, text, capsys)
    assert code == EXIT_BROKEN
    line = line_of(text, "\ufeff[question]")
    assert out == (
        f"{path}:{line}: this is not valid TOML: an invisible byte-order mark (U+FEFF) "
        "stands in this line; delete it\n"
    )


@pytest.mark.parametrize(
    ("lang", "reply"), [("en", "six"), ("en", "Six"), ("de", "sechs"), ("pap", "seis")]
)
def test_a_number_question_reads_number_words(lang: str, reply: str, capsys: Capture) -> None:
    path = LIBRARY / "fives-and-threes-scoring" / "eighteen-for-six.toml"
    assert main(["--lang", lang, "check", str(path), reply]) == EXIT_OK


def test_zero_in_words_is_a_number_too(capsys: Capture) -> None:
    """``game-points`` answers 0 when the game goes on."""
    path = LIBRARY / "key-cards" / "last-three-last-four.toml"
    assert main(["check", str(path), "two"]) == EXIT_OK
    for lang, word in (("en", "zero"), ("de", "null"), ("pap", "sero")):
        assert main(["--lang", lang, "check", str(path), word]) != 3, word


def test_a_quiz_of_an_empty_folder_says_so(tmp_path: Path, capsys: Capture) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["quiz", "--scenarios", str(empty)]) == EXIT_BROKEN
    err = capsys.readouterr().err
    assert "Topics: ." not in err
    assert err == f"No scenario could be read from {empty}.\n"
