"""The ``winning-play`` question from the learner's view only: the answer and its facts.

The proof is ``tutor.search.view_proof``'s; this module turns it into an ``Answer``
(the facts say which proof was used) or a ``QuestionError`` with the sentence that says
why the view proves no one play. The line that wins is told in one deal the hidden
hands can hold: the deal where the most tempting other play does worst against the
answer. ``tutor.questions`` calls it when a ``winning-play`` position hides hands.

>>> from tutor.words.kinds import answer
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
>>> result = answer(s.position, s.question)
>>> result.value
['6-3 left']
>>> fact = result.facts[1]
>>> fact.every_deal, fact.deals, fact.wins, fact.margin
(True, 1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.questions import (
    Answer,
    Fact,
    Narrated,
    OtherPlayFails,
    Question,
    QuestionError,
    ends_fact,
    line_facts,
    other_play_fails,
)
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.tiles import Tile, tiles_of
from tutor.search.proof import Proof, prove
from tutor.search.view_proof import EVERY_DEAL, NotAView, ViewProof, deal_position, prove_view
from tutor.words.i18n import Speaker
from tutor.words.narrate import play_words
from tutor.words.vocabulary import seat_name

__all__ = [
    "ExampleDeal",
    "OtherPlayOnView",
    "ProvedOnView",
    "answer_from_view",
    "lacks_of",
    "view_proof",
]


@dataclass(frozen=True)
class ProvedOnView(Narrated):
    """The learner's view only: ``play`` is proved best over the deals the hidden hands can hold.

    ``every_deal``: every consistent deal was solved (else ``deals`` were drawn at random and
    the play is ahead on average by far more than the error); ``dominant``: it is best in each
    of them (else best on the exact average). Cutthroat: it wins in ``wins`` of the ``deals``,
    ``margin`` more than any other tile; Fives & Threes: ``margin`` points better on average
    (``wins`` is 0).
    """

    play: Play
    every_deal: bool
    deals: int
    wins: int
    margin: int
    dominant: bool = True

    def said(self, sp: Speaker) -> str:
        """Which proof, and the figures of the answer."""
        play = play_words(self.play, sp)
        if self.every_deal and not self.dominant:
            first = sp._(
                "The hidden hands can hold {deals} different deals, and the solver played out "
                "every one: {play} is not the best play in each of them, but it does clearly best "
                "over all of them."
            ).format(deals=self.deals, play=play)
        elif self.every_deal:
            first = sp.ngettext(
                "The hidden hands can hold only {deals} deal, and the solver played it out: {play} "
                "is the best play in it.",
                "The hidden hands can hold {deals} different deals, and the solver played out "
                "every one: {play} is the best play in each of them.",
                self.deals,
            ).format(deals=self.deals, play=play)
        else:
            first = sp._(
                "The hidden hands can hold too many deals to play out every one: the solver played "
                "out {deals} of them, drawn at random, and {play} comes out ahead by far more than "
                "the error of such a sample."
            ).format(deals=self.deals, play=play)
        if self.deals == 1:  # the view fixes the deal: no "every one of them", no average
            return first + " " + self._only_deal(sp)
        if self.wins and self.wins == self.deals:
            second = sp._(
                "With it you win the hand in every one of them, and with any other tile in at "
                "least {margin} fewer."
            ).format(margin=self.margin)
        elif self.wins:  # Cutthroat (the answer wins in some deal); Fives & Threes: 0
            second = sp.ngettext(
                "With it you win the hand in {wins} of the {deals} deal, and with any other tile "
                "in at least {margin} fewer.",
                "With it you win the hand in {wins} of the {deals} deals, and with any other tile "
                "in at least {margin} fewer.",
                self.deals,
            ).format(wins=self.wins, deals=self.deals, margin=self.margin)
        else:
            second = sp.ngettext(
                "On average it ends the hand {margin} point better than any other tile.",
                "On average it ends the hand {margin} points better than any other tile.",
                self.margin,
            ).format(margin=self.margin)
        return first + " " + second

    def _only_deal(self, sp: Speaker) -> str:
        """The figures when the hidden hands can hold one deal only."""
        if self.wins:
            return sp._("With it you win the hand, and with any other tile you do not.")
        return sp.ngettext(
            "It ends the hand {margin} point better than any other tile.",
            "It ends the hand {margin} points better than any other tile.",
            self.margin,
        ).format(margin=self.margin)


@dataclass(frozen=True)
class ExampleDeal(Narrated):
    """One deal the hidden hands can hold: the line and the mistake below are told in it.

    ``only``: it is the one deal they can hold.
    """

    hands: tuple[tuple[str, tuple[Tile, ...]], ...]
    only: bool = False

    def said(self, sp: Speaker) -> str:
        """The deal, seat by seat."""
        holdings = [
            sp._("{seat} holds {tiles}").format(
                seat=seat_name(seat, sp), tiles=sp.join([str(tile) for tile in tiles])
            )
            for seat, tiles in self.hands
        ]
        if self.only:
            return sp._("So the hidden hands hold: {holdings}.").format(
                holdings="; ".join(holdings)
            )
        return sp._("Take one of those deals: {holdings}.").format(holdings="; ".join(holdings))


@dataclass(frozen=True)
class OtherPlayOnView(Narrated):
    """The most tempting other play over all the deals: Cutthroat, it wins in ``wins`` of
    the ``deals``; Fives & Threes, it ends the hand ``loss`` points worse on average."""

    play: Play
    deals: int
    wins: int
    loss: int

    def said(self, sp: Speaker) -> str:
        """What the tempting play is worth over the deals."""
        play = play_words(self.play, sp)
        if self.loss:
            return sp.ngettext(
                "Over all the deals, {play} ends the hand {loss} point worse on average.",
                "Over all the deals, {play} ends the hand {loss} points worse on average.",
                self.loss,
            ).format(play=play, loss=self.loss)
        if not self.wins:
            none = sp._("Over all the deals, {play} wins the hand in none of them.")
            return none.format(play=play)
        return sp.ngettext(
            "Over all the deals, {play} wins the hand in only {wins} of the {deals} deal.",
            "Over all the deals, {play} wins the hand in only {wins} of the {deals} deals.",
            self.deals,
        ).format(play=play, wins=self.wins, deals=self.deals)


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


def answer_from_view(p: Position, q: Question) -> Answer[list[str]]:
    """The play the learner's view proves best, with the facts that explain it."""
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
