"""Judging replies: forgiving in form (notation, order, case, separators), strict in substance."""

from __future__ import annotations

import pytest

from tests.questions.test_answers import (
    BLOCKED_HANDS,
    SEED,
    SIXES_7,
    SIXES_8,
    TIED_HANDS,
    fives,
    hidden,
    make,
)
from tests.words.judging import judge
from tutor.questions.kinds import KINDS
from tutor.scenarios.model import Scenario
from tutor.words.i18n import Speaker
from tutor.words.judge import Verdict
from tutor.words.vocabulary import EXPECTED_TEXTS, reply_words

RIGHT, WRONG, UNREADABLE = Verdict.RIGHT, Verdict.WRONG, Verdict.UNREADABLE

# Ends 6 and 5; you can play 6-2 on the left and 5-1 on the right.
PLAYS = make(
    ["6-6", "6-5"],
    hidden(["5-1", "6-2", "3-3", "0-0", "1-1", "2-2", "4-0"], 6, 7, 6),
    "legal-plays",
)
# Both ends show 6: a fitting tile is one play, at the left.
EQUAL_ENDS = make(
    ["6-6"], hidden(["6-1", "6-2", "3-3", "0-0", "1-1", "2-2", "4-0"], 7, 7, 6), "legal-plays"
)
NO_PLAYS = make(SEED, hidden(["1-1"], 5, 5, 5), "legal-plays")
HARD_BOTH = make(SEED, hidden(["1-1"], 5, 5, 5), "hard-ends")
HARD_LEFT = make(SIXES_7, hidden(["0-0"], 6, 6, 5), "hard-ends")
KEY = make(SEED, hidden(["3-4"], 5, 5, 5), "key-card", tile="4-3")
POINTS = make(SEED, hidden(["3-4"], 5, 5, 5), "game-points", tile="4-3")
WINNER = make(SIXES_8, BLOCKED_HANDS, "blocked-winner")
TIE = make(SIXES_8, TIED_HANDS, "blocked-winner")
LAST = make(SIXES_7, hidden(["0-0"], 6, 6, 5), "last-tile", end="left")
# Best plays: 5-5 left and 1-0 right (2 points each).
BEST = fives(["5-0"], ["5-5", "0-0", "5-1", "0-1", "6-6", "4-4", "2-2"], "best-play")
# Ends 6 and 3: 6-3 fits both; at the right it makes 6 + 6 = 12 (4), at the left 3 + 3 = 6 (2).
END_DECIDES = fives(["6-4", "4-3"], ["6-3", "1-1", "1-0", "2-1", "2-0", "0-0"], "best-play")
SIX_LOVE = make(SEED, hidden(["3-4"], 5, 5, 5), "after-game", score={"you": 5}, winner="you")
PIPS = make(SEED, hidden(["6-6", "1-0", "2-2"], 4, 5, 4), "pip-count", seat="you")


@pytest.mark.parametrize(
    ("scenario", "reply", "verdict"),
    [
        # Tiles in any notation and order, ends in any case, lists with commas or spaces.
        pytest.param(PLAYS, "6-2 left, 5-1 right", RIGHT, id="canonical"),
        pytest.param(PLAYS, "5-1 right, 6-2 left", RIGHT, id="any-order"),
        pytest.param(PLAYS, "2|6 L, [1:5] right", RIGHT, id="notations"),
        pytest.param(PLAYS, "2-6 LEFT 1-5 Right", RIGHT, id="spaces-and-case"),
        pytest.param(PLAYS, "[6|2] l; 5:1 r", RIGHT, id="semicolon"),
        pytest.param(PLAYS, "6 - 2 left, 1 - 5 right", RIGHT, id="spaces-inside-a-tile"),
        pytest.param(PLAYS, "6-2, 5-1", RIGHT, id="bare-tiles"),
        pytest.param(PLAYS, "6-2 left", WRONG, id="one-missing"),
        pytest.param(PLAYS, "6-2 right, 5-1 right", WRONG, id="wrong-end"),
        pytest.param(PLAYS, "6-2 left, 5-1 right, 3-3 left", WRONG, id="one-too-many"),
        pytest.param(PLAYS, "none", WRONG, id="none-is-wrong"),
        pytest.param(PLAYS, "six two", UNREADABLE, id="words"),
        pytest.param(PLAYS, "6-2 middle", UNREADABLE, id="no-such-end"),
        pytest.param(PLAYS, "left 6-2", UNREADABLE, id="end-first"),
        pytest.param(PLAYS, "6-2 left right", UNREADABLE, id="two-ends"),
        pytest.param(PLAYS, "7-2 left", UNREADABLE, id="not-a-tile"),
        pytest.param(EQUAL_ENDS, "6-1, 6-2", RIGHT, id="equal-ends-bare"),
        pytest.param(EQUAL_ENDS, "6-1 right, 2-6 left", RIGHT, id="equal-ends-any-end"),
        pytest.param(NO_PLAYS, "none", RIGHT, id="none"),
        pytest.param(NO_PLAYS, "Pass", RIGHT, id="pass"),
        pytest.param(NO_PLAYS, "", RIGHT, id="empty-is-none"),
        # Ends.
        pytest.param(HARD_BOTH, "left, right", RIGHT, id="ends"),
        pytest.param(HARD_BOTH, "RIGHT LEFT", RIGHT, id="ends-case-order"),
        pytest.param(HARD_BOTH, "both", RIGHT, id="both"),
        pytest.param(HARD_BOTH, "l r", RIGHT, id="letters"),
        pytest.param(HARD_BOTH, "left", WRONG, id="one-end"),
        pytest.param(HARD_LEFT, "Left", RIGHT, id="left"),
        pytest.param(HARD_LEFT, "none", WRONG, id="ends-none"),
        pytest.param(HARD_LEFT, "up", UNREADABLE, id="up"),
        # Yes or no.
        pytest.param(KEY, "yes", RIGHT, id="yes"),
        pytest.param(KEY, " Y ", RIGHT, id="y"),
        pytest.param(KEY, "TRUE", RIGHT, id="true"),
        pytest.param(KEY, "no", WRONG, id="no"),
        pytest.param(KEY, "maybe", UNREADABLE, id="maybe"),
        # Numbers.
        pytest.param(POINTS, "2", RIGHT, id="two"),
        pytest.param(POINTS, " +2 ", RIGHT, id="plus-two"),
        pytest.param(POINTS, "1", WRONG, id="one"),
        pytest.param(POINTS, "two", RIGHT, id="word"),
        pytest.param(POINTS, "twain", UNREADABLE, id="not-a-number-word"),
        pytest.param(POINTS, "2 points", UNREADABLE, id="with-unit"),
        pytest.param(POINTS, "9" * 5000, UNREADABLE, id="too-many-digits"),
        pytest.param(PIPS, "17", RIGHT, id="pips"),
        # Seat names in any case.
        pytest.param(WINNER, "you", RIGHT, id="you"),
        pytest.param(WINNER, "YOU", RIGHT, id="YOU"),
        pytest.param(WINNER, "me", RIGHT, id="me"),
        pytest.param(WINNER, "marcia", WRONG, id="another-seat"),
        pytest.param(WINNER, "tie", WRONG, id="not-a-tie"),
        pytest.param(WINNER, "Zed", UNREADABLE, id="nobody-of-that-name"),
        pytest.param(TIE, "Tie", RIGHT, id="tie"),
        pytest.param(TIE, "nobody", RIGHT, id="nobody"),
        pytest.param(TIE, "you", WRONG, id="one-of-the-tied"),
        # One tile.
        pytest.param(LAST, "6-0", RIGHT, id="tile"),
        pytest.param(LAST, "[0|6]", RIGHT, id="tile-notation"),
        pytest.param(LAST, "6-1", WRONG, id="other-tile"),
        pytest.param(LAST, "sixty", UNREADABLE, id="tile-words"),
        # Any best play is right; two plays at once cannot be read as one.
        pytest.param(BEST, "5-5 left", RIGHT, id="best-one"),
        pytest.param(BEST, "0-1 right", RIGHT, id="best-other"),
        pytest.param(BEST, "5-5", RIGHT, id="best-bare-tile"),
        pytest.param(BEST, "0-0 right", WRONG, id="not-best"),
        # A bare tile is right only when every placement of it is a best play.
        pytest.param(END_DECIDES, "6-3 right", RIGHT, id="best-end-named"),
        pytest.param(END_DECIDES, "6-3", WRONG, id="best-bare-tile-end-decides"),
        pytest.param(END_DECIDES, "3-6 left", WRONG, id="best-other-end"),
        pytest.param(BEST, "5-5 left, 1-0 right", UNREADABLE, id="two-plays"),
        # The set after the game.
        pytest.param(SIX_LOVE, "six-love", RIGHT, id="six-love"),
        pytest.param(SIX_LOVE, "Six Love", RIGHT, id="six-love-spaced"),
        pytest.param(SIX_LOVE, "bruck", WRONG, id="bruck"),
        pytest.param(SIX_LOVE, '{"result": "six-love", "stake": 1}', RIGHT, id="json"),
        pytest.param(SIX_LOVE, '{"result": "six-love", "stake": 2}', WRONG, id="json-wrong"),
        pytest.param(SIX_LOVE, '{"result": ', UNREADABLE, id="broken-json"),
        pytest.param(SIX_LOVE, "[1, 2]", UNREADABLE, id="json-list"),
        pytest.param(SIX_LOVE, "win", UNREADABLE, id="win"),
    ],
)
def test_judge(scenario: Scenario, reply: str, verdict: Verdict) -> None:
    assert judge(scenario, reply).verdict is verdict


def test_bruk_is_read_as_bruck() -> None:
    s = make(
        SEED,
        hidden(["3-4"], 5, 5, 5),
        "after-game",
        score={"Marcia": 1, "Desmond": 1, "Kenrick": 1},
        winner="you",
    )
    assert judge(s, "bruk").verdict is RIGHT


def test_unreadable_says_what_kind_of_reply_was_expected() -> None:
    judgement = judge(POINTS, "twain")
    assert judgement.problem == "number" and judgement.given is None
    assert judge(PLAYS, "???").problem == "plays"
    assert {kind.reply for kind in KINDS.values()} <= set(EXPECTED_TEXTS)


def test_the_reading_is_kept_in_canonical_form() -> None:
    judgement = judge(PLAYS, "[1:5] R, 2|6 l")
    assert judgement.given == ["5-1 right", "6-2 left"]
    assert judgement.answer.value == ["5-1 right", "6-2 left"]


def test_words_of_another_language() -> None:
    words = {"yes": ("ja",), "no": ("nee",), "left": ("links",), "right": ("rechts",)}
    assert judge(KEY, "Ja", words).verdict is RIGHT
    assert judge(KEY, "nee", words).verdict is WRONG
    assert judge(PLAYS, "6-2 links, 5-1 rechts", words).verdict is RIGHT
    # English words keep working.
    assert judge(KEY, "yes", words).verdict is RIGHT


@pytest.mark.parametrize(
    ("lang", "reply", "verdict"),
    [
        # The learner names their own seat as "I" (issue 11.10).
        pytest.param("de", "ich", RIGHT, id="de-ich"),
        pytest.param("de", "Ich", RIGHT, id="de-Ich"),
        pytest.param("pap", "mi", RIGHT, id="pap-mi"),
        pytest.param("pap", "ami", RIGHT, id="pap-ami"),
        pytest.param("pap", "bo", RIGHT, id="pap-bo"),
    ],
)
def test_the_learner_names_their_own_seat(lang: str, reply: str, verdict: Verdict) -> None:
    assert judge(WINNER, reply, reply_words(Speaker(lang))).verdict is verdict


@pytest.mark.parametrize(
    ("reply", "verdict"),
    [
        pytest.param("sí", RIGHT, id="si-accented"),
        pytest.param("si", RIGHT, id="si"),
        pytest.param("nò", WRONG, id="no-accented"),
        pytest.param("NÒ", WRONG, id="no-accented-capital"),
    ],
)
def test_papiamentu_yes_and_no_with_accents(reply: str, verdict: Verdict) -> None:
    assert judge(KEY, reply, reply_words(Speaker("pap"))).verdict is verdict
