"""The question of a scenario in the learner's words and language.

>>> from tutor.i18n import Speaker
>>> game_name("fives-and-threes", Speaker("en")), seat_name("you", Speaker("en"))
('Fives & Threes', 'you')
"""

from __future__ import annotations

from tutor.i18n import Speaker
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.scenarios import Scenario


def _seat(seat: str, sp: Speaker) -> str:
    return sp._("you") if seat == "you" else seat


def question_text(s: Scenario, sp: Speaker) -> str:
    """The question asked of the learner."""
    q = s.question
    p = q.params
    ask = q.ask
    if ask == "legal-plays":
        if s.turn == "you":
            return sp._("Which plays can you make? List them all, like: 6-5 left, 5-5 right.")
        return sp._(
            "Which plays can {seat} make? List them all, like: 6-5 left, 5-5 right."
        ).format(seat=s.turn)
    if ask == "pip-count":
        if p["seat"] == "you":
            return sp._("What is the count of your hand?")
        return sp._("What is {seat}'s count?").format(seat=p["seat"])
    if ask == "is-blocked":
        return sp._("Is the game blocked? (yes or no)")
    if ask == "blocked-winner":
        return sp._("Nobody can play. Who wins the block? (a name, or tie)")
    if ask == "hard-ends":
        return sp._("Which ends are hard? (left, right, both or none)")
    if ask == "last-tile":
        end = sp._("left") if str(p["end"]) == "left" else sp._("right")
        return sp._(
            "The {end} end is hard. Which tile is the last one that can be laid there?"
        ).format(end=end)
    if ask == "key-card":
        return sp._("Does playing {tile} win with the key card? (yes or no)").format(tile=p["tile"])
    if ask == "game-points":
        return sp._("How many points does playing {tile} earn you now?").format(tile=p["tile"])
    if ask == "play-score":
        end = sp._("left") if str(p["end"]) == "left" else sp._("right")
        return sp._("How many points does {tile} on the {end} end score?").format(
            tile=p["tile"], end=end
        )
    if ask == "best-play":
        return sp._("Which play scores the most points now? (like: 6-5 left)")
    # after-game
    if p["winner"] == "tie":
        return sp._(
            "The game ends in a tied block. What happens to the set: continue, six-love or bruck?"
        )
    if p["winner"] == "you":
        return sp._("You win this game. What happens to the set: continue, six-love or bruck?")
    return sp._(
        "{seat} wins this game. What happens to the set: continue, six-love or bruck?"
    ).format(seat=p["winner"])


def game_name(game: str, sp: Speaker) -> str:
    """The name of a game in the speaker's language."""
    return sp._("Cutthroat") if game == "cutthroat" else sp._("Fives & Threes")


def seat_name(seat: str, sp: Speaker) -> str:
    """A seat's name, with "you" translated."""
    return _seat(seat, sp)


def score_line(s: Scenario, sp: Speaker) -> str:
    """The score (and the stake or target) when it matters; empty for a fresh Cutthroat set."""
    scores = " · ".join(f"{_seat(seat, sp)} {s.scores[seat]}" for seat in s.seats)
    if s.game == FIVES_AND_THREES:
        return sp._("Score: {scores} · target {target}").format(
            scores=scores, target=s.rules.target
        )
    if any(s.scores.values()) or s.stake != 1:
        return sp._("Score: {scores} · stake {stake}").format(scores=scores, stake=s.stake)
    return ""
