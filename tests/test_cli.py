"""The scenario commands of ``domino-tutor``: validate, answer, check, list, generate.

Most tests call ``tutor.cli.app.main([...])`` and read the output with ``capsys``; one runs the
installed console script in a subprocess.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE, FIVES, LIBRARY, line_of
from tutor import __version__
from tutor.cli.app import (
    EXIT_BROKEN,
    EXIT_OK,
    EXIT_UNREADABLE,
    EXIT_WRONG,
    GENERATOR_TOPICS,
    Progress,
    build_parser,
    main,
)
from tutor.scenarios.mining.recipes import RECIPES

Capture = pytest.CaptureFixture[str]
SCRIPT = Path(sys.executable).parent / "domino-tutor"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A good file, one whose expect is wrong, a broken one, and a Fives & Threes file."""
    paths = {
        "good": tmp_path / "good" / "key.toml",
        "fives": tmp_path / "good" / "fives.toml",
        "wrong": tmp_path / "wrong.toml",
        "broken": tmp_path / "broken.toml",
    }
    texts = {
        "good": BASE,
        "fives": FIVES,
        "wrong": BASE.replace("expect = 2", "expect = 3"),
        "broken": BASE.replace("level = 3", "level = 9"),
    }
    for name, path in paths.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(texts[name], encoding="utf-8")
    return paths


# --- validate ------------------------------------------------------------------------------------


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


def test_validate_the_library(capsys: Capture) -> None:
    assert main(["validate", str(LIBRARY)]) == EXIT_OK
    assert "0 disagree, 0 broken" in capsys.readouterr().err


# --- answer --------------------------------------------------------------------------------------


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


def test_answer_an_unknown_language_speaks_english(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["good"]), "--lang", "xx"]) == EXIT_OK
    assert "no catalog for language 'xx'" in capsys.readouterr().err


def test_answer_a_broken_file(files: dict[str, Path], capsys: Capture) -> None:
    assert main(["answer", str(files["broken"]), "--json"]) == EXIT_BROKEN
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{files['broken']}:4: ")


# --- check ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "code"),
    [("2", EXIT_OK), (" 2 ", EXIT_OK), ("3", EXIT_WRONG), ("two", EXIT_UNREADABLE)],
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


# --- list ----------------------------------------------------------------------------------------


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


# --- help and version ----------------------------------------------------------------------------


def test_help(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("validate", "answer", "check", "list", "generate"):
        assert command in out


def test_no_command_prints_help(capsys: Capture) -> None:
    assert main([]) == EXIT_OK
    assert "usage: domino-tutor" in capsys.readouterr().out


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


# --- generate ------------------------------------------------------------------------------------


def test_generate_writes_valid_files(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "gen"
    args = ["generate", "--topic", "hard-ends", "--count", "5", "--seed", "3", "--out", str(out)]
    assert main(args) == EXIT_OK
    err = capsys.readouterr().err
    # stderr is not a terminal here: no bar, one summary line.
    assert err == f"5 hard-ends scenarios written to {out / 'hard-ends'}\n"
    assert len(list((out / "hard-ends").glob("*.toml"))) == 5
    assert main(["validate", str(out)]) == EXIT_OK


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("de", "2 Aufgaben zum Thema hard-ends nach {folder} geschrieben"),
        ("pap", "2 esenario di hard-ends skirbí den {folder}"),
    ],
)
def test_the_generate_summary_is_in_the_learners_language(
    language: str, summary: str, tmp_path: Path, capsys: Capture
) -> None:
    out = tmp_path / "gen"
    args = ["generate", "--topic", "hard-ends", "--count", "2", "--seed", "3", "--out", str(out)]
    assert main([*args, "--jobs", "1", "--lang", language]) == EXIT_OK
    assert capsys.readouterr().err == summary.format(folder=out / "hard-ends") + "\n"


def test_generate_quiet(tmp_path: Path, capsys: Capture) -> None:
    args = ["generate", "--topic", "key-cards", "--count", "2", "--out", str(tmp_path), "-q"]
    assert main(args) == EXIT_OK
    assert capsys.readouterr() == ("", "")


def test_generate_unknown_topic_and_bad_count(tmp_path: Path, capsys: Capture) -> None:
    assert main(["generate", "--topic", "spinners", "--out", str(tmp_path)]) == EXIT_BROKEN
    assert "no generator for the topic 'spinners'" in capsys.readouterr().err
    args = ["generate", "--topic", "key-cards", "--count", "0", "--out", str(tmp_path)]
    assert main(args) == EXIT_BROKEN
    assert "--count must be 1 or more" in capsys.readouterr().err


def test_generate_into_a_file_is_an_error(tmp_path: Path, capsys: Capture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    args = ["generate", "--topic", "key-cards", "--count", "1", "--out", str(blocker), "-q"]
    assert main(args) == EXIT_BROKEN
    assert capsys.readouterr().err.startswith("domino-tutor: ")


def test_generator_topics_are_named_in_the_cli(capsys: Capture) -> None:
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert all(topic in help_text for topic in RECIPES)
    assert main(["generate", "--topic", "the-pose", "--count", "1", "--out", "x"]) == EXIT_BROKEN
    assert capsys.readouterr().err.endswith(f"(topics: {', '.join(RECIPES)})\n")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal() -> None:
    stream = Terminal()
    bar = Progress(4, "key-cards", stream, environ={"TERM": "xterm"})
    bar(2)
    bar(2)  # drawn once per change
    bar.finish("4 key-cards scenarios written")
    text = stream.getvalue()
    assert text.count("\r") == 2
    assert "\033[32m" in text and " 2/4" in text
    assert text.endswith("\r\033[K4 key-cards scenarios written\n")


def test_progress_bar_respects_no_color() -> None:
    stream = Terminal()
    bar = Progress(4, "key-cards", stream, environ={"TERM": "xterm", "NO_COLOR": "1"})
    bar(1)
    assert stream.getvalue() == "\rkey-cards [######------------------] 1/4"


def test_progress_on_a_dumb_terminal_or_a_pipe_prints_one_line() -> None:
    for stream, environ in ((Terminal(), {"TERM": "dumb"}), (io.StringIO(), {})):
        bar = Progress(4, "key-cards", stream, environ=environ)
        bar(1)
        bar(4)
        bar.finish("done")
        assert stream.getvalue() == "done\n"


# --- the real console script ---------------------------------------------------------------------


def test_console_script(files: dict[str, Path]) -> None:
    if not SCRIPT.exists():  # pragma: no cover - the project is installed in the venv
        pytest.skip("the domino-tutor script is not installed next to this Python")
    env = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": ""}
    done = subprocess.run(
        [str(SCRIPT), "answer", str(files["good"]), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["answer"] == 2
    broken = subprocess.run(
        [str(SCRIPT), "validate", str(files["broken"])],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert broken.returncode == EXIT_BROKEN
    assert broken.stdout.startswith(f"{files['broken']}:4: ")


def test_start_up_stays_light() -> None:
    code = (
        "import sys, tutor.cli.app; "
        "print(sorted(m for m in sys.modules if m.startswith('tutor')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "['tutor', 'tutor.cli', 'tutor.cli.app']"


def test_the_first_screen_needs_neither_prompt_toolkit_nor_the_judge(tmp_path: Path) -> None:
    """What the interactive quiz imports before its first question is on screen (issue 11.12)."""
    code = (
        "import io, sys\n"
        "from tutor.words.i18n import Speaker\n"
        "from tutor.quiz.app import QuizOptions, select\n"
        "from tutor.quiz.progress import ProgressStore\n"
        "from tutor.quiz.runner import QuizRunner\n"
        "from tutor.quiz.session import PromptUI\n"
        "sp = Speaker('en')\n"
        f"store = ProgressStore({str(tmp_path / 'p.sqlite3')!r})\n"
        "chosen = select(QuizOptions(count=1, seed=1), store, sp, sys.stderr)\n"
        "ui = PromptUI(sp, stdout=io.StringIO())\n"
        "QuizRunner(chosen, ui, sp, store).show(['first screen'])\n"
        "names = ('prompt_toolkit', 'tutor.words.judge', 'tomllib')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "['tomllib']", "one file parsed; no prompt-toolkit, no judge"


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


def test_lang_before_the_command_is_used(capsys: Capture, tmp_path: Path) -> None:
    assert main(["--lang", "de", "quiz", "--count", "0"]) == EXIT_BROKEN
    assert "--count muss 1 oder mehr sein" in capsys.readouterr().err
    assert main(["--lang", "pap", "glossary", "nothing-like-it"]) == EXIT_BROKEN
    assert "e glosario no tin 'nothing-like-it'" in capsys.readouterr().err
    assert main(["--lang", "de", "answer", str(tmp_path / "gone.toml")]) == EXIT_BROKEN
    assert "die Datei lässt sich nicht lesen" in capsys.readouterr().err
    assert main(["rules", "--lang", "pap"]) == EXIT_OK
    assert "Yega seis tanto" in capsys.readouterr().out


def test_a_pip_count_question_reads_naturally() -> None:
    from tutor.scenarios.library import default_library
    from tutor.scenarios.reader import load_scenario
    from tutor.words.i18n import Speaker
    from tutor.words.kinds import question_text

    s = load_scenario(default_library() / "blocked-boards" / "count-desmond.toml")
    assert question_text(s, Speaker("en")) == "What is Desmond's count?"


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


def test_generate_help_names_exactly_the_generator_recipes() -> None:
    """The light copy of the topic names in cli (kept out of tutor.scenarios.mining.recipes for a
    fast start)
    names exactly the generator's recipes."""
    assert tuple(GENERATOR_TOPICS) == tuple(RECIPES)


@pytest.mark.parametrize(("lang", "word"), [("en", "continue"), ("de", "weiter")])
def test_answer_text_after_game_in_the_learners_words(
    lang: str, word: str, capsys: Capture
) -> None:
    """An after-game answer is a word in the learner's language, never raw JSON (issue 11.16)."""
    path = LIBRARY / "six-love" / "void-tie.toml"
    assert main(["answer", str(path), "--lang", lang]) == EXIT_OK
    first = capsys.readouterr().out.splitlines()[0]
    assert first == word and "{" not in first


def test_list_titles_and_topics_in_the_learners_language(capsys: Capture) -> None:
    """Titles and topic names in German; the key column stays for --topic (issue 11.7)."""
    assert main(["list", "--topic", "hard-ends", "--lang", "de"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "Nie der Pasch" in out and "Never the double" not in out
    assert "Harte Enden" in out and "insgesamt" in out
    assert main(["list", "--topic", "spinners", "--lang", "de"]) == EXIT_BROKEN
    assert "hard-ends (Harte Enden)" in capsys.readouterr().err


def test_german_percent_never_stands_alone_at_forty_columns() -> None:
    """German writes "50 %" with a space; at 40 columns a new user read "(50" and "%)" on two
    lines. The catalog keeps them together with a no-break space."""
    from tutor.quiz.overview import accuracy_lines
    from tutor.words.i18n import Speaker

    table = {"blocked-boards": (1, 2), "play-the-odds": (0, 4)}
    lines = accuracy_lines(table, Speaker("de"), 40)
    assert not any(line.strip().startswith("%") for line in lines), lines
    assert any("(50\u00a0%)" in line for line in lines), lines


def test_ctrl_c_before_a_command_starts_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: Ctrl-C at any moment ends the tutor with exit code 130 and no traceback, also
    while it is still loading its catalogs (tried in tmux: a traceback came through)."""
    import tutor.words.i18n

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tutor.words.i18n, "translations", interrupted)
    assert main(["--lang", "de", "list"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_while_python_loads_the_command_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: the same while Python is still importing ``tutor.cli.app`` itself (the first tens
    of milliseconds): the command's entry point, ``tutor.cli.main``, loads it (a traceback came
    through when the entry point was the command itself)."""
    import importlib.abc
    import sys

    import tutor.cli

    class Interrupted(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, *_: object) -> None:
            if name == "tutor.cli.app":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "tutor.cli.app")
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    assert tutor.cli.main() == 130
    assert "Traceback" not in capsys.readouterr().err


def test_the_command_and_python_m_tutor_enter_through_tutor_cli_main() -> None:
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"domino-tutor": "tutor.cli:main"}
    assert "from tutor.cli import main" in (ROOT / "tutor" / "__main__.py").read_text()
