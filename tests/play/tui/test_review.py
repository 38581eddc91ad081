"""The review screen through prompt-toolkit's pipe input: the keys step through a seeded game,
and each screen shows the table, the grade, the best play and the value with every hand known,
marked as such; F5 in the game opens it over the game and q goes back."""

from __future__ import annotations

import asyncio
import io

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from tests.play.tui.screens import F1, F5, F10, LEFT, QUICK, RIGHT, game, until
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.tui.app import GameScreen
from tutor.play.tui.review import ReviewApp, ReviewScreen
from tutor.questions.coach import Verdict
from tutor.render.terminal import text
from tutor.words.i18n import Speaker
from tutor.words.play import play_words

DOWN, UP, PGDN, HOME, END = "\x1b[B", "\x1b[A", "\x1b[6~", "\x1b[H", "\x1b[F"


def fives_hand() -> PracticeGame:
    practice = PracticeGame(Options(game="fives-and-threes", level=1, seed=4), budget=QUICK)
    while not practice.session.hand_over:
        if practice.learner_to_play:
            _ = practice.choose(practice.legal_choices()[0])
        else:
            _ = practice.step()
    return practice


def shown(state: ReviewScreen, width: int = 80, height: int = 22) -> list[str]:
    return text(state.rows(width, height)).split("\n")


def styled(state: ReviewScreen, words: str) -> str:
    """The style of the row that begins with ``words``."""
    rows = state.rows(80, 40)
    return next(row[0][0] for row in rows if row and row[0][1].startswith(words))


def test_the_keys_step_through_the_review_and_each_graded_play_shows_board_and_grade() -> None:
    practice = fives_hand()
    en = Speaker("en")

    async def drive() -> list[tuple[int, list[str], str]]:
        seen: list[tuple[int, list[str], str]] = []
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            app = ReviewApp(practice, en, input=pipe, output=output)
            state = app.state
            task = asyncio.ensure_future(app.run_async())
            await asyncio.sleep(0.05)
            graded = state.review.graded
            for k in range(len(graded)):
                assert state.at == graded[k]
                seen.append((state.at, shown(state), styled(state, "With all hands known")))
                if k + 1 < len(graded):
                    pipe.send_text(DOWN)
                    await until_at(state, graded[k + 1])
            pipe.send_text(UP)
            await until_at(state, graded[-2])
            pipe.send_text(RIGHT)
            await until_at(state, graded[-2] + 1)
            pipe.send_text(LEFT + LEFT)
            await until_at(state, graded[-2] - 1)
            pipe.send_text(END)
            await until_at(state, len(state.review.steps) - 1)
            end = shown(state, height=40)
            assert any(line.startswith("Accuracy in round 1: ") for line in end)
            pipe.send_text(HOME)
            await until_at(state, 0)
            pipe.send_text(F1)
            await asyncio.sleep(0.05)
            assert shown(state)[0] == "The review of your game"
            pipe.send_text("q")  # closes the help
            await asyncio.sleep(0.05)
            assert not state.help
            pipe.send_text("q")
            await asyncio.wait_for(task, 10)
        return seen

    seen = asyncio.run(drive())
    assert seen
    for _, lines, style in seen:
        screen = "\n".join(lines)
        assert lines[0].startswith("Round 1. Scores: you ")  # the score
        assert "Marcia: " in screen  # the other seat and its tiles
        assert "Your hand (count " in screen
        assert "Left end: " in screen or "The table is empty" in screen  # the line
        assert "graded play" in screen and "Coach: " in screen
        assert "With all hands known (not knowable during play)" in screen
        assert style == "class:number"  # the known value, marked apart from the grade


async def until_at(state: ReviewScreen, at: int) -> None:
    for _ in range(500):
        if state.at == at:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"at step {state.at}, not {at}")


def test_a_graded_play_names_the_best_play_and_marks_the_tile_played() -> None:
    practice = fives_hand()
    state = ReviewScreen(practice, Speaker("en"))
    for at in state.review.graded:
        state.at = at
        grade = state.review.steps[at].grade
        assert grade is not None
        screen = " ".join(shown(state, height=40))  # a sentence may wrap
        lead = not len(state.review.steps[at].session.game.line)  # a lead has no end yet
        best = play_words(grade.best, Speaker("en"), lead=lead)
        if grade.best != grade.played and grade.verdict is Verdict.BEST:  # within the noise
            assert f"as good as {best}" in screen
        elif grade.best != grade.played:
            assert f"{best} was better" in screen
        tiles = state.screen().hand_tiles()
        marked = [t.tile for t in tiles if t.selected]
        assert marked == [grade.played.tile]


def test_a_small_window_keeps_the_board_and_space_shows_the_rest_of_the_words() -> None:
    practice = fives_hand()
    state = ReviewScreen(practice, Speaker("de"))
    state.at = max(state.review.graded, key=lambda k: len(state.review.text(k).coach))
    small = shown(state, 40, 22)
    assert len(small) == 22 if state.cut else len(small) <= 22
    if state.cut:
        assert small[-1] == Speaker("de")._("… Space: more")
        state.more()
        rest = shown(state, 40, 22)
        step = Speaker("de")._("Step {n} of {total} · round {hand}").split(" ")[0]
        assert rest[0].startswith(step)  # German: the screen's words, not English


def test_f5_opens_the_review_over_the_game_and_q_goes_back_to_it() -> None:
    practice = game(coach="live")

    async def drive() -> bool:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(practice, Speaker("en"), pace=0.0, input=pipe, output=output)
            state = screen.screen
            task = asyncio.ensure_future(screen.run_async())
            await until(lambda: practice.learner_to_play and state.mode == "play", screen, pipe)
            pipe.send_text(F5)
            reviewing = lambda: state.page is not None and state.page.kind == "review"  # noqa: E731
            await until(reviewing, screen, pipe)
            await asyncio.sleep(0.1)
            pipe.send_text(PGDN + "q")
            await until(lambda: state.page is None and state.mode == "play", screen, pipe)
            pipe.send_text(F10)
            return await asyncio.wait_for(task, 20)

    assert not asyncio.run(drive())


def test_a_window_under_twenty_columns_says_how_wide_to_make_it() -> None:
    """As the game screen: under 20 columns the review says how wide the window must be (in the
    learner's language), never a board cut without a sign; q still leaves."""
    practice = game()
    while not practice.learner_to_play:
        practice.step()
    written = io.StringIO()

    async def drive() -> None:
        with create_pipe_input() as pipe:
            output = Vt100_Output(written, lambda: Size(rows=20, columns=19), term="xterm")
            review = ReviewApp(practice, Speaker("en"), input=pipe, output=output)
            task = asyncio.ensure_future(review.run_async())
            await asyncio.sleep(0.5)
            pipe.send_text("q")
            await asyncio.wait_for(task, 10)

    asyncio.run(drive())
    drawn = written.getvalue()
    assert "narrow: make it at" in drawn and "20 columns" in drawn, drawn
    assert "PgUp" not in drawn, "no key bar cut at the edge"


def test_the_key_bar_names_each_games_hand() -> None:
    """The pap review of a Fives & Threes match said "PgUp PgDn Wega" (a Cutthroat game) in its
    key bar, while its steps said "Ronda 2": PgDn goes to the next round there."""
    practice = fives_hand()
    for lang, word in (("en", "Round"), ("de", "Runde"), ("pap", "Ronda")):
        bar = text(ReviewScreen(practice, Speaker(lang)).keys(80))
        assert f"PgUp PgDn {word}" in bar, bar
    cutthroat = PracticeGame(Options(game="cutthroat", players=2, level=1, seed=4), budget=QUICK)
    while not cutthroat.session.hand_over:
        if cutthroat.learner_to_play:
            _ = cutthroat.choose(cutthroat.legal_choices()[0])
        else:
            _ = cutthroat.step()
    assert "PgUp PgDn Wega" in text(ReviewScreen(cutthroat, Speaker("pap")).keys(80))
    assert "PgUp PgDn Game" in text(ReviewScreen(cutthroat, Speaker("en")).keys(80))
