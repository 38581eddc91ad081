"""Every kind of question has its words, and every fact its sentence, in every language.

``tutor.questions`` holds the kinds, answers and facts without a word; ``tutor.words`` says
them. This proves nothing was left without words: each ``Ask`` has a prompt, a reader and a
formatter (a library scenario of the kind is asked, and its answer written and read back as
right, in en, de and pap), and each fact of ``tutor.questions.facts.Fact`` is said, translated,
in de and pap.
"""

from __future__ import annotations

from functools import cache
from typing import Any, get_args

import pytest

from tutor.questions.facts import (
    BlockCounts,
    BlockedBy,
    CanPlay,
    Domino,
    EndsShow,
    ExampleDeal,
    Fact,
    ForcedPass,
    GameGoesOn,
    GoesOut,
    HalvesOnTable,
    HandCount,
    HandPoints,
    KeyCard,
    LastTile,
    MustPose,
    NextStake,
    NothingFits,
    OtherPlayFails,
    OtherPlayOnView,
    ProvedOnView,
    ProvedWin,
    ReachesTarget,
    ScoreBreakdown,
    SetAfter,
    StillFits,
)
from tutor.questions.kinds import KINDS, kind_of
from tutor.questions.model import Ask, Reply
from tutor.questions.topics import TOPICS
from tutor.rules.line import LEFT, RIGHT
from tutor.rules.plays import Play
from tutor.rules.tiles import Tile
from tutor.scenarios.library import default_library, load_library
from tutor.scenarios.model import Scenario, answer_scenario
from tutor.words.i18n import LANGUAGES, Speaker
from tutor.words.kinds import WORDS, format_value, prompt_text, words_of
from tutor.words.narrate import SENTENCES, say
from tutor.words.replies import Reading
from tutor.words.vocabulary import TOPIC_NAMES, reply_words, topic_description, topic_name

OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]

PLAY = Play.parse("6-5 left")
SAMPLES: tuple[Fact, ...] = (
    EndsShow(6, 5),
    HalvesOnTable(RIGHT, 3, 7, 8, True, False),
    CanPlay("you", (PLAY,)),
    MustPose("Ann", Tile(6, 6)),
    HandCount("you", (Tile(6, 5),), 11),
    StillFits(Tile(6, 5), LEFT, 6),
    NothingFits(6, 5),
    BlockCounts((("you", 3), ("Ann", 5)), "you", ()),
    LastTile(RIGHT, 3, Tile(4, 3), "you"),
    KeyCard(Tile(4, 3), True, True, True),
    GameGoesOn(Tile(4, 3), 2),
    Domino("you", 2, 1, 3),
    BlockedBy(Tile(4, 3), "you", 2),
    ScoreBreakdown(PLAY, 15, 5, 3, 0, 8, 8, 10, 61),
    SetAfter("you", "continue", (("you", 3), ("Ann", 0)), 1, "Ann", 1, False),
    ProvedWin(PLAY, 0),
    ForcedPass("Ann"),
    GoesOut("Ann", Tile(4, 3)),
    ReachesTarget("you", 61),
    HandPoints((("you", 5), ("Ann", 0))),
    OtherPlayFails(PLAY, "Ann", 0),
    ProvedOnView(PLAY, True, 4, 3, 1),
    ExampleDeal((("Ann", (Tile(4, 3),)),)),
    OtherPlayOnView(PLAY, 4, 1, 0),
    NextStake(None, 1, 2, True, "continue"),
)
"""One fact of every kind."""


@cache
def library() -> list[Scenario]:
    scenarios, _ = load_library([default_library()])
    return scenarios


def one_of_kind(ask: str) -> Scenario:
    """The first library scenario that asks ``ask``."""
    return next(s for s in library() if s.question.ask == ask)


# --- kinds -------------------------------------------------------------------------------------


def test_every_kind_has_its_words_and_every_word_its_kind() -> None:
    assert set(Ask) <= set(KINDS)
    assert set(WORDS) == set(KINDS)
    for ask in KINDS:
        words = words_of(ask)
        assert words.kind is kind_of(ask)
        assert callable(words.prompt) and callable(words.read) and callable(words.format)


@pytest.mark.parametrize("ask", list(Ask))
def test_every_kind_is_asked_in_every_language(ask: Ask) -> None:
    s = one_of_kind(ask)
    english = prompt_text(s.position, s.question, Speaker("en"))
    assert english
    for language in OTHER_LANGUAGES:
        translated = prompt_text(s.position, s.question, Speaker(language))
        assert translated and translated != english, (ask, language)


@pytest.mark.parametrize("ask", list(Ask))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_is_written_and_read_back_as_right(ask: Ask, language: str) -> None:
    """The answer as the learner reads it, typed back, is read as the answer (a list item by
    item, with commas, as the prompts show: the reader takes no "and")."""
    s = one_of_kind(ask)
    a = answer_scenario(s)
    sp = Speaker(language)
    kind = kind_of(ask)
    value: Any = a.value[:1] if kind.reply is Reply.PLAY else a.value  # one of the best plays
    if isinstance(value, list) and value:
        written = ", ".join(format_value(ask, [item], sp) for item in value)
    else:
        written = format_value(ask, value, sp)
    assert written
    given = words_of(ask).read(written, Reading(s.position, reply_words(sp), a))
    assert kind.right(given, a), (ask, language, written, given)


# --- facts -------------------------------------------------------------------------------------


def test_the_samples_hold_every_kind_of_fact() -> None:
    assert {type(fact) for fact in SAMPLES} == set(get_args(Fact))


def test_every_kind_of_fact_has_its_sentence() -> None:
    assert set(get_args(Fact)) <= set(SENTENCES)


@pytest.mark.parametrize("fact", SAMPLES, ids=lambda fact: type(fact).__name__)
def test_every_fact_is_said_in_every_language(fact: Fact) -> None:
    english = say(fact, Speaker("en"))
    assert english
    for language in OTHER_LANGUAGES:
        translated = say(fact, Speaker(language))
        assert translated and translated != english, (language, translated)


def test_a_fact_without_a_sentence_is_refused() -> None:
    with pytest.raises(TypeError, match="no sentence"):
        say(object(), Speaker("en"))


# --- topics ------------------------------------------------------------------------------------


def test_every_topic_has_a_name_and_a_description_in_every_language() -> None:
    assert set(TOPIC_NAMES) == set(TOPICS)
    for topic in TOPICS:
        english = topic_name(topic, Speaker("en")), topic_description(topic, Speaker("en"))
        for language in OTHER_LANGUAGES:
            sp = Speaker(language)
            translated = topic_name(topic, sp), topic_description(topic, sp)
            assert all(translated) and translated[1] != english[1], (topic, language)
