"""Topic detectors: one pure predicate per topic, Lichess-tagger style.

A detector looks at the engine's ``Position`` (the line, the hands, the seat to
play, the tiles out of play, the set or match scores) and says whether the
position shows its topic. The generator mines new puzzles with them; a scenario
is tagged with ``topics_of(scenario.position)``.

Hands may be hidden (``None``): a detector that needs a hidden hand says
``False``, and "nobody can play" counts every tile that could be in a hidden hand.

>>> from tutor.rules.line import Line
>>> from tutor.rules.table_rules import TableRules
>>> from tutor.rules.tiles import parse_tiles, mask_of
>>> line = Line.parse(["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3",
...                    "3-5", "5-4", "4-2", "2-3"])
>>> p = Position(line, (mask_of(parse_tiles(["3-4"])), None, None, None), TableRules())
>>> hard_end(p), key_card_chance(p), blocked_board(p), [str(play) for play in p.legal_plays()]
(True, True, False, ['4-3 left', '4-3 right'])
>>> topics_of(p)
['hard-ends', 'key-cards', 'legal-plays', 'domino-chance']
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from tutor.questions.model import Question
from tutor.rules.analysis import dead_ends, hard_ends
from tutor.rules.cutthroat import domino_points
from tutor.rules.position import PlayKind, Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, SIX_LOVE
from tutor.rules.tiles import Tile
from tutor.search.proof import LineStep, Proof, prove, winning_line

# --- building blocks ---------------------------------------------------------------


def last_tile_fits(p: Position) -> Tile | None:
    """The last tile of the seat to play, when it holds exactly one and it can be played."""
    hand = p.hand
    if hand is None or hand.bit_count() != 1:
        return None
    plays = p.legal_plays()
    return plays[0].tile if plays else None


# --- the detectors -------------------------------------------------------------------


def hard_end(p: Position) -> bool:
    """A hard end is showing: all halves of its number but one are on the table."""
    return bool(hard_ends(p.line, p.out))


def dead_end(p: Position) -> bool:
    """A dead end is showing: every half of its number is on the table."""
    return bool(dead_ends(p.line, p.out))


def key_card_chance(p: Position) -> bool:
    """The seat to play can play a key card: its last tile is the key (Cutthroat)."""
    tile = last_tile_fits(p)
    return p.game == CUTTHROAT and tile is not None and p.key_card(tile)


def blocked_board(p: Position) -> bool:
    """The table is blocked: nobody can play, whatever the hidden tiles are."""
    return p.blocked


def several_legal_plays(p: Position) -> bool:
    """The seat to play has two or more legal plays: a real choice."""
    return p.hand is not None and len(p.legal_plays()) >= 2


def must_pass(p: Position) -> bool:
    """The seat to play has no tile that fits, but somebody else still can play."""
    hand = p.hand
    if hand is None or p.line.left is None or blocked_board(p):
        return False
    if p.draws and (p.boneyard or p.hidden_boneyard):
        return False  # it draws rather than passes
    return not p.legal_plays()


def domino_chance(p: Position) -> bool:
    """The seat to play holds one tile and it fits: playing it wins the game (or chips out)."""
    return last_tile_fits(p) is not None


def scoring_play(p: Position) -> bool:
    """Fives & Threes: a play of the seat to play makes the ends score, and the points count."""
    if p.game != FIVES_AND_THREES or p.hand is None:
        return False
    for play in p.legal_plays():
        score = p.play(play).score
        if score.score.points and score.credited:
            return True
    return False


def exact_target_chance(p: Position) -> bool:
    """Fives & Threes: a play of the seat to play reaches the target exactly."""
    if p.game != FIVES_AND_THREES or p.hand is None:
        return False
    before, target = p.score(p.turn), p.rules.target
    return any(
        credited and before + credited == target
        for credited in (p.play(play).score.credited for play in p.legal_plays())
    )


def six_love_chance(p: Position) -> bool:
    """Cutthroat: the seat to play can win now, and the win ends the set six-love.

    The winner needs 6 or more after the stake (and the key bonus, when the last
    tile is the key) while another seat is still on 0.
    """
    tile = last_tile_fits(p)
    if p.game != CUTTHROAT or tile is None or len(p.scores) != len(p.hands):
        return False
    after = p.score(p.turn) + domino_points(p.stake, p.rules, key_card=p.key_card(tile))
    others_on_love = any(score == 0 for seat, score in enumerate(p.scores) if seat != p.turn)
    return after >= SIX_LOVE and others_on_love


def blocking_play(p: Position) -> bool:
    """A play of the seat to play blocks the game."""
    if p.hand is None:
        return False
    return any(p.play(play).kind is PlayKind.BLOCKED for play in p.legal_plays())


def key_position(p: Position) -> bool:
    """Both ends are hard (a key card may be out), or the seat to play holds the key card."""
    facts = p.end_facts()
    if len(facts) == 2 and all(fact.is_hard for fact in facts):
        return True
    hand = p.hand
    if hand is None:
        return False
    return any(p.key_card(play.tile) for play in p.legal_plays() if hand & play.tile.bit)


def the_pose(p: Position) -> bool:
    """The first tile of a game: the table is empty, or holds only the tile just posed."""
    return len(p.line) <= 1


# --- solver themes (proved puzzles) ----------------------------------------------------

STUDY_TILES = 12
"""A study shows every hand; the solver proves it only when this many tiles or fewer are held."""


def _study(p: Position) -> Proof | None:
    """The proof of a small endgame with every hand known (``None``: not a study)."""
    if any(hand is None for hand in p.hands) or p.draws:
        return None
    if sum((hand or 0).bit_count() for hand in p.hands) > STUDY_TILES or not p.legal_plays():
        return None
    proof = prove(p)
    return proof if proof.unique else None


def only_winning_play(p: Position) -> bool:
    """Exactly one tile wins (or scores the most by a clear margin): the solver proves it."""
    return _study(p) is not None


def _line_end(p: Position) -> tuple[list[LineStep], Position, PlayKind] | None:
    proof = _study(p)
    return None if proof is None else winning_line(p, proof.best[0])


def block_to_win(p: Position) -> bool:
    """Cutthroat: the one winning line ends in a block that the seat to play wins on the count."""
    found = _line_end(p) if p.game == CUTTHROAT else None
    return found is not None and found[2] is PlayKind.BLOCKED


def keep_hard_end(p: Position) -> bool:
    """Cutthroat: the one winning play keeps a hard end hard: the last tile for it is the
    learner's own, and the winning play does not lay it."""
    proof = _study(p) if p.game == CUTTHROAT else None
    if proof is None:
        return False
    hand = p.hand or 0
    after = p.play(proof.best[0]).after
    for fact in after.end_facts():
        tile = after.last_tile(fact.end)
        if fact.is_hard and tile is not None and hand & tile.bit and tile != proof.best[0].tile:
            return True
    return False


def set_up_key_card(p: Position) -> bool:
    """Cutthroat: on the one winning line the seat to play goes out later with the key card."""
    found = _line_end(p) if p.game == CUTTHROAT else None
    if found is None or found[2] is not PlayKind.DOMINO or len(found[0]) < 2:
        return False
    return _went_out_with_key(p, found[0])


def _went_out_with_key(p: Position, steps: list[LineStep]) -> bool:
    position = p
    for step in steps:
        if step.play is None:
            position = replace(position, turn=(position.turn + 1) % len(position.hands))
            continue
        result = position.play(step.play)
        if result.kind is PlayKind.DOMINO:
            return result.key_card and step.seat == p.turn
        position = result.after
    return False


def target_exactly(p: Position) -> bool:
    """Fives & Threes: on the one best line the seat to play reaches the target exactly."""
    found = _line_end(p) if p.game == FIVES_AND_THREES else None
    if found is None:
        return False
    return found[1].score(p.turn) == p.rules.target


def deny_score(p: Position) -> bool:
    """Fives & Threes: the one best play scores less now than another play: it denies the
    opponent a score instead of taking the most at once."""
    proof = _study(p) if p.game == FIVES_AND_THREES else None
    if proof is None:
        return False
    now = {play: p.play(play).score.credited for play, _ in proof.values}
    return max(now.values()) > now[proof.best[0]]


VIEW_TILES = {CUTTHROAT: 10, FIVES_AND_THREES: 6}
"""The learner's view is mined only when this many tiles or fewer are held (the deals of the
hidden tiles are solved one by one)."""


def best_from_view(p: Position) -> bool:
    """Only the seat to play's hand is shown, and one tile is proved best whatever the hidden
    hands hold (on every deal, or on average by far more than the error)."""
    from tutor.search.view_proof import NotAView, prove_view

    hand = p.hand
    others = [h for seat, h in enumerate(p.hands) if seat != p.turn]
    if hand is None or p.draws or not p.sizes or any(h is not None for h in others):
        return False
    if sum(p.size(seat) for seat in range(len(p.hands))) > VIEW_TILES[p.game]:
        return False
    if len({play.tile for play in p.legal_plays()}) < 2:
        return False
    try:
        return prove_view(p).unique
    except NotAView:
        return False


def _told_passes(p: Position, q: Question) -> bool:
    """A question that says what the passes told (``lacks``) is proved on those deals only, which
    the detector (the position alone) does not know."""
    return "lacks" in q.params and any(hand is None for hand in p.hands)


# --- the registry ----------------------------------------------------------------------


def _key_question(p: Position, q: Question) -> bool:
    return bool(q.params.get("key_card")) or key_position(p)


def _block_question(p: Position, q: Question) -> bool:
    return blocking_play(p)


@dataclass(frozen=True)
class Topic:
    """A teaching topic: a key and its detector (its name and description, in words, are
    ``tutor.words.vocabulary.TOPIC_NAMES``).

    ``detect`` is the strict test the generator mines with; ``teaches`` says
    whether a position with a question teaches the topic beyond it (asking
    whether the key card wins with ``key_card = true`` teaches key cards). The kinds of
    question name the topics they teach themselves (``tutor.questions.kinds.Kind.teaches``):
    they come in as ``taught``.
    """

    key: str
    detect: Callable[[Position], bool]
    games: tuple[str, ...] = (CUTTHROAT, FIVES_AND_THREES)
    teaches: Callable[[Position, Question], bool] = lambda p, q: False


TOPICS: dict[str, Topic] = {
    topic.key: topic
    for topic in (
        Topic(
            "hard-ends",
            hard_end,
        ),
        Topic(
            "key-cards",
            key_card_chance,
            (CUTTHROAT,),
            _key_question,
        ),
        Topic(
            "blocked-boards",
            blocked_board,
            teaches=_block_question,
        ),
        Topic(
            "fives-and-threes-scoring",
            scoring_play,
            (FIVES_AND_THREES,),
        ),
        Topic(
            "legal-plays",
            several_legal_plays,
        ),
        Topic(
            "dead-ends",
            dead_end,
        ),
        Topic(
            "passing",
            must_pass,
        ),
        Topic(
            "domino-chance",
            domino_chance,
        ),
        Topic(
            "six-love",
            six_love_chance,
            (CUTTHROAT,),
        ),
        Topic(
            "the-pose",
            the_pose,
            (CUTTHROAT,),
        ),
        Topic(
            "exact-target",
            exact_target_chance,
            (FIVES_AND_THREES,),
        ),
        Topic(
            "only-winning-play",
            only_winning_play,
        ),
        Topic(
            "play-the-odds",
            best_from_view,
            (CUTTHROAT,),
            teaches=_told_passes,
        ),
        Topic(
            "score-the-odds",
            best_from_view,
            (FIVES_AND_THREES,),
            teaches=_told_passes,
        ),
        Topic(
            "block-to-win",
            block_to_win,
            (CUTTHROAT,),
        ),
        Topic(
            "keep-the-hard-end",
            keep_hard_end,
            (CUTTHROAT,),
        ),
        Topic(
            "set-up-the-key",
            set_up_key_card,
            (CUTTHROAT,),
        ),
        Topic(
            "target-exactly",
            target_exactly,
            (FIVES_AND_THREES,),
        ),
        Topic(
            "deny-the-score",
            deny_score,
            (FIVES_AND_THREES,),
        ),
    )
}
"""Every topic with a detector, by key."""


def topics_of(
    p: Position, question: Question | None = None, taught: Collection[str] = ()
) -> list[str]:
    """The keys of every topic the position (with its question, if given) shows; ``taught``
    are the topics its kind of question teaches (``tutor.questions.kinds.topics_of`` passes them).

    In ``TOPICS`` order.
    """
    return [key for key in TOPICS if shows_topic(key, p, question, taught)]


def shows_topic(
    key: str, p: Position, question: Question | None = None, taught: Collection[str] = ()
) -> bool:
    """True when the position (with its question) shows the topic ``key`` (one detector only)."""
    topic = TOPICS[key]
    if p.game not in topic.games:
        return False
    # Cheap tests first: a proved theme's detector solves the position.
    if key in taught or (question is not None and topic.teaches(p, question)):
        return True
    return topic.detect(p)


def unknown_topic(key: str) -> str | None:
    """``None`` for a known topic, else a sentence naming the known ones.

    >>> unknown_topic("hard-ends") is None, unknown_topic("hard-end")[:53]
    (True, "unknown topic 'hard-end' (known topics: block-to-win,")
    """
    if key in TOPICS:
        return None
    return f"unknown topic {key!r} (known topics: {', '.join(sorted(TOPICS))})"


__all__ = [
    "TOPICS",
    "Position",
    "Topic",
    "best_from_view",
    "block_to_win",
    "blocked_board",
    "blocking_play",
    "dead_end",
    "deny_score",
    "domino_chance",
    "exact_target_chance",
    "hard_end",
    "keep_hard_end",
    "key_card_chance",
    "key_position",
    "last_tile_fits",
    "must_pass",
    "only_winning_play",
    "scoring_play",
    "set_up_key_card",
    "several_legal_plays",
    "shows_topic",
    "six_love_chance",
    "target_exactly",
    "the_pose",
    "topics_of",
    "unknown_topic",
]
