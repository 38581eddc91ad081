"""The ``winning-play`` question: the one play the solver proves best, and why.

With every hand shown, ``tutor.search.proof`` proves the answer; with the other hands hidden
(the learner's view), ``tutor.search.view_proof`` proves it over the deals those hands can
hold, and the line that wins is told in one of them: the deal where the most tempting other
play does worst against the answer. The facts say which proof was used; a position where no
one play is proved raises ``QuestionError`` with the sentence that says why.

The solver is imported inside the functions: the quiz's first screen must not wait for it.

>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario('''
... id = "demo/view"
... game = "cutthroat"
... topic = "play-the-odds"
... level = 3
... title = "Only your hand"
... seats = ["you", "Beverley", "Winston"]
... [table]
... line = ["3-2", "2-2", "2-1", "1-1", "1-4", "4-0", "0-2", "2-5", "5-3", "3-0", "0-1",
...         "1-5", "5-4", "4-6", "6-6", "6-2", "2-4", "4-4", "4-3", "3-1", "1-6", "6-0"]
... [hands]
... you = ["6-3", "5-0"]
... Beverley = 2
... Winston = 1
... [question]
... ask = "winning-play"
... lacks = { Winston = [5] }
... ''')
>>> result = answer_winning_play(s.position, s.question)
>>> result.value
['6-3 left']
>>> fact = result.facts[1]
>>> fact.every_deal, fact.deals, fact.wins, fact.margin
(True, 1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tutor.questions.answers import block_counts, ends_fact, hand_of
from tutor.questions.facts import (
    ExampleDeal,
    Fact,
    ForcedPass,
    GoesOut,
    HandPoints,
    OtherPlayFails,
    OtherPlayOnView,
    ProvedOnView,
    ProvedWin,
    ReachesTarget,
)
from tutor.questions.model import Answer, Question, QuestionError
from tutor.rules.plays import Play
from tutor.rules.position import PlayKind, Position
from tutor.rules.tiles import tiles_of

if TYPE_CHECKING:
    from tutor.search.proof import Proof
    from tutor.search.view_proof import ViewProof


def answer_winning_play(p: Position, q: Question) -> Answer[list[str]]:
    """The one play the solver proves best, with the line that wins and the tempting mistake."""
    # The solver is imported here, not at the top: the quiz's first screen must not wait for it.
    from tutor.search.encode import NotAStudy
    from tutor.search.proof import prove, tempting_play

    if "lacks" in q.params or any(hand is None for hand in p.hands):
        return answer_from_view(p, q)  # the learner's view only
    for seat in range(len(p.hands)):
        hand_of(p, seat, "ask", "'winning-play'")
    try:
        proof = prove(p)
    except NotAStudy as error:
        raise QuestionError("ask", f"'winning-play' needs an exact study: {error}") from None
    if not proof.unique:
        raise QuestionError("ask", _not_unique(p, proof))
    first = proof.best[0]
    margin = proof.margin or 0
    proved = ProvedWin(first, margin if p.is_fives_and_threes else 0)
    facts: list[Fact] = [ends_fact(p.line), proved]
    facts += line_facts(p, first)
    tempting = against_of(q, proof.best)
    if tempting not in dict(proof.values):
        tempting = tempting_play(p, proof)
    if tempting is not None:
        facts.append(other_play_fails(p, proof, tempting))
    return Answer(q.ask, sorted(str(play) for play in proof.best), tuple(facts))


def _not_unique(p: Position, proof: Proof) -> str:
    if not proof.best:
        return f"{p.name(p.turn)} has no play: there is no winning play to find"
    best = ", ".join(str(play) for play in proof.best)
    if not p.is_fives_and_threes and proof.values and not max(v for _, v in proof.values):
        return "the solver proves that no play wins against every defence"
    if proof.margin is None:
        return f"every play is of one tile ({best}): there is nothing to choose"
    return (
        f"the solver does not prove one winning play: the best is {best}, "
        f"and another tile comes within {proof.margin}"
    )


def line_facts(p: Position, first: Play) -> list[Fact]:
    """The facts of the line that wins after ``first``: forced passes, who goes out, the block
    and its counts, or the points (used by both flavours of winning-play)."""
    from tutor.search.proof import winning_line

    steps, end, how = winning_line(p, first)
    facts: list[Fact] = []
    passed: list[int] = []
    for step in steps:
        if step.play is None and step.seat not in passed:
            passed.append(step.seat)
    facts += [ForcedPass(p.name(seat), p.rules.game) for seat in passed]
    last = steps[-1]
    if p.is_fives_and_threes:
        points = [0] * len(p.hands)
        for step in steps:
            points[step.seat] += step.points
        names = [p.name(seat) for seat in range(len(p.hands))]
        facts.append(HandPoints(tuple(zip(names, points, strict=True))))
        if end.score(last.seat) == p.rules.target:
            facts.append(ReachesTarget(p.name(last.seat), p.rules.target))
    if how is PlayKind.DOMINO and last.play is not None:
        facts.append(GoesOut(p.name(last.seat), last.play.tile))
    elif how is PlayKind.BLOCKED and not p.is_fives_and_threes:
        facts.append(block_counts(end, "ask"))
    return facts


def other_play_fails(p: Position, proof: Proof, play: Play) -> OtherPlayFails:
    """What goes wrong after ``play`` instead of the proved answer."""
    from tutor.search.solver.cutthroat import who_wins

    values = dict(proof.values)
    if p.is_fives_and_threes:
        return OtherPlayFails(play, None, values[proof.best[0]] - values[play])
    result = p.play(play)
    if result.kind is PlayKind.BLOCKED:
        winner = result.block_outcome().winner
    else:
        winner = who_wins(result.after).winner
    name = None if winner is None or winner == p.turn else p.name(winner)
    return OtherPlayFails(play, name, 0)


AGAINST = "against"
"""A parameter the quiz (never a file) gives: the other play the explanation tells about —
the learner's own answer, or the play made in the game a puzzle came from — in place of the
most tempting one. A play of the answer's tile, or one that is not legal, is ignored."""


def against_of(q: Question, best: tuple[Play, ...] = ()) -> Play | None:
    """The ``against`` play of ``q``, if it names a play of another tile than ``best``.

    >>> q = Question("winning-play", {"against": "2-6 left"})
    >>> str(against_of(q))
    '6-2 left'
    >>> against_of(q, (Play.parse("6-2 right"),)) is None
    True
    """
    raw = q.params.get(AGAINST)
    if raw is None:
        return None
    try:
        play = raw if isinstance(raw, Play) else Play.parse(str(raw))
    except ValueError:
        return None
    return None if play.tile in {b.tile for b in best} else play


def lacks_of(p: Position, q: Question) -> dict[int, int]:
    """The ``lacks`` parameter as void masks by seat index (``{"Winston": [3]}`` -> ``{2: 8}``)."""
    raw: Mapping[str, Any] = q.params.get("lacks") or {}
    lacks: dict[int, int] = {}
    for name, numbers in raw.items():
        seat = p.seats.index(name) if name in p.seats else -1
        if seat < 0 or seat == p.turn:
            raise QuestionError("lacks", f"'lacks' names {name!r}, who is not another seat")
        mask = 0
        for number in numbers:
            mask |= 1 << number
        lacks[seat] = mask
    return lacks


def view_proof(p: Position, q: Question) -> ViewProof:
    """The proof from the learner's view (``QuestionError`` when it cannot be made); the
    example deal is told against ``q``'s ``against`` play when it has one."""
    from tutor.search.view_proof import NotAView, prove_view

    if all(hand is not None for hand in p.hands):
        raise QuestionError(
            "lacks", "'lacks' is for the learner's view, but every hand is shown here"
        )
    try:
        return prove_view(p, lacks_of(p, q), against=against_of(q))
    except NotAView as error:
        problem = f"'winning-play' with the other hands hidden (the learner's view): {error}"
        raise QuestionError("ask", problem) from None


def answer_from_view(p: Position, q: Question) -> Answer[list[str]]:
    """The play the learner's view proves best, with the facts that explain it."""
    from tutor.search.proof import Proof, prove
    from tutor.search.view_proof import EVERY_DEAL, deal_position

    proof = view_proof(p, q)
    if not proof.unique:
        raise QuestionError("ask", proof.problem)
    first = proof.best[0]
    scale = 1 if p.is_fives_and_threes else proof.deals
    margin = round((proof.margin or 0) * scale)
    wins = 0 if p.is_fives_and_threes else round(proof.mean(first) * proof.deals)
    facts: list[Fact] = [
        ends_fact(p.line),
        ProvedOnView(
            first, proof.method == EVERY_DEAL, proof.deals, wins, margin, proof.dominant
        ),
    ]
    if proof.tempting is not None and proof.example:
        deal = deal_position(p, proof.example)
        holdings = tuple(
            (p.name(seat), tuple(tiles_of(hand)))
            for seat, hand in enumerate(proof.example)
            if seat != p.turn
        )
        facts.append(ExampleDeal(holdings, only=proof.deals == 1))
        facts += line_facts(deal, first)
        if p.is_fives_and_threes:  # in this deal: the answer's points less the tempting play's
            values = dict(prove(deal).values)
            loss = values[first] - values[proof.tempting]
            facts.append(OtherPlayFails(proof.tempting, None, loss))
        else:
            facts.append(other_play_fails(deal, Proof((), (), None, False), proof.tempting))
        if proof.deals == 1:  # the example deal is the only one: nothing more to add up
            return Answer(q.ask, sorted(str(play) for play in proof.best), tuple(facts))
        tempting = proof.mean(proof.tempting)
        facts.append(
            OtherPlayOnView(
                proof.tempting,
                proof.deals,
                0 if p.is_fives_and_threes else round(tempting * proof.deals),
                round(proof.mean(first) - tempting) if p.is_fives_and_threes else 0,
            )
        )
    return Answer(q.ask, sorted(str(play) for play in proof.best), tuple(facts))
