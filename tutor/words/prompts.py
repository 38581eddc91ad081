"""The questions of the built-in kinds in the learner's words and language.

One function per kind, named in ``tutor.words.kinds.WORDS``; ``tutor.words.kinds.question_text``
asks the question of a scenario.

>>> from tutor.words.i18n import Speaker
>>> from tutor.scenarios.reader import parse_scenario
>>> s = parse_scenario('''
... id = "demo/q"
... game = "cutthroat"
... topic = "hard-ends"
... level = 1
... title = "Demo"
... seats = ["you", "Ann"]
... [table]
... line = ["6-6"]
... boneyard = 13
... [hands]
... you = ["6-5"]
... Ann = 13
... [rules]
... boneyard = true
... [question]
... ask = "last-tile"
... end = "left"
... ''')
>>> last_tile(s.position, s.question, Speaker("de"))
'Das Ende links ist hart. Welcher Stein ist der letzte, der dort angelegt werden kann?'
"""

from __future__ import annotations

from tutor.questions.model import TIE, Question
from tutor.rules.position import Position
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import LEARNER, end_name, seat_name


def legal_plays(p: Position, q: Question, sp: Speaker) -> str:
    """legal-plays: every play the seat to play can make."""
    seat = p.name(p.turn)
    if not len(p.line):  # a pose or a lead: a tile alone, there is no left or right yet
        if seat == LEARNER:
            return sp._("Which tiles can you lay first? List them all, like: 6-5, 5-5.")
        return sp._("Which tiles can {seat} lay first? List them all, like: 6-5, 5-5.").format(
            seat=seat_name(seat, sp)
        )
    if seat == LEARNER:
        return sp._("Which plays can you make? List them all, like: 6-5 left, 5-5 right.")
    return sp._("Which plays can {seat} make? List them all, like: 6-5 left, 5-5 right.").format(
        seat=seat
    )


def pip_count(p: Position, q: Question, sp: Speaker) -> str:
    """pip-count: the count of a seat's hand."""
    if q.params["seat"] == LEARNER:
        return sp._("What is the count of your hand?")
    return sp._("What is {seat}'s count?").format(seat=q.params["seat"])


def is_blocked(p: Position, q: Question, sp: Speaker) -> str:
    """is-blocked: yes or no (in Fives & Threes a round is blocked, the match goes on)."""
    if p.is_fives_and_threes:
        return sp._("Is the round blocked? (yes or no)")
    return sp._("Is the game blocked? (yes or no)")


def blocked_winner(p: Position, q: Question, sp: Speaker) -> str:
    """blocked-winner: who wins the block."""
    return sp._("Nobody can play. Who wins the block? (a name, or tie)")


def hard_ends(p: Position, q: Question, sp: Speaker) -> str:
    """hard-ends: which ends are hard."""
    return sp._("Which ends are hard? (left, right, both or none)")


def last_tile(p: Position, q: Question, sp: Speaker) -> str:
    """last-tile: the last tile for a hard end."""
    end = end_name(q.params["end"], sp)
    return sp._("The {end} end is hard. Which tile is the last one that can be laid there?").format(
        end=end
    )


def key_card(p: Position, q: Question, sp: Speaker) -> str:
    """key-card: does the tile win with the key card (for the seat to play, who may be another
    seat than the learner's)."""
    seat = p.name(p.turn)
    if seat == LEARNER:
        return sp._("Does playing {tile} win with the key card? (yes or no)").format(
            tile=q.params["tile"]
        )
    return sp._("Does {seat} win with the key card by playing {tile}? (yes or no)").format(
        seat=seat_name(seat, sp), tile=q.params["tile"]
    )


def game_points(p: Position, q: Question, sp: Speaker) -> str:
    """game-points: what a play earns now."""
    return sp._("How many points does playing {tile} earn you now?").format(tile=q.params["tile"])


def play_score(p: Position, q: Question, sp: Speaker) -> str:
    """play-score: what a Fives & Threes play scores."""
    end = end_name(q.params["end"], sp)
    return sp._("How many points does {tile} on the {end} end score?").format(
        tile=q.params["tile"], end=end
    )


def _leads(p: Position) -> bool:
    """Whether the play asked for is the first tile of the hand: the example is a tile then,
    with no end (the table has no ends yet)."""
    return p.line.left is None


def best_play(p: Position, q: Question, sp: Speaker) -> str:
    """best-play: the play that scores the most now."""
    if _leads(p):
        return sp._("Which tile scores the most points as the first tile? (like: 6-5)")
    return sp._("Which play scores the most points now? (like: 6-5 left)")


def after_game(p: Position, q: Question, sp: Speaker) -> str:
    """after-game: what the finished game does to the set."""
    if q.params["winner"] == TIE:
        return sp._(
            "The game ends in a tied block. What happens to the set: continue, six-love or bruck?"
        )
    if q.params["winner"] == LEARNER:
        return sp._("You win this game. What happens to the set: continue, six-love or bruck?")
    return sp._(
        "{seat} wins this game. What happens to the set: continue, six-love or bruck?"
    ).format(seat=q.params["winner"])


def winning_play(p: Position, q: Question, sp: Speaker) -> str:
    """winning-play: win the game (Cutthroat), or score the most (Fives & Threes)."""
    if any(hand is None for hand in p.hands):
        return _view_text(p, q, sp)
    if _leads(p):
        if p.is_fives_and_threes:
            return sp._(
                "Which lead scores the most by the end of the round, with best play on both "
                "sides? (like: 6-5)"
            )
        return sp._("Which lead wins the game, whatever the others do? (like: 6-5)")
    if p.is_fives_and_threes:
        return sp._(
            "Which play scores the most by the end of the round, with best play on both sides? "
            "(like: 6-5 left)"
        )
    return sp._("Which play wins the game, whatever the others do? (like: 6-5 left)")


def _view_text(p: Position, q: Question, sp: Speaker) -> str:
    """winning-play from the learner's view, with what the passes told."""
    if _leads(p) and p.is_fives_and_threes:
        text = sp._(
            "You see only your own hand. Which lead scores the most by the end of the round, "
            "on average over the hands your opponent may hold? (like: 6-5)"
        )
    elif _leads(p):
        text = sp._(
            "You see only your own hand. Which lead gives you the best chance to win the game, "
            "whatever the others hold? (like: 6-5)"
        )
    elif p.is_fives_and_threes:
        text = sp._(
            "You see only your own hand. Which play scores the most by the end of the round, "
            "on average over the hands your opponent may hold? (like: 6-5 left)"
        )
    else:
        text = sp._(
            "You see only your own hand. Which play gives you the best chance to win the game, "
            "whatever the others hold? (like: 6-5 left)"
        )
    lacks = q.params.get("lacks") or {}
    known = [
        sp._("{seat} has no {numbers}").format(
            seat=seat, numbers=sp.join([str(n) for n in numbers], "or")
        )
        for seat, numbers in lacks.items()
        if numbers
    ]
    if known:
        heard = (
            sp._("From the knocks you know: {facts}.")
            if p.is_fives_and_threes
            else sp._("From the passes you know: {facts}.")
        )
        facts = heard.format(facts="; ".join(known))
        text = facts + " " + text
    return text


def next_stake(p: Position, q: Question, sp: Speaker) -> str:
    """next-stake: who won (or a tie, with the table's rule for ties) and this game's stake.

    >>> from tutor.rules import Line, TableRules
    >>> p = Position(Line(), (0, 0, 0), TableRules(players=3), seats=("you", "Ann", "Ben"),
    ...              stake=2)
    >>> print(next_stake(p, Question("next-stake", {"winner": "Ann"}), Speaker("en")))
    Ann wins this game, which is worth 2. What is the next game worth? (a number)
    """
    winner = q.params["winner"]
    if winner == TIE and p.rules.tied_block == "carry":
        return sp._(
            "This game is worth {stake} and ends in a tied block; at this table a tie carries "
            "the stake. What is the next game worth? (a number)"
        ).format(stake=p.stake)
    if winner == TIE:
        return sp._(
            "This game is worth {stake} and ends in a tied block; at this table a tie is void. "
            "What is the next game worth? (a number)"
        ).format(stake=p.stake)
    if winner == LEARNER:
        return sp._(
            "You win this game, which is worth {stake}. What is the next game worth? (a number)"
        ).format(stake=p.stake)
    return sp._(
        "{seat} wins this game, which is worth {stake}. What is the next game worth? (a number)"
    ).format(seat=winner, stake=p.stake)
