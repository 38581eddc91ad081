"""The ``winning-play`` question from the learner's view only: the answer and its facts.

The proof is ``tutor.search.view_proof``'s; this module turns it into an ``Answer``
(the facts say which proof was used) or a ``QuestionError`` with the sentence that says
why the view proves no one play. The line that wins is told in one deal the hidden
hands can hold: the deal where the most tempting other play does worst against the
answer. ``tutor.questions`` calls it when a ``winning-play`` position hides hands.

>>> from tutor.scenarios import parse_scenario
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
>>> result = answer(s.position, s.question)
>>> result.value
['6-3 left']
>>> fact = result.facts[1]
>>> fact.every_deal, fact.deals, fact.wins, fact.margin
(True, 1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.questions import (
    Answer,
    ExampleDeal,
    Fact,
    OtherPlayFails,
    OtherPlayOnView,
    ProvedOnView,
    Question,
    QuestionError,
    _ends,
    _line_facts,
    _other_play_fails,
    answer,
)
from tutor.rules.position import Position
from tutor.rules.tiles import tiles_of
from tutor.search.proof import Proof, prove
from tutor.search.view_proof import EVERY_DEAL, NotAView, ViewProof, deal_position, prove_view

__all__ = ["answer", "answer_from_view", "lacks_of", "view_proof"]


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
    """The proof from the learner's view (``QuestionError`` when it cannot be made)."""
    if all(hand is not None for hand in p.hands):
        raise QuestionError(
            "lacks", "'lacks' is for the learner's view, but every hand is shown here"
        )
    try:
        return prove_view(p, lacks_of(p, q))
    except NotAView as error:
        problem = f"'winning-play' with the other hands hidden (the learner's view): {error}"
        raise QuestionError("ask", problem) from None


def answer_from_view(p: Position, q: Question) -> Answer:
    """The play the learner's view proves best, with the facts that explain it."""
    proof = view_proof(p, q)
    if not proof.unique:
        raise QuestionError("ask", proof.problem)
    first = proof.best[0]
    scale = 1 if p.is_fives_and_threes else proof.deals
    margin = round((proof.margin or 0) * scale)
    wins = 0 if p.is_fives_and_threes else round(proof.mean(first) * proof.deals)
    facts: list[Fact] = [
        _ends(p.line),
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
        facts.append(ExampleDeal(holdings))
        facts += _line_facts(deal, first)
        if p.is_fives_and_threes:  # in this deal: the answer's points less the tempting play's
            values = dict(prove(deal).values)
            loss = values[first] - values[proof.tempting]
            facts.append(OtherPlayFails(proof.tempting, None, loss))
        else:
            facts.append(_other_play_fails(deal, Proof((), (), None, False), proof.tempting))
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
