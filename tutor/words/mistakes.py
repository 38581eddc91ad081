"""The words of a puzzle made from the learner's own mistake (``quiz --mine``): its title and
story, said from the file's facts (``[origin]``) in the learner's language of the day.

>>> from tutor.rules.plays import Play
>>> from tutor.words.i18n import Speaker
>>> origin_title("460e78b8765e", 3, 5, Speaker("en"))
'Your set 460e78b8: game 3, choice 5'
>>> origin_story(Play.parse("6-2 left"), Speaker("en"))
'In that game you played 6-2 on the left here. Which play is better?'
>>> deal_title("945AC4", 3, Speaker("en"))
'A play from your game: deal 945AC4, hand 3'
"""

from __future__ import annotations

from tutor.rules.plays import Play
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import play_words

SHOWN_ID = 8
"""The first characters of a game's id that name it (as ``domino-tutor review`` lists them)."""


def origin_title(game: str, hand: int, choice: int, sp: Speaker, *, fives: bool = False) -> str:
    """The title of a puzzle from the learner's game: which set (``fives``: match), game
    (round) and choice it was.

    >>> origin_title("460e78b8765e", 3, 5, Speaker("de"), fives=True)
    'Deine Partie 460e78b8: Runde 3, Zug 5'
    """
    if fives:
        # TRANSLATORS: the title of a puzzle made from a mistake in the learner's own Fives &
        # Threes match; {game} is the match's id as 'domino-tutor review' lists it, {choice}
        # counts the learner's plays that the coach graded in that round.
        text = sp._("Your match {game}: round {hand}, choice {choice}")
    else:
        # TRANSLATORS: the title of a puzzle made from a mistake in the learner's own Cutthroat
        # set; {game} is the set's id as 'domino-tutor review' lists it, {choice} counts the
        # learner's plays that the coach graded in that game.
        text = sp._("Your set {game}: game {hand}, choice {choice}")
    return text.format(game=game[:SHOWN_ID], hand=hand, choice=choice)


def origin_story(played: Play, sp: Speaker) -> str:
    """The story of a puzzle from the learner's game: the play made there."""
    return sp._("In that game you played {play} here. Which play is better?").format(
        play=play_words(played, sp)
    )


def deal_title(deal: str, hand: int, sp: Speaker) -> str:
    """The title of a puzzle that an earlier version wrote from the learner's game (its file
    keeps only the deal and the hand, in its id)."""
    return sp._("A play from your game: deal {deal}, hand {hand}").format(deal=deal, hand=hand)
