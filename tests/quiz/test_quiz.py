"""The quiz: flows through prompt-toolkit pipe input, plain mode, completers, progress."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output.plain_text import PlainTextOutput

from tutor.i18n import Speaker
from tutor.quiz.app import QuizOptions, run
from tutor.quiz.completer import ReplyCompleter, candidates
from tutor.quiz.plain import PlainUI
from tutor.quiz.progress import ProgressStore
from tutor.quiz.runner import QuizRunner
from tutor.quiz.screen import screen_lines
from tutor.quiz.session import PromptUI
from tutor.scenarios import load_scenario

HERE = Path(__file__).parent / "scenarios"
HARD = load_scenario(HERE / "hard.toml")
POINTS = load_scenario(HERE / "points.toml")
PLAYS = load_scenario(HERE / "plays.toml")
EN = Speaker("en")

F2, F3 = "\x1bOQ", "\x1bOR"


@pytest.fixture
def pipe() -> Iterator[tuple[PipeInput, io.StringIO]]:
    buffer = io.StringIO()
    with create_pipe_input() as inp, create_app_session(input=inp, output=PlainTextOutput(buffer)):
        yield inp, buffer


def run_prompt(pipe_and_buffer, keys: str, scenarios, store=None):  # type: ignore[no-untyped-def]
    inp, buffer = pipe_and_buffer
    inp.send_text(keys)
    runner = QuizRunner(scenarios, PromptUI(EN, color=False), EN, store, width=lambda: 200)
    state = runner.run()
    return state, buffer.getvalue(), runner


def test_right_answer_through_prompt_toolkit(pipe, tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = ProgressStore(tmp_path / "p.json")
    state, out, _ = run_prompt(pipe, "both\r", [HARD], store)
    assert (state.right, state.wrong) == (1, 0)
    assert "Right!" in out
    assert "Seven of the eight threes are on the table" in out
    saved = json.loads((tmp_path / "p.json").read_text())
    assert saved["cards"]["test/hard"]["right"] == 1


def test_wrong_answer_gives_the_answer_and_explanation(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, _ = run_prompt(pipe, "left\r", [HARD])
    assert (state.right, state.wrong) == (0, 1)
    assert "Not quite. The answer is left and right." in out
    assert "so it is a hard end" in out
    assert state.missed == ["test/hard"]


def test_unparseable_reply_is_explained_and_asked_again(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, _ = run_prompt(pipe, "sideways\r3\r", [POINTS])
    assert "I could not read that. Please answer with a whole number" in out
    assert state.right == 1


def test_hint_key_then_answer(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, _ = run_prompt(pipe, F2 + "3\r", [POINTS])
    assert "Hint: Add up the open ends: 4 and 5." in out
    assert state.right == 1


def test_skip_key_moves_on(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, _ = run_prompt(pipe, F3 + "3\r", [HARD, POINTS])
    assert state.skipped == 1 and state.right == 1
    assert "Skipped." in out


def test_ctrl_c_leaves_cleanly_and_keeps_progress(pipe, tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = ProgressStore(tmp_path / "p.json")
    state, out, runner = run_prompt(pipe, "both\r\x03", [HARD, POINTS], store)
    assert runner.interrupted and state.right == 1
    assert "Stopped. Your progress is saved." in out
    assert json.loads((tmp_path / "p.json").read_text())["cards"]["test/hard"]["right"] == 1


def test_ctrl_d_leaves_cleanly(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, runner = run_prompt(pipe, "\x04", [HARD])
    assert runner.interrupted and state.answered == 0
    assert "You answered 0 questions" in out


def test_completer_offers_words_of_the_language() -> None:
    words = [c.text for c in ReplyCompleter(HARD, Speaker("de")).get_completions(
        Document("li"), CompleteEvent())]
    assert words == ["links"]
    assert candidates(HARD, Speaker("pap"))[:2] == ["robes", "drechi"]


def test_completer_for_plays_offers_the_whole_hand_with_ends() -> None:
    document = Document("6-2 l, 3-3 ")
    completions = ReplyCompleter(PLAYS, EN).get_completions(document, CompleteEvent())
    assert [c.text for c in completions] == ["3-3 left", "3-3 right"]
    # it does not give the answer away: tiles that do not fit are offered too
    assert "0-0 left" in candidates(PLAYS, EN)


def test_list_of_plays_through_the_prompt(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, _ = run_prompt(pipe, "1|5 RIGHT, [2:6] l\r", [PLAYS])
    assert state.right == 1, out


def test_plain_mode_reads_line_by_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    runner = QuizRunner([POINTS], PlainUI(io.StringIO("?\nfive\n3\n"), out), EN, None)
    state = runner.run()
    text = out.getvalue()
    assert state.right == 1
    assert "Hint:" in text and "I could not read that" in text and "Right!" in text
    assert "How many points does 5-1 on the right end score?" in text


def test_corrupt_progress_file_is_moved_aside(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    store = ProgressStore(path)
    assert store.moved_aside is not None and store.moved_aside.read_text() == "{not json"
    assert store.unreadable is None
    assert not path.exists() and store.cards == {}
    store.record("x", "hard-ends", right=True)
    store.save()
    assert json.loads(path.read_text())["cards"]["x"]["right"] == 1


def test_an_unreadable_progress_file_is_named_with_the_reason(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tutor.quiz.app import open_store

    (tmp_path / "domino-tutor" / "progress.json").mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    store = open_store(out, EN)
    assert store.moved_aside is None and store.unreadable == "Is a directory"
    assert out.getvalue() == (
        f"Your progress file {store.path} could not be read (Is a directory); "
        "this session is not saved.\n"
    )


def test_run_command_in_plain_mode_with_xdg(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    options = QuizOptions(plain=True, paths=[str(HERE)], count=2, seed=1, topic="hard-ends")
    code = run(options, EN, stdin=io.StringIO("left right\n"), stdout=out, stderr=err)
    assert code == 0
    saved = json.loads((tmp_path / "domino-tutor" / "progress.json").read_text())
    assert saved["cards"] == {
        "test/hard": {"topic": "hard-ends", "right": 1, "wrong": 0, "box": 1,
                      "due": saved["cards"]["test/hard"]["due"],
                      "last": saved["cards"]["test/hard"]["last"]}
    }
    assert "You answered 1 question: 1 right, 0 wrong, 0 skipped." in out.getvalue()


def test_screen_fits_forty_columns() -> None:
    lines = screen_lines(HARD, EN, width=40)
    drawing = [line for line in lines if line.startswith(("┌", "│", "└"))]
    assert drawing and max(len(line) for line in drawing) <= 40
    assert any("┌3┐" in line for line in lines), "the crosswise double 3-3 is drawn"


def test_ascii_screen_has_no_box_characters() -> None:
    text = "\n".join(screen_lines(HARD, EN, ascii=True))
    assert "[4|0]" in text and "+3+" in text
    assert not any(ch in text for ch in "┌│└▶")


def test_set_results_in_each_language() -> None:
    """after-game replies: continue / six-love / bruck in the learner's words."""
    from tutor.judge import Verdict, judge
    from tutor.library import load_library
    from tutor.vocabulary import reply_words

    scenarios, _ = load_library()
    continuing = next(
        s for s in scenarios if s.question.ask == "after-game" and s.question.expect
        and s.question.expect.get("result") == "continue"
    )
    for lang in ("en", "de", "pap"):
        speaker = Speaker(lang)
        word = speaker._("continue")
        verdict = judge(continuing, word, reply_words(speaker)).verdict
        assert verdict is Verdict.RIGHT, (lang, word)
        wrong = judge(continuing, speaker._("bruck"), reply_words(speaker)).verdict
        assert wrong is Verdict.WRONG, lang
