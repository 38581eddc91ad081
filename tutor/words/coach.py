"""The coach in words: grades, their reasons and hints, each chance with its precision.

A chance or a loss of chance is said as precisely as the coach measured it (``percent``):
whole percents when the standard error is under half a percent, "about" with a coarser
step when it is larger, and "less than 1%" rather than "0%" for a loss that is real but
small.

>>> from tutor.words.i18n import Speaker
>>> sp = Speaker("en")
>>> [percent(x, e, sp) for x, e in ((0.163, 0.001), (0.163, 0.01), (0.163, 0.04), (0.003, 0.0))]
['16%', 'about 16%', 'about 15%', 'less than 1%']
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tutor.questions.coach import (
    Answer,
    BlockWins,
    Chances,
    CountKept,
    Dominoes,
    EndsAfter,
    Followers,
    Grade,
    KeepsNumbers,
    MatchScore,
    NextSeatLacks,
    OnlyYouHold,
    PointsNow,
    Reason,
    Scope,
    ScoresNow,
    SetScore,
    Verdict,
    WentOutOnHardEnd,
    verdict_band,
)
from tutor.questions.reasons import favours
from tutor.questions.set_score import LOSS_ENDS, WIN_BRUCKS, WIN_ENDS
from tutor.rules.plays import Play
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES
from tutor.rules.tiles import tiles_of
from tutor.words.i18n import N_, Speaker
from tutor.words.narrate import PLURAL_PIPS
from tutor.words.scoped import AS_GOOD, CHANCES, HINT, KNOWN_LOSS, LOSS, scoped
from tutor.words.vocabulary import end_name, pass_words, play_words, seat_name

__all__ = [
    "VERDICT_WORDS",
    "grade_lines",
    "hint_lines",
    "loss_percent",
    "percent",
    "reason_text",
    "set_score_text",
]

SWING_ERROR = 0.01
"""A swing is estimated from the sampled deals: it is said as "about", to the nearest 1%."""

VERDICT_WORDS = {
    Verdict.BEST: N_("best play"),
    Verdict.GOOD: N_("good"),
    Verdict.INACCURACY: N_("inaccuracy"),
    Verdict.MISTAKE: N_("mistake"),
    Verdict.BLUNDER: N_("blunder"),
    Verdict.FORCED: N_("forced"),
}
"""The grades as the learner reads them."""

def percent(chance: float, error: float, sp: Speaker) -> str:
    """A chance (0..1) with the precision its standard error allows.

    Exact (error 0) or to within half a percent: whole percents, "less than 1%" and "more
    than 99%" at the edges; else "about", to the nearest 1% (error under 2%), 5% (under 5%)
    or 10%.

    >>> sp = Speaker("en")
    >>> [percent(x, 0.0, sp) for x in (0.0, 0.004, 0.5, 0.996, 1.0)]
    ['0%', 'less than 1%', '50%', 'more than 99%', '100%']
    >>> percent(0.62, 0.08, sp), percent(0.02, 0.03, sp)
    ('about 60%', 'less than 5%')
    """
    if error < 0.005:
        if 0.0 < chance < 0.005:
            return sp._("less than {percent}").format(percent=sp.percent(0.01))
        if 0.995 <= chance < 1.0:
            return sp._("more than {percent}").format(percent=sp.percent(0.99))
        return sp.percent(chance)
    step = 1 if error < 0.02 else 5 if error < 0.05 else 10
    shown = step * round(100 * chance / step)
    if shown <= 0:
        return sp._("less than {percent}").format(percent=sp.percent(step / 100))
    if shown >= 100:
        return sp._("more than {percent}").format(percent=sp.percent((100 - step) / 100))
    return sp._("about {percent}").format(percent=sp.percent(shown / 100))


def loss_percent(loss: float, error: float, band: tuple[float, float], sp: Speaker) -> str:
    """A graded play's loss as ``percent`` says it, but never outside its verdict's band of
    losses (``verdict_band``: from ``band[0]`` up to, not including, ``band[1]``), so that the
    number shown never contradicts the grade: a good play never reads "about 10%" where
    an inaccuracy starts at 10%. When the rounding at the error's step leaves the band, a
    finer step is taken (5%, 1%), then tenths of a percent, which always fit a band.

    >>> sp = Speaker("en")
    >>> percent(0.08, 0.03, sp), loss_percent(0.08, 0.03, (0.0, 0.1), sp)  # good
    ('about 10%', 'about 8%')
    >>> loss_percent(0.104, 0.03, (0.1, 0.2), sp)  # an inaccuracy
    'about 10%'
    >>> loss_percent(0.07, 0.06, (0.0, 0.1), sp), loss_percent(0.19, 0.01, (0.1, 0.2), sp)
    ('about 5%', 'about 19%')
    >>> loss_percent(0.0062, 0.001, (0.005, 0.01), Speaker("de"))  # a set at a small swing
    '0,6\\xa0%'
    """
    low, high = 100 * band[0], 100 * band[1]
    value = 100 * loss
    about = error >= 0.005
    coarsest = 1 if error < 0.02 else 5 if error < 0.05 else 10
    for step in (10, 5, 1) if about else (1,):
        if step > coarsest:
            continue
        shown = step * round(value / step)
        if shown <= 0:
            if low <= 0 and step <= high:
                return sp._("less than {percent}").format(percent=sp.percent(step / 100))
        elif shown >= 100 and about:
            if high == math.inf and 100 - step >= low:
                return sp._("more than {percent}").format(percent=sp.percent((100 - step) / 100))
        elif low <= shown < high:
            text = sp.percent(shown / 100)
            return sp._("about {percent}").format(percent=text) if about else text
    tenths = min(max(math.ceil(10 * low - 1e-9), round(10 * value)), math.ceil(10 * high) - 1)
    text = sp.percent(tenths / 1000, decimals=1)
    return sp._("about {percent}").format(percent=text) if about else text


def _name(seat: int, names: Sequence[str], sp: Speaker) -> str:
    return seat_name(names[seat], sp)


def _end(play: Play, sp: Speaker) -> str:
    return end_name(play.end, sp)


def _pair(first: Play, second: Play, sp: Speaker) -> tuple[str, str]:
    """Two plays as the reasons name them: the tiles, or with their ends for one tile."""
    if first.tile == second.tile:
        return play_words(first, sp), play_words(second, sp)
    return str(first.tile), str(second.tile)


def _tiles(mask: int, sp: Speaker) -> str:
    """Up to three tiles as "6-0, 3-2 or 5-1"; more as a count."""
    tiles = [str(t) for t in tiles_of(mask)]
    if len(tiles) <= 3:
        return sp.join(tiles, "or")
    return sp.ngettext("one of {n} tiles", "one of {n} tiles", len(tiles)).format(n=len(tiles))


def comparison_text(reason: Reason, names: Sequence[str], sp: Speaker) -> str | None:
    """A reason that compares the two plays, as a sentence (``None`` for the others)."""
    if isinstance(reason, PointsNow):
        first, second = _pair(reason.first, reason.second, sp)
        if reason.second_points:
            text = sp.ngettext(
                "{first} scores {n} point now; {second} scores {m}.",
                "{first} scores {n} points now; {second} scores {m}.",
                reason.first_points,
            )
        else:
            text = sp.ngettext(
                "{first} scores {n} point now; {second} scores none.",
                "{first} scores {n} points now; {second} scores none.",
                reason.first_points,
            )
        return text.format(
            first=first, second=second, n=reason.first_points, m=reason.second_points
        )
    if isinstance(reason, Answer):
        first, second = _pair(reason.first, reason.second, sp)
        seat = _name(reason.seat, names, sp)
        tiles = _tiles(reason.first_tiles, sp)
        if reason.second_points:
            text = sp.ngettext(
                "After {first}, {seat} can answer with {tiles} for {n} point; "
                "after {second}, for {m} at most.",
                "After {first}, {seat} can answer with {tiles} for {n} points; "
                "after {second}, for {m} at most.",
                reason.first_points,
            )
        else:
            text = sp.ngettext(
                "After {first}, {seat} can answer with {tiles} for {n} point; "
                "after {second}, no tile {seat} may hold scores.",
                "After {first}, {seat} can answer with {tiles} for {n} points; "
                "after {second}, no tile {seat} may hold scores.",
                reason.first_points,
            )
        return text.format(
            first=first, second=second, seat=seat, tiles=tiles,
            n=reason.first_points, m=reason.second_points,
        )
    if isinstance(reason, MatchScore):
        # Exactly: a play that passes the target scores nothing. Not "only 45 points win you
        # the match" (the trial, at 16-56: the other seat is the one near the target).
        return sp.ngettext(
            "With you on {mine} and {seat} on {theirs}, you need exactly {need} point to win "
            "the match; {seat} needs {their_need}.",
            "With you on {mine} and {seat} on {theirs}, you need exactly {need} points to win "
            "the match; {seat} needs {their_need}.",
            reason.need,
        ).format(
            mine=reason.mine, theirs=reason.theirs, need=reason.need,
            their_need=reason.their_need, seat=_name(reason.seat, names, sp),
        )
    if isinstance(reason, Followers):
        first, second = _pair(reason.first, reason.second, sp)
        # TRANSLATORS: {n} and {m} count the tiles the next player may still hold that can be
        # played on the line after each play (German: "Nach {first} kann {seat} mit {n}
        # möglichen Steinen anlegen, nach {second} mit {m}.").
        # The seat's name between the play and the count: "After 4-4, 4 of the tiles" read as
        # one run of numbers (the English reading); not "0 of the tiles ... fits".
        if not reason.first_fits:
            text = sp._(
                "After {first}, {seat} may hold no tile that fits an end; after {second}, {m}."
            )
        elif not reason.second_fits:
            text = sp.ngettext(
                "After {first}, {seat} may hold {n} tile that fits an end; after {second}, none.",
                "After {first}, {seat} may hold {n} tiles that fit an end; after {second}, none.",
                reason.first_fits,
            )
        else:
            text = sp.ngettext(
                "After {first}, {seat} may hold {n} tile that fits an end; after {second}, {m}.",
                "After {first}, {seat} may hold {n} tiles that fit an end; after {second}, {m}.",
                reason.first_fits,
            )
        return text.format(
            first=first, second=second, seat=_name(reason.seat, names, sp),
            n=reason.first_fits, m=reason.second_fits,
        )
    if isinstance(reason, CountKept):
        first, second = _pair(reason.first, reason.second, sp)
        return sp._("After {first} your count is {n}; after {second}, {m}.").format(
            first=first, second=second, n=reason.first_count, m=reason.second_count
        )
    if isinstance(reason, EndsAfter):
        first, second = _pair(reason.first, reason.second, sp)
        return sp._(
            "After {first} the ends show {a} and {b}; after {second}, {c} and {d}."
        ).format(
            first=first, second=second, a=reason.first_left, b=reason.first_right,
            c=reason.second_left, d=reason.second_right,
        )
    return None


def set_score_text(reason: SetScore, names: Sequence[str], sp: Speaker) -> str:
    """What this game does to the set, at the set score.

    >>> sp = Speaker("en")
    >>> set_score_text(SetScore(1, 5, 0, 1, WIN_ENDS), ("you", "Marcia"), sp)
    'With you on 5 and Marcia on 0, a win now ends the set six-love.'
    >>> set_score_text(SetScore(1, 0, 4, 2, LOSS_ENDS), ("you", "Marcia"), sp)
    'With you on 0 and Marcia on 4, a win by Marcia ends the set six-love with you on love. \
A tied block carried the stake: this game is worth 2 points.'
    """
    seat = _name(reason.seat, names, sp)
    at = {"mine": reason.mine, "theirs": reason.theirs, "seat": seat}
    said = []
    if reason.ends == WIN_ENDS:
        said.append(sp._(
            "With you on {mine} and {seat} on {theirs}, a win now ends the set six-love."
        ))
    elif reason.ends == LOSS_ENDS:
        said.append(sp._(
            "With you on {mine} and {seat} on {theirs}, a win by {seat} ends the set six-love "
            "with you on love."
        ))
    elif reason.ends == WIN_BRUCKS:
        said.append(sp._(
            "With you on {mine} and {seat} on {theirs}, a win now is a bruck: every score goes "
            "back to love."
        ))
    lines = [text.format(**at) for text in said]
    if reason.stake > 1:
        lines.append(sp.ngettext(
            "A tied block carried the stake: this game is worth {n} point.",
            "A tied block carried the stake: this game is worth {n} points.",
            reason.stake,
        ).format(n=reason.stake))
    return " ".join(lines)


def reason_text(
    reason: Reason, names: Sequence[str], sp: Speaker, *, scope: Scope = "hand", lead: bool = False
) -> str:
    """One reason of the coach as a sentence (``scope``: what the chances are of; ``lead``: the
    plays are the first tile on an empty table, said without an end)."""
    compared = comparison_text(reason, names, sp)
    if compared is not None:
        return compared
    if isinstance(reason, SetScore):
        return set_score_text(reason, names, sp)
    if isinstance(reason, Dominoes):
        return sp._("{tile} is your last tile and it fits: you go out with it now.").format(
            tile=reason.play.tile
        )
    if isinstance(reason, ScoresNow):
        if reason.threes and reason.fives:
            parts = f"{reason.fives}+{reason.threes}"
        else:
            parts = str(reason.threes or reason.fives)
        return sp.ngettext(
            "{tile} on the {end} makes {total}: {parts} point.",
            "{tile} on the {end} makes {total}: {parts} points.",
            reason.points,
        ).format(
            tile=reason.play.tile, end=_end(reason.play, sp), total=reason.total, parts=parts
        )
    if isinstance(reason, BlockWins):
        return sp._(
            "{tile} blocks the game, and blocking now wins on the count: "
            "{mine} against at least {least}."
        ).format(tile=reason.play.tile, mine=reason.mine, least=reason.least_other)
    game = FIVES_AND_THREES if scope == "match" else CUTTHROAT
    if isinstance(reason, OnlyYouHold):
        # Not "hard" (all halves of the number but one on the table), and nobody "must pass":
        # the learner holds every one still out, and the other end may still be open.
        text = (
            sp._("After {tile} only you hold the {pips} still out: {seat} cannot play on that "
                 "end.")
            if game == FIVES_AND_THREES
            else sp._("After {tile} only you hold the {pips} still out: nobody else can play on "
                      "that end.")
        )
        return text.format(
            tile=reason.play.tile, pips=sp._(PLURAL_PIPS[reason.number]), seat=_name(1, names, sp)
        )
    if isinstance(reason, NextSeatLacks):
        return pass_words(game, "lacks", sp).format(
            tile=reason.play.tile, number=reason.number, seat=_name(reason.seat, names, sp)
        )
    if isinstance(reason, KeepsNumbers):
        return sp._(
            "{tile} keeps {kept} different numbers in your hand; {played} keeps only {played_kept}."
        ).format(
            tile=reason.play.tile,
            kept=reason.kept,
            played=reason.played.tile,
            played_kept=reason.played_kept,
        )
    if isinstance(reason, WentOutOnHardEnd):
        return sp._("The {pips} were hard: after {after}, {seat} went out with {tile}.").format(
            pips=sp._(PLURAL_PIPS[reason.number]),
            after=reason.after,
            seat=_name(reason.seat, names, sp),
            tile=reason.tile,
        )
    assert isinstance(reason, Chances)
    text = scoped(CHANCES, scope, sp)
    return text.format(
        best=play_words(reason.best, sp, lead=lead),
        best_chance=percent(reason.best_chance, reason.best_error, sp),
        played=play_words(reason.played, sp, lead=lead),
        played_chance=percent(reason.played_chance, reason.played_error, sp),
    )


def reason_lines(
    reasons: Sequence[Reason],
    best: Play,
    played: Play,
    names: Sequence[str],
    sp: Speaker,
    *,
    scope: Scope = "hand",
    lead: bool = False,
) -> list[str]:
    """Each reason's sentence; one that speaks for the play made, not for the best play, is
    announced as such ("In favour of 6-3 on the left: 6-3 scores 3 points now; ...").
    ``scope``: what the chances are of, ``lead``: a first tile (``reason_text``).

    When facts speak for the play made and none for the best play, the lines say so first: a
    fact for the play made and the chances alone read as if the coach had reasons it does not
    give (the trial: seven Cutthroat grades whose only fact favoured the play made).

    >>> from tutor.questions.coach import PointsNow
    >>> p, q = Play.parse("6-3"), Play.parse("4-4")
    >>> lines = reason_lines([PointsNow(p, 3, 9, q, 0, 8)], q, p, ("you", "Marcia"), Speaker("en"))
    >>> lines[0].startswith("The coach finds no single fact that speaks for 4-4 on the left: its")
    True
    >>> lines[1]
    'In favour of 6-3 on the left: 6-3 scores 3 points now; 4-4 scores none.'
    """
    lines = []
    speaks_for = [favours(reason) for reason in reasons]
    if played != best and played in speaks_for and best not in speaks_for:
        lines.append(sp._(
            "The coach finds no single fact that speaks for {best}: its edge shows only when "
            "the deals you could face are played out."
        ).format(best=play_words(best, sp, lead=lead)))
    for reason in reasons:
        text = reason_text(reason, names, sp, scope=scope, lead=lead)
        if played != best and favours(reason) == played:
            text = sp._("In favour of {play}: {reason}").format(
                play=play_words(played, sp, lead=lead), reason=text
            )
        lines.append(text)
    return lines


def grade_lines(
    grade: Grade, names: Sequence[str], sp: Speaker, *, known: bool = True, lead: bool = False
) -> list[str]:
    """The coach on one play: the grade, the better play and why, the all-hands-known value.

    A play within the noise of the best is "as good as" it, never worse; a loss is said
    with the precision of its paired standard error (``percent``). In a Cutthroat set the
    chances are of winning the set, and a graded loss says what the hand could swing (the
    grade is on the loss against it).

    >>> from tutor.rules.plays import Play
    >>> p, q = Play.parse("6-6"), Play.parse("5-5")
    >>> g = Grade(q, p, ((p, 0.46), (q, 0.41)), Verdict.INACCURACY, swing=0.3, scope="set")
    >>> for line in grade_lines(g, ("you", "Marcia"), Speaker("en")):
    ...     print(line)
    Coach: 5-5 on the left: inaccuracy (5% less chance to win the set); 6-6 on the left was better.
    This game can swing your chance to win the set by about 30%.

    ``lead``: the play was the first tile on an empty table (a pose or a lead), said without an
    end ("Coach: 5-5: inaccuracy ...; 6-6 was better.").
    """
    verdict = sp._(VERDICT_WORDS[grade.verdict])
    played = play_words(grade.played, sp, lead=lead)
    if grade.verdict is Verdict.BEST and grade.best != grade.played:
        chance = percent(grade.chance(grade.played), grade.error(grade.played), sp)
        text = scoped(AS_GOOD, grade.scope, sp)
        best = play_words(grade.best, sp, lead=lead)
        lines = [text.format(play=played, best=best, chance=chance)]
    elif grade.verdict in (Verdict.BEST, Verdict.FORCED):
        lines = [sp._("Coach: {play}: {verdict}.").format(play=played, verdict=verdict)]
    else:
        text = scoped(LOSS, grade.scope, sp)
        lines = [
            text.format(
                play=played,
                verdict=verdict,
                loss=loss_percent(
                    grade.loss, grade.loss_error(grade.played),
                    verdict_band(grade.verdict, grade.swing), sp,
                ),
                best=play_words(grade.best, sp, lead=lead),
            )
        ]
        if grade.scope == "set":
            # The most the hand can move the set (``reach``), never less than the loss beside
            # it: the mean ``swing`` the grade is measured on can be less (the trial: a 6% loss
            # beside "can swing ... by about 3%"). Records made before ``reach`` keep the swing.
            reach = max(grade.swing if grade.reach is None else grade.reach, grade.loss)
            lines.append(sp._("This game can swing your chance to win the set by {swing}.").format(
                swing=percent(reach, SWING_ERROR, sp)
            ))
        lines += reason_lines(
            grade.reasons, grade.best, grade.played, names, sp, scope=grade.scope, lead=lead
        )
    lost = grade.known_loss
    if known and lost is not None and grade.known_exact:
        if lost < 1e-9:
            lines.append(sp._("With all hands known (not knowable during play): as good as the "
                              "best play."))
        else:
            lines.append(scoped(KNOWN_LOSS, grade.scope, sp).format(loss=percent(lost, 0.0, sp)))
    return lines


def hint_lines(
    grade: Grade, names: Sequence[str], sp: Speaker, *, lead: bool = False
) -> list[str]:
    """The coach's hint: the best play, its chance and why (against the next best); ``lead``:
    the plays are a first tile (``grade_lines``)."""
    text = scoped(HINT, grade.scope, sp)
    lines = [
        text.format(
            best=play_words(grade.best, sp, lead=lead),
            chance=percent(grade.best_chance, grade.error(grade.best), sp),
        )
    ]
    told = [r for r in grade.reasons if not isinstance(r, Chances)]
    return lines + reason_lines(
        told, grade.best, grade.played, names, sp, scope=grade.scope, lead=lead
    )
