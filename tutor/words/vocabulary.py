"""Every word the learner reads that is not a sentence: seats, ends, games, topics, answers.

``domino-tutor answer`` (text and ``--json``), ``check``, the quiz and the docs
name things and format answers only through this module, so each word is made
once and translated once.

>>> from tutor.words.i18n import Speaker
>>> de = Speaker("de")
>>> seat_name(LEARNER, de), end_name(LEFT, de), game_name("fives-and-threes", de)
('du', 'links', 'Fives & Threes')
>>> format_answer(["4-3 left", "6-5 right"], de)
'4-3 links und 6-5 rechts'
>>> format_result({"result": "continue", "scores": {}, "stake": 1, "poser": "6-6"}, de)
'weiter'

Each kind of question names its formatter in ``tutor.words.kinds.WORDS`` (``format_list``,
``format_yes_no``, ``format_seat``, ``format_number``, ``format_tile``, ``format_result``);
``format_answer`` formats a value whose kind is not known, by its type.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.questions.model import TIE, AfterGameValue, Reply
from tutor.rules.line import LEFT, RIGHT, End
from tutor.rules.plays import Play
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES
from tutor.words.i18n import N_, Speaker
from tutor.words.own_topics import own_about, own_name

LEARNER = "you"
"""The learner's seat: the seat named ``you`` in a scenario file (shown in the learner's words)."""

END_WORDS: dict[End, str] = {LEFT: N_("left"), RIGHT: N_("right")}
"""The two ends of the line."""

GAME_NAMES: dict[str, str] = {CUTTHROAT: N_("Cutthroat"), FIVES_AND_THREES: N_("Fives & Threes")}
"""The two games."""

PASS_WORDS: dict[str, dict[str, str]] = {
    CUTTHROAT: {
        "you": N_("You cannot play on {numbers}: you pass."),
        "seat": N_("{seat} cannot play on {numbers} and passes."),
        "known": N_("(has passed on {numbers})"),
        "must": N_("You have no tile that fits, so you must pass."),
        "lacks": N_(
            "After {tile} an end shows {number}, and {seat} has passed on {number} before."
        ),
        "forced-you": N_("On that line you are forced to pass once."),
        "forced": N_("On that line {seat} is forced to pass."),
    },
    FIVES_AND_THREES: {
        "you": N_("You cannot play on {numbers}: you knock."),
        "seat": N_("{seat} cannot play on {numbers} and knocks."),
        "known": N_("(has knocked on {numbers})"),
        "must": N_("You have no tile that fits, so you must knock."),
        "lacks": N_(
            "After {tile} an end shows {number}, and {seat} has knocked on {number} before."
        ),
        "forced-you": N_("On that line you are forced to knock once."),
        "forced": N_("On that line {seat} is forced to knock."),
    },
}
"""The one place of the word for a pass, per game: Cutthroat players pass, Fives & Threes
players knock (``tests/i18n/test_terminology.py`` holds every catalog to it)."""


def pass_words(game: str, which: str, sp: Speaker) -> str:
    """A sentence of a pass in one game's word ("you", "seat", "known", "must", "lacks",
    "forced-you" or "forced").

    >>> pass_words(FIVES_AND_THREES, "seat", Speaker("en")).format(seat="Marcia", numbers="6")
    'Marcia cannot play on 6 and knocks.'
    """
    return sp._(PASS_WORDS[game][which])


def numbers_words(numbers: Sequence[int], sp: Speaker, style: str = "or") -> str:
    """Numbers of the ends, each said once: "6 or 5", and "6" when both ends show 6.

    >>> numbers_words((6, 6), Speaker("en")), numbers_words((3, 5), Speaker("pap"))
    ('6', '3 òf 5')
    """
    return sp.join([str(n) for n in dict.fromkeys(numbers)], style)


TOPIC_NAMES: dict[str, tuple[str, str]] = {
    "hard-ends": (
        N_("Hard ends"),
        N_("All halves of an end's number but one are on the table."),
    ),
    "key-cards": (
        N_("Key cards"),
        N_("Your last tile fits both hard ends: the only tile left that can be played."),
    ),
    "blocked-boards": (
        N_("Blocked boards"),
        N_("Nobody can play: the lowest count wins."),
    ),
    "fives-and-threes-scoring": (
        N_("Scoring in Fives & Threes"),
        N_("A play makes the open ends add up to a multiple of 3 or 5."),
    ),
    "legal-plays": (
        N_("Legal plays"),
        N_("You have more than one tile that fits: find them all."),
    ),
    "dead-ends": (
        N_("Dead ends"),
        N_("Every half of an end's number is on the table: nothing more fits there."),
    ),
    "passing": (
        N_("Passing"),
        N_("You have no tile that fits, so you must pass."),
    ),
    "domino-chance": (
        N_("Going out"),
        N_("Your last tile fits: play it and the game is yours."),
    ),
    "six-love": (
        N_("Six-love"),
        N_("A win now ends the set while somebody is still on love."),
    ),
    "the-pose": (
        N_("The pose"),
        N_("The first tile of a game: who lays it, and which tile it must be."),
    ),
    "exact-target": (
        N_("Reaching the target"),
        N_("A play brings your score to the target exactly."),
    ),
    "only-winning-play": (
        N_("Only one play wins"),
        N_("Every hand is shown: exactly one tile wins, and the solver proves it."),
    ),
    "play-the-odds": (
        N_("Play the odds"),
        N_(
            "Only your hand is shown: one play wins more often than any other over the hands "
            "the others may hold."
        ),
    ),
    "score-the-odds": (
        N_("Score the odds"),
        N_(
            "Only your hand is shown: one play scores more on average over the hands your "
            "opponent may hold."
        ),
    ),
    "block-to-win": (
        N_("Block to win"),
        N_("The winning line blocks the game, and your count is the lowest."),
    ),
    "keep-the-hard-end": (
        N_("Keep the hard end"),
        N_("You hold the last tile for a hard end: keep that end to yourself and win."),
    ),
    "set-up-the-key": (
        N_("Set up the key card"),
        N_("Play so that your last tile becomes the key card."),
    ),
    "target-exactly": (
        N_("Reach the target exactly"),
        N_("The best line brings you to the target exactly and wins the match."),
    ),
    "deny-the-score": (
        N_("Deny the score"),
        N_("The best play scores less now, but leaves your opponent nothing to score."),
    ),
}
"""Every topic with a detector (``tutor.questions.topics.TOPICS``): its name and description."""

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

MORE_REPLY_WORDS = {
    # TRANSLATORS: the words by which learners name their own seat in a reply ("I", "me");
    # separate several words with "|".
    "you": N_("me|I"),
    # TRANSLATORS: more words a learner may type for "both" ends, separated by "|"
    # (Papiamentu: "tur dos|tur dos punto|ambos").
    "both": N_("both ends|both sides"),
}
"""More reply words, several to a language (a learner says "me" for the seat called "you")."""

NUMBER_KEYS = tuple(str(n) for n in range(11))
"""The numbers a reply may give as a word (the keys of ``reply_words`` for them)."""

# TRANSLATORS: the numbers 0 to 10 as a learner may type them in a reply, in this order,
# separated by "|"; several spellings of one number are separated by a comma ("eins,ein").
NUMBER_WORDS = N_("zero|one|two|three|four|five|six|seven|eight|nine|ten")
"""The numbers 0 to 10 in words, for replies to every question that takes a number."""

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
    **{key: (word,) for key, word in zip(NUMBER_KEYS, NUMBER_WORDS.split("|"), strict=True)},
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
    """A topic's name in the speaker's language: the tutor's through the catalogs, a teacher's
    own as its ``topics.toml`` gives it (``tutor.words.own_topics``); else its key.

    >>> topic_name("hard-ends", Speaker("de"))
    'Harte Enden'
    """
    if topic in TOPIC_NAMES:
        return sp._(TOPIC_NAMES[topic][0])
    return own_name(topic, sp.language) or topic


def topic_description(topic: str, sp: Speaker) -> str:
    """What a topic is about, in the speaker's language (empty when it has no description)."""
    if topic in TOPIC_NAMES:
        return sp._(TOPIC_NAMES[topic][1])
    return own_about(topic, sp.language)


def topic_and_name(topic: str, sp: Speaker) -> str:
    """A topic as the learner types it (for ``--topic``) with its name in the speaker's language.

    >>> topic_and_name("hard-ends", Speaker("de"))
    'hard-ends (Harte Enden)'
    """
    name = topic_name(topic, sp)
    return topic if name == topic else sp._("{topic} ({name})").format(topic=topic, name=name)


def play_words(play: Play, sp: Speaker, *, lead: bool = False) -> str:
    """A play in words: "6-5 on the left" (the explanations and the game say plays this way);
    with ``lead`` (the first tile on an empty table: a pose or a lead) the tile alone, as
    there is no left or right yet.

    >>> en = Speaker("en")
    >>> play_words(Play.parse("6-6 left"), en), play_words(Play.parse("6-6"), en, lead=True)
    ('6-6 on the left', '6-6')
    """
    if lead:
        return str(play.tile)
    return sp._("{tile} on the {end}").format(tile=play.tile, end=end_name(play.end, sp))


def seat_counts(pairs: Iterable[tuple[str, int]], sp: Speaker) -> str:
    """Seats with a number each, as a list, each seat as the score line writes it (no colon,
    so that a sentence of scores has one colon at most): "you 2, Marcia 0, and Desmond 1".

    >>> seat_counts([("you", 4), ("Marcia", 2)], Speaker("de"))
    'du 4 und Marcia 2'
    """
    # TRANSLATORS: one seat and its number in a list of scores or counts ("Marcia 2"), as on
    # the score line; no colon: the list often follows one ("Stand: du 4 und Marcia 2").
    return sp.join(
        [sp._("{seat} {count}").format(seat=seat_name(seat, sp), count=n) for seat, n in pairs]
    )


def reply_words(sp: Speaker) -> dict[str, tuple[str, ...]]:
    """The reply words in the speaker's language (the English words are always understood too).

    Accented and plain spellings are both understood:

    >>> sorted(reply_words(Speaker("pap"))["you"])
    ['ami', 'bo', 'mi']
    >>> reply_words(Speaker("pap"))["yes"]
    ('sí', 'si')
    """
    words: dict[str, tuple[str, ...]] = {}
    for key, word in REPLY_WORDS.items():
        more = sp._(MORE_REPLY_WORDS[key]).split("|") if key in MORE_REPLY_WORDS else []
        spelled = [sp._(word), *more]
        found: list[str] = []
        for each in spelled:
            for form in (each.strip(), _unaccented(each.strip()), _accented(each.strip(), sp)):
                if form and form not in found:
                    found.append(form)
        words[key] = tuple(found)
    numbers = sp._(NUMBER_WORDS).split("|")
    for key, spellings in zip(NUMBER_KEYS, numbers, strict=False):
        forms = [
            form.strip() for word in spellings.split(",") for form in (word, _unaccented(word))
        ]
        words[key] = tuple(dict.fromkeys(form for form in forms if form))
    return words


_ACCENTED = {"pap": {"si": "sí", "no": "nò"}}
"""Spellings with accents that players write for a word the catalog spells without."""


def _unaccented(word: str) -> str:
    """``word`` without its accents: ``nò`` is read as ``no``.

    >>> _unaccented("nò")
    'no'
    """
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _accented(word: str, sp: Speaker) -> str:
    return _ACCENTED.get(sp.language, {}).get(word, "")


def expected_text(reply: Reply, sp: Speaker) -> str:
    """What a reply of this kind looks like, in the speaker's words."""
    return sp._(EXPECTED_TEXTS[reply])


def format_list(value: list[str], sp: Speaker) -> str:
    """Plays or ends in the speaker's words, as a list ("none" for an empty one)."""
    if not value:
        return sp._("none")
    return sp.join([_words(str(item), sp) for item in value])


def format_yes_no(value: bool, sp: Speaker) -> str:
    """Yes or no in the speaker's words."""
    return sp._("yes") if value else sp._("no")


def format_seat(value: str, sp: Speaker) -> str:
    """A seat (the learner's in the speaker's words) or a tie."""
    if value == TIE:
        return sp._("tie")
    if value == LEARNER:
        return sp._("you")
    return _words(value, sp)


def format_number(value: int, sp: Speaker) -> str:
    """A number as digits."""
    return str(value)


def format_tile(value: str, sp: Speaker) -> str:
    """A tile as it is written (4-3)."""
    return value


def format_result(value: AfterGameValue, sp: Speaker) -> str:
    """What a finished game does to the set, as the reply word: continue, six-love or bruck."""
    result = str(value.get("result"))
    return sp._(REPLY_WORDS.get(result, result))


def format_answer(value: Any, sp: Speaker) -> str:
    """A value whose kind is not known, in the speaker's words, by its type (the kinds of
    question format their answers with their own formatter, ``tutor.words.kinds.format_value``)."""
    if isinstance(value, bool):
        return format_yes_no(value, sp)
    if isinstance(value, list):
        return format_list(value, sp)
    if isinstance(value, dict):
        return format_result(value, sp)  # type: ignore[arg-type]
    if isinstance(value, int):
        return format_number(value, sp)
    return format_seat(str(value), sp)


def _words(text: str, sp: Speaker) -> str:
    ends = {str(end): name for end, name in END_WORDS.items()}
    return " ".join(sp._(ends[word]) if word in ends else word for word in text.split())
