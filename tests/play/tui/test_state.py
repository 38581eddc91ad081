"""The game screen's state and what its keys and typed replies do to it (no terminal)."""

from __future__ import annotations

import pytest

from tests.play.tui.screens import (
    QUICK,
    game,
    to_play,
)
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.tui.layout import View
from tutor.play.tui.state import Screen
from tutor.questions.coach import CoachBudget
from tutor.render.terminal import text
from tutor.rules.plays import Play
from tutor.rules.series import HandOver
from tutor.words.i18n import Speaker


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


@pytest.mark.parametrize("language", ["en", "de", "pap"])
def test_a_match_won_on_a_play_says_that_play_on_the_end_page(language: str) -> None:
    """The end page covers the log: when a play reaches the target before the round ends,
    the page itself says that play and its points (it only showed the scores before)."""
    practice = PracticeGame(
        Options(game="fives-and-threes", level=2, seed=1, target=15), coach="off", budget=QUICK
    )
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
    assert log[start : start + 3] == page.lines[:3], (
        "the page opens with the last play and its points, then the scores, as the log says them"
    )
    assert log[start + 2].endswith("15."), "the scores after that play: the target"


def test_the_game_is_saved_after_every_play_pass_draw_hint_and_take_back() -> None:
    saved: list[int] = []
    practice = game(players=2, seed=5, boneyard=True, coach="live")
    screen = Screen(
        practice, Speaker("en"), checkpoint=lambda g: saved.append(len(g.session.actions))
    )
    while len(practice.session.actions) < 16 and not practice.session.hand_over:
        if practice.learner_to_play:
            screen.choose(practice.legal_choices()[-1])
            screen.go_on()
        else:
            screen.tick()
    kinds = {a.kind for a in practice.session.actions}
    assert {"play", "draw"} <= kinds or {"play", "pass"} <= kinds
    assert sorted(set(saved)) == list(range(1, len(practice.session.actions) + 1))
    to_play(screen)
    screen.hint()
    assert practice.counters.hints == 1 and saved[-1] == len(practice.session.actions)
    screen.take_back()
    assert saved[-1] == len(practice.session.actions), "the take-back is saved at once"
