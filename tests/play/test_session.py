"""The practice game model: whole games by the engine's rules, replays, take-backs, fairness."""

from __future__ import annotations

import itertools

import pytest

from tutor.play.model.session import Options, Session, SessionError
from tutor.rules.plays import Play
from tutor.rules.series import (
    LEARNER_SEAT,
    Action,
    Drew,
    Event,
    GameOver,
    HandOver,
    HandStarted,
    Passed,
    Played,
)
from tutor.rules.tiles import Tile
from tutor.search import players


def advance(session: Session) -> list[Event]:
    """The learner's first legal play, or the next computer action."""
    if session.learner_to_play:
        return session.choose(session.legal_choices()[0])
    return session.step()


def play_out(session: Session) -> Session:
    while not session.over:
        if session.learner_to_play:
            session.choose(session.legal_choices()[0])
        else:
            session.step()
    return session


@pytest.mark.parametrize(
    "options",
    [
        Options(players=4, level=2, seed=1),
        Options(players=3, level=2, seed=2),
        Options(players=2, level=2, seed=3),
        Options(players=2, level=2, seed=3, boneyard=True),
        Options(players=4, level=2, seed=4, tied_block="void"),
        Options(game="fives-and-threes", level=2, seed=5),
    ],
    ids=["4p", "3p", "2p", "2p-boneyard", "4p-void", "fives-and-threes"],
)
def test_a_whole_game_ends_by_the_rules(options: Options) -> None:
    session = play_out(Session(options))
    last = session.events[-1]
    assert isinstance(last, GameOver)
    if options.game == "cutthroat":
        # Six-love: the winner has 6 or more and somebody is still on love.
        assert session.scores[last.winner] >= 6 and 0 in session.scores
        assert last.losers_on_love
    else:
        assert session.scores[last.winner] == options.target
    assert Session.replay(options, session.actions).scores == session.scores


def test_turns_go_counter_clockwise_and_the_first_game_is_posed_with_six_six() -> None:
    session = Session(Options(players=4, level=1, seed=11))
    start = session.events[0]
    assert isinstance(start, HandStarted) and start.pose == Tile(6, 6)
    assert session.game.hands[start.first] & Tile(6, 6).bit
    expected = start.first
    while session.hand == 1 and not session.hand_over:
        events = (
            session.choose(session.legal_choices()[0])
            if session.learner_to_play
            else session.step()
        )
        acted = next(e for e in events if isinstance(e, Played | Passed | Drew))
        assert acted.seat == expected
        expected = (expected + 1) % 4


def test_three_players_leave_out_the_double_blank_and_deal_nine() -> None:
    session = Session(Options(players=3, seed=1))
    assert session.game.out == Tile(0, 0).bit
    assert [h.bit_count() for h in session.game.hands] == [9, 9, 9]


def test_the_winner_poses_any_tile_next_and_a_tied_block_carries_the_stake() -> None:
    session = Session(Options(players=4, level=2, seed=5))
    seen_winner_pose = False
    while not session.over:
        events = (
            session.choose(session.legal_choices()[0])
            if session.learner_to_play
            else session.step()
        )
        for event in events:
            if isinstance(event, HandOver) and event.after is not None:
                after = event.after
                if after.winner is None:
                    assert after.stake >= 2 and after.poser is None
                elif after.result == "continue":
                    seen_winner_pose = True
                    nxt = session.step()[0]
                    assert isinstance(nxt, HandStarted)
                    assert nxt.first == after.winner and nxt.pose is None
    assert seen_winner_pose


def test_fives_and_threes_leads_alternate() -> None:
    session = Session(Options(game="fives-and-threes", level=2, seed=9))
    leads = []
    while not session.over:
        events = (
            session.choose(session.legal_choices()[0])
            if session.learner_to_play
            else session.step()
        )
        leads += [e.first for e in events if isinstance(e, HandStarted)]
    leads.insert(0, session.events[0].first)  # type: ignore[union-attr]
    assert len(leads) >= 2
    assert all(a != b for a, b in itertools.pairwise(leads))


def test_the_deal_comes_from_the_seed_alone() -> None:
    a, b = Session(Options(seed=42, level=1)), Session(Options(seed=42, level=5))
    assert a.game.hands == b.game.hands and a.deal_id == b.deal_id
    assert Session(Options(seed=43)).game.hands != a.game.hands


def test_computer_seats_see_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    def spy(view, level, *, seed=0):  # type: ignore[no-untyped-def]
        seen.append(view)
        return original(view, level, seed=seed)

    original = players.choose_play
    monkeypatch.setattr("tutor.play.model.session.choose_play", spy)
    session = Session(Options(players=4, level=3, seed=3))
    for _ in range(40):
        if session.over:
            break
        if session.learner_to_play:
            session.choose(session.legal_choices()[0])
        else:
            session.step()
    assert seen
    for view in seen:
        # The view holds one hand: its own. Other hands are counts only.
        assert view.hand is not None and view.hand.bit_count() == view.counts[view.turn]
        assert [s for s, hand in enumerate(view.hands) if hand is not None] == [view.turn]


def test_take_back_returns_to_the_learners_last_choice() -> None:
    session = Session(Options(players=2, level=2, seed=8))
    while not session.learner_to_play:
        session.step()
    before = list(session.actions)
    choices = session.legal_choices()
    session.choose(choices[-1])
    while not session.learner_to_play and not session.hand_over:
        session.step()
    back = session.take_back()
    assert back.actions == before and back.learner_to_play
    with pytest.raises(SessionError):
        Session(Options(players=2, level=2, seed=8)).take_back()


def test_illegal_requests_are_refused() -> None:
    session = Session(Options(players=2, level=2, seed=8))
    while not session.learner_to_play:
        session.step()
    not_held = next(t for t in session.game.hand(1))
    with pytest.raises(SessionError):
        session.choose(Play(not_held, session.legal_choices()[0].end))
    with pytest.raises(SessionError):
        session.step()


def test_a_record_that_breaks_the_rules_does_not_replay() -> None:
    options = Options(players=2, level=2, seed=8)
    with pytest.raises(SessionError):
        Session.replay(options, [Action(1, 1, "play", Play.parse("0-0 left"))])
    with pytest.raises(SessionError):
        Session.replay(options, [Action(1, LEARNER_SEAT, "pass")])
