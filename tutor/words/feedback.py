"""What the learner reads after a reply: right, wrong with the answer and why, or "say it again".

Shared by ``domino-tutor check`` and the quiz.
"""

from __future__ import annotations

from tutor.questions.facts import HandCount, OtherPlayOnView, ProvedOnView, ScoreBreakdown
from tutor.questions.model import Question, Reply
from tutor.rules.position import Position
from tutor.rules.tiles import Tile, TileError
from tutor.words.i18n import Speaker
from tutor.words.judge import Judgement, Verdict
from tutor.words.kinds import Review, format_value, is_lead, words_of
from tutor.words.narrate import explain
from tutor.words.vocabulary import LEARNER, expected_text, format_list, seat_name


def feedback_lines(
    p: Position, q: Question, judgement: Judgement, speaker: Speaker
) -> list[str]:
    """The lines shown after a reply to question ``q`` about ``p``."""
    if judgement.verdict is Verdict.UNREADABLE:
        expected = expected_text(judgement.problem or Reply.NUMBER, speaker)
        return [
            speaker._("I could not read that. Please answer with {expected}.").format(
                expected=expected
            )
        ]
    answer_text = format_value(q.ask, judgement.answer.value, speaker, p)
    if judgement.verdict is Verdict.RIGHT:
        head = speaker._("Right!")
        value = judgement.answer.value
        review = words_of(q.ask).review
        if review is Review.BEST_PLAY and isinstance(value, list) and len(value) > 1:
            head += " " + speaker._("The best plays are {answer}.").format(answer=answer_text)
    else:
        head = speaker._("Not quite. The answer is {answer}.").format(answer=answer_text)
        return [
            head,
            *what_was_wrong(p, q, judgement, speaker),
            *explain(given_first(judgement), speaker),
        ]
    return [head, *explain(given_first(judgement), speaker)]


def given_first(judgement: Judgement) -> list[object]:
    """The answer's facts in the order that explains the reply given: what the play given
    scores first (after the ends; for a wrong one the best play's next, then the others), and
    over the deals of a proof from the learner's view, how the play given does right after
    the proof. Other facts keep their order.

    >>> from tutor.questions.kinds import answer
    >>> from tutor.rules import Line, TableRules
    >>> from tutor.rules.tiles import mask_of, parse_tiles
    >>> hand = mask_of(parse_tiles(["5-0", "4-1", "3-1", "1-0"]))
    >>> ft = TableRules(game="fives-and-threes", players=2)
    >>> p = Position(Line.parse(["3-5", "5-1"]), (hand, None), ft, seats=("you", "Marcia"),
    ...              sizes=(4, 4))
    >>> q = Question("best-play")
    >>> from tutor.words.judge import judge
    >>> j = judge(p, q, answer(p, q), "1-0 right")
    >>> [str(f.play) for f in given_first(j) if isinstance(f, ScoreBreakdown)][:2]
    ['1-0 right', '3-1 right']
    """
    facts: list[object] = list(judgement.answer.facts)
    given = judgement.given
    if not isinstance(given, str):
        return facts
    value = judgement.answer.value
    best = set(value) if isinstance(value, list) else set()
    scores = [f for f in facts if isinstance(f, ScoreBreakdown)]
    mine = [f for f in scores if str(f.play) == given]
    if mine:
        better = [f for f in scores if str(f.play) in best and f not in mine]
        rest = [f for f in facts if f not in mine and f not in better]
        at = next((i for i, f in enumerate(rest) if isinstance(f, ScoreBreakdown)), len(rest))
        return [*rest[:at], *mine, *better, *rest[at:]]
    over = [f for f in facts if isinstance(f, OtherPlayOnView) and str(f.play) == given]
    proved = next((i for i, f in enumerate(facts) if isinstance(f, ProvedOnView)), None)
    if over and proved is not None:
        rest = [f for f in facts if f not in over]
        return [*rest[: proved + 1], *over, *rest[proved + 1 :]]
    return facts


def what_was_wrong(p: Position, q: Question, judgement: Judgement, sp: Speaker) -> list[str]:
    """What a wrong reply got wrong: tiles not in the hand, plays not legal, plays missing, a
    bare tile whose end decides, the sum of a pip count.

    >>> from tutor.questions.kinds import answer
    >>> from tutor.rules import Line, TableRules
    >>> from tutor.rules.tiles import mask_of, parse_tiles
    >>> from tutor.words.judge import judge
    >>> hand = mask_of(parse_tiles(["5-1", "6-2", "3-3", "0-0", "1-1", "2-2", "4-0"]))
    >>> p = Position(Line.parse(["6-6", "6-5"]), (hand, None, None, None), TableRules(),
    ...              seats=("you", "Ann", "Ben", "Cy"), sizes=(7, 6, 7, 6))
    >>> q = Question("legal-plays")
    >>> judgement = judge(p, q, answer(p, q), "6-2 left, 3-3 left, 4-4 right")
    >>> for line in what_was_wrong(p, q, judgement, Speaker("en")):
    ...     print(line)
    Not in your hand: 4-4.
    Not a legal play: 3-3 left.
    Missing from your answer: 5-1 right.
    """
    review = words_of(q.ask).review
    given = judgement.given
    if review is Review.PIP_SUM:
        return _pip_sum(judgement, sp)
    hand = p.hand
    if review not in (Review.PLAYS, Review.BEST_PLAY, Review.PLAY) or hand is None:
        return []
    plays: list[str] = [given] if isinstance(given, str) else list(given)
    legal = {str(play) for play in p.legal_plays()}
    lines = []
    not_held = [play.split()[0] for play in plays if not _held(play, hand)]
    if not_held:
        tiles = sp.join(not_held)
        if p.name(p.turn) == LEARNER:
            lines.append(sp._("Not in your hand: {tiles}.").format(tiles=tiles))
        else:
            seat = seat_name(p.name(p.turn), sp)
            lines.append(sp._("{seat} does not hold {tiles}.").format(seat=seat, tiles=tiles))
    wrong = [play for play in plays if _held(play, hand) and play not in legal]
    illegal = [play for play in wrong if " " in play]
    if illegal:
        shown = [play.removesuffix(" ?") for play in illegal]
        lines.append(sp._("Not a legal play: {plays}.").format(plays=format_list(shown, sp)))
    for tile in (play for play in wrong if " " not in play):
        lines.append(
            sp._("{tile} fits both ends, and the end decides: say which end.").format(tile=tile)
        )
    answer = judgement.answer.value
    if review is Review.PLAYS and isinstance(answer, list):
        missing = [play for play in answer if play not in plays]
        if is_lead(p):  # a pose or a lead: the tile alone
            missing = [play.split()[0] for play in missing]
        if missing:
            lines.append(
                sp._("Missing from your answer: {plays}.").format(plays=format_list(missing, sp))
            )
    return lines


def _held(play: str, hand: int) -> bool:
    try:
        return bool(hand & Tile.parse(play.split()[0]).bit)
    except TileError:
        return False


def _pip_sum(judgement: Judgement, sp: Speaker) -> list[str]:
    """The count written out as a sum: 5+2+4+4+... = 27."""
    for fact in judgement.answer.facts:
        if isinstance(fact, HandCount) and fact.tiles:
            halves = [str(half) for tile in fact.tiles for half in (tile.high, tile.low)]
            total = "+".join(halves) + f" = {fact.count}"
            return [sp._("Pip by pip: {sum}.").format(sum=total)]
    return []
