"""A practice game: a Cutthroat set to six-love, or a Fives & Threes match to the target.

Every rule is the engine's (``tutor.rules.series``): ``CutthroatSet`` deals each game with the
right seat to pose and scores it (stakes, tied blocks, the key card, bruck, six-love),
``FivesThreesMatch`` deals the rounds with alternating leads and credits every play
(chip-out, the exact target); ``Game`` checks each play, pass and draw. The session only
decides whose turn it is to be asked: the learner (seat 0) or a computer player, which
sees nothing but its own seat's view (``seat_view``).

The deal comes from the options alone (the seed): the actions of a record replay to the
same game, which is how take-back, resume and replay work.

>>> session = Session(Options(players=2, level=2, seed=7))
>>> session.deal_id == Options(players=2, level=2, seed=7).deal_id
True
>>> while not session.over:
...     if session.learner_to_play:
...         _ = session.choose(session.legal_choices()[0])
...     else:
...         _ = session.step()
>>> isinstance(session.events[-1], GameOver), max(session.scores) >= 6
(True, True)
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tutor.rules.game import Game
from tutor.rules.plays import IllegalPlayError, Play
from tutor.rules.position import Position
from tutor.rules.series import (
    LEARNER_SEAT,
    Action,
    CutthroatSet,
    Drew,
    Event,
    FivesThreesMatch,
    GameOver,
    HandOver,
    HandStarted,
    Passed,
    Played,
)
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, GameName, TableRules, TiedBlock
from tutor.rules.tiles import mask_of
from tutor.search.players import LEVELS, choose_play

__all__ = ["Options", "Session", "SessionError", "seat_view"]


class SessionError(ValueError):
    """A request the game cannot take now (an illegal play, a record that does not replay)."""


@dataclass(frozen=True, slots=True)
class Misfit:
    """Why a recorded action does not replay, in no language: ``over`` (the game had ended),
    ``turn`` (``seat`` acts in ``hand``, but ``turn_seat`` is to act in ``turn_hand``),
    ``illegal`` (``play`` is not a legal play there), ``kind`` (the record says ``kind``, the
    rules say otherwise)."""

    why: str
    seat: int = 0
    hand: int = 0
    turn_seat: int = 0
    turn_hand: int = 0
    play: str = ""
    kind: str = ""


class ReplayError(SessionError):
    """A recorded action that the rules refuse; ``misfit`` says why, ``index`` which action
    of the record it is (when known)."""

    def __init__(self, message: str, misfit: Misfit, index: int | None = None) -> None:
        super().__init__(message)
        self.misfit = misfit
        self.index = index


@dataclass(frozen=True, slots=True)
class Options:
    """What the learner chose: the game, the table rules, the computer level and the seed.

    >>> Options(game="fives-and-threes").rules.players
    2
    >>> len(Options(players=3, seed=7).deal_id), Options(seed=7).deal_id == Options(seed=8).deal_id
    (6, False)
    """

    game: GameName = CUTTHROAT
    players: int = 4
    level: int = 3
    seed: int = 0
    boneyard: bool = False
    tied_block: TiedBlock = "carry"
    key_card_bonus: int = 1
    target: int = 61

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise SessionError(f"level {self.level} does not exist: choose 1 to 5")
        self.rules  # noqa: B018 - refuses a table the rules do not allow

    @property
    def rules(self) -> TableRules:
        """The engine's table rules for these options."""
        players = 2 if self.game == FIVES_AND_THREES else self.players
        return TableRules(
            game=self.game,
            players=players,
            boneyard=self.boneyard,
            tied_block=self.tied_block,
            key_card_bonus=self.key_card_bonus,
            target=self.target,
        )

    @property
    def deal_id(self) -> str:
        """A short id of the deal: the same id, the same tiles in every hand of the game."""
        rules = self.rules
        text = f"{rules.game}|{rules.players}|{rules.boneyard}|{self.seed}"
        return hashlib.sha256(text.encode()).hexdigest()[:6].upper()


def seat_view(game: Game, seat: int, *, scores: tuple[int, ...] = (), stake: int = 1) -> Position:
    """What ``seat`` may know, for the computer players and the coach.

    With a boneyard (2-player Cutthroat option) a drawn tile may carry a number its
    holder lacked before, so no void is inferred: the boneyard is treated as face-down
    tiles that nobody draws (a weaker view, never a peek).

    >>> g = Game.new(TableRules(players=2, boneyard=True), random.Random(1))
    >>> v = seat_view(g, 1)
    >>> v.hands[1] == g.hands[1], v.hidden_boneyard, v.lacks, v.draws
    (True, 14, (0, 0), False)
    """
    if not game.rules.draws:
        return Position.from_game(game, seat, scores=scores, stake=stake)
    blind = game.copy()  # without the history: what was lacked before a draw is not known
    blind.rules = replace(game.rules, boneyard=False)
    blind.sleeping |= mask_of(blind.boneyard)
    blind.boneyard = []
    return Position.from_game(blind, seat, scores=scores, stake=stake)


class Session:
    """One practice game (see the package docstring for the API)."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.rules = options.rules
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.hand = 0
        self._waiting_deal = False
        self._over = False
        if self.rules.game == FIVES_AND_THREES:
            self.match: FivesThreesMatch | None = FivesThreesMatch(self.rules, seed=options.seed)
            self.cutthroat: CutthroatSet | None = None
            self.game = self.match.game
        else:
            self.match = None
            self.cutthroat = CutthroatSet(self.rules)
            self._rng = random.Random(options.seed)
            self.game = self.cutthroat.new_game(self._rng)
        self._start_hand()

    # --- reading the state -----------------------------------------------------------------

    @property
    def deal_id(self) -> str:
        """The short id of the deal (see ``Options.deal_id``)."""
        return self.options.deal_id

    @property
    def seats(self) -> int:
        """Seats at the table (the learner is seat 0)."""
        return self.rules.players

    @property
    def scores(self) -> tuple[int, ...]:
        """Set points (Cutthroat) or match points (Fives & Threes), seat by seat."""
        if self.match is not None:
            return self.match.scores
        assert self.cutthroat is not None
        return self.cutthroat.scores

    @property
    def stake(self) -> int:
        """What the Cutthroat game in play is worth (1 in Fives & Threes)."""
        return self.cutthroat.stake if self.cutthroat is not None else 1

    @property
    def over(self) -> bool:
        """True once the set or the match is won."""
        return self._over

    @property
    def hand_over(self) -> bool:
        """True between the end of a hand and the deal of the next (``step`` deals it)."""
        return self._waiting_deal

    @property
    def turn(self) -> int:
        """The seat to act."""
        return self.game.turn

    @property
    def learner_to_play(self) -> bool:
        """True when the learner must choose a play (a forced pass or draw is ``step``'s)."""
        return (
            not self._over
            and not self._waiting_deal
            and self.game.turn == LEARNER_SEAT
            and self.game.can_play()
        )

    def legal_choices(self) -> list[Play]:
        """The learner's legal plays, in the engine's order (empty when not to play)."""
        return self.game.legal_plays() if self.learner_to_play else []

    def view(self, seat: int = LEARNER_SEAT) -> Position:
        """What ``seat`` may know now (``Position.from_game``; Fives & Threes: the match
        scores)."""
        scores = self.scores if self.match is not None else ()
        return seat_view(self.game, seat, scores=scores, stake=self.stake)

    def hand_actions(self, hand: int | None = None) -> list[Action]:
        """The actions of one hand (default: the current one)."""
        number = self.hand if hand is None else hand
        return [a for a in self.actions if a.hand == number]

    # --- changing the state ----------------------------------------------------------------

    def choose(self, play: Play) -> list[Event]:
        """The learner's play; returns the events it caused."""
        if not self.learner_to_play:
            raise SessionError("it is not your turn to play")
        if play not in self.game.legal_plays():
            raise SessionError(f"{play} is not a legal play now")
        return self._play(play)

    def step(self) -> list[Event]:
        """One action of a computer seat, a forced pass or draw, or the next deal.

        Computer plays come one at a time, so a screen can show them at the learner's pace.
        """
        if self._over:
            return []
        if self._waiting_deal:
            return self._deal_next()
        if self.learner_to_play:
            raise SessionError("the learner is to play: use choose()")
        game, seat = self.game, self.game.turn
        if not game.can_play():
            if game.boneyard:
                tile = game.draw()
                shown = tile if seat == LEARNER_SEAT else None
                return self._after_action(
                    Action(self.hand, seat, "draw", tile=tile), [Drew(seat, shown)]
                )
            left, right = game.line.left, game.line.right
            assert left is not None and right is not None
            ends = (left, right)
            if self.match is not None:
                self.match.knock()
            else:
                game.pass_turn()
            return self._after_action(Action(self.hand, seat, "pass"), [Passed(seat, ends)])
        play = self.computer_play(seat)
        return self._play(play)

    def computer_play(self, seat: int) -> Play:
        """The play the computer player chooses for ``seat`` from its own view only."""
        chosen = choose_play(self.view(seat), self.options.level, seed=self.options.seed)
        if chosen is None:  # pragma: no cover - can_play() said a tile fits
            raise SessionError(f"seat {seat} found no play")
        return chosen

    def apply(self, action: Action) -> list[Event]:
        """Replay one recorded action (checked by the engine; a draw must draw that tile)."""
        if self._waiting_deal:
            self._deal_next()
        if self._over:
            raise ReplayError("the game is over: no more actions", Misfit("over"))
        if action.hand != self.hand or action.seat != self.game.turn:
            raise ReplayError(
                f"the record has seat {action.seat} act in hand {action.hand}, "
                f"but seat {self.game.turn} is to act in hand {self.hand}",
                Misfit("turn", action.seat, action.hand, self.game.turn, self.hand),
            )
        if action.kind == "play":
            if action.play is None or action.play not in self.game.legal_plays():
                raise ReplayError(
                    f"{action.play} is not a legal play here",
                    Misfit("illegal", action.seat, action.hand, play=str(action.play)),
                )
            return self._play(action.play)
        events = self.step() if not self.game.can_play() else []
        done = self.actions[-1] if self.actions else None
        if (
            not events
            or done is None
            or done.kind != action.kind
            or (action.kind == "draw" and done.tile != action.tile)
        ):
            raise ReplayError(
                f"the record says {action.kind}, but the rules say otherwise",
                Misfit("kind", action.seat, action.hand, kind=action.kind),
            )
        return events

    @classmethod
    def replay(cls, options: Options, actions: Iterable[Action]) -> Session:
        """The session after the recorded ``actions`` (raises ``SessionError`` on a bad one)."""
        session = cls(options)
        for action in actions:
            try:
                session.apply(action)
            except IllegalPlayError as error:
                misfit = Misfit("illegal", action.seat, action.hand, play=str(action.play))
                raise ReplayError(str(error), misfit) from error
        return session

    def fork(self) -> Session:
        """A copy that changes apart from this one (a worker thread plays on it while a screen
        draws this one): the engine's state is copied, the events and actions (frozen values)
        are shared in new lists.

        >>> session = Session(Options(players=2, level=1, seed=3))
        >>> twin = session.fork()
        >>> while not twin.learner_to_play:
        ...     _ = twin.step()
        >>> _ = twin.choose(twin.legal_choices()[0])
        >>> len(session.actions), len(session.game.line), len(twin.game.line) > 0
        (0, 0, True)
        """
        twin = copy.copy(self)
        shared = ("options", "rules", "actions", "events")
        state = {key: value for key, value in vars(self).items() if key not in shared}
        vars(twin).update(copy.deepcopy(state))  # one copy: ``game`` stays ``match.game``
        twin.actions, twin.events = list(self.actions), list(self.events)
        return twin

    def take_back(self) -> Session:
        """A new session just before the learner's last play (practice only).

        Raises ``SessionError`` when the learner has not played yet.
        """
        for index in range(len(self.actions) - 1, -1, -1):
            action = self.actions[index]
            if action.seat == LEARNER_SEAT and action.kind == "play":
                return Session.replay(self.options, self.actions[:index])
        raise SessionError("there is no play of yours to take back")

    # --- inside ----------------------------------------------------------------------------

    def _start_hand(self) -> None:
        self.hand += 1
        self._waiting_deal = False
        self.events.append(
            HandStarted(self.hand, self.game.turn, self.game.pose, self.stake, self.scores)
        )

    def _deal_next(self) -> list[Event]:
        start = len(self.events)
        if self.match is not None:
            self.game = self.match.next_round()
        else:
            assert self.cutthroat is not None
            self.game = self.cutthroat.new_game(self._rng)
        self._start_hand()
        return self.events[start:]

    def _play(self, play: Play) -> list[Event]:
        seat = self.game.turn
        points = None
        if self.match is not None:
            points = self.match.play(play)
        else:
            self.game.play(play)
        line = self.game.line
        ends = (line.left, line.right)
        assert ends[0] is not None and ends[1] is not None
        event = Played(seat, play, points, (ends[0], ends[1]))
        return self._after_action(Action(self.hand, seat, "play", play), [event])

    def _record(self, action: Action, events: list[Event]) -> list[Event]:
        self.actions.append(action)
        self.events.extend(events)
        return events

    def _after_action(self, action: Action, events: list[Event]) -> list[Event]:
        game = self.game
        if self.match is not None and self.match.over:
            winner = self.match.winner
            assert winner is not None
            events.append(HandOver(self.hand, game.outcome(), tuple(game.hands), self.scores))
            events.append(GameOver(winner, self.scores))
            self._over = True
        elif game.over:
            outcome = game.outcome()
            assert outcome is not None
            after = None
            if self.cutthroat is not None:
                after = self.cutthroat.record(outcome)
            events.append(HandOver(self.hand, outcome, tuple(game.hands), self.scores, after))
            if after is not None and after.over:
                assert after.winner is not None
                events.append(GameOver(after.winner, self.scores, after.losers_on_love))
                self._over = True
            else:
                self._waiting_deal = True
        return self._record(action, events)
