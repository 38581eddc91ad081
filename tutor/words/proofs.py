"""Sentences of the proved puzzles (``winning-play``): the proof, the line that wins, the
tempting mistake, and the proof from the learner's view over the deals the hidden hands hold.

``tutor.words.narrate.say`` dispatches to these.

>>> from tutor.questions.facts import ForcedPass
>>> from tutor.words.i18n import Speaker
>>> forced_pass(ForcedPass("Ann"), Speaker("en"))
'On that line Ann is forced to pass.'
"""

from __future__ import annotations

from tutor.questions.facts import (
    ExampleDeal,
    ForcedPass,
    GoesOut,
    HandPoints,
    OtherPlayFails,
    OtherPlayOnView,
    ProvedOnView,
    ProvedWin,
    ReachesTarget,
)
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import LEARNER, pass_words, play_words, seat_counts, seat_name


def proved_win(f: ProvedWin, sp: Speaker) -> str:
    play = play_words(f.play, sp)
    if not f.margin:
        return sp._(
            "Only {play} wins: the solver tried every reply of the others, and no other play "
            "still wins the game."
        ).format(play=play)
    return sp.ngettext(
        "{play} scores the most by the end of the round: with best play on both sides it ends "
        "{margin} point better than any other play.",
        "{play} scores the most by the end of the round: with best play on both sides it ends "
        "{margin} points better than any other play.",
        f.margin,
    ).format(play=play, margin=f.margin)


def forced_pass(f: ForcedPass, sp: Speaker) -> str:
    """A pass on the winning line, in the game's word (Fives & Threes knocks).

    >>> forced_pass(ForcedPass("Ann", "fives-and-threes"), Speaker("en"))
    'On that line Ann is forced to knock.'
    """
    if f.seat == LEARNER:
        return pass_words(f.game, "forced-you", sp)
    return pass_words(f.game, "forced", sp).format(seat=f.seat)


def goes_out(f: GoesOut, sp: Speaker) -> str:
    if f.seat == LEARNER:
        return sp._("In the end you go out with {tile}.").format(tile=f.tile)
    return sp._("In the end {seat} goes out with {tile}.").format(seat=f.seat, tile=f.tile)


def reaches_target(f: ReachesTarget, sp: Speaker) -> str:
    if f.seat == LEARNER:
        return sp._("You reach {target} exactly and win the match.").format(target=f.target)
    return sp._("{seat} reaches {target} exactly and wins the match.").format(
        seat=f.seat, target=f.target
    )


def hand_points(f: HandPoints, sp: Speaker) -> str:
    return sp._("Points from here to the end of the round: {points}.").format(
        points=seat_counts(((seat, points) for seat, points in f.points), sp)
    )


def other_play_fails(f: OtherPlayFails, sp: Speaker) -> str:
    play = play_words(f.play, sp)
    if f.loss:
        return sp.ngettext(
            "After {play} instead you end the round {loss} point worse off.",
            "After {play} instead you end the round {loss} points worse off.",
            f.loss,
        ).format(play=play, loss=f.loss)
    if f.winner is None:
        return sp._("After {play} instead the others can stop you from winning.").format(play=play)
    return sp._("After {play} instead {seat} wins the game.").format(play=play, seat=f.winner)


# --- from the learner's view -------------------------------------------------------------


def proved_on_view(f: ProvedOnView, sp: Speaker) -> str:
    """Which proof, and the figures of the answer."""
    play = play_words(f.play, sp)
    if f.every_deal and not f.dominant:
        first = sp._(
            "There are {deals} possible deals of the hidden tiles, and the solver played out "
            "every one: {play} is not the best play in every one of them, but over all of them "
            "it does clearly better than any other play."
        ).format(deals=f.deals, play=play)
    elif f.every_deal:
        first = sp.ngettext(
            "There is only {deals} possible deal of the hidden tiles, and the solver played it "
            "out: {play} is the best play in it.",
            "There are {deals} possible deals of the hidden tiles, and the solver played out "
            "every one: {play} is the best play in each of them.",
            f.deals,
        ).format(deals=f.deals, play=play)
    else:
        first = sp._(
            "There are too many possible deals of the hidden tiles to play out every one: the "
            "solver played out {deals} of them, drawn at random, and {play} comes out ahead by "
            "far more than chance alone could explain."
        ).format(deals=f.deals, play=play)
    if f.deals == 1:  # the view fixes the deal: no "every one of them", no average
        return first + " " + _only_deal(f, sp)
    if f.wins and f.wins == f.deals:
        second = sp.ngettext(  # the deals fewer, by their number (German: "1 Verteilung weniger")
            "With it you win the game in every one of them, and with any other play in at "
            "least {margin} fewer deal.",
            "With it you win the game in every one of them, and with any other play in at "
            "least {margin} fewer deals.",
            f.margin,
        ).format(margin=f.margin)
    elif f.wins:  # Cutthroat (the answer wins in some deal); Fives & Threes: 0
        second = sp.ngettext(  # here deals > 1 (one deal is told above)
            "With it you win the game in {wins} of the {deals} deals, and with any other play "
            "in at least {margin} fewer deal.",
            "With it you win the game in {wins} of the {deals} deals, and with any other play "
            "in at least {margin} fewer deals.",
            f.margin,
        ).format(wins=f.wins, deals=f.deals, margin=f.margin)
    else:
        second = sp.ngettext(
            "On average it ends the round {margin} point better than any other play.",
            "On average it ends the round {margin} points better than any other play.",
            f.margin,
        ).format(margin=f.margin)
    return first + " " + second


def _only_deal(f: ProvedOnView, sp: Speaker) -> str:
    """The figures when the hidden hands can hold one deal only."""
    if f.wins:
        return sp._("With it you win the game, and with any other play you do not.")
    return sp.ngettext(
        "It ends the round {margin} point better than any other play.",
        "It ends the round {margin} points better than any other play.",
        f.margin,
    ).format(margin=f.margin)


def example_deal(f: ExampleDeal, sp: Speaker) -> str:
    """The deal, seat by seat."""
    holdings = [
        sp._("{seat} holds {tiles}").format(
            seat=seat_name(seat, sp), tiles=sp.join([str(tile) for tile in tiles])
        )
        for seat, tiles in f.hands
    ]
    if f.only:
        return sp._("So the hidden hands hold: {holdings}.").format(
            holdings="; ".join(holdings)
        )
    return sp._("Take one of those deals: {holdings}.").format(holdings="; ".join(holdings))


def other_play_on_view(f: OtherPlayOnView, sp: Speaker) -> str:
    """What the tempting play is worth over the deals."""
    play = play_words(f.play, sp)
    if f.loss:
        return sp.ngettext(
            "Over all the deals, {play} ends the round {loss} point worse on average.",
            "Over all the deals, {play} ends the round {loss} points worse on average.",
            f.loss,
        ).format(play=play, loss=f.loss)
    if not f.wins:
        none = sp._("Over all the deals, {play} wins the game in none of them.")
        return none.format(play=play)
    return sp.ngettext(
        "Over all the deals, {play} wins the game in only {wins} of the {deals} deal.",
        "Over all the deals, {play} wins the game in only {wins} of the {deals} deals.",
        f.deals,
    ).format(play=play, wins=f.wins, deals=f.deals)
