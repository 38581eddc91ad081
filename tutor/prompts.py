"""The question of a scenario in the learner's words and language.

>>> from tutor.i18n import Speaker
>>> from tutor.scenarios import parse_scenario
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
>>> question_text(s, Speaker("de"))
'Das Ende links ist hart. Welcher Stein ist der letzte, der dort angelegt werden kann?'
"""

from __future__ import annotations

from tutor.i18n import Speaker
from tutor.questions import TIE
from tutor.scenarios import Scenario
from tutor.vocabulary import LEARNER, end_name


def question_text(s: Scenario, sp: Speaker) -> str:
    """The question asked of the learner."""
    q = s.question
    p = q.params
    ask = q.ask
    if ask == "legal-plays":
        if s.turn == LEARNER:
            return sp._("Which plays can you make? List them all, like: 6-5 left, 5-5 right.")
        return sp._(
            "Which plays can {seat} make? List them all, like: 6-5 left, 5-5 right."
        ).format(seat=s.turn)
    if ask == "pip-count":
        if p["seat"] == LEARNER:
            return sp._("What is the count of your hand?")
        return sp._("What is {seat}'s count?").format(seat=p["seat"])
    if ask == "is-blocked":
        return sp._("Is the game blocked? (yes or no)")
    if ask == "blocked-winner":
        return sp._("Nobody can play. Who wins the block? (a name, or tie)")
    if ask == "hard-ends":
        return sp._("Which ends are hard? (left, right, both or none)")
    if ask == "last-tile":
        end = end_name(p["end"], sp)
        return sp._(
            "The {end} end is hard. Which tile is the last one that can be laid there?"
        ).format(end=end)
    if ask == "key-card":
        return sp._("Does playing {tile} win with the key card? (yes or no)").format(tile=p["tile"])
    if ask == "game-points":
        return sp._("How many points does playing {tile} earn you now?").format(tile=p["tile"])
    if ask == "play-score":
        end = end_name(p["end"], sp)
        return sp._("How many points does {tile} on the {end} end score?").format(
            tile=p["tile"], end=end
        )
    if ask == "best-play":
        return sp._("Which play scores the most points now? (like: 6-5 left)")
    if ask == "winning-play":
        return _winning_play_text(s, sp)
    # after-game
    if p["winner"] == TIE:
        return sp._(
            "The game ends in a tied block. What happens to the set: continue, six-love or bruck?"
        )
    if p["winner"] == LEARNER:
        return sp._("You win this game. What happens to the set: continue, six-love or bruck?")
    return sp._(
        "{seat} wins this game. What happens to the set: continue, six-love or bruck?"
    ).format(seat=p["winner"])


def _winning_play_text(s: Scenario, sp: Speaker) -> str:
    """The winning-play question: win the hand (Cutthroat), or score the most (Fives & Threes)."""
    if any(hand is None for hand in s.position.hands):
        return _view_text(s, sp)
    if s.position.is_fives_and_threes:
        return sp._(
            "Which play scores the most by the end of the hand, with best play on both sides? "
            "(like: 6-5 left)"
        )
    return sp._("Which play wins the hand, whatever the others do? (like: 6-5 left)")


def _view_text(s: Scenario, sp: Speaker) -> str:
    """The winning-play question from the learner's view, with what the passes told."""
    if s.position.is_fives_and_threes:
        text = sp._(
            "You see only your own hand. Which play scores the most by the end of the hand, "
            "whatever your opponent holds? (like: 6-5 left)"
        )
    else:
        text = sp._(
            "You see only your own hand. Which play gives you the best chance to win the hand, "
            "whatever the others hold? (like: 6-5 left)"
        )
    lacks = s.question.params.get("lacks") or {}
    known = [
        sp._("{seat} has no {numbers}").format(
            seat=seat, numbers=sp.join([str(n) for n in numbers], "or")
        )
        for seat, numbers in lacks.items()
        if numbers
    ]
    if known:
        facts = sp._("From the passes you know: {facts}.").format(facts="; ".join(known))
        text = facts + " " + text
    return text
