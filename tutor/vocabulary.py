"""Every word the learner reads that is not a sentence: seats, ends, games, topics, answers.

``domino-tutor answer`` (text and ``--json``), ``check``, the quiz and the docs
name things and format answers only through this module, so each word is made
once and translated once.

>>> from tutor.i18n import Speaker
>>> de = Speaker("de")
>>> seat_name(LEARNER, de), end_name(LEFT, de), game_name("fives-and-threes", de)
('du', 'links', 'Fives & Threes')
>>> format_answer(["4-3 left", "6-5 right"], de)
'4-3 links und 6-5 rechts'
>>> format_answer({"result": "continue", "scores": {}, "stake": 1, "poser": "6-6"}, de)
'weiter'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.i18n import N_, Speaker
from tutor.questions import TIE, Reply
from tutor.rules.line import LEFT, RIGHT, End
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES

LEARNER = "you"
"""The learner's seat: the seat named ``you`` in a scenario file (shown in the learner's words)."""

END_WORDS: dict[End, str] = {LEFT: N_("left"), RIGHT: N_("right")}
"""The two ends of the line."""

GAME_NAMES: dict[str, str] = {CUTTHROAT: N_("Cutthroat"), FIVES_AND_THREES: N_("Fives & Threes")}
"""The two games."""

REPLY_WORDS = {
    "yes": N_("yes"),
    "no": N_("no"),
    "left": N_("left"),
    "right": N_("right"),
    "both": N_("both"),
    "none": N_("none"),
    "tie": N_("tie"),
    "you": N_("you"),
    "continue": N_("continue"),
    "six-love": N_("six-love"),
    "bruck": N_("bruck"),
}
"""The reply vocabulary; each language accepts its own words besides the English ones."""

DEFAULT_WORDS: Mapping[str, tuple[str, ...]] = {
    "yes": ("yes", "y", "true"),
    "no": ("no", "n", "false"),
    "left": ("left", "l"),
    "right": ("right", "r"),
    "both": ("both",),
    "none": ("none", "nothing", "-", "pass"),
    "tie": ("tie", "nobody", "draw"),
    "you": ("you", "me"),
    "continue": ("continue", "go-on"),
    "six-love": ("six-love", "sixlove", "6-love", "6-0"),
    "bruck": ("bruck", "bruk", "reset"),
}
"""Reply words understood in every language (English, short forms)."""

EXPECTED_TEXTS: dict[Reply, str] = {
    Reply.PLAYS: N_("a list of plays, like: 6-5 left, 4-4 right (or none)"),
    Reply.PLAY: N_("one play, like: 6-5 left"),
    Reply.NUMBER: N_("a whole number, like: 12"),
    Reply.YES_NO: N_("yes or no"),
    Reply.SEAT: N_("a seat's name, or tie"),
    Reply.ENDS: N_("left, right, both or none"),
    Reply.TILE: N_("a tile, like: 4-3"),
    Reply.RESULT: N_("continue, six-love or bruck"),
}
"""What each kind of reply looks like, in words (said when a reply cannot be read)."""


def end_name(end: End, sp: Speaker) -> str:
    """An end in the speaker's words."""
    return sp._(END_WORDS[end])


def seat_name(seat: str | None, sp: Speaker) -> str:
    """A seat's name: the learner's seat in the speaker's words, ``None`` as "nobody"."""
    if seat is None:
        return sp._("nobody")
    return sp._("you") if seat == LEARNER else seat


def game_name(game: str, sp: Speaker) -> str:
    """The name of a game in the speaker's language."""
    return sp._(GAME_NAMES.get(game, GAME_NAMES[FIVES_AND_THREES]))


def topic_name(topic: str, sp: Speaker) -> str:
    """A topic's name in the speaker's language (its key when it has none).

    >>> topic_name("hard-ends", Speaker("de"))
    'Harte Enden'
    """
    from tutor.topics import TOPICS

    return sp._(TOPICS[topic].name) if topic in TOPICS else topic


def reply_words(sp: Speaker) -> dict[str, tuple[str, ...]]:
    """The reply words in the speaker's language (the English words are always understood too)."""
    return {key: (sp._(word),) for key, word in REPLY_WORDS.items()}


def expected_text(reply: Reply, sp: Speaker) -> str:
    """What a reply of this kind looks like, in the speaker's words."""
    return sp._(EXPECTED_TEXTS[reply])


def format_answer(value: Any, sp: Speaker) -> str:
    """An answer value in the speaker's words; tiles, numbers and names stay as they are."""
    if isinstance(value, bool):
        return sp._("yes") if value else sp._("no")
    if isinstance(value, list):
        if not value:
            return sp._("none")
        return sp.join([_words(str(item), sp) for item in value])
    if isinstance(value, dict):
        return sp._(REPLY_WORDS.get(str(value.get("result")), str(value.get("result"))))
    if value == TIE:
        return sp._("tie")
    if value == LEARNER:
        return sp._("you")
    return _words(str(value), sp)


def _words(text: str, sp: Speaker) -> str:
    ends = {str(end): name for end, name in END_WORDS.items()}
    return " ".join(sp._(ends[word]) if word in ends else word for word in text.split())
