"""The loss the coach shows never contradicts its grade (the user trial: "about 10%" was
shown for a good play and for an inaccuracy alike, the rounding crossing the threshold)."""

from __future__ import annotations

import re

import pytest

from tutor.questions.coach import MIN_SWING, Grade, Verdict, normalised, verdict_band, verdict_of
from tutor.rules.plays import Play
from tutor.words.coach import grade_lines, loss_percent, percent
from tutor.words.i18n import Speaker
from tutor.words.play import seat_names

BEST, PLAYED = Play.parse("4-4"), Play.parse("6-3")
ERRORS = (0.0, 0.001, 0.004, 0.006, 0.015, 0.03, 0.045, 0.06, 0.09)
SWINGS = (1.0, 0.5, 0.3, 0.16, 0.09, 0.05, 0.02)


def shown_loss(loss: float, error: float, swing: float, language: str = "en") -> tuple[
        Verdict, str]:
    """The verdict of a loss and the loss as the coach's grade line says it."""
    verdict = verdict_of(normalised(loss, swing))
    grade = Grade(
        PLAYED, BEST, ((BEST, 0.6), (PLAYED, 0.6 - loss)), verdict,
        loss_errors=((PLAYED, error),), swing=swing, scope="match" if swing == 1 else "set",
    )
    line = grade_lines(grade, seat_names(2), Speaker(language))[0]
    found = re.search(r"\((.*?) less chance", line)
    assert found, line
    return verdict, found.group(1)


def number(text: str) -> float:
    return float(re.search(r"[\d.]+", text.replace(",", ".")).group())  # type: ignore[union-attr]


def test_the_trial_finding() -> None:
    """A good play that lost 8% (error 3%) and an inaccuracy that lost 11% both read
    "about 10%" before: the good play's rounding crossed the 10% of an inaccuracy."""
    assert percent(0.08, 0.03, Speaker("en")) == percent(0.11, 0.03, Speaker("en"))
    good, good_text = shown_loss(0.08, 0.03, 1.0)
    bad, bad_text = shown_loss(0.11, 0.03, 1.0)
    assert (good, bad) == (Verdict.GOOD, Verdict.INACCURACY)
    assert good_text != bad_text
    assert good_text == "about 8%" and bad_text == "about 10%"


@pytest.mark.parametrize("swing", SWINGS)
def test_no_shown_loss_stands_for_two_verdicts(swing: float) -> None:
    """At one swing, each text shown belongs to one verdict, and the number it says lies in
    that verdict's band of losses (a "less than" says a band from 0)."""
    owners: dict[str, Verdict] = {}
    for error in ERRORS:
        for k in range(1, 500):
            loss = k / 1000 * max(swing, MIN_SWING) * 0.9
            verdict, text = shown_loss(loss, error, swing)
            if verdict is Verdict.BEST:
                continue
            assert owners.setdefault(text, verdict) is verdict, (text, loss, error)
            low, high = verdict_band(verdict, swing)
            if text.startswith("less than"):
                assert low == 0 and number(text) <= 100 * high + 1e-9, text
            elif not text.startswith("more than"):
                assert 100 * low - 1e-9 <= number(text) < 100 * high, (text, loss, error)


@pytest.mark.parametrize("language", ["de", "pap"])
def test_a_tenth_of_a_percent_is_written_in_the_language(language: str) -> None:
    text = loss_percent(0.0062, 0.001, (0.005, 0.01), Speaker(language))
    # As Speaker.percent writes every share: German with a comma and a no-break space (Babel).
    assert text == {"de": "0,6\xa0%", "pap": "0.6%"}[language]
    assert verdict_band(Verdict.INACCURACY, 0.05) == (0.005, 0.01)


@pytest.mark.parametrize("reach", [0.2, None])
def test_the_swing_said_is_never_less_than_the_loss_beside_it(reach: float | None) -> None:
    """The trial: "(6% less chance to win the set)" beside "This game can swing your
    chance to win the set by about 3%": the mean swing the grade is on, not the most the hand
    can move. The line says the reach, and in an old record without it at least the loss."""
    grade = Grade(
        PLAYED, BEST, ((BEST, 0.5), (PLAYED, 0.44)), Verdict.BLUNDER,
        loss_errors=((PLAYED, 0.004),), swing=0.03, scope="set", reach=reach,
    )
    lines = grade_lines(grade, seat_names(2), Speaker("en"))
    assert "(6% less chance to win the set)" in lines[0], lines
    expected = "about 20%" if reach else "about 6%"
    assert lines[1] == f"This game can swing your chance to win the set by {expected}.", lines
