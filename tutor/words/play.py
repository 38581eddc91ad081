"""The practice game in words: events, positions, grades and reviews as sentences.

Every sentence goes through the speaker's catalog; sentences the narration already has
(a domino and its stake, the counts of a block, a set after a game, Fives & Threes points)
are the narration's, built from the same facts.

>>> from tutor.words.i18n import Speaker
>>> from tutor.rules.plays import Play
>>> names = seat_names(4)
>>> event_lines(Played(1, Play.parse("6-5 right"), None, (6, 5)), names, Speaker("en"), first=False)
['Marcia lays 6-5 on the right.']
>>> event_lines(Passed(0, (3, 5)), names, Speaker("en"), first=False)
['You cannot play on 3 or 5: you pass.']
>>> event_lines(Passed(1, (6, 6)), names, Speaker("en"), first=False)
['Marcia cannot play on 6 and passes.']
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.questions.coach import Grade
from tutor.questions.facts import BlockCounts, Domino, EndsShow, ScoreBreakdown, SetAfter
from tutor.rules.fives_threes import ends_total
from tutor.rules.line import Line
from tutor.rules.plays import Play, Termination
from tutor.rules.position import Position
from tutor.rules.series import (
    LEARNER_SEAT,
    Drew,
    Event,
    GameOver,
    HandOver,
    HandStarted,
    Passed,
    Played,
)
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.rules.tiles import Mask, hand_count, tiles_of

# The coach's sentences are in tutor.words.coach; the faces import them from here too.
from tutor.words.coach import grade_lines as grade_lines
from tutor.words.coach import hint_lines as hint_lines
from tutor.words.coach import reason_lines as reason_lines
from tutor.words.coach import reason_text as reason_text
from tutor.words.describe import end_labels, face_down_line
from tutor.words.i18n import Speaker
from tutor.words.narrate import say
from tutor.words.vocabulary import (
    LEARNER,
    end_name,
    numbers_words,
    pass_words,
    play_words,
    seat_counts,
    seat_name,
)

COMPUTER_NAMES = ("Marcia", "Desmond", "Kenrick")
"""The computer players, in turn order after the learner (names as in the scenarios)."""

def seat_names(players: int) -> tuple[str, ...]:
    """Seat names in turn order: the learner (``LEARNER``), then the computer players."""
    return (LEARNER, *COMPUTER_NAMES[: players - 1])


def name(seat: int, names: Sequence[str], sp: Speaker) -> str:
    """A seat's name in the speaker's words (the vocabulary's)."""
    return seat_name(names[seat], sp)


def end_word(play: Play, sp: Speaker) -> str:
    """The end a play goes to (the vocabulary's word)."""
    return end_name(play.end, sp)


def scores_words(scores: Sequence[int], names: Sequence[str], sp: Speaker) -> str:
    """ "you: 2, Marcia: 0 and Desmond: 1" (the narration's list)."""
    return seat_counts(((names[s], n) for s, n in enumerate(scores)), sp)


# --- events --------------------------------------------------------------------------------


def event_lines(
    event: Event,
    names: Sequence[str],
    sp: Speaker,
    *,
    first: bool,
    rules: TableRules | None = None,
    scores_before: Sequence[int] = (),
) -> list[str]:
    """An event as sentences; ``first``: the play is the first tile of the hand (a pose)."""
    fives = rules is not None and rules.game == FIVES_AND_THREES
    if isinstance(event, HandStarted):
        return _hand_started(event, names, sp, fives)
    if isinstance(event, Played):
        return _played(event, names, sp, first, rules, scores_before)
    if isinstance(event, Passed):
        game = rules.game if rules is not None else CUTTHROAT
        text = pass_words(game, "you" if event.seat == LEARNER_SEAT else "seat", sp)
        seat = name(event.seat, names, sp)
        return [text.format(seat=seat, numbers=numbers_words(event.ends, sp))]
    if isinstance(event, Drew):
        if event.seat == LEARNER_SEAT and event.tile is not None:
            return [
                sp._("You cannot play, so you draw {tile} from the boneyard.").format(
                    tile=event.tile
                )
            ]
        return [
            sp._("{seat} cannot play and draws from the boneyard.").format(
                seat=name(event.seat, names, sp)
            )
        ]
    if isinstance(event, HandOver):
        return _hand_over(event, names, sp, rules)
    assert isinstance(event, GameOver)
    return _game_over(event, names, sp, fives, rules)


def _hand_started(event: HandStarted, names: Sequence[str], sp: Speaker, fives: bool) -> list[str]:
    who = name(event.first, names, sp)
    if fives:
        head = sp._("Round {n}. Scores: {scores}.").format(
            n=event.hand, scores=scores_words(event.scores, names, sp)
        )
        if event.first == LEARNER_SEAT:
            return [head, sp._("You lead.")]
        return [head, sp._("{seat} leads.").format(seat=who)]
    head = sp.ngettext(
        "Game {n}, worth {stake} point. Scores: {scores}.",
        "Game {n}, worth {stake} points. Scores: {scores}.",
        event.stake,
    ).format(n=event.hand, stake=event.stake, scores=scores_words(event.scores, names, sp))
    if event.pose is not None:
        # A computer's pose is announced by its play; the learner is told what to do.
        if event.first == LEARNER_SEAT:
            return [head, sp._("You hold {tile}, so you pose it.").format(tile=event.pose)]
        return [head]
    if event.first == LEARNER_SEAT:
        return [head, sp._("You won the last game: you pose any tile.")]
    return [head, sp._("{seat} won the last game and poses any tile.").format(seat=who)]


def _played(
    event: Played,
    names: Sequence[str],
    sp: Speaker,
    first: bool,
    rules: TableRules | None,
    scores_before: Sequence[int],
) -> list[str]:
    who = name(event.seat, names, sp)
    fives = rules is not None and rules.game == FIVES_AND_THREES
    if first and fives:  # Fives & Threes has no pose: the first tile is a lead
        if event.seat == LEARNER_SEAT:
            lines = [sp._("You lead with {tile}.").format(tile=event.play.tile)]
        else:
            lines = [sp._("{seat} leads with {tile}.").format(seat=who, tile=event.play.tile)]
    elif first:
        if event.seat == LEARNER_SEAT:
            lines = [sp._("You pose {tile}.").format(tile=event.play.tile)]
        else:
            lines = [sp._("{seat} poses {tile}.").format(seat=who, tile=event.play.tile)]
    elif event.seat == LEARNER_SEAT:
        lines = [
            sp._("You lay {tile} on the {end}.").format(
                tile=event.play.tile, end=end_word(event.play, sp)
            )
        ]
    else:
        lines = [
            sp._("{seat} lays {tile} on the {end}.").format(
                seat=who, tile=event.play.tile, end=end_word(event.play, sp)
            )
        ]
    points = event.points
    if points is not None and rules is not None and (points.earned or points.credited):
        before = scores_before[event.seat] if scores_before else 0
        breakdown = ScoreBreakdown(
            event.play,
            points.score.total,
            points.score.threes,
            points.score.fives,
            points.chip_out,
            points.earned,
            points.credited,
            before,
            rules.target,
            first,
            points.doubles,
        )
        lines.append(say(breakdown, sp))
    return lines


def _hand_over(
    event: HandOver, names: Sequence[str], sp: Speaker, rules: TableRules | None
) -> list[str]:
    lines: list[str] = []
    outcome, after = event.outcome, event.after
    if outcome is not None and outcome.kind is Termination.DOMINO and after is not None:
        assert outcome.winner is not None
        bonus = rules.key_card_bonus if after.key_card and rules is not None else 0
        stake = after.points - bonus
        lines.append(say(Domino(names[outcome.winner], stake, bonus, after.points), sp))
    elif outcome is not None and outcome.kind is Termination.DOMINO:
        assert outcome.winner is not None
        if outcome.winner == LEARNER_SEAT:
            lines.append(sp._("You chip out: the round is over."))
        else:
            lines.append(
                sp._("{seat} chips out: the round is over.").format(
                    seat=name(outcome.winner, names, sp)
                )
            )
    elif outcome is not None:
        if rules is not None and rules.game == FIVES_AND_THREES:  # a round of the match
            lines.append(sp._("Nobody can play: the round is blocked."))
        else:
            lines.append(sp._("Nobody can play: the game is blocked."))
        counts = tuple((names[s], c) for s, c in enumerate(outcome.counts))
        winner = None if outcome.winner is None else names[outcome.winner]
        tied = tuple(names[s] for s in outcome.lowest) if outcome.winner is None else ()
        if after is not None:
            lines.append(say(BlockCounts(counts, winner, tied), sp))
    if after is not None:
        poser = None if after.poser is None else names[after.poser]
        lines.append(
            say(
                SetAfter(
                    None if after.winner is None else names[after.winner],
                    after.result,
                    tuple((names[s], n) for s, n in enumerate(after.scores)),
                    after.stake,
                    poser,
                    after.points,
                    after.winner is None and after.stake > 1,
                ),
                sp,
            )
        )
    elif rules is not None:
        lines.append(sp._("Scores: {scores}.").format(scores=scores_words(event.scores, names, sp)))
    for seat, hand in enumerate(event.hands):
        if seat == LEARNER_SEAT or not hand:
            continue
        tiles = " ".join(str(t) for t in tiles_of(hand))
        lines.append(
            sp._("{seat} held: {tiles} (count {count}).").format(
                seat=name(seat, names, sp), tiles=tiles, count=hand_count(hand)
            )
        )
    return lines


def _game_over(
    event: GameOver, names: Sequence[str], sp: Speaker, fives: bool, rules: TableRules | None
) -> list[str]:
    scores = scores_words(event.scores, names, sp)
    if fives:
        target = rules.target if rules is not None else 61
        if event.winner == LEARNER_SEAT:
            return [
                sp._("You reach exactly {target} and win the match ({scores}).").format(
                    target=target, scores=scores
                )
            ]
        return [
            sp._("{seat} reaches exactly {target} and wins the match ({scores}).").format(
                seat=name(event.winner, names, sp), target=target, scores=scores
            )
        ]
    if event.winner == LEARNER_SEAT:
        return [sp._("You win the set six-love ({scores}).").format(scores=scores)]
    return [
        sp._("{seat} wins the set six-love ({scores}).").format(
            seat=name(event.winner, names, sp), scores=scores
        )
    ]


# --- the learner's position ----------------------------------------------------------------


def position_lines(view: Position, line: Line, names: Sequence[str], sp: Speaker) -> list[str]:
    """What the learner sees: the line and its ends (Fives & Threes: their count), the other
    seats, the sleeping tiles or the boneyard, the hand."""
    lines = []
    if len(line) and view.is_fives_and_threes:
        left, right = end_labels(line)
        lines.append(
            sp._("Line: {line} (ends {left} and {right}, count {count})").format(
                line=str(line), left=left, right=right, count=ends_total(line)
            )
        )
    elif len(line):
        lines.append(
            sp._("Line: {line} (ends {left} and {right})").format(
                line=str(line), left=line.left, right=line.right
            )
        )
    elif view.pose is None:  # a required pose was said when the hand started
        lines.append(say(EndsShow(None, None), sp))
    lines += [seat_line(view, seat, names, sp) for seat in range(1, len(view.hands))]
    if face_down := face_down_line(view, sp):
        lines.append(face_down)
    lines.append(hand_line(view.known_hand(0), sp))
    return lines


def hand_line(hand: Mask, sp: Speaker) -> str:
    """The learner's tiles and their count."""
    tiles = " ".join(str(t) for t in tiles_of(hand))
    return sp._("Your hand: {tiles} (count {count})").format(tiles=tiles, count=hand_count(hand))


def seat_line(view: Position, seat: int, names: Sequence[str], sp: Speaker) -> str:
    """A computer seat: its tile count and the numbers it is known to lack (from its passes)."""
    lacked = view.lacked(seat)
    text = sp.ngettext("{seat}: {n} tile", "{seat}: {n} tiles", view.size(seat)).format(
        seat=name(seat, names, sp), n=view.size(seat)
    )
    if lacked:
        game = FIVES_AND_THREES if view.is_fives_and_threes else CUTTHROAT
        text += " " + pass_words(game, "known", sp).format(
            numbers=numbers_words(lacked, sp, "standard")
        )
    return text


def choice_lines(choices: Sequence[Play], sp: Speaker, *, lead: bool = False) -> list[str]:
    """The learner's plays, numbered from 1 (``lead``: on an empty table, the tiles alone)."""
    return [f"  {k}. {play_words(play, sp, lead=lead)}" for k, play in enumerate(choices, 1)]


def choose_again(n: int, sp: Speaker) -> str:
    """What to type after a reply that named no play: the numbers 1 to ``n``, or the one number.

    >>> choose_again(1, Speaker("en")), choose_again(3, Speaker("en"))
    ('Type 1, or the tile you can play.', 'Type one of the numbers 1 to 3, or a tile you can play.')
    """
    if n == 1:
        return sp._("Type 1, or the tile you can play.")
    return sp._("Type one of the numbers 1 to {n}, or a tile you can play.").format(n=n)


def retry_lines(
    found: bool, play: Play, graded: Grade, names: Sequence[str], sp: Speaker, *, lead: bool
) -> list[str]:
    """The coach's words after the learner tried a mistake's position again with ``play``:
    ``found`` when it is as good as the best; otherwise the best play and why (the same in
    the plain game, the full screen and the web page).

    >>> from tutor.questions.coach import Verdict
    >>> best, played = Play.parse("6-6 left"), Play.parse("6-1 left")
    >>> grade = Grade(played, best, ((best, 0.7), (played, 0.5)), Verdict.MISTAKE)
    >>> retry_lines(True, best, grade, ("you", "Marcia"), Speaker("en"), lead=False)
    ['Found: 6-6 on the left is as good as the best play.']
    >>> retry_lines(False, played, grade, ("you", "Marcia"), Speaker("en"), lead=False)[0]
    'Not yet: the best play was 6-6 on the left.'
    """
    if found:
        return [sp._("Found: {play} is as good as the best play.").format(
            play=play_words(play, sp, lead=lead))]
    return [
        sp._("Not yet: the best play was {best}.").format(
            best=play_words(graded.best, sp, lead=lead)),
        *reason_lines(graded.reasons, graded.best, graded.played, names, sp,
                      scope=graded.scope, lead=lead),
    ]
