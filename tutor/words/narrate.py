"""Narration: each kind of explanation fact becomes one or two sentences.

Every English sentence of the built-in facts (``tutor.questions.facts``) lives here or, for
the proved puzzles, in ``tutor.words.proofs``, behind a gettext call, with named
placeholders; plurals go through ``ngettext`` and lists through Babel. ``say`` finds the
sentence of a fact by its type (``SENTENCES``).

>>> from tutor.questions.facts import LastTile, HalvesOnTable
>>> from tutor.rules import RIGHT, Tile
>>> en = Speaker("en")
>>> say(HalvesOnTable(RIGHT, 3, 7, 8, True, False), en)
'The right end shows 3. Seven of the eight threes are on the table, so it is a hard end.'
>>> say(LastTile(RIGHT, 3, Tile(4, 3), None), en)
'Only 4-3 can still be laid on the right end.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tutor.questions.facts import (
    BlockCounts,
    BlockedBy,
    CanPlay,
    Domino,
    EndsShow,
    ExampleDeal,
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
from tutor.rules.plays import Play
from tutor.rules.tiles import Tile
from tutor.words import proofs
from tutor.words.i18n import N_, Speaker
from tutor.words.vocabulary import LEARNER, pass_words, play_words, seat_counts
from tutor.words.vocabulary import end_name as _end_name
from tutor.words.vocabulary import seat_name as _seat_name

NUMBER_WORDS = (
    N_("none"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
)
"""Small counts as words ("Seven of the eight ...")."""

PLURAL_PIPS = (
    N_("blanks"),
    N_("ones"),
    N_("twos"),
    N_("threes"),
    N_("fours"),
    N_("fives"),
    N_("sixes"),
)
"""The halves of each number, in the plural ("seven of the eight threes")."""


def _count_word(n: int, sp: Speaker) -> str:
    return sp._(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def _ends_show(f: EndsShow, sp: Speaker) -> str:
    if f.left is None:
        return sp._("The table is empty: there is no end to match yet.")
    if f.left == f.right:
        return sp._("Both ends show {number}.").format(number=f.left)
    return sp._("The left end shows {left} and the right end shows {right}.").format(
        left=f.left, right=f.right
    )


def _halves(f: HalvesOnTable, sp: Speaker) -> str:
    head = sp._("The {end} end shows {number}.").format(end=_end_name(f.end, sp), number=f.number)
    values = {
        "on_table": _count_word(f.on_table, sp),
        "in_play": _count_word(f.in_play, sp),
        "pips": sp._(PLURAL_PIPS[f.number]),
    }
    if f.dead:
        body = sp._("All {in_play} {pips} are on the table, so it is a dead end.")
    elif f.hard:
        body = sp._("{on_table} of the {in_play} {pips} are on the table, so it is a hard end.")
    else:
        body = sp.ngettext(
            "{on_table} of the {in_play} {pips} is on the table, so it is not hard.",
            "{on_table} of the {in_play} {pips} are on the table, so it is not hard.",
            f.on_table,
        )
    text = body.format(**values)
    return f"{head} {text[:1].upper()}{text[1:]}"


def _can_play(f: CanPlay, sp: Speaker) -> str:
    who = _seat_name(f.seat, sp)
    if not f.plays:
        if f.seat == LEARNER:
            return pass_words(f.game, "must", sp)
        return sp._("{seat} has no tile that fits.").format(seat=who)
    plays = sp.join([play_words(play, sp, lead=f.lead) for play in f.plays])
    if f.seat == LEARNER:
        return sp._("You can play {plays}.").format(plays=plays)
    return sp._("{seat} can play {plays}.").format(seat=who, plays=plays)


def _must_pose(f: MustPose, sp: Speaker) -> str:
    if f.seat == LEARNER:
        return sp._("This game is posed with {tile}, so you must lay it.").format(
            tile=f.tile
        )
    return sp._("This game is posed with {tile}, so {seat} must lay it.").format(
        tile=f.tile, seat=_seat_name(f.seat, sp)
    )


def _hand_count(f: HandCount, sp: Speaker) -> str:
    tiles = sp.join([str(tile) for tile in f.tiles])
    if f.seat == LEARNER:
        return sp.ngettext(
            "Your hand ({tiles}) counts {count} pip.",
            "Your hand ({tiles}) counts {count} pips.",
            f.count,
        ).format(tiles=tiles, count=f.count)
    return sp.ngettext(
        "The hand of {seat} ({tiles}) counts {count} pip.",
        "The hand of {seat} ({tiles}) counts {count} pips.",
        f.count,
    ).format(seat=f.seat, tiles=tiles, count=f.count)


def _still_fits(f: StillFits, sp: Speaker) -> str:
    return sp._("{tile} is not on the table yet and still fits the {end} end.").format(
        tile=f.tile, end=_end_name(f.end, sp)
    )


def _nothing_fits(f: NothingFits, sp: Speaker) -> str:
    if f.out_of_play:
        if f.left == f.right:
            return sp._(
                "No hand holds a tile that shows {number} (tiles out of play do not count): "
                "nobody can play."
            ).format(number=f.left)
        return sp._(
            "No hand holds a tile that shows {left} or {right} (tiles out of play do not "
            "count): nobody can play."
        ).format(left=f.left, right=f.right)
    if f.left == f.right:
        return sp._(
            "No tile that is still out of the line shows {number}: nobody can play."
        ).format(number=f.left)
    return sp._(
        "No tile that is still out of the line shows {left} or {right}: nobody can play."
    ).format(left=f.left, right=f.right)


def _block_counts(f: BlockCounts, sp: Speaker) -> str:
    counts = sp._("The counts are {counts}.").format(counts=seat_counts(f.counts, sp))
    if f.winner is None:
        tied = sp.join([_seat_name(seat, sp) for seat in f.tied])
        return (
            counts
            + " "
            + sp._("{seats} tie for the lowest count, so nobody wins.").format(seats=tied)
        )
    return (
        counts + " " + sp._("The lowest count wins: {seat}.").format(seat=_seat_name(f.winner, sp))
    )


def _last_tile(f: LastTile, sp: Speaker) -> str:
    text = sp._("Only {tile} can still be laid on the {end} end.").format(
        tile=f.tile, end=_end_name(f.end, sp)
    )
    if f.holder == LEARNER:
        text += " " + sp._("You hold it.")
    return text


def _key_card(f: KeyCard, sp: Speaker) -> str:
    mine = f.holder == LEARNER
    if f.is_key:
        if mine:
            return sp._(
                "Both ends are hard and {tile} fits both: it is the key card, and it is your last "
                "tile."
            ).format(tile=f.tile)
        return sp._(
            "Both ends are hard and {tile} fits both: it is the key card, and it is {seat}'s last "
            "tile."
        ).format(tile=f.tile, seat=_seat_name(f.holder, sp))
    if not f.both_ends_hard:
        return sp._("{tile} is not the key card: both ends must be hard.").format(tile=f.tile)
    if not f.fits_both:
        return sp._("{tile} is not the key card: it must fit both ends.").format(tile=f.tile)
    if mine:
        return sp._(
            "{tile} is the last tile that fits, but it is not your last tile: "
            "playing it blocks the game."
        ).format(tile=f.tile)
    return sp._(
        "{tile} is the last tile that fits, but it is not {seat}'s last tile: "
        "playing it blocks the game."
    ).format(tile=f.tile, seat=_seat_name(f.holder, sp))


def _game_goes_on(f: GameGoesOn, sp: Speaker) -> str:
    return sp.ngettext(
        "After {tile} you still hold {n} tile and the game goes on: no points yet.",
        "After {tile} you still hold {n} tiles and the game goes on: no points yet.",
        f.tiles_left,
    ).format(tile=f.tile, n=f.tiles_left)


def _domino(f: Domino, sp: Speaker) -> str:
    if f.seat == LEARNER:
        text = sp.ngettext(
            "You play your last tile and win the stake of {stake} point.",
            "You play your last tile and win the stake of {stake} points.",
            f.stake,
        ).format(stake=f.stake)
    else:
        text = sp.ngettext(
            "{seat} plays their last tile and wins the stake of {stake} point.",
            "{seat} plays their last tile and wins the stake of {stake} points.",
            f.stake,
        ).format(seat=f.seat, stake=f.stake)
    if f.key_bonus:
        text += " " + sp.ngettext(
            "Winning with the key card adds {bonus} point: {points} in all.",
            "Winning with the key card adds {bonus} points: {points} in all.",
            f.key_bonus,
        ).format(bonus=f.key_bonus, points=f.points)
    return text


def _blocked_by(f: BlockedBy, sp: Speaker) -> str:
    if f.winner is None:
        return sp._("{tile} blocks the game and the lowest count is tied: nobody scores.").format(
            tile=f.tile
        )
    if f.winner == LEARNER:
        return sp.ngettext(
            "{tile} blocks the game; you have the lowest count and take {points} point.",
            "{tile} blocks the game; you have the lowest count and take {points} points.",
            f.points,
        ).format(tile=f.tile, points=f.points)
    return sp._(
        "{tile} blocks the game; {seat} has the lowest count, so you score nothing."
    ).format(tile=f.tile, seat=f.winner)


def doubles_counted(doubles: tuple[Tile, ...], sp: Speaker) -> str:
    """The doubles at the ends, each named as counting whole ("the double 5-5 counts 10").

    >>> doubles_counted((Tile(5, 5), Tile(4, 4)), Speaker("en"))
    'the double 5-5 counts 10 and the double 4-4 counts 8'
    """
    return sp.join(
        [
            sp._("the double {tile} counts {pips}").format(tile=double, pips=double.pips)
            for double in doubles
        ]
    )


def ends_added(
    play: Play, total: int, doubles: tuple[Tile, ...], sp: Speaker, *, lead: bool = False
) -> str:
    """What the ends add up to after ``play`` (``lead``: the first tile, which has no end yet),
    a double at an end named as counting whole: the one sentence of an ends' total.

    >>> ends_added(Play.parse("5-4 right"), 15, (Tile(5, 5),), Speaker("en"))
    'After 5-4 on the right the ends add up to 15 (the double 5-5 counts 10).'
    >>> ends_added(Play.parse("5-5"), 10, (Tile(5, 5),), Speaker("en"), lead=True)
    'After 5-5 the ends add up to 10 (the double 5-5 counts 10).'
    """
    doubles = tuple(double for double in doubles if double.pips)  # a 0-0 adds nothing to say
    named = doubles_counted(doubles, sp)
    if lead and doubles:
        return sp._("After {tile} the ends add up to {total} ({doubles}).").format(
            tile=play.tile, total=total, doubles=named
        )
    if lead:
        return sp._("After {tile} the ends add up to {total}.").format(
            tile=play.tile, total=total
        )
    end = _end_name(play.end, sp)
    if doubles:
        return sp._("After {tile} on the {end} the ends add up to {total} ({doubles}).").format(
            tile=play.tile, end=end, total=total, doubles=named
        )
    return sp._("After {tile} on the {end} the ends add up to {total}.").format(
        tile=play.tile, end=end, total=total
    )


def _score(f: ScoreBreakdown, sp: Speaker) -> str:
    parts = [ends_added(f.play, f.total, f.doubles, sp, lead=f.lead)]
    if f.threes and f.fives:
        parts.append(
            sp._("{total} is {threes} threes and {fives} fives: {points} points.").format(
                total=f.total, threes=f.threes, fives=f.fives, points=f.threes + f.fives
            )
        )
    elif f.threes:
        parts.append(
            sp.ngettext(
                "{total} is {threes} three: {threes} point.",
                "{total} is {threes} threes: {threes} points.",
                f.threes,
            ).format(total=f.total, threes=f.threes)
        )
    elif f.fives:
        parts.append(
            sp.ngettext(
                "{total} is {fives} five: {fives} point.",
                "{total} is {fives} fives: {fives} points.",
                f.fives,
            ).format(total=f.total, fives=f.fives)
        )
    else:
        parts.append(sp._("{total} is no multiple of 3 or 5: no points.").format(total=f.total))
    if f.chip_out:
        parts.append(sp._("It is the last tile in the hand: one more point for chipping out."))
    if f.earned and not f.credited:
        parts.append(
            sp._(
                "But {score} + {earned} would go past {target}, so the play scores nothing."
            ).format(
                score=f.score_before, earned=f.earned, target=f.target
            )
        )
    elif f.credited and f.score_before + f.credited == f.target:
        parts.append(
            sp._("That makes exactly {target}: the match is won.").format(target=f.target)
        )
    return " ".join(parts)


def _set_after(f: SetAfter, sp: Speaker) -> str:
    scores = seat_counts(f.scores, sp)
    if f.winner is None:
        if f.carried:
            text = sp._("A tied block scores nothing; the next game is worth {stake}.").format(
                stake=f.stake
            )
        else:
            text = sp._("A tied block scores nothing and the stake stays 1.")
        return text + " " + sp._("The holder of 6-6 poses next.")
    if f.winner == LEARNER:
        won = sp.ngettext("You take {points} point.", "You take {points} points.", f.points).format(
            points=f.points
        )
    else:
        won = sp.ngettext(
            "{seat} takes {points} point.", "{seat} takes {points} points.", f.points
        ).format(seat=f.winner, points=f.points)
    if f.result == "six-love":
        return (
            won
            + " "
            + sp._("Six or more while somebody is still on love: six-love! ({scores})").format(
                scores=scores
            )
        )
    if f.result == "bruck":
        return (
            won
            + " "
            + sp._(
                "Now everybody has won a game: bruck! Every score goes back to 0 "
                "and the holder of 6-6 poses."
            )
        )
    if f.poser == LEARNER:
        return won + " " + sp._("The scores are {scores}; you pose next.").format(scores=scores)
    return (
        won
        + " "
        + sp._("The scores are {scores}; {seat} poses next.").format(
            scores=scores, seat=_seat_name(f.poser, sp)
        )
    )


def _next_stake(f: NextStake, sp: Speaker) -> str:
    """The stake of the next game, and why."""
    if f.winner is None and f.carried:
        return sp._(
            "At this table a tie carries the stake: this game is worth {stake}, so the "
            "next one is worth {stake} + 1 = {next}."
        ).format(stake=f.stake, next=f.next)
    if f.winner is None:
        return sp._(
            "At this table a tie is void: nobody scores, nothing is carried, and the next "
            "game is worth {next}."
        ).format(next=f.next)
    if f.result == "six-love":
        return sp._(
            "The set is over, and the first game of the next set is worth {next}."
        ).format(next=f.next)
    if f.winner == LEARNER:
        return sp._(
            "You take this game's stake, and a won game sets the stake back: the next game "
            "is worth {next}."
        ).format(next=f.next)
    return sp._(
        "{seat} takes this game's stake, and a won game sets the stake back: the next game "
        "is worth {next}."
    ).format(seat=_seat_name(f.winner, sp), next=f.next)


SENTENCES: dict[type[Any], Callable[[Any, Speaker], str]] = {
    EndsShow: _ends_show,
    HalvesOnTable: _halves,
    CanPlay: _can_play,
    MustPose: _must_pose,
    HandCount: _hand_count,
    StillFits: _still_fits,
    NothingFits: _nothing_fits,
    BlockCounts: _block_counts,
    LastTile: _last_tile,
    KeyCard: _key_card,
    GameGoesOn: _game_goes_on,
    Domino: _domino,
    BlockedBy: _blocked_by,
    ScoreBreakdown: _score,
    SetAfter: _set_after,
    NextStake: _next_stake,
    ProvedWin: proofs.proved_win,
    ForcedPass: proofs.forced_pass,
    GoesOut: proofs.goes_out,
    ReachesTarget: proofs.reaches_target,
    HandPoints: proofs.hand_points,
    OtherPlayFails: proofs.other_play_fails,
    ProvedOnView: proofs.proved_on_view,
    ExampleDeal: proofs.example_deal,
    OtherPlayOnView: proofs.other_play_on_view,
}
"""The sentence of each kind of fact, by its type. A kind of question registered later adds
the sentence of its own facts here; ``tests/words/test_coverage.py`` proves every fact of
``tutor.questions.facts.Fact`` has one."""


def say(fact: object, speaker: Speaker) -> str:
    """One fact as a sentence in the speaker's language."""
    try:
        said = SENTENCES[type(fact)]
    except KeyError:
        raise TypeError(f"no sentence for the fact {fact!r}") from None
    return speaker.sentences(said(fact, speaker))


def explain(facts: Iterable[object], speaker: Speaker) -> list[str]:
    """Every fact as a sentence."""
    return [say(fact, speaker) for fact in facts]
