"""The pages the game screen opens over the board: help, the review so far, the end of a hand.

A page is its lines and what to press under it; ``tutor.play.tui.panels.page`` draws it,
``tutor.play.tui.state`` opens and closes it.

>>> from tutor.words.i18n import Speaker
>>> help_page(Speaker("en")).lines[0]
'How to play'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.play.model.practice import HandReview, PracticeGame
from tutor.play.model.review import every_hand_knowable
from tutor.rules.series import LEARNER_SEAT, Event, GameOver, HandOver, HandStarted, Played
from tutor.rules.table_rules import FIVES_AND_THREES, TableRules
from tutor.words.i18n import Speaker
from tutor.words.play import event_lines, hand_line
from tutor.words.review import hand_end_lines

PageKind = Literal["help", "review", "hand"]


@dataclass
class Page:
    """A page over the board: help, the review so far, or the end of a hand."""

    kind: PageKind
    lines: list[str]
    footer: str = ""
    """What to press (under the page, always in sight); help and review have the default."""
    top: int = 0


def help_page(sp: Speaker) -> Page:
    """F1: the keys and how to choose a play."""
    return Page(
        "help",
        [
            sp._("How to play"),
            "",
            sp._(
                "Your tiles are numbered. Tiles you can play now are highlighted. "
                "Type a tile's number and press Enter, or type the tile (6-5, and "
                "Tab completes it), or move with the arrow keys and press Enter."
            ),
            sp._(
                "When a tile fits both ends, choose the end with the left or right "
                "arrow key."
            ),
            "",
            sp._("F1: this help. F2: a hint from the coach (counted)."),
            sp._("F5: the review of your plays so far."),
            sp._("Ctrl-Z: take back your last play (counted)."),
            sp._("F10 or Ctrl-D: stop; the game is saved for domino-tutor play --resume."),
        ],
    )


def review_page() -> Page:
    """F5: the page under the full-screen review (``tutor.play.tui.review``) while it runs."""
    return Page("review", [])


def hand_page(
    game: PracticeGame,
    event: HandOver,
    over: Sequence[GameOver],
    names: Sequence[str],
    sp: Speaker,
) -> Page:
    """The end of a hand: how it ended, the learner's tiles left, the end of the game if it
    is over, and (when the coach graded the hand) its review and what to learn from it."""
    rules = game.session.rules
    lines = event_lines(event, names, sp, first=False, rules=rules)
    if event.outcome is None:
        # The match ended on a play, not the round: the page covers the log, so it says
        # which play reached the target first.
        lines = last_play_lines(game, names, sp) + lines
    if event.hands[LEARNER_SEAT]:
        lines.append(hand_line(event.hands[LEARNER_SEAT], sp))
    for done in over:
        lines += event_lines(done, names, sp, first=False, rules=rules)
    review = game.reviews[-1] if game.reviews else None
    if review is not None and review.hand == event.hand and game.coach != "off":
        fives = rules.game == FIVES_AND_THREES
        lines += ["", *end_of_hand_lines(review, game.coach, names, sp, fives=fives)]
        if review.mistakes:
            lines += [
                "",
                sp.ngettext(
                    "Learn from your mistakes: {n} position comes back.",
                    "Learn from your mistakes: {n} positions come back.",
                    len(review.mistakes),
                ).format(n=len(review.mistakes)),
            ]
    if review is not None and review.hand == event.hand and review.mistakes:
        footer = sp._("Press L to learn from your mistakes, or Enter to go on.")
    else:
        footer = sp._("Press Enter to go on.")
    return Page("hand", lines, footer)


def last_play_lines(game: PracticeGame, names: Sequence[str], sp: Speaker) -> list[str]:
    """The sentences of the hand's last play, as the log says them (with its points)."""
    events = game.session.events
    last = next((k for k in range(len(events) - 1, -1, -1) if isinstance(events[k], Played)), None)
    if last is None:
        return []
    played = events[last]
    assert isinstance(played, Played)
    before = list(game.session.scores)
    if played.points is not None:
        before[played.seat] -= played.points.credited
    first = last > 0 and isinstance(events[last - 1], HandStarted)
    return event_lines(
        played, names, sp, first=first, rules=game.session.rules, scores_before=before
    )


def end_of_hand_lines(
    review: HandReview, coach: str, names: Sequence[str], sp: Speaker, *, fives: bool = False
) -> list[str]:
    """The coach's words at the end of a hand, as the review says them: each graded play (with
    all hands known marked as such, or said to be knowable in a 2-player game without a
    boneyard), the accuracy and the mistakes (``tutor.words.review.hand_end_lines``);
    ``fives``: a round of a Fives & Threes match."""
    grades = [
        (grade, every_hand_knowable(decision.view), not len(decision.view.line))
        for decision, grade in review.grades
    ]
    return hand_end_lines(review.hand, grades, coach, review.ending, names, sp, fives=fives)


def log_lines(
    events: Sequence[Event], rules: TableRules, names: Sequence[str], sp: Speaker
) -> list[str]:
    """Every event of the game as the log under the board says it (each play with its points
    and the score it makes)."""
    lines: list[str] = []
    first = False
    before: list[int] = []
    for event in events:
        if isinstance(event, HandStarted):
            first, before = True, list(event.scores)
        lines += event_lines(event, names, sp, first=first, rules=rules, scores_before=before)
        if isinstance(event, Played):
            first = False
            if event.points is not None and before:
                before[event.seat] += event.points.credited
    return lines
