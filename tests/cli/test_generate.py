"""``domino-tutor generate`` and its progress bar."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN, EXIT_OK, EXIT_WRONG
from tutor.cli.generate import Progress
from tutor.scenarios.mining.recipes import RECIPES

Capture = pytest.CaptureFixture[str]


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


def test_why_nothing_was_written_is_said_in_the_learners_language(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    args = ["generate", "--topic", "key-cards", "--count", "1", "--out", str(blocker), "-q"]
    assert main([*args, "--lang", "de"]) == EXIT_BROKEN
    assert capsys.readouterr().err == (
        f"domino-tutor: die Aufgaben konnten nicht nach {blocker} geschrieben werden: "
        "diese Datei gibt es schon\n"
    ), "not Python's '[Errno 17] File exists: ...'"

    from tutor.scenarios.mining import miner

    def too_few(topic: str, count: int, seed: int = 0, **options: object) -> None:
        raise miner.TooFewPositions(topic, 2, count, 350)

    monkeypatch.setattr(miner, "generate", too_few)
    args = ["generate", "--topic", "key-cards", "--count", "5", "--out", str(tmp_path / "gen")]
    assert main([*args, "--lang", "pap"]) == EXIT_WRONG
    assert capsys.readouterr().err == (
        "domino-tutor: den 350 wega a sali djis 2 di 5 posishon diferente di key-cards; nada no a "
        "keda skirbí. Pidi ménos, òf purba un otro --seed.\n"
    )
