"""The scenario commands of ``domino-tutor``: validate, answer, check, list.

The tests call ``tutor.cli.app.main([...])`` and read the output with ``capsys``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE, LIBRARY, line_of
from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN, EXIT_OK, EXIT_UNREADABLE, EXIT_WRONG

Capture = pytest.CaptureFixture[str]


def test_validate_good_files(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["validate", str(files["good"].parent)]) == EXIT_OK
    out, err = capsys.readouterr()
    assert out == ""
    assert "2 files: 2 ok, 0 disagree, 0 broken" in err


def test_validate_an_expect_that_disagrees(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["validate", str(files["wrong"])]) == EXIT_WRONG
    out, _ = capsys.readouterr()
    line = line_of(BASE, "expect = ")
    assert out == f"{files['wrong']}:{line}: expect is 3, but the engine answers 2\n"


def test_validate_a_broken_file(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["validate", str(files["broken"])]) == EXIT_BROKEN
    out, _ = capsys.readouterr()
    assert out.startswith(f"{files['broken']}:4: the level must be 1")


def test_validate_reports_every_problem_and_exits_with_the_worst(
    files: dict[str, Path], capsys: Capture
) -> None:
    paths = [str(files[name]) for name in ("good", "wrong", "broken")]
    assert main(["validate", *paths]) == EXIT_BROKEN
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2
    assert "3 files: 1 ok, 1 disagree, 1 broken" in err


def test_validate_quiet_and_missing_paths(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["validate", "--quiet", str(files["good"])]) == EXIT_OK
    assert capsys.readouterr() == ("", "")
    missing = files["good"].parent / "nope.toml"
    assert main(["validate", str(missing)]) == EXIT_BROKEN
    assert capsys.readouterr().out == f"{missing}: no such file or folder\n"


def test_validate_refuses_an_id_used_twice_naming_both_files(
    files: dict[str, Path], capsys: Capture
) -> None:
    twin = files["good"].parent / "twin.toml"
    twin.write_text(files["good"].read_text(encoding="utf-8"), encoding="utf-8")
    id_line = line_of(BASE, "id = ")
    assert main(["validate", str(files["good"].parent)]) == EXIT_BROKEN
    out, err = capsys.readouterr()
    assert out == (
        f"{twin}:{id_line}: the id 'test/base' is already used by {files['good']}:{id_line}\n"
    )
    assert "3 files: 2 ok, 0 disagree, 1 broken" in err


def test_validate_with_jobs_prints_what_one_job_prints(
    files: dict[str, Path], capsys: Capture
) -> None:
    folder = files["good"].parent.parent
    (folder / "twin.toml").write_text(files["good"].read_text(encoding="utf-8"), encoding="utf-8")
    os.mkfifo(folder / "pipe.toml")  # refused, not waited for
    assert main(["validate", "--jobs", "1", str(folder)]) == EXIT_BROKEN
    one = capsys.readouterr()
    assert "pipe.toml: this is not a regular file" in one.out and "twin.toml:" in one.out
    assert len(one.out.splitlines()) == 4
    assert main(["validate", "--jobs", "3", str(folder)]) == EXIT_BROKEN
    assert capsys.readouterr() == one
    assert main(["validate", "--jobs", "0", str(folder)]) == EXIT_BROKEN
    assert "--jobs must be 1 or more" in capsys.readouterr().err


def test_validate_the_library(capsys: Capture) -> None:
    assert main(["validate", str(LIBRARY)]) == EXIT_OK
    assert "0 disagree, 0 broken" in capsys.readouterr().err


def test_answer_json_shape(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["good"]), "--json"]) == EXIT_OK
    payload = json.loads(capsys.readouterr().out)
    assert list(payload) == ["id", "ask", "answer", "explanation"]
    assert payload["id"] == "test/base" and payload["ask"] == "game-points"
    assert payload["answer"] == 2
    assert payload["explanation"] and all(isinstance(s, str) for s in payload["explanation"])
    assert any("key card" in sentence for sentence in payload["explanation"])


def test_answer_json_list_in_canonical_form(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["fives"]), "--json", "--lang", "en"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["answer"] == ["6-3 left"]


def test_answer_text_and_other_languages(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["good"])]) == EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2" and all(line.startswith("  ") for line in out[1:])
    for lang in ("de", "pap"):
        assert main(["answer", str(files["good"]), "--json", "--lang", lang]) == EXIT_OK
        assert json.loads(capsys.readouterr().out)["answer"] == 2


def test_answer_a_broken_file(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["broken"]), "--json"]) == EXIT_BROKEN
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{files['broken']}:4: ")


@pytest.mark.parametrize(("lang", "word"), [("en", "continue"), ("de", "weiter")])
def test_answer_text_after_game_in_the_learners_words(
    lang: str, word: str, capsys: Capture
) -> None:
    """An after-game answer is a word in the learner's language, never raw JSON (issue 11.16)."""
    path = LIBRARY / "six-love" / "void-tie.toml"
    assert main(["answer", str(path), "--lang", lang]) == EXIT_OK
    first = capsys.readouterr().out.splitlines()[0]
    assert first == word and "{" not in first


def test_a_pip_count_question_reads_naturally() -> None:
    from tutor.scenarios.library import default_library
    from tutor.scenarios.reader import load_scenario
    from tutor.words.i18n import Speaker
    from tutor.words.kinds import question_text

    s = load_scenario(default_library() / "blocked-boards" / "count-desmond.toml")
    assert question_text(s, Speaker("en")) == "What is Desmond's count?"


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        ("2", EXIT_OK),
        (" 2 ", EXIT_OK),
        ("3", EXIT_WRONG),
        ("two", EXIT_OK),
        ("twain", EXIT_UNREADABLE),
    ],
)
def test_check_exit_codes(files: dict[str, Path], capsys: Capture, reply: str, code: int) -> None:
    assert main(["check", str(files["good"]), reply]) == code
    out = capsys.readouterr().out
    first = {EXIT_OK: "Right!", EXIT_WRONG: "Not quite.", EXIT_UNREADABLE: "I could not read"}
    assert out.startswith(first[code])


def test_check_a_broken_file(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["check", str(files["broken"]), "2"]) == EXIT_BROKEN
    assert "the level must be 1" in capsys.readouterr().err


def test_check_any_best_play(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["check", str(files["fives"]), "3-6 L"]) == EXIT_OK
    assert main(["check", str(files["fives"]), "2-2 left"]) == EXIT_WRONG


def test_check_reads_a_play_copied_from_the_docs(files: dict[str, Path], capsys: Capture) -> None:
    """The docs print 6-3 with a non-breaking hyphen (U+2011); pasted, it is the same play."""
    assert main(["check", str(files["fives"]), "3\u20116 L"]) == EXIT_OK
    assert capsys.readouterr().out.startswith("Right!")


def test_list_with_counts(files: dict[str, Path], capsys: Capture) -> None:
    folder = str(files["good"].parent)
    assert main(["list", folder]) == EXIT_OK
    out = capsys.readouterr().out
    assert "test/base" in out and "test/fives" in out
    assert "key-cards                 1" in out and "fives-and-threes-scoring  1" in out
    assert out.rstrip().endswith("total                     2")


def test_list_one_topic(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["list", "--topic", "key-cards", str(files["good"].parent)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "test/base" in out and "test/fives" not in out
    assert out.rstrip().endswith("total      1")


def test_list_an_unknown_topic(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["list", "--topic", "spinners", str(files["good"].parent)]) == EXIT_BROKEN
    err = capsys.readouterr().err
    assert "no scenario has the topic 'spinners'" in err and "key-cards" in err


def test_list_reports_broken_files(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["list", str(files["broken"].parent)]) == EXIT_BROKEN
    assert f"{files['broken']}:4:" in capsys.readouterr().err


def test_list_the_library_by_topic(capsys: Capture) -> None:
    assert main(["list", "--topic", "key-cards"]) == EXIT_OK
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("key-cards/")]
    assert rows and f"key-cards  {len(rows)}" in out


def test_list_titles_and_topics_in_the_learners_language(capsys: Capture) -> None:
    """Titles and topic names in German; the key column stays for --topic (issue 11.7)."""
    assert main(["list", "--topic", "hard-ends", "--lang", "de"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "Nie der Pasch" in out and "Never the double" not in out
    assert "Harte Enden" in out and "insgesamt" in out
    assert main(["list", "--topic", "spinners", "--lang", "de"]) == EXIT_BROKEN
    assert "hard-ends (Harte Enden)" in capsys.readouterr().err
