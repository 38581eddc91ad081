"""The review of a game in words: the head of each step, what the coach says of a play where the
learner chose, the value with every hand known (marked as such), and the end of each hand.

The grade and its reasons are ``tutor.words.play``'s sentences; this module adds what a review
needs around them, and says true things where the coach has nothing to say: the coach was off,
the hand is not over yet, or every hand could be known (2-player Cutthroat: the other player
holds every tile the learner cannot see).

>>> from tutor.words.i18n import Speaker
>>> en = Speaker("en")
>>> step_heading(3, 40, 1, False, (1, 4), en)
'Step 3 of 40 · game 1 · graded play 1 of 4'
>>> choice_lines(None, 3, "off", False, ("you", "Marcia"), en)
['Not graded: the coach was off (you had 3 plays to choose from).']
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.questions.coach import Grade, WentOutOnHardEnd, hand_accuracy
from tutor.words.coach import percent
from tutor.words.i18n import Speaker
from tutor.words.play import grade_lines, name, reason_text


def step_heading(
    step: int, total: int, hand: int, fives: bool, graded: tuple[int, int] | None, sp: Speaker
) -> str:
    """Where the review is: the step of all, the hand (a game of a set, a round of a match),
    and at a graded play which of the game's graded plays it is."""
    if fives:
        # TRANSLATORS: the head of a step of the review of a Fives & Threes match.
        head = sp._("Step {n} of {total} · round {hand}")
    else:
        # TRANSLATORS: the head of a step of the review of a Cutthroat set.
        head = sp._("Step {n} of {total} · game {hand}")
    text = head.format(n=step, total=total, hand=hand)
    if graded is not None:
        text += " · " + sp._("graded play {k} of {m}").format(k=graded[0], m=graded[1])
    return text


def choice_lines(
    grade: Grade | None,
    choices: int,
    coach: str,
    knowable: bool,
    names: Sequence[str],
    sp: Speaker,
    *,
    lead: bool = False,
    fives: bool = False,
) -> list[str]:
    """What the coach says of a play where the learner had ``choices`` legal plays: the grade,
    its reasons and the value with every hand known; or why there is no grade. ``lead``: the
    play was the first tile on an empty table (said without an end); ``fives``: a Fives &
    Threes round (graded when the round ends, not the game).

    >>> choice_lines(None, 3, "after", False, ("you", "Marcia"), Speaker("en"), fives=True)
    ['Not graded yet: the coach grades the plays of a round when it ends.']
    """
    if grade is not None:
        return [
            *grade_lines(grade, names, sp, known=False, lead=lead),
            *known_lines(grade, knowable, names, sp, lead=lead),
        ]
    if coach == "off":
        return [
            sp.ngettext(
                "Not graded: the coach was off (you had {n} play to choose from).",
                "Not graded: the coach was off (you had {n} plays to choose from).",
                choices,
            ).format(n=choices)
        ]
    if fives:
        return [sp._("Not graded yet: the coach grades the plays of a round when it ends.")]
    return [sp._("Not graded yet: the coach grades the plays of a game when it ends.")]


def known_lines(
    grade: Grade, knowable: bool, names: Sequence[str], sp: Speaker, *, lead: bool = False
) -> list[str]:
    """The value with every hand known, marked as such (nothing when it was not solved).

    Where every hand could be known (2-player Cutthroat, no boneyard) it is not hidden
    knowledge: the other player held every tile the learner could not see, and the solve is
    the exact value of what the learner knew.

    >>> from tutor.rules.plays import Play
    >>> from tutor.questions.coach import Verdict
    >>> from tutor.words.i18n import Speaker
    >>> p, q = Play.parse("6-6"), Play.parse("6-5 left")
    >>> g = Grade(q, p, ((p, 0.6), (q, 0.5)), Verdict.GOOD, (), ((p, 1.0), (q, 0.0)), True)
    >>> names = ("you", "Marcia")
    >>> known_lines(g, True, names, Speaker("en"))[0].split(": ")[0]
    'Every hand could be known here'
    >>> known_lines(g, False, names, Speaker("en"))[0]
    'With all hands known (not knowable during play): 100% less chance to win.'
    """
    loss = grade.known_loss
    if loss is None or not grade.known_exact:
        return []
    even = loss < 1e-9  # as grade_lines: "it lost 0%" says nothing
    if knowable:
        if even:
            text = sp._(
                "Every hand could be known here: {seat} held all the tiles you could not see. "
                "Solved exactly, your play was as good as the best play."
            )
        elif grade.scope == "set":
            text = sp._(
                "Every hand could be known here: {seat} held all the tiles you could not see. "
                "Solved exactly, your play had {loss} less chance to win the set than the best "
                "play."
            )
        else:
            text = sp._(
                "Every hand could be known here: {seat} held all the tiles you could not see. "
                "Solved exactly, your play had {loss} less chance to win than the best play."
            )
        return [text.format(seat=name(1, names, sp), loss=percent(loss, 0.0, sp))]
    # Not knowable: the sentences of ``grade_lines`` (what it adds with ``known``).
    said = grade_lines(grade, names, sp, known=False, lead=lead)
    return grade_lines(grade, names, sp, known=True, lead=lead)[len(said) :]


def hand_summary(
    hand: int,
    grades: Sequence[Grade],
    chose: int,
    coach: str,
    ending: WentOutOnHardEnd | None,
    names: Sequence[str],
    sp: Speaker,
    *,
    fives: bool = False,
) -> list[str]:
    """The coach at the end of a hand: how it was lost, the accuracy and the mistakes; or what
    is true when there are no grades (the coach was off, or the learner never had a choice).
    ``fives``: a round of a Fives & Threes match (its hand is a round, as the game calls it,
    and the chances are of the match), else a game of a Cutthroat set.

    >>> from tutor.words.i18n import Speaker
    >>> hand_summary(2, [], 4, "off", None, ("you", "Marcia"), Speaker("en"))
    ['The coach was off in this game: no grades. You chose among several plays 4 times.']
    >>> hand_summary(2, [], 0, "live", None, ("you", "Marcia"), Speaker("de"), fives=True)
    ['Auswertung von Runde 2: Du hattest bei keinem Zug eine Wahl.']
    """
    if coach == "off":
        return [
            sp._("The coach was off in this game: no grades.")
            + " "
            + sp.ngettext(
                "You chose among several plays {n} time.",
                "You chose among several plays {n} times.",
                chose,
            ).format(n=chose)
        ]
    told = [reason_text(ending, names, sp)] if ending is not None else []
    accuracy = hand_accuracy(grades)
    if not chose or accuracy is None:
        none = (
            sp._("Review of round {n}: no play of yours had a choice.")
            if fives
            else sp._("Review of game {n}: no play of yours had a choice.")
        )
        return [*told, none.format(n=hand)]
    accurate = (
        sp._("Accuracy in round {n}: {accuracy}")
        if fives
        else sp._("Accuracy in game {n}: {accuracy}")
    )
    lines = [*told, accurate.format(n=hand, accuracy=sp.percent(accuracy / 100))]
    mistakes = sum(1 for g in grades if g.is_mistake)
    if mistakes:
        # Not "lost a tenth of your chance to win the set": inside a Cutthroat set a grade is
        # on the loss divided by what the hand can swing, so a blunder may cost 3% of the set.
        lines.append(
            sp.ngettext(
                "{n} play of yours was an inaccuracy or worse.",
                "{n} plays of yours were inaccuracies or worse.",
                mistakes,
            ).format(n=mistakes)
        )
    return lines


def hand_end_lines(
    hand: int,
    grades: Sequence[tuple[Grade, bool, bool]],
    coach: str,
    ending: WentOutOnHardEnd | None,
    names: Sequence[str],
    sp: Speaker,
    *,
    fives: bool = False,
) -> list[str]:
    """The coach at the end of a hand in the game (the summary page, plain mode): each graded
    play as the review says it (``choice_lines``: with all hands known marked as such, or
    where every hand could be known, said so), then ``hand_summary``. ``grades`` holds each
    grade with whether every hand could be known at that play and whether it was a lead (the
    first tile on an empty table); ``fives``: as ``hand_summary``.

    >>> from tutor.rules.plays import Play
    >>> from tutor.questions.coach import Verdict
    >>> from tutor.words.i18n import Speaker
    >>> p, q = Play.parse("6-6"), Play.parse("6-5 left")
    >>> g = Grade(q, p, ((p, 0.6), (q, 0.5)), Verdict.GOOD, (), ((p, 1.0), (q, 0.0)), True)
    >>> names = ("you", "Marcia")
    >>> lines = hand_end_lines(1, [(g, True, False)], "live", None, names, Speaker("en"))
    >>> lines[0], lines[2].split(":")[0], lines[-1]
    ('Review of game 1:', '  Every hand could be known here', 'Accuracy in game 1: 64%')
    """
    lines: list[str] = []
    if coach != "off" and grades:
        head = sp._("Review of round {n}:") if fives else sp._("Review of game {n}:")
        lines.append(head.format(n=hand))
        for grade, knowable, lead in grades:
            said = choice_lines(
                grade, len(grade.chances), coach, knowable, names, sp, lead=lead, fives=fives
            )
            lines += ["  " + text for text in said]
    return lines + hand_summary(
        hand, [g for g, _, _ in grades], len(grades), coach, ending, names, sp, fives=fives
    )


def stop_line(sp: Speaker) -> str:
    """The last step of a game that is not finished."""
    return sp._("The game is not finished: this is where it stands.")


def final_line(line: str, left: int | None, right: int | None, sp: Speaker) -> str:
    """The line as a hand ended."""
    return sp._("Final line: {line} (ends {left} and {right})").format(
        line=line, left=left, right=right
    )


def help_lines(sp: Speaker, *, fives: bool = False) -> list[str]:
    """F1 on the review screen: what each key does; ``fives``: of a Fives & Threes match (its
    hands are rounds)."""
    return [
        sp._("The review of your game"),
        "",
        sp._(
            "Each step shows the table as it was before a play: the line, your hand (the tiles "
            "you could play are highlighted, the one you played is marked), the other players' "
            "tiles and the numbers they are known to lack, and the scores. Under it: what was "
            "played and, at your plays, the coach's grade, why, and the best play."
        ),
        sp._(
            "The value with all hands known is marked as such: during play you could not know "
            "it (except in 2-player Cutthroat without a boneyard, where the other player holds "
            "every tile you cannot see)."
        ),
        "",
        sp._("← →: one step back or on."),
        sp._("↑ ↓: the previous or next play where you chose."),
        sp._("PgUp PgDn: the start of the previous or next round.") if fives
        else sp._("PgUp PgDn: the start of the previous or next game."),
        sp._("Home End: the first or last step."),
        sp._("Space: the rest of the words when the window is too small for them."),
        sp._("F1: this help. q or Esc: leave the review."),
    ]
