"""The coach on fixed positions: blunders with their reason, best plays, hidden information."""

from __future__ import annotations

import pytest

from tutor.play.model.session import Options, Session
from tutor.questions.coach import (
    BlockWins,
    Chances,
    Grade,
    MatchScore,
    PointsNow,
    ScoresNow,
    Verdict,
    found,
    grade,
    hand_accuracy,
    known_values,
    move_accuracy,
    verdict_of,
)
from tutor.rules import Game, Line, Play, TableRules
from tutor.rules.position import Position
from tutor.words.i18n import Speaker
from tutor.words.play import grade_lines

FT = TableRules(game="fives-and-threes", players=2)


def fives_position() -> Game:
    """53 to 57: 6-6 on the right makes 15 (3 fives + 5 threes = 8) and exactly 61."""
    return Game.from_hands(
        [["6-6", "3-2", "0-0", "1-0"], ["6-5", "6-4", "1-1", "2-1"]],
        rules=FT,
        line=Line.parse(["3-4", "4-4", "4-5", "5-5", "5-2", "2-6"]),
        turn=0,
    )


def test_a_known_blunder_is_called_a_blunder_with_its_reason() -> None:
    game = fives_position()
    view = Position.from_game(game, 0, scores=(53, 57))
    graded = grade(view, Play.parse("3-2 left"), seed=1)
    assert graded.verdict is Verdict.BLUNDER
    assert graded.best == Play.parse("6-6 right")
    fact = graded.reasons[0]
    assert fact == PointsNow(Play.parse("6-6 right"), 8, 15, Play.parse("3-2 left"), 0, 8)
    assert MatchScore(1, 53, 57, 8, 4) in graded.reasons  # near 61 the score is told
    assert isinstance(graded.reasons[-1], Chances)


def test_the_reason_reads_as_the_coach_says_it() -> None:
    from tutor.words.i18n import Speaker
    from tutor.words.play import reason_text, seat_names

    text = reason_text(
        ScoresNow(Play.parse("6-6 right"), 15, 5, 3, 8), seat_names(2), Speaker("en")
    )
    assert text == "6-6 on the right makes 15: 3+5 points."


def cutthroat_positions() -> list[tuple[Session, list[Play]]]:
    out = []
    for seed in (1, 2, 3):
        session = Session(Options(players=4, level=3, seed=seed))
        while not session.over and len(out) < 3 * seed:
            if session.learner_to_play:
                choices = session.legal_choices()
                if len(choices) > 1:
                    out.append((Session.replay(session.options, session.actions), choices))
                session.choose(choices[0])
            else:
                session.step()
    return out


@pytest.mark.parametrize("index", range(6))
def test_the_best_play_is_never_graded_below_best(index: int) -> None:
    session, choices = cutthroat_positions()[index]
    first = grade(session.view(), choices[0], seed=3)
    again = grade(session.view(), first.best, seed=3)
    assert again.verdict is Verdict.BEST and again.loss == 0.0
    assert found(first, first.best)


def test_the_fives_best_play_is_graded_best() -> None:
    game = fives_position()
    view = Position.from_game(game, 0, scores=(53, 57))
    graded = grade(view, Play.parse("6-6 right"), seed=1)
    assert graded.verdict is Verdict.BEST and not graded.reasons


def hidden_position() -> Game:
    """Four players, late: 6-6, 6-4 and 6-0 all fit; with the hands seen, only 6-6 wins."""
    return Game.from_hands(
        [
            ["6-6", "6-4", "6-0", "2-0"],
            ["3-1", "2-2", "1-0"],
            ["6-5", "4-1", "3-3"],
            ["3-0", "2-1"],
        ],
        rules=TableRules(players=4),
        line=Line.parse(
            [
                "6-1",
                "1-1",
                "1-5",
                "5-0",
                "0-0",
                "0-4",
                "4-5",
                "5-5",
                "5-3",
                "3-6",
                "6-2",
                "2-3",
                "3-4",
                "4-4",
                "4-2",
                "2-5",
            ]
        ),
        turn=0,
    )


def test_a_play_only_hidden_information_made_bad_is_not_a_blunder() -> None:
    game = hidden_position()
    played = Play.parse("6-4 left")
    known, exact = known_values(Position.from_game(game))
    values = dict(known)
    assert exact and values[played] == 0.0 and max(values.values()) == 1.0
    graded = grade(Position.from_game(game, 0), played, seed=1)
    assert graded.verdict not in (Verdict.MISTAKE, Verdict.BLUNDER)
    # The value with all hands known is shown beside it, never graded.
    shown = Grade(
        graded.played, graded.best, graded.chances, graded.verdict, graded.reasons, known, exact
    )
    assert shown.known_loss == 1.0 and shown.verdict is graded.verdict


@pytest.mark.parametrize(
    ("language", "lost", "none_lost"),
    [
        ("en", "100% less chance to win", "as good as the best play"),
        ("de", "um 100\u00a0% geringere Gewinnchance", "so gut wie der beste Zug"),
        ("pap", "100% ménos chèns di gana", "mes bon ku e mihó hugada"),
    ],
)
def test_the_all_hands_known_line_says_what_the_play_cost(
    language: str, lost: str, none_lost: str
) -> None:
    """After the hand the coach adds the value with all hands known: a play that cost
    nothing reads as such, not as "it lost 0%" ("Er hat 0% verloren")."""
    game = hidden_position()
    known, exact = known_values(Position.from_game(game))
    graded = grade(Position.from_game(game, 0), Play.parse("6-4 left"), seed=1)
    sp = Speaker(language)
    for played, said in ((Play.parse("6-4 left"), lost), (max(known, key=lambda k: k[1])[0],
                                                          none_lost)):
        shown = Grade(played, graded.best, graded.chances, graded.verdict, (), known, exact)
        last = grade_lines(shown, ("you", "Ricardo"), sp)[-1]
        assert said in last and "0%" not in last.replace("100%", ""), last


def test_the_coach_never_reads_hidden_hands() -> None:
    """Two deals that look the same from the learner's seat get the same grade."""
    game = hidden_position()
    other = Game.from_hands(
        [
            ["6-6", "6-4", "6-0", "2-0"],
            ["6-5", "4-1", "3-3"],
            ["3-1", "2-2", "1-0"],
            ["3-0", "2-1"],
        ],
        rules=TableRules(players=4),
        line=game.line.copy(),
        turn=0,
    )
    played = Play.parse("6-0 left")
    assert grade(Position.from_game(game, 0), played, seed=2) == grade(
        Position.from_game(other, 0), played, seed=2
    )


def test_blocking_wins_on_the_count() -> None:
    # Every 5 but 5-4 is down: 5-4 on the right shows 5 at both ends and nobody can play.
    game = Game.from_hands(
        [["5-4", "0-0"], ["6-6", "4-4", "1-1"]],
        rules=TableRules(players=2),
        line=Line.parse(["5-5", "5-0", "0-1", "1-5", "5-2", "2-3", "3-5", "5-6", "6-4"]),
        turn=0,
    )
    graded = grade(Position.from_game(game, 0), Play.parse("5-4 left"), seed=1)
    assert graded.best == Play.parse("5-4 right") and graded.is_mistake
    # 0 against the lightest three tiles the other seat could hold: 1-1, 2-0 and 3-0 (or 2-1).
    assert graded.reasons[0] == BlockWins(Play.parse("5-4 right"), 0, 7)


def test_thresholds_and_accuracy_follow_the_chess_sites() -> None:
    assert [verdict_of(x) for x in (0.099, 0.1, 0.2, 0.3)] == [
        Verdict.GOOD,
        Verdict.INACCURACY,
        Verdict.MISTAKE,
        Verdict.BLUNDER,
    ]
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(0.1) < move_accuracy(0.05) < 100
    p, q = Play.parse("6-6"), Play.parse("5-5")
    perfect = Grade(p, p, ((p, 0.5), (q, 0.4)), Verdict.BEST)
    assert hand_accuracy([perfect] * 3) == pytest.approx(100.0, abs=0.01)
    assert hand_accuracy([Grade(q, q, ((q, 0.5),), Verdict.FORCED)]) is None


def test_fives_points_become_a_match_chance_from_the_equity_table() -> None:
    from tutor.questions.chances import ft_deal_value
    from tutor.rules.seen import Seen, StepKind
    from tutor.rules.tiles import Tile

    def view(mine: int, theirs: int) -> Position:
        return Position(Line.parse(["6-4"]), (Tile.parse("1-0").bit, None), FT, turn=0,
                        hidden_boneyard=14, sizes=(6, 7), scores=(mine, theirs),
                        history=(Seen(1, StepKind.PLAY, Tile.parse("6-4").index, 0, -1, -1),))

    even = ft_deal_value(view(0, 0), 0.0)
    assert 0.4 < even < 0.6
    # At the start of a match a few points are worth a few percent, not the 16% of a curve.
    assert 0.0 < ft_deal_value(view(0, 0), 3.0) - even < 0.08
    # Away from the target more points are worth more (near it the exact-61 rule decides);
    # the match's end is 1 or 0.
    for mine, theirs in ((0, 0), (30, 40), (20, 10)):
        values = [ft_deal_value(view(mine, theirs), d) for d in (-10.0, -3.0, 0.0, 3.0, 10.0)]
        assert values == sorted(values) and len(set(values)) == 5, (mine, theirs, values)
    assert ft_deal_value(view(0, 0), 1000.0 + 2) == 1.0
    assert ft_deal_value(view(0, 0), -1000.0) == 0.0


def test_after_the_hand_the_coach_says_how_it_was_lost() -> None:
    from tutor.questions.coach import WentOutOnHardEnd, went_out_on_hard_end
    from tutor.rules.tiles import Tile
    from tutor.words.i18n import Speaker
    from tutor.words.play import reason_text, seat_names

    game = Game.from_hands(
        [["4-4", "0-0"], ["4-1"]],
        rules=TableRules(players=2),
        line=Line.parse(["2-4", "4-3", "3-5", "5-4", "4-6", "6-0", "0-4"]),
        turn=0,
    )
    game.play(Play.parse("4-4 right"))
    assert went_out_on_hard_end(game) is None  # the hand goes on
    game.play(Play.parse("4-1 right"))
    fact = went_out_on_hard_end(game)
    assert fact == WentOutOnHardEnd(1, 4, Tile(4, 4), Tile(4, 1))
    text = reason_text(fact, seat_names(2), Speaker("en"))
    assert text == "The fours were hard: after 4-4, Marcia went out with 4-1."


def test_a_seeded_grade_is_the_same_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: the coach's 0.6 s time limit made a seeded game's percentages move by a point
    under load. Its budget is now a count of searched positions (COACH_NODES): a clock that
    runs ten seconds a look changes nothing, where a time limit stops at the fewest deals."""
    from types import SimpleNamespace

    import tutor.search.evaluate as evaluate_module
    from tutor.play.model.practice import PracticeGame, coach_view
    from tutor.questions.coach import COACH_NODES, CoachBudget

    game = PracticeGame(Options(game="fives-and-threes", level=3, seed=4))
    while not game.learner_to_play:
        game.step()
    view = coach_view(game.session)
    play = game.legal_choices()[-1]
    calm = grade(view, play, seed=4)
    clock = iter(range(0, 10**9, 10))
    monkeypatch.setattr(evaluate_module, "time", SimpleNamespace(perf_counter=lambda: next(clock)))
    busy = grade(view, play, seed=4)
    assert busy.chances == calm.chances and busy.verdict is calm.verdict
    # The same clock with a time limit: the grade comes from fewer deals.
    timed = grade(view, play, seed=4, budget=CoachBudget(time_budget=0.6))
    assert timed.chances != calm.chances
    assert CoachBudget().time_budget is None and CoachBudget().nodes == COACH_NODES
