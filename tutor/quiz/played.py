"""What the practice games say for ``domino-tutor progress``: games played, the accuracy of each
hand over time, and the mistakes by topic.

The games are the records ``domino-tutor play`` keeps in the learner's database
(``tutor.store.games``). A hand's accuracy is the review's (``tutor.questions.coach.
hand_accuracy`` over the hand's graded plays); a mistake (a play graded an inaccuracy or worse)
counts for the topic its coach's first reason teaches, and for the theme of playing from one's
own view (``play-the-odds``, ``score-the-odds``) when the coach gave no reason beyond the
chances. A record that cannot be read is left out, never fatal.

>>> record = {"rules": {"game": "cutthroat"}, "finished": True,
...           "actions": [{"hand": 1}, {"hand": 1}, {"hand": 2}],
...           "grades": [{"action": 0, "played": "6-6", "best": "6-6", "verdict": "best",
...                       "chances": [["6-6", 0.6], ["5-5", 0.4]]},
...                      {"action": 2, "played": "5-5", "best": "6-5", "verdict": "blunder",
...                       "chances": [["6-5", 0.7], ["5-5", 0.3]],
...                       "reasons": [{"kind": "only-you-hold"}]}]}
>>> [(h.hand, round(h.accuracy), h.mistakes) for h in hands_of("g1", 86400.0, record)]
[(1, 100, ()), (2, 15, ('hard-ends',))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.questions.coach import Grade, Verdict, hand_accuracy
from tutor.rules.plays import Play
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES
from tutor.store import games as kept
from tutor.store.database import Database

__all__ = ["PlayedHand", "PracticeGames", "hands_of", "practice_games", "topic_of_mistake"]

REASON_TOPICS: Mapping[str, str] = {
    "dominoes": "domino-chance",
    "scores-now": "fives-and-threes-scoring",
    "block-wins": "blocked-boards",
    "only-you-hold": "hard-ends",
    "went-out-on-hard-end": "hard-ends",
    "next-seat-lacks": "passing",
}
"""The topic a coach's reason teaches (the ``kind`` a game record gives it); a mistake with no
reason of these counts for the theme of playing from one's own view."""
VIEW_TOPICS: Mapping[str, str] = {CUTTHROAT: "play-the-odds", FIVES_AND_THREES: "score-the-odds"}
MISTAKES = frozenset({Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER})


@dataclass(frozen=True)
class PlayedHand:
    """One hand of a practice game: when it was saved, its accuracy, the topics of its mistakes."""

    game_id: str
    game: str
    saved: float
    hand: int
    accuracy: float
    """The review's accuracy of the hand (0..100)."""
    graded: int
    mistakes: tuple[str, ...]


@dataclass(frozen=True)
class PracticeGames:
    """Every practice game kept: how many by game, how many finished, and their hands (oldest
    first)."""

    played: Mapping[str, int]
    finished: int
    hands: Sequence[PlayedHand]

    @property
    def total(self) -> int:
        """Games played, of every kind."""
        return sum(self.played.values())

    def mistakes(self) -> list[tuple[str, int]]:
        """``(topic, mistakes)``, the most first (ties by topic)."""
        counts = Counter(topic for hand in self.hands for topic in hand.mistakes)
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def topic_of_mistake(game: str, reasons: Sequence[Any]) -> str:
    """The topic a mistake counts for: the first of its reasons that teaches one.

    >>> topic_of_mistake("cutthroat", [{"kind": "chances"}, {"kind": "block-wins"}])
    'blocked-boards'
    >>> topic_of_mistake("fives-and-threes", [{"kind": "keeps-numbers"}])
    'score-the-odds'
    """
    for reason in reasons:
        kind = reason.get("kind") if isinstance(reason, dict) else None
        if isinstance(kind, str) and kind in REASON_TOPICS:
            return REASON_TOPICS[kind]
    return VIEW_TOPICS.get(game, VIEW_TOPICS[CUTTHROAT])


def _grade(data: Any) -> Grade | None:
    try:
        chances = tuple((Play.parse(str(p)), float(c)) for p, c in data["chances"])
        scope = data.get("scope", "hand")
        return Grade(
            Play.parse(str(data["played"])), Play.parse(str(data["best"])), chances,
            Verdict(data["verdict"]),
            swing=float(data.get("swing", 1.0)),  # a Cutthroat set's: the accuracy is of it
            scope=scope if scope in ("hand", "set", "match") else "hand",
        )
    except (KeyError, TypeError, ValueError):
        return None


def hands_of(game_id: str, saved: float, record: Mapping[str, Any]) -> list[PlayedHand]:
    """The hands of one game record that have graded plays, in order."""
    rules = record.get("rules")
    game = str(rules.get("game")) if isinstance(rules, dict) else CUTTHROAT
    actions = record.get("actions")
    grades = record.get("grades")
    if not isinstance(actions, list) or not isinstance(grades, list):
        return []
    by_hand: dict[int, list[tuple[Grade, str | None]]] = {}
    for entry in grades:
        if not isinstance(entry, dict):
            continue
        action, graded = entry.get("action"), _grade(entry)
        if graded is None or not isinstance(action, int) or not 0 <= action < len(actions):
            continue
        hand = actions[action].get("hand") if isinstance(actions[action], dict) else None
        if not isinstance(hand, int):
            continue
        reasons = entry.get("reasons")
        topic = None
        if graded.verdict in MISTAKES:
            topic = topic_of_mistake(game, reasons if isinstance(reasons, list) else [])
        by_hand.setdefault(hand, []).append((graded, topic))
    played = []
    for hand, entries in sorted(by_hand.items()):
        accuracy = hand_accuracy([graded for graded, _ in entries])
        if accuracy is None:  # only forced plays
            continue
        mistakes = tuple(topic for _, topic in entries if topic is not None)
        played.append(PlayedHand(game_id, game, saved, hand, accuracy, len(entries), mistakes))
    return played


def practice_games(db: Database) -> PracticeGames:
    """Every practice game in the learner's database, read for ``progress``."""
    played: Counter[str] = Counter()
    finished = 0
    hands: list[PlayedHand] = []
    for summary in reversed(kept.games(db)):  # the oldest first
        try:
            record = kept.load_game(db, summary.id)
        except KeyError:  # gone meanwhile
            continue
        rules = record.get("rules")
        if record.get("format") != "domino-tutor-game" or not isinstance(rules, dict):
            continue
        played[str(rules.get("game"))] += 1
        finished += summary.finished
        hands += hands_of(summary.id, summary.saved, record)
    return PracticeGames(dict(played), finished, hands)
