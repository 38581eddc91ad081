"""A scenario's texts: what the contract lets a title, story, hint, id or seat name hold, and
that nothing hostile in one reaches the screen.

Table tests for each case of issue 23 (a newline in a title, story, hint, seat name, id or file
name; U+2028 and the zero-width and bidi characters; a title of invisible characters; a title of a
million characters), and a hypothesis test that writes hostile strings (separators, bidi,
zero-width, control characters, combining marks, very long texts) into each text of a library
file and runs ``validate``, ``list``, ``answer`` and ``check`` on it: each refuses it with
``path:line`` and exit status 2, in one line, with nothing raw in the output and no traceback.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.scenarios.test_reader import BASE, LIBRARY, error_of, line_of
from tests.scenarios.test_writer import rename
from tutor.cli.app import main
from tutor.scenarios.model import Scenario
from tutor.scenarios.reader import load_scenario
from tutor.scenarios.texts import LIMITS, text_problem
from tutor.scenarios.writer import scenario_text
from tutor.terminal import MAX_MARKS, clean, is_hidden, one_line

REAL = LIBRARY / "key-cards" / "last-three-last-four.toml"
"""A library file with a title, a story, a hint and four seats."""

SEPARATORS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1e"]
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
        "\u200e", "\u200f", "\u061c"]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e", "\u2061"]
CONTROL = ["\x00", "\x07", "\x08", "\x1b", "\x1b[2J", "\x1b]0;PWNED\x07", "\x7f", "\x9b"]
OTHER = ["\ue000", "\U000f0000", "\U000e0041", "\U000e0080", "\u3164", "\u115f", "\u2800"]
HOSTILE = SEPARATORS + BIDI + ZERO_WIDTH + CONTROL + OTHER
FAKE = "Correct answer: 6-6"


def stacked(marks: int) -> str:
    return "Z" + "\u0301\u0308\u0323\u0330"[0] * marks


# --- the contract's rule, case by case ----------------------------------------------------


@pytest.mark.parametrize("where", ["title", "question.hint", "seats", "id"])
@pytest.mark.parametrize("separator", SEPARATORS)
def test_a_one_line_text_holds_no_line_break(where: str, separator: str) -> None:
    problem = text_problem(f"Both ends{separator}{FAKE}", where)
    assert problem is not None and problem.startswith(f"'{where}' ")
    assert "\n" not in problem and separator not in problem


@pytest.mark.parametrize("char", BIDI + ZERO_WIDTH + OTHER)
@pytest.mark.parametrize("where", ["title", "story", "question.hint", "seats", "id", "topic"])
def test_invisible_and_bidi_characters_are_refused_and_named_by_their_escape(
    char: str, where: str
) -> None:
    problem = text_problem(f"Hard{char}ends", where) or ""
    assert problem.startswith(f"'{where}' holds an invisible character ({one_line(char)}")
    assert problem.endswith(") at character 5; write plain text"), problem
    assert not any(is_hidden(c) for c in problem)


@pytest.mark.parametrize("text", ["", " ", "\u200b", "\u200b\u200f\ufeff", " \u2060 \u3164 "])
def test_a_text_of_nothing_visible_is_empty(text: str) -> None:
    problem = text_problem(text, "title")
    assert problem is not None and problem.startswith("'title' must be a non-empty text in quotes")


@pytest.mark.parametrize(("where", "limit"), sorted(LIMITS.items()))
def test_each_text_has_a_length_limit(where: str, limit: int) -> None:
    assert text_problem("x" * limit, where) is None
    assert text_problem("x" * (limit + 1), where) == (
        f"'{where}' is too long: {limit + 1} characters, at most {limit}"
    )


def test_a_story_has_paragraphs_and_no_other_line_break() -> None:
    assert text_problem("One.\nStill one.\n\nTwo.", "story") is None
    for separator in ("\r", "\u2028", "\u2029", "\x85", "\x0b"):
        problem = text_problem(f"One.{separator}Two.", "story")
        assert problem is not None and problem.startswith("'story' "), separator


def test_accents_are_letters_and_a_tower_of_marks_is_not() -> None:
    """Decomposed accents and Vietnamese pile two or three marks on a letter: allowed. A mark
    with no letter under it, or more than MAX_MARKS on one, draws over the lines around it."""
    assert text_problem("Zoe\u0308 and Vie\u0302\u0323t", "title") is None
    assert text_problem(stacked(MAX_MARKS), "title") is None
    assert "combining mark" in (text_problem(stacked(MAX_MARKS + 1), "title") or "")
    assert "combining mark" in (text_problem("\u0301Ann", "seats") or "")


def test_a_tab_is_a_space_in_a_text_and_refused_in_a_seat_name() -> None:
    assert text_problem("a\ttab", "title") is None
    assert "control character (\\t" in (text_problem("Ann\tBen", "seats") or "")


# --- the issue's cases, through the reader and the commands ----------------------------------


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('title = "Both ends are hard"', f'title = "Hard\\n{FAKE}"', "title"),
        ('"Kenrick"]', f'"Ken\\n{FAKE}"]', "seats"),
        ('id = "test/base"', f'id = "test/base\\n{FAKE}"', "id"),
        ("expect = 2", f'expect = 2\nhint = "Count.\\n{FAKE}"', "question.hint"),
        ('title = "Both ends are hard"', 'title = "Both\\u2028ends"', "title"),
        ('title = "Both ends are hard"', 'title = "\\u200b\\u200f\\u061c\\u202e\\ufeff"', "title"),
    ],
    ids=["title", "seat", "id", "hint", "u2028", "invisible"],
)
def test_validate_refuses_the_issue_cases_with_path_and_line(
    old: str, new: str, key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace(old, new)
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:{line_of(text, KEY_OF[key])}: '{key}' "), out
    assert out.count("\n") == 1 and FAKE not in out.splitlines()
    assert clean(out) == out


def test_a_title_of_a_million_characters_is_refused_with_the_limit_and_never_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A million characters make a file over the size limit; 200,000 fit in one and are over the
    title's limit. Neither is printed whole by validate, list, answer or check."""
    for size, said in ((1_000_000, "the file is 1000"), (200_000, "'title' is too long")):
        path = tmp_path / f"long-{size}.toml"
        path.write_text(BASE.replace("Both ends are hard", "x" * size), encoding="utf-8")
        for command in (["validate"], ["list"], ["answer"], ["check"]):
            argv = [*command, str(path)] + (["2"] if command == ["check"] else [])
            assert main(argv) == 2, command
            out, err = capsys.readouterr()
            assert said in out + err, command
            assert max(len(line) for line in (out + err).splitlines()) < 500, command


def test_a_hostile_file_name_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"a\n{FAKE}\u202e.toml"
    path.write_text(BASE.replace('title = "Both', 'title = "\\u200bBoth'), encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{tmp_path}/a\\n{FAKE}\\u202e.toml:5: 'title' holds an invisible")
    assert out.count("\n") == 1 and clean(out) == out


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda tmp: tmp, "this is not a regular file"),
        (lambda tmp: Path("/dev/zero"), "this is not a regular file"),
        (lambda tmp: Path("/dev/null"), "this is not a regular file"),
    ],
    ids=["folder", "dev-zero", "dev-null"],
)
def test_what_is_not_a_file_gets_a_sentence(
    make: object, said: str, tmp_path: Path
) -> None:
    from tutor.scenarios.model import ScenarioFileError

    assert callable(make)
    with pytest.raises(ScenarioFileError, match=said):
        load_scenario(make(tmp_path))


def test_a_fifo_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert main(["validate", str(tmp_path)]) == 2
    assert capsys.readouterr().out == (
        f"{fifo}: this is not a regular file (it is a folder, a device or a pipe), so it was not "
        "read\n"
    )
    assert main(["validate", "--lang", "de", str(fifo)]) == 2
    out = capsys.readouterr().out
    assert out == (
        f"{fifo}: das ist keine gewöhnliche Datei (sondern ein Ordner, ein Gerät oder eine Pipe) "
        "und wurde deshalb nicht gelesen\n"
    )


def test_an_error_in_a_story_never_splits_the_line(tmp_path: Path) -> None:
    """A story may hold a newline; an error quoting a value never prints one."""
    error = error_of(BASE.replace('turn = "you"', f'turn = "you\\n{FAKE}"'))
    assert "\n" not in str(error) and "\\n" in str(error)


# --- hostile strings into every text of a real scenario --------------------------------------

FIELDS = ["title", "story", "question.hint", "seats", "id", "topic"]


def hostile_text(field: str) -> st.SearchStrategy[str]:
    """A text that the contract refuses in ``field``: plain words around at least one hostile
    piece (a separator, a bidi or zero-width character, a control character, a tower of
    combining marks, a mark with no letter), or a text past the field's limit."""
    words = st.text("abcdefgh ÄÖüñ-", max_size=12)
    pieces = [p for p in HOSTILE if not (field == "story" and p == "\n")]
    piece = st.one_of(
        st.sampled_from(pieces),
        st.integers(MAX_MARKS + 1, 40).map(lambda n: "\u0301" * n),
    )
    mixed = st.tuples(words, st.lists(st.tuples(piece, words), min_size=1, max_size=3)).map(
        lambda t: "a" + t[0] + "".join(p + w for p, w in t[1])
    )
    leading = words.map(lambda w: "\u0301" + w)
    limit = LIMITS.get(field, 120)
    long = st.integers(limit + 1, 50 * limit).map(lambda n: ("Hard ends " * n)[:n])
    return st.one_of(mixed, leading, long)


@st.composite
def hostile_case(draw: st.DrawFn) -> tuple[str, str, str]:
    field = draw(st.sampled_from(FIELDS))
    return field, draw(hostile_text(field)), draw(st.sampled_from(["en", "de", "pap"]))


def with_text(s: Scenario, field: str, text: str) -> Scenario:
    if field == "seats":
        return rename(s, "Marcia", text)
    if field == "question.hint":
        return replace(s, question=replace(s.question, hint=text))
    return replace(s, **{field: text})


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


KEY_OF = {"question.hint": "hint =", "seats": "seats =", "story": "story =", "title": "title =",
          "id": "id =", "topic": "topic ="}


@given(case=hostile_case())
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
def test_hostile_texts_are_refused_on_their_line_and_never_reach_the_output_raw(
    case: tuple[str, str, str],
) -> None:
    field, text, lang = case
    written = scenario_text(with_text(load_scenario(REAL), field, text))
    line = line_of(written, KEY_OF[field])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.toml"
        path.write_text(written, encoding="utf-8")
        where = f"{path}:{line}: "
        for argv in (["validate"], ["list"], ["answer"], ["check"]):
            args = [*argv, "--lang", lang, str(path)] + (["2"] if argv == ["check"] else [])
            code, out, err = run(args)
            assert code == 2, (argv, out, err)
            assert "Traceback" not in out + err
            said = [line for line in (out + err).splitlines() if line.startswith(str(path))]
            assert len(said) == 1 and said[0].startswith(where), (argv, out, err)
            assert said[0].startswith(f"{where}'{field}' "), said
            assert clean(out + err) == out + err, (argv, out, err)  # nothing hidden, raw
            assert len(said[0]) < 500
