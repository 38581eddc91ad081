"""The full-screen game: the layout at 80x24 and 40x24, and the keys through prompt-toolkit's
pipe input (the application runs as it does in a terminal, with a fixed-size output)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output.vt100 import Vt100_Output

from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import HandOver, Options
from tutor.play.tui.app import GameScreen
from tutor.play.tui.draw import text
from tutor.play.tui.layout import View
from tutor.play.tui.state import Screen
from tutor.questions.coach import CoachBudget
from tutor.rules.game import Play
from tutor.words.i18n import Speaker

QUICK = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=0.05)
F1, F2, F5, F10, CTRL_Z = "\x1bOP", "\x1bOQ", "\x1b[15~", "\x1b[21~", "\x1a"
RIGHT, LEFT = "\x1b[C", "\x1b[D"


def game(seed: int = 7, players: int = 4, coach: str = "off", **more: object) -> PracticeGame:
    options = Options(players=players, level=3, seed=seed, **more)  # type: ignore[arg-type]
    return PracticeGame(options, coach=coach, budget=QUICK)  # type: ignore[arg-type]


def to_play(screen: Screen) -> Screen:
    while not screen.game.learner_to_play:
        screen.tick()
        if screen.mode == "page":
            screen.close_page()
    return screen


def screen_text(view: View) -> list[str]:
    parts = (view.status, view.seats, view.board, view.hand, view.question, view.coach, view.log)
    rows = [row for part in parts for row in part()]
    return text([*rows, [("", "> ")], *view.keys()]).split("\n")


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (40, 24), (120, 40)])
@pytest.mark.parametrize("players", [2, 4])
def test_every_window_fits_the_terminal(
    language: str, width: int, height: int, players: int
) -> None:
    screen = to_play(Screen(game(players=players), Speaker(language)))
    lines = screen_text(View(screen, Speaker(language), lambda: (width, height)))
    assert len(lines) <= height, "\n".join(lines)
    assert all(len(line) <= width for line in lines), "\n".join(lines)
    assert any("F10" in line for line in lines[-2:]) and any("^Z" in line for line in lines[-2:])
    joined = "\n".join(lines)
    assert ("Marcia" in joined and "Deal" not in joined) or language == "en"
    if width >= 80:
        assert "Deal" in joined or language != "en"


def test_the_snake_shows_both_ends_and_the_hand_is_numbered() -> None:
    screen = to_play(Screen(game(), Speaker("en")))
    line = screen.game.session.game.line
    view = View(screen, Speaker("en"), lambda: (80, 24))
    board = text(view.board())
    assert f"Left end: {line.left} · right end: {line.right}" in board
    styles = [style for row in view.board() for style, _ in row]
    assert "class:end" in styles, "the end tiles are marked"
    hand = view.hand()
    legal = [style for row in hand for style, _ in row if "class:legal" in style]
    assert legal, "legal plays are highlighted"
    numbers = text(hand).split("\n")[1].split()
    assert numbers == [str(k) for k in range(1, len(screen.hand_tiles()) + 1)]


def test_a_long_line_snakes_back_and_goes_compact_when_rows_are_few() -> None:
    screen = Screen(game(players=2), Speaker("en"))
    while len(screen.game.session.game.line) < 14:
        if screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
            screen.mode = "play"
        else:
            screen.tick()
        if screen.mode == "page":
            screen.close_page()
    tall = View(screen, Speaker("en"), lambda: (40, 60)).board()
    assert len(tall) >= 7 and text(tall).split("\n")[4].startswith(" "), text(tall)
    short = View(screen, Speaker("en"), lambda: (40, 12)).board()
    assert len(short) < len(tall) and "[" in text(short)


def test_a_narrow_key_bar_keeps_every_key() -> None:
    screen = Screen(game(), Speaker("de"))
    for width in (40, 30, 20):
        keys = text(View(screen, Speaker("de"), lambda w=width: (w, 24)).keys())  # type: ignore[misc]
        assert all(key in keys for key in ("F1", "F2", "F5", "^Z", "F10"))
        assert all(len(line) <= width for line in keys.split("\n"))


def test_a_tile_that_fits_both_ends_asks_which() -> None:
    screen = to_play(Screen(game(), Speaker("en")))
    both = [
        k
        for k, t in enumerate(screen.hand_tiles(), 1)
        if len([p for p in screen.choices() if p.tile == t.tile]) == 2
    ]
    assert both, "seed 7 gives the learner a tile for both ends"
    tile = screen.hand_tiles()[both[0] - 1].tile
    screen.submit(str(both[0]))
    assert screen.mode == "ends" and screen.pending == tile
    question = text(View(screen, Speaker("en"), lambda: (80, 24)).question())
    assert f"{tile} fits both ends" in question
    screen.end(right=True)
    assert screen.game.session.actions[-1].play == Play.parse(f"{tile} right") or any(
        a.play == Play.parse(f"{tile} right") for a in screen.game.session.actions
    )


def test_replies_that_are_not_plays_get_a_sentence() -> None:
    screen = to_play(Screen(game(), Speaker("de")))
    screen.submit("99")
    assert "1" in screen.notice and screen.mode == "play"
    screen.submit("Quatsch")
    assert screen.notice and screen.mode == "play"
    missing = next(
        f"{a}-{b}"
        for a in range(7)
        for b in range(a + 1)
        if f"{a}-{b}" not in {str(t.tile) for t in screen.hand_tiles()}
    )
    screen.submit(missing)
    assert "nicht" in screen.notice


def test_a_bad_play_waits_with_its_verdict_and_take_back_is_counted() -> None:
    screen = to_play(Screen(game(coach="live"), Speaker("en")))
    graded = screen.game.hint()
    assert graded is not None and screen.game.counters.hints == 1
    choices = screen.game.legal_choices()
    worst = min(choices, key=graded.chance)
    before = len(screen.game.session.actions)
    screen.choose(worst)
    assert screen.coach and screen.coach[0].startswith("Coach:")
    if screen.mode == "wait":
        assert not screen.can_step(), "the computer waits while the verdict is read"
        screen.enter()
    screen.take_back()
    assert screen.game.counters.take_backs == 1
    assert len(screen.game.session.actions) == before and screen.game.learner_to_play


# --- the application, driven through a pipe -----------------------------------------------------


async def until(check: Callable[[], bool], screen: GameScreen, pipe: PipeInput) -> None:
    """Wait for ``check``; a verdict that waits is sent on with Enter."""
    for _ in range(2000):
        if check():
            return
        if screen.screen.mode == "wait":
            pipe.send_text("\r")
        await asyncio.sleep(0.01)
    raise AssertionError(f"never came; mode {screen.screen.mode}")


def test_the_application_plays_by_number_tile_and_arrows_hints_takes_back_and_quits() -> None:
    practice = game(coach="live")
    saved: list[PracticeGame] = []

    def learner_plays() -> list[Play]:
        actions = practice.session.actions
        return [a.play for a in actions if a.seat == 0 and a.play is not None]

    async def drive() -> bool:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(
                practice, Speaker("de"), pace=0.0, input=pipe, output=output, save=saved.append
            )
            task = asyncio.ensure_future(screen.run_async())
            state = screen.screen

            def my_turn() -> bool:
                return practice.learner_to_play and state.mode == "play"

            await until(my_turn, screen, pipe)
            # By number: seed 7 gives tile 1 (6-5) for both ends; the right arrow answers.
            pipe.send_text("1\r")
            await until(lambda: state.mode == "ends", screen, pipe)
            pipe.send_text(RIGHT)
            await until(lambda: len(learner_plays()) == 1, screen, pipe)
            assert learner_plays()[0] == Play.parse("6-5 right")
            await until(my_turn, screen, pipe)
            pipe.send_text(F2)
            await until(lambda: practice.counters.hints == 1, screen, pipe)
            assert state.coach and state.coach[0].startswith("Tipp:")
            # By tile, typed.
            tile = next(t.tile for t in state.hand_tiles() if t.legal)
            pipe.send_text(f"{tile}\r")
            await until(lambda: len(learner_plays()) == 2, screen, pipe)
            assert learner_plays()[1].tile == tile
            await until(my_turn, screen, pipe)
            pipe.send_text(CTRL_Z)
            await until(lambda: practice.counters.take_backs == 1, screen, pipe)
            assert len(learner_plays()) == 1
            # With the arrows and Enter.
            await until(my_turn, screen, pipe)
            legal = [t for t in state.hand_tiles() if t.legal]
            pipe.send_text(RIGHT + "\r" if len(legal) > 1 else "\r")
            await until(lambda: len(learner_plays()) == 2 or state.mode == "ends", screen, pipe)
            if state.mode == "ends":
                pipe.send_text(LEFT)
                await until(lambda: len(learner_plays()) == 2, screen, pipe)
            chosen = legal[1] if len(legal) > 1 else legal[0]
            assert learner_plays()[1].tile == chosen.tile
            pipe.send_text(F1)
            await until(lambda: state.page is not None and state.page.kind == "help", screen, pipe)
            pipe.send_text(F5)
            await until(
                lambda: state.page is not None and state.page.kind == "review", screen, pipe
            )
            pipe.send_text(F10)
            return await asyncio.wait_for(task, 20)

    over = asyncio.run(drive())
    assert not over and saved and saved[-1] is practice


def test_the_end_of_a_hand_reveals_the_hands_and_the_mistakes_come_back() -> None:
    steady = CoachBudget(samples_cutthroat=12, samples_fives_and_threes=4, time_budget=None)
    practice = PracticeGame(Options(players=2, level=3, seed=7), coach="live", budget=steady)
    screen = Screen(practice, Speaker("en"))
    while screen.page is None:
        if screen.mode == "wait":
            screen.enter()
        elif screen.game.learner_to_play:
            graded = screen.game.hint()
            choices = screen.game.legal_choices()
            screen.choose(min(choices, key=graded.chance) if graded else choices[0])
        else:
            screen.tick()
    page = screen.page
    assert page is not None and page.kind == "hand"
    hands = screen.game.session.events[-1]
    assert isinstance(hands, HandOver)
    for seat, name in enumerate(("Your hand:", "Marcia held:")):
        shown = any(line.startswith(name) for line in page.lines)
        assert shown == bool(hands.hands[seat]), "every hand with tiles left is revealed"
    review = screen.game.reviews[-1]
    assert any(line.startswith("Accuracy in hand 1") for line in page.lines)
    assert review.mistakes, "the worst plays make mistakes"
    assert page.footer.startswith("Press L")
    screen.learn()
    decision, graded = review.mistakes[0]
    assert screen.mode == "retry" and screen.line() is decision.view.line
    assert screen.hand() == decision.view.hand and screen.view() is decision.view
    screen.submit(f"{graded.best.tile} {graded.best.end}")
    if screen.mode == "ends":
        screen.end(right=graded.best.end.value == "right")
    assert screen.mode == "wait" and screen.coach[0].startswith("Found:")
    assert screen.line() is decision.view.line, "the position stays while the verdict is read"
    for _ in range(4 * len(review.mistakes)):
        if screen.mode == "wait":
            screen.enter()
        elif screen.mode == "ends":
            screen.end(right=False)
        elif screen.retries:
            screen.enter()  # the cursor's tile
    assert not screen.retries and screen.mode == "play" and screen.can_step()


def test_ascii_screens_have_no_arrows_or_boxes() -> None:
    screen = to_play(Screen(game(), Speaker("de")))
    lines = screen_text(View(screen, Speaker("de"), lambda: (80, 24), ascii=True))
    assert all(
        line.isascii() or set(line) - set("äöüßÄÖÜ·") <= set(map(chr, range(128))) for line in lines
    ), "\n".join(lines)
    assert "<-" in "\n".join(lines) or "->" in "\n".join(lines)


def test_tab_completes_a_typed_tile_with_its_end_and_enter_plays_it() -> None:
    practice = game()

    async def drive() -> None:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
            screen = GameScreen(practice, Speaker("de"), pace=0.0, input=pipe, output=output)
            task = asyncio.ensure_future(screen.run_async())
            await until(lambda: practice.learner_to_play, screen, pipe)
            pipe.send_text("6-5 r")
            await asyncio.sleep(0.2)
            pipe.send_text("\t")
            await until(lambda: screen.buffer.text == "6-5 rechts", screen, pipe)
            pipe.send_text("\r")
            await until(lambda: len(practice.session.actions) > 3, screen, pipe)
            pipe.send_text(F10)
            await asyncio.wait_for(task, 20)

    asyncio.run(drive())
    mine = [a.play for a in practice.session.actions if a.seat == 0]
    assert mine[0] == Play.parse("6-5 right")


def test_no_color_keeps_bold_and_reverse_only() -> None:
    from prompt_toolkit.output import ColorDepth

    with create_pipe_input() as pipe:
        output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm")
        plain = GameScreen(game(), Speaker("en"), color=False, input=pipe, output=output)
        coloured = GameScreen(game(), Speaker("en"), color=True, input=pipe, output=output)
    assert plain.app.color_depth == ColorDepth.MONOCHROME
    assert coloured.app.color_depth != ColorDepth.MONOCHROME


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_page_longer_than_the_terminal_says_there_is_more_below(language: str) -> None:
    from tutor.play.tui.state import Page

    sp = Speaker(language)
    screen = Screen(game(), sp)
    more = sp._("↓ more below (↑ ↓ to scroll)")
    for count, overflows in ((5, False), (40, True)):
        lines = [f"line {k}" for k in range(count)]
        screen.page = Page("hand", lines, sp._("Press Enter to go on."))
        screen.mode = "page"
        view = View(screen, sp, lambda: (80, 24))
        footer = text(view.page_keys())
        assert (more in footer) == overflows, footer
        assert sp._("Press Enter to go on.") in footer
    screen.scroll(+100)
    assert text(View(screen, sp, lambda: (80, 24)).page()).endswith("line 39")


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_forced_pass_of_the_learner_is_said_as_a_sentence(language: str) -> None:
    sp = Speaker(language)
    screen = Screen(game(players=2), sp)
    for _ in range(500):
        session = screen.game.session
        if (
            not screen.game.learner_to_play
            and session.game.turn == 0
            and not session.hand_over
            and not session.over
        ):
            break
        if screen.mode == "page":
            screen.close_page()
        elif screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
        else:
            screen.tick()
    else:
        raise AssertionError("the learner never had to pass")
    question = text(View(screen, sp, lambda: (80, 24)).question())
    assert question == sp._("No tile of yours fits the ends…"), question


def test_the_log_shows_whole_sentences_only() -> None:
    screen = to_play(Screen(game(players=2), Speaker("en")))
    long = "After 3-3 on the right the ends add up to 10. 10 is 2 fives: 2 points. " * 2
    log = ["Round 1.", long.strip(), "Marcia lays 5-4 on the left.", long.strip()]
    screen.log = lambda: log  # type: ignore[method-assign]
    for height in range(14, 40):
        view = View(screen, Speaker("en"), lambda h=height: (40, h))  # type: ignore[misc]
        shown = text(view.log()).split("\n") if view.log() else []
        sentences = [text(view.wrapped([line])).split("\n") for line in log]
        if shown:
            assert shown[0] in {rows[0] for rows in sentences}, (
                f"at 40x{height} the log begins inside a sentence: {shown[0]!r}"
            )
            assert shown[-len(sentences[-1]) :] == sentences[-1], "the newest sentence is last"


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_match_won_on_a_play_says_that_play_on_the_end_page(language: str) -> None:
    """The end page covers the log: when a play reaches the target before the round ends,
    the page itself says that play and its points (it only showed the scores before)."""
    practice = PracticeGame(Options(game="fives-and-threes", level=2, seed=1, target=15),
                            coach="off", budget=QUICK)
    screen = Screen(practice, Speaker(language))
    pages = []
    while not practice.session.over:
        if screen.page is not None:
            pages.append(screen.page)
            screen.close_page()
        elif screen.mode == "wait":
            screen.enter()
        elif screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
        else:
            screen.tick()
    if screen.page is not None:
        pages.append(screen.page)
    over = [e for e in practice.session.events if isinstance(e, HandOver)][-1]
    assert over.outcome is None, "seed 1 ends the match on a play, not on a chip-out"
    page, log = pages[-1], screen.log()
    assert page.kind == "hand"
    start = log.index(page.lines[0])
    assert log[start:start + 3] == page.lines[:3], (
        "the page opens with the last play and its points, then the scores, as the log says them")
    assert log[start + 2].endswith("15."), "the scores after that play: the target"
