"""The game screen's windows at 80x24, 40x24 and 120x40, in every language: each fits, the
snake and the hand, the key bar, ASCII, long pages, the log."""

from __future__ import annotations

import pytest

from tests.play.tui.screens import (
    game,
    screen_text,
    to_play,
)
from tutor.play.tui.layout import View
from tutor.play.tui.state import Screen
from tutor.render.terminal import text
from tutor.words.i18n import Speaker


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
        if screen.mode == "final":  # the final board: Enter for the summary
            screen.enter()
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


def test_ascii_screens_have_no_arrows_or_boxes() -> None:
    screen = to_play(Screen(game(), Speaker("de")))
    lines = screen_text(View(screen, Speaker("de"), lambda: (80, 24), ascii=True))
    assert all(
        line.isascii() or set(line) - set("äöüßÄÖÜ·") <= set(map(chr, range(128))) for line in lines
    ), "\n".join(lines)
    assert "<-" in "\n".join(lines) or "->" in "\n".join(lines)


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_page_longer_than_the_terminal_says_there_is_more_below(language: str) -> None:
    from tutor.play.tui.pages import Page

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
        if screen.mode == "final":  # the final board: Enter for the summary
            screen.enter()
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


LONG_VERDICT = [
    "Coach: 6-5 on the left: a mistake (about 20% less chance to win); 3-3 on the right was "
    "better.",
    "With 3-3 you keep 5 different numbers in your hand; with 6-5 only 3.",
    "After 6-5 your count is 19; after 3-3, 24.",
    "From what you could know, the chance to win is about 30% after 3-3 on the right and "
    "about 10% after 6-5 on the left.",
]


def long_line_screen(language: str) -> Screen:
    screen = Screen(game(players=2), Speaker(language))
    while len(screen.game.session.game.line) < 14:
        if screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
            screen.mode = "play"
        else:
            screen.tick()
        if screen.mode == "final":
            screen.enter()
        if screen.mode == "page":
            screen.close_page()
    screen.coach, screen.tone = LONG_VERDICT, "bad"
    return screen


@pytest.mark.parametrize("language", ["en", "de", "pap"])
@pytest.mark.parametrize(
    ("width", "height"), [(80, 24), (40, 24), (30, 24), (20, 10), (19, 40), (60, 14)]
)
def test_a_long_verdict_and_a_long_line_fit_or_the_screen_says_how_large_to_make_it(
    language: str, width: int, height: int
) -> None:
    """Every row stays whole: the windows fit the terminal, or the screen says how large the
    window must be (in the learner's language) and that size draws the game whole."""
    sp = Speaker(language)
    screen = long_line_screen(language)
    view = View(screen, sp, lambda: (width, height))
    columns, rows = view.least_size()
    if not view.too_small():
        lines = screen_text(view)
        assert len(lines) <= height, "\n".join(lines)
        assert all(len(line.rstrip()) <= width for line in lines), "\n".join(lines)
        return
    said = " ".join(text(view.small()).split())
    assert said.startswith(
        sp._("The window is too small for the game: make it at least {columns} columns wide "
             "and {rows} rows high.").format(columns=columns, rows=rows)[:12]
    )
    assert str(columns) in said and str(rows) in said and "F10" in said
    assert all(len(line) <= max(width, 10) for line in text(view.small()).split("\n"))
    grown = View(screen, sp, lambda: (max(width, columns), max(height, rows)))
    assert not grown.too_small()
    lines = screen_text(grown)
    assert len(lines) <= max(height, rows), "\n".join(lines)
    assert all(len(line.rstrip()) <= max(width, columns) for line in lines), "\n".join(lines)


def test_under_twenty_columns_the_screen_never_draws_a_cut_board() -> None:
    screen = to_play(Screen(game(), Speaker("en")))
    for width in (19, 15, 10):
        view = View(screen, Speaker("en"), lambda w=width: (w, 60))  # type: ignore[misc]
        assert view.too_small() and view.least_size()[0] >= 20


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_cut_verdict_keeps_whole_sentences_and_says_it_is_cut(language: str) -> None:
    sp = Speaker(language)
    screen = long_line_screen(language)
    cut = sp._("… (cut: the window is too small)")
    cuts = 0
    for height in range(16, 40):
        view = View(screen, sp, lambda h=height: (40, h))  # type: ignore[misc]
        if view.too_small():
            continue
        said = text(view.coach()).split("\n")
        whole = [text(view.pen.wrapped(screen.coach[:k])).split("\n") for k in range(1, 5)]
        if said in whole:
            continue
        first = cut.split()[0] + " " + cut.split()[1]
        assert said[-1].startswith(first) or " ".join(said[-2:]).startswith(first), said
        kept = said[: next(k for k, row in enumerate(said) if row.startswith(cut.split()[0]))]
        assert kept in whole, kept
        cuts += 1
    assert cuts, "some height between the least and all the words cuts them"
