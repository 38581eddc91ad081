"""The game screen's state and what its keys and typed replies do to it (no terminal)."""

from __future__ import annotations

import pytest

from tests.play.tui.screens import (
    QUICK,
    game,
    screen_text,
    to_play,
    worst_to_the_end_of_the_hand,
)
from tutor.play.model.practice import PracticeGame
from tutor.play.model.session import Options
from tutor.play.tui.layout import View
from tutor.play.tui.settle import EnterGuard
from tutor.play.tui.state import Screen
from tutor.questions.coach import CoachBudget
from tutor.render.terminal import snake, text
from tutor.rules.plays import Play
from tutor.rules.series import HandOver, Passed, Played
from tutor.words.i18n import Speaker
from tutor.words.play import event_lines


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
    screen = worst_to_the_end_of_the_hand(Screen(practice, Speaker("en")))
    page = screen.page
    assert page is not None and page.kind == "hand"
    hands = screen.game.session.events[-1]
    assert isinstance(hands, HandOver)
    for seat, name in enumerate(("Your hand:", "Marcia held:")):
        shown = any(line.startswith(name) for line in page.lines)
        assert shown == bool(hands.hands[seat]), "every hand with tiles left is revealed"
    review = screen.game.reviews[-1]
    assert any(line.startswith("Accuracy in game 1") for line in page.lines)
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
        elif screen.mode in ("wait", "final"):
            screen.enter()
        elif screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
        else:
            screen.tick()
    if screen.mode == "final":  # the final board first; Enter opens the end page
        screen.enter()
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


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_final_board_and_the_last_plays_stay_until_enter(language: str) -> None:
    """At the end of a hand the final line and the plays that decided it stay on the screen
    with "press Enter for the summary"; an Enter at once (meant for the screen before) does
    not skip it; the next Enter opens the summary."""
    sp, clock = Speaker(language), Clock()
    screen = Screen(game(), sp, guard=EnterGuard(clock=clock))
    session = screen.game.session
    while not session.hand_over:
        if screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
        else:
            screen.tick()
    assert screen.mode == "final" and screen.page is None
    view = View(screen, sp, lambda: (80, 40))
    shown = "\n".join(screen_text(view))
    assert text(snake(session.game.line, width=80)) in text(view.board()), "the final line"
    assert sp._("The hand is over: press Enter for the summary.") in shown
    ended = next(e for e in reversed(session.events) if isinstance(e, HandOver))
    played = next(e for e in reversed(session.events) if isinstance(e, Played | Passed))
    names = screen.names
    assert event_lines(played, names, sp, first=False, rules=session.rules)[-1] in screen.log()
    assert event_lines(ended, names, sp, first=False, rules=session.rules)[0] not in screen.log()
    screen.enter()  # at once: meant for the screen before
    assert screen.mode == "final"
    clock.now += 1
    screen.enter()
    assert screen.page is not None and screen.page.kind == "hand"


def test_the_enter_that_closes_the_last_verdict_does_not_skip_the_final_board() -> None:
    """A hand that ends on a play with a verdict: Enter on the verdict shows the final board,
    and the same key pressed again at once does not open the summary over it."""
    clock = Clock()
    screen = Screen(game(), Speaker("en"), guard=EnterGuard(clock=clock))
    session = screen.game.session
    while not session.hand_over:
        if screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
        else:
            screen.tick()
    assert screen.mode == "final"
    screen.mode, screen.coach = "wait", ["Coach: a verdict on the last play."]  # as _chosen does
    clock.now += 2
    screen.enter()  # closes the verdict
    assert screen.mode == "final" and screen.page is None and not screen.coach
    screen.enter()  # the same press, repeated at once
    assert screen.mode == "final" and screen.page is None
    clock.now += 1
    screen.enter()
    assert screen.page is not None and screen.page.kind == "hand"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({}, "E wega a kaba: primi Enter pa e resúmen."),
        ({"game": "fives-and-threes", "players": 2},
         "E ronda a kaba: primi Enter pa e resúmen."),
    ],
)
def test_the_end_of_a_hand_is_named_in_the_games_own_word(options: dict, said: str) -> None:
    """The Papiamentu reading (A2, A3): a Cutthroat hand is a "wega", a Fives & Threes hand a
    "ronda"; "man" is only the tiles a player holds ("E man a kaba" said the hand of tiles was
    over, in both games)."""
    sp = Speaker("pap")
    screen = Screen(game(**options), sp)
    session = screen.game.session
    while not session.hand_over:
        if screen.mode == "ends":
            screen.end(right=False)
        elif screen.game.learner_to_play:
            screen.choose(screen.game.legal_choices()[0])
        else:
            screen.tick()
    assert screen.mode == "final"
    shown = "\n".join(screen_text(View(screen, sp, lambda: (80, 40))))
    assert said in shown, shown


@pytest.mark.parametrize(
    ("kind", "players", "wanted"),
    [
        ("fives-and-threes", 2, {"en": "The coach is going over the round…",
                                 "de": "Der Trainer geht die Runde durch …",
                                 "pap": "E entrenadó ta repasá e ronda…"}),
        ("cutthroat", 4, {"en": "The coach is going over the game…",
                          "de": "Der Trainer geht das Spiel durch …",
                          "pap": "E entrenadó ta repasá e wega…"}),
    ],
)
def test_the_last_tile_says_the_coach_goes_over_the_games_own_hand(
    kind: str, players: int, wanted: dict[str, str]
) -> None:
    """Issue 24: a hand of Fives & Threes is a round, one of Cutthroat a game; the screen says
    which while the coach grades the hand after its last tile is played."""
    from tutor.play.tui.thinking import think_at_once
    from tutor.rules.tiles import tiles_of

    for language, sentence in wanted.items():
        said: list[str | None] = []
        def last_tile(seed: int) -> PracticeGame | None:
            """The game of ``seed`` at the learner's last tile of a hand, if it comes to one."""
            practice = game(seed=seed, players=players, coach="after", game=kind)
            while not practice.over:
                if not practice.learner_to_play:
                    practice.step()
                elif len(tiles_of(practice.session.game.hands[0])) == 1:
                    return practice
                else:
                    practice.choose(practice.legal_choices()[0])
            return None

        practice = next(p for p in map(last_tile, range(7, 40)) if p is not None)
        shown: list[Screen] = []

        def thinker(  # type: ignore[no-untyped-def]
            job, done, paced, practice=practice, said=said, shown=shown
        ):
            said.append(shown[0].thinking if shown else None)
            think_at_once(practice)(job, done, paced)

        shown.append(Screen(practice, Speaker(language), think=thinker))
        shown[0].choose(practice.legal_choices()[0])
        assert said[-1] == sentence, said
