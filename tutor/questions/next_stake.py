"""The ``next-stake`` question: what is the next Cutthroat game worth once this one is over?

A kind of question kept in one module: its answerer, its prompt and its fact with the fact's
sentences are here, and ``tutor.words.kinds.KINDS`` has one entry naming them (with the shared
reader
of numbers and the shared number formatter). Nothing else in the tutor names this kind.

The engine decides (``tutor.rules.cutthroat.after_game``, RULES.md): a won game pays its stake
and the next game is worth 1 again; a tied block pays nobody and, with ``tied_block = "carry"``
(the house rule), makes the next game worth one more (2, then 3 after a second tie in a row);
with ``tied_block = "void"`` the next game is worth 1.

>>> from tutor.rules import Line, TableRules
>>> from tutor.rules.position import Position
>>> p = Position(Line(), (0, 0, 0), TableRules(players=3), seats=("you", "Ann", "Ben"), stake=2)
>>> answer_next_stake(p, Question(NEXT_STAKE, {"winner": "tie"})).value
3
>>> void = Position(Line(), (0, 0), TableRules(players=2, tied_block="void"), seats=("you", "Ann"))
>>> answer_next_stake(void, Question(NEXT_STAKE, {"winner": "tie"})).value
1
>>> from tutor.words.i18n import Speaker
>>> print(prompt(p, Question(NEXT_STAKE, {"winner": "Ann"}), Speaker("en")))
Ann wins this game, which was worth 2. What is the next game worth? (a number)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.questions import TIE, Answer, Fact, Narrated, Question, finished_game
from tutor.rules.cutthroat import SetResult
from tutor.rules.position import Position
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import LEARNER, seat_name

NEXT_STAKE = "next-stake"
"""The kind's name (the ``ask`` of a scenario file)."""


@dataclass(frozen=True)
class NextStake(Narrated):
    """What the next game is worth after this one (worth ``stake``) ends.

    ``winner`` is the seat that won (``None``: a tied block); ``carried`` says whether the
    table carries the stake after a tie (``tied_block = "carry"``) or voids the tie.
    """

    winner: str | None
    stake: int
    next: int
    carried: bool
    result: SetResult

    def said(self, sp: Speaker) -> str:
        """The stake of the next game, and why, in the speaker's words."""
        if self.winner is None and self.carried:
            return sp._(
                "At this table a tie carries the stake: this game was worth {stake}, so the "
                "next one is worth {stake} + 1 = {next}."
            ).format(stake=self.stake, next=self.next)
        if self.winner is None:
            return sp._(
                "At this table a tie is void: nobody scores, nothing is carried, and the next "
                "game is worth {next}."
            ).format(next=self.next)
        if self.result == "six-love":
            return sp._(
                "The set is over, and the first game of the next set is worth {next}."
            ).format(next=self.next)
        if self.winner == LEARNER:
            return sp._(
                "You take this game's stake, and a won game sets the stake back: the next game "
                "is worth {next}."
            ).format(next=self.next)
        return sp._(
            "{seat} takes this game's stake, and a won game sets the stake back: the next game "
            "is worth {next}."
        ).format(seat=seat_name(self.winner, sp), next=self.next)


def answer_next_stake(p: Position, q: Question) -> Answer[int]:
    """The next game's stake, from the engine; after a win the set's facts come first."""
    after, fact = finished_game(p, q)
    carried = p.rules.tied_block == "carry"
    stake = NextStake(fact.winner, p.stake, after.stake, carried, after.result)
    facts: tuple[Fact, ...] = (stake,) if fact.winner is None else (fact, stake)
    return Answer(q.ask, after.stake, facts)


def prompt(p: Position, q: Question, sp: Speaker) -> str:
    """The question: who won (or a tie, with the table's rule for ties) and this game's stake."""
    winner = q.params["winner"]
    if winner == TIE and p.rules.tied_block == "carry":
        return sp._(
            "This game was worth {stake} and ends in a tied block; at this table a tie carries "
            "the stake. What is the next game worth? (a number)"
        ).format(stake=p.stake)
    if winner == TIE:
        return sp._(
            "This game was worth {stake} and ends in a tied block; at this table a tie is void. "
            "What is the next game worth? (a number)"
        ).format(stake=p.stake)
    if winner == LEARNER:
        return sp._(
            "You win this game, which was worth {stake}. What is the next game worth? (a number)"
        ).format(stake=p.stake)
    return sp._(
        "{seat} wins this game, which was worth {stake}. What is the next game worth? (a number)"
    ).format(seat=winner, stake=p.stake)
