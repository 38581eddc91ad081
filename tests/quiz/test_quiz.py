"""The quiz: flows through prompt-toolkit pipe input, plain mode, completers, progress."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output.plain_text import PlainTextOutput

from tutor.quiz.app import QuizOptions, run
from tutor.quiz.completer import ReplyCompleter, candidates
from tutor.quiz.plain import PlainUI
from tutor.quiz.progress import ProgressStore
from tutor.quiz.runner import QuizRunner
from tutor.quiz.screen import screen_lines
from tutor.quiz.session import PromptUI
from tutor.scenarios.reader import load_scenario
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import game_name

HERE = Path(__file__).parent / "scenarios"
LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
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
    ui = PromptUI(EN, color=False, stdout=buffer)
    runner = QuizRunner(scenarios, ui, EN, store, width=lambda: 200)
    state = runner.run()
    return state, buffer.getvalue(), runner


def test_right_answer_through_prompt_toolkit(pipe, tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = ProgressStore(tmp_path / "p.sqlite3")
    state, out, _ = run_prompt(pipe, "both\r", [HARD], store)
    assert (state.right, state.wrong) == (1, 0)
    assert "Right!" in out
    assert "Seven of the eight threes are on the table" in out
    saved = ProgressStore(tmp_path / "p.sqlite3").to_json()
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


def test_skip_key_moves_on(pipe, tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = ProgressStore(tmp_path / "p.sqlite3")
    state, out, _ = run_prompt(pipe, F3 + "\r3\r", [HARD, POINTS], store)
    assert state.skipped == 1 and state.right == 1
    # The skipped question shows its answer and why; the card is saved as missed.
    assert "Skipped. The answer is left and right." in out
    assert "Seven of the eight threes are on the table" in out
    assert state.missed == ["test/hard"]
    saved = ProgressStore(tmp_path / "p.sqlite3").to_json()["cards"]["test/hard"]
    assert (saved["right"], saved["wrong"], saved["box"]) == (0, 1, 0)


class Recording:
    """A QuizUI that records what happens, in order."""

    def __init__(self, replies: list[str], clears: bool = True) -> None:
        self.replies, self.clears, self.events = list(replies), clears, []  # type: ignore[var-annotated]

    def show(self, lines, style=""):  # type: ignore[no-untyped-def]
        self.events += [("show", line) for line in lines]

    def ask(self, scenario, state):  # type: ignore[no-untyped-def]
        self.events.append(("ask", scenario.id))
        return self.replies.pop(0)

    def pause(self, state):  # type: ignore[no-untyped-def]
        self.events.append(("pause", ""))

    def clear(self):  # type: ignore[no-untyped-def]
        self.events.append(("clear", ""))
        return self.clears


def test_the_verdict_stays_until_the_learner_goes_on() -> None:
    ui = Recording(["left", "3"])
    QuizRunner([HARD, POINTS], ui, EN, None, width=lambda: 80, height=lambda: 24).run()
    kinds = [kind for kind, _ in ui.events]
    verdict = kinds.index("show", kinds.index("ask"))
    assert ui.events[verdict][1].startswith("Not quite.")
    # After the verdict and its explanation: a pause, and only then the new screen.
    assert kinds[verdict:].index("pause") < kinds[verdict:].index("clear")
    assert kinds.count("pause") == 1, "no pause after the last question: the summary follows"


def test_a_new_screen_starts_with_the_title_even_when_tall() -> None:
    tall = load_scenario(LIBRARY / "six-love" / "void-tie.toml")
    for lang in ("en", "de", "pap"):
        ui = Recording(["continue"])
        QuizRunner([tall], ui, Speaker(lang), None, width=lambda: 80, height=lambda: 24).run()
        shown = [text for kind, text in ui.events[: ui.events.index(("ask", tall.id))]
                 if kind == "show"]
        assert shown[0].startswith("Cutthroat · "), shown[:2]
        assert len(shown) <= 24 - 2, "title to question fit above the prompt and the toolbar"


def test_every_library_screen_fits_80x24_with_its_title() -> None:
    from tutor.render.table import squeeze
    from tutor.scenarios.library import load_library
    from tutor.terminal import wrap

    scenarios, _ = load_library([LIBRARY])
    for lang in ("en", "de", "pap"):
        sp = Speaker(lang)
        for s in scenarios:
            lines: list[str] = []
            for line in screen_lines(s, sp, width=80):
                lines += wrap(line, 80) if len(line) > 80 else [line]
            assert len(squeeze(lines, 22)) <= 22, (lang, s.id)


def test_every_library_screen_keeps_its_title_at_40x24() -> None:
    """At 40 columns a long line of play drawn three rows high pushed the title off the top
    (27 tiles took 12 rows): the tiles are then drawn one row high, and as a last resort the
    story is left out. At 80x24 every screen keeps its full drawing."""
    from tutor.render.table import squeeze
    from tutor.scenarios.library import load_library

    scenarios, _ = load_library([LIBRARY])
    for lang in ("en", "de", "pap"):
        sp = Speaker(lang)
        for s in scenarios:
            narrow = QuizRunner([s], Recording([]), sp, None, width=lambda: 40,
                                height=lambda: 24)
            lines = narrow.screen(s)
            assert len(lines) <= 22 and lines[0].startswith(game_name(s.game, sp)), (lang, s.id)
            wide = QuizRunner([s], Recording([]), sp, None, width=lambda: 80, height=lambda: 24)
            full = wide.wrapped(screen_lines(s, sp, width=80))
            assert wide.screen(s) == squeeze(full, 22), ("the full drawing at 80x24", s.id)
    long_line = load_scenario(LIBRARY / "six-love" / "two-hand-bruck.toml")
    shown = QuizRunner([long_line], Recording([]), EN, None, width=lambda: 40,
                       height=lambda: 24).screen(long_line)
    assert "[4|4][4|2][2|1][1|1][1|4][4|0][0|1][1|5]" in shown, "the line, one row high"


def test_a_hint_keeps_the_title_on_screen() -> None:
    """F2 on a full 80x24 screen: the hint under the question pushed the title off the top.
    The screen is drawn again with room for the hint (squeezed, or compact if need be)."""
    tall = load_scenario(LIBRARY / "six-love" / "void-tie.toml")
    for lang in ("en", "de", "pap"):
        ui = Recording(["?", "continue"])
        QuizRunner([tall], ui, Speaker(lang), None, width=lambda: 80, height=lambda: 24).run()
        asked = [k for k, event in enumerate(ui.events) if event[0] == "ask"]
        last_clear = max(k for k, event in enumerate(ui.events[: asked[1]]) if event[0] == "clear")
        shown = [text for kind, text in ui.events[last_clear: asked[1]] if kind == "show"]
        assert shown[0].startswith("Cutthroat · "), (lang, shown[:2])
        assert any(text.startswith(("Hint:", "Tipp:", "Yudansa:")) for text in shown[-3:]), shown
        assert len(shown) <= 24 - 2, (lang, "title, question and hint above the prompt")


def test_the_seat_to_play_is_marked_only_while_the_game_goes_on() -> None:
    """After a domino or a block (the after-game and stake questions) nobody is to play: the
    ▶ sat on the seat that had just gone out, or on anybody at a blocked table."""
    from tutor.scenarios.library import load_library

    scenarios, _ = load_library([LIBRARY])
    over_seen = going_on_seen = 0
    for s in scenarios:
        p = s.position
        over = p.blocked or any(p.size(seat) == 0 for seat in range(len(s.seats)))
        marks = sum(line.startswith("▶") or "  ▶ " in line for line in screen_lines(s, EN))
        assert marks == (0 if over else 1), (s.id, over, marks)
        over_seen, going_on_seen = over_seen + over, going_on_seen + (not over)
    assert over_seen >= 10 and going_on_seen >= 100


def test_prompt_holds_no_rows_for_a_closed_menu() -> None:
    assert PromptUI(EN, color=False).session.reserve_space_for_menu == 0


def test_toolbar_keeps_the_keys_at_forty_columns() -> None:
    from tutor.quiz.runner import QuizState, toolbar_text

    state = QuizState(total=10, number=10, right=9, streak=9)
    for lang in ("en", "de", "pap"):
        sp = Speaker(lang)
        narrow = toolbar_text(state, sp, 40)
        assert len(narrow) <= 40 and "F2" in narrow and "F3" in narrow and "^D" in narrow, narrow
        assert len(toolbar_text(state, sp, 100)) > 40


def test_ctrl_c_leaves_cleanly_and_keeps_progress(pipe, tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = ProgressStore(tmp_path / "p.sqlite3")
    state, out, runner = run_prompt(pipe, "both\r\x03", [HARD, POINTS], store)
    assert runner.interrupted and state.right == 1
    assert "Stopped. Your progress is saved." in out
    assert ProgressStore(tmp_path / "p.sqlite3").to_json()["cards"]["test/hard"]["right"] == 1


def test_ctrl_d_leaves_cleanly(pipe) -> None:  # type: ignore[no-untyped-def]
    state, out, runner = run_prompt(pipe, "\x04", [HARD])
    assert runner.interrupted and state.answered == 0
    assert "0 questions: 0 right, 0 wrong, 0 skipped." in out


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
    runner = QuizRunner([POINTS], PlainUI(io.StringIO("?\nfivefold\n3\n"), out), EN, None)
    state = runner.run()
    text = out.getvalue()
    assert state.right == 1
    # A piped reply is echoed after the prompt: the transcript reads as a dialogue.
    assert "> ?\n" in text and "> fivefold\n" in text and "> 3\nRight!" in text
    assert "Hint:" in text and "I could not read that" in text and "Right!" in text
    assert "How many points does 5-1 on the right end score?" in text


def test_corrupt_progress_file_is_moved_aside(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    store = ProgressStore(tmp_path / "learner.sqlite3", legacy=path)
    assert store.moved_aside is not None and store.moved_aside.read_text() == "{not json"
    assert store.unreadable is None and not store.database
    assert not path.exists() and store.cards == {}
    store.record("x", "hard-ends", right=True)
    store.save()
    assert ProgressStore(tmp_path / "learner.sqlite3").to_json()["cards"]["x"]["right"] == 1


def test_an_unreadable_progress_file_is_named_with_the_reason(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tutor.quiz.app import open_store

    (tmp_path / "domino-tutor" / "progress.json").mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    store = open_store(out, EN)
    assert store.moved_aside is None and store.unreadable == "Is a directory"
    assert out.getvalue() == (
        f"Your old progress file {store.legacy} could not be read (Is a directory); it stays "
        "where it is and is brought in once it can be read.\n"
    )
    # The session is kept in the database all the same; the old file comes in once readable.
    store.record("x", "hard-ends", right=True)
    store.save()
    legacy = tmp_path / "domino-tutor" / "progress.json"
    legacy.rmdir()
    legacy.write_text('{"version": 1, "cards": {"y": {"topic": "key-cards", "right": 2}}}')
    again = open_store(io.StringIO(), EN)
    assert (again.cards["x"].right, again.cards["y"].right) == (1, 2)


def test_run_command_in_plain_mode_with_xdg(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    options = QuizOptions(plain=True, paths=[str(HERE)], count=2, seed=1, topic="hard-ends")
    code = run(options, EN, stdin=io.StringIO("left right\n"), stdout=out, stderr=err)
    assert code == 0
    saved = ProgressStore(tmp_path / "domino-tutor" / "learner.sqlite3").to_json()
    assert saved["cards"] == {
        "test/hard": {"topic": "hard-ends", "right": 1, "wrong": 0, "box": 1,
                      "due": saved["cards"]["test/hard"]["due"],
                      "last": saved["cards"]["test/hard"]["last"]}
    }
    assert "1 question: 1 right, 0 wrong, 0 skipped." in out.getvalue()


def test_screen_fits_forty_columns() -> None:
    lines = screen_lines(HARD, EN, width=40)
    drawing = [line for line in lines if line.startswith(("┌", "│", "└"))]
    assert drawing and max(len(line) for line in drawing) <= 40
    assert any("┌3┐" in line for line in lines), "the crosswise double 3-3 is drawn"


def test_ascii_screen_has_no_box_characters() -> None:
    text = "\n".join(screen_lines(HARD, EN, ascii=True))
    assert "[4|0]" in text and "+3+" in text
    assert not any(ch in text for ch in "┌│└▶")
    # The seat to play is marked, but not with the prompt's ">".
    assert "* You: " in text and ">" not in text


def test_set_results_in_each_language() -> None:
    """after-game replies: continue / six-love / bruck in the learner's words."""
    from tests.words.judging import judge
    from tutor.scenarios.library import load_library
    from tutor.words.judge import Verdict
    from tutor.words.vocabulary import reply_words

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


def test_a_seat_without_tiles_is_said_properly() -> None:
    from dataclasses import replace

    empty = replace(HARD, hidden={"Desmond": 0, "Kenrick": 5}, hands={**HARD.hands, "Marcia": 0})
    text = "\n".join(screen_lines(empty, EN))
    assert "Desmond: no tiles left" in text and "Marcia: no tiles left" in text
    assert "0 tiles" not in text


def test_text_from_files_is_stripped_of_control_characters() -> None:
    from dataclasses import replace

    evil = replace(HARD, title="\x1b]0;PWNED\x07\x1b[2J\x1b[31mHard", story="\x9b2Jstory")
    out = io.StringIO()
    QuizRunner([evil], PlainUI(io.StringIO("both\n"), out), EN, None).run()
    text = out.getvalue()
    assert "Hard" in text and "story" in text
    assert not any(c in text for c in "\x1b\x07\x9b")


@pytest.mark.parametrize(("lang", "title"), [("en", "Never the double"), ("de", "Nie der Pasch")])
def test_the_summary_names_missed_questions_by_title(lang: str, title: str) -> None:
    """Not by id ("hard-ends/never-the-double"): by title, in the learner's language (11.7)."""
    library = Path(__file__).parents[2] / "scenarios"
    never = load_scenario(library / "hard-ends" / "never-the-double.toml")
    runner = QuizRunner([never], Recording([]), Speaker(lang), None)
    runner.miss(never)
    summary = "\n".join(runner.summary())
    assert f": {title}." in summary and "never-the-double" not in summary


def test_a_right_answer_after_a_hint_counts_as_right_with_help(pipe, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Right, but no streak, and the card comes back sooner than after a plain right answer."""
    store = ProgressStore(tmp_path / "p.sqlite3")
    state, _, _ = run_prompt(pipe, "both\r\r" + F2 + "3\r", [HARD, POINTS], store)
    assert state.right == 2 and state.streak == 1 and state.best_streak == 1
    cards = ProgressStore(tmp_path / "p.sqlite3").to_json()["cards"]
    assert cards["test/hard"]["box"] == 1 and cards["test/points"]["box"] == 0
    assert cards["test/points"]["due"] < cards["test/hard"]["due"] + 1


FAKE = "Correct answer: 6-6"


def test_no_text_of_a_file_prints_a_line_of_its_own() -> None:
    """A title, story, hint or seat name with line breaks and invisible characters (the reader
    refuses them; here they are put in by hand) stays on its own line on the quiz screen: the
    breaks are shown as escapes, and a long hint's next lines are indented, so that no line of
    the screen starts with a text of the file's choosing (issue 23)."""
    from dataclasses import replace

    hint = "x" * (80 - len("Hint: ") - 1) + " " + FAKE
    evil = replace(
        HARD,
        title=f"Hard\n{FAKE}\u202e",
        story=f"Story.\u2028{FAKE}\n{FAKE}\u200b",
        question=replace(HARD.question, hint=hint),
    )
    out = io.StringIO()
    QuizRunner([evil], PlainUI(io.StringIO("?\nboth\n"), out), EN, None).run()
    lines = out.getvalue().splitlines()
    assert not [line for line in lines if line.startswith(FAKE)], lines
    assert f"Hard\\n{FAKE}\\u202e" in lines[2]
    assert f"Story.\\u2028{FAKE} {FAKE}\\u200b" in lines
    assert f"  {FAKE}" in lines
    screen = screen_lines(evil, EN)
    assert not [line for line in screen if line.startswith(FAKE)], screen


def test_a_story_is_shown_paragraph_by_paragraph() -> None:
    from dataclasses import replace

    told = replace(HARD, story="One line\nand its end.\n\n  \n\nA second paragraph.")
    screen = screen_lines(told, EN)
    assert screen[1:3] == ["One line and its end.", "A second paragraph."]
