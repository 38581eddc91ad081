"""The pages over the board: the end of a hand says what the review says."""

from __future__ import annotations

from tests.play.tui.screens import game
from tutor.play.tui.pages import hand_page
from tutor.play.tui.state import Screen
from tutor.rules.series import HandOver
from tutor.words.i18n import Speaker


def test_the_end_of_a_two_player_hand_says_every_hand_could_be_known() -> None:
    """2-player Cutthroat without a boneyard: the summary says every hand could be known
    (the other player holds every tile the learner cannot see), never "not knowable"."""
    screen = Screen(game(players=2, coach="after"), Speaker("en"))
    practice = screen.game
    while not practice.reviews:
        if practice.learner_to_play:
            practice.choose(practice.legal_choices()[-1])
        else:
            practice.step()
    ended = next(e for e in reversed(practice.session.events) if isinstance(e, HandOver))
    page = hand_page(practice, ended, [], screen.names, Speaker("en"))
    said = "\n".join(page.lines)
    assert "not knowable during play" not in said
    assert "Every hand could be known here" in said, said
