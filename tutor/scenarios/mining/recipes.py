"""The recipes of mining: which simulated positions make which topic's question.

A ``Recipe`` names a topic's game, its table sizes and the questions (``Ask``) it can ask,
with their generic teaching texts (marked for translation, never translated here). The rest
is pure: the detector each topic is mined with (``mining_detector``), the question and
parameters for a flagged position (``choose_ask``), and the check of the engine's answer
against what the simulation knows by another path (``cross_check``). Playing the games and
writing the files is ``tutor.scenarios.mining.miner``'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.questions.facts import ProvedOnView
from tutor.questions.topics import TOPICS, last_tile_fits
from tutor.rules.analysis import hard_ends, key_card
from tutor.rules.cutthroat import domino_points
from tutor.rules.plays import blocked_outcome
from tutor.rules.position import Position
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES
from tutor.words.i18n import N_


@dataclass(frozen=True)
class Ask:
    """A question kind a recipe asks, with its level and its generic teaching texts."""

    ask: str
    level: int
    title: str
    story: str
    hint: str
    proved_story: str | None = None
    """The story when the proof shows the answer best in every deal the hidden hands can hold
    (``story_for``): a claim like "whatever your opponent holds" is made only then."""


@dataclass(frozen=True)
class Recipe:
    """How to mine one topic: which game, how many players, which questions."""

    topic: str
    game: str
    players: tuple[int, ...]
    asks: tuple[Ask, ...]
    at_end: bool = False
    """Look at the position where the game stopped (a block) instead of at every turn."""
    proved: bool = False
    """A solver theme: every hand is shown and the level follows the size of the study."""
    view: bool = False
    """A solver theme of the learner's view: only the learner's hand is shown and proved on."""


RECIPES: dict[str, Recipe] = {
    recipe.topic: recipe
    for recipe in (
        Recipe(
            "key-cards",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "key-card",
                    3,
                    N_("Is your last tile the key?"),
                    N_("You have one tile left and it is your turn. Look at both ends."),
                    N_(
                        "A key card fits both ends, and both ends are hard: count the halves "
                        "of each end's number on the table."
                    ),
                ),
                Ask(
                    "game-points",
                    3,
                    N_("What is your last tile worth?"),
                    N_("You have one tile left and it is your turn."),
                    N_(
                        "You win the stake. Is your last tile also the key card? Count the "
                        "halves of both ends' numbers on the table."
                    ),
                ),
            ),
        ),
        Recipe(
            "hard-ends",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "hard-ends",
                    2,
                    N_("Which ends are hard?"),
                    N_("Look at the line of play before you choose your tile."),
                    N_(
                        "An end is hard when all halves of its number but one are on the "
                        "table. Count only the table, never a hand."
                    ),
                ),
                Ask(
                    "last-tile",
                    2,
                    N_("The last tile for a hard end"),
                    N_("One end of the line is hard: only one tile can still be laid there."),
                    N_("Find the one tile with that end's number that is not on the table yet."),
                ),
            ),
        ),
        Recipe(
            "blocked-boards",
            CUTTHROAT,
            (4, 3, 2),
            (
                Ask(
                    "blocked-winner",
                    2,
                    N_("Who wins the block?"),
                    N_("Nobody can play any more. Every hand is turned face up."),
                    N_(
                        "Count each hand: add up all the pips, a double counts both halves. "
                        "The lowest count wins."
                    ),
                ),
            ),
            at_end=True,
        ),
        Recipe(
            "legal-plays",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "legal-plays",
                    1,
                    N_("What can you play?"),
                    N_("It is your turn. Find every play your hand allows."),
                    N_(
                        "A tile fits an end when one of its halves shows the end's number. "
                        "A tile may fit both ends."
                    ),
                ),
            ),
        ),
        Recipe(
            "fives-and-threes-scoring",
            FIVES_AND_THREES,
            (2,),
            (
                Ask(
                    "best-play",
                    3,
                    N_("Find the best play"),
                    N_("It is your turn. Which play scores the most right now?"),
                    N_(
                        "After a play, add up the open ends (a double at an end counts both "
                        "halves). Multiples of 3 and of 5 score."
                    ),
                ),
                Ask(
                    "play-score",
                    2,
                    N_("What does this play score?"),
                    N_("It is your turn. Work out the points before you lay the tile."),
                    N_(
                        "Add up the open ends after the play: a multiple of 3 scores a point "
                        "per three, a multiple of 5 a point per five."
                    ),
                ),
            ),
        ),
        Recipe(
            "six-love",
            CUTTHROAT,
            (4, 3),
            (
                Ask(
                    "after-game",
                    4,
                    N_("One tile from six-love"),
                    N_("You hold one tile and it fits. What becomes of the set when you win?"),
                    N_(
                        "The winner takes the stake. Six or more while somebody is still on "
                        "love ends the set six-love."
                    ),
                ),
            ),
        ),
        *(
            Recipe(topic, game, players, (Ask("winning-play", 3, title, story, hint),), proved=True)
            for topic, game, players, title, story, hint in (
                (
                    "only-winning-play",
                    CUTTHROAT,
                    (4, 3),
                    N_("Only one play wins"),
                    N_("Every hand is face up. One of your plays wins the hand; find it."),
                    N_(
                        "Follow each of your plays to the end: who must pass, who goes out, "
                        "who is left with the lowest count?"
                    ),
                ),
                (
                    "block-to-win",
                    CUTTHROAT,
                    (4, 3),
                    N_("Win it on the count"),
                    N_("Every hand is face up. Nobody is going out soon, but the counts differ."),
                    N_(
                        "Compare the counts: if yours is the lowest, look for the play that "
                        "closes the game before anybody can lower theirs."
                    ),
                ),
                (
                    "keep-the-hard-end",
                    CUTTHROAT,
                    (4, 3),
                    N_("Keep the hard end to yourself"),
                    N_("Every hand is face up. You hold the last tile for a hard end."),
                    N_(
                        "A hard end that only you can answer is a door only you can open. "
                        "Do not spend the tile that keeps it; make the others pass."
                    ),
                ),
                (
                    "set-up-the-key",
                    CUTTHROAT,
                    (4, 3),
                    N_("Set up the key card"),
                    N_("Every hand is face up. Two plays from now you could go out."),
                    N_(
                        "Which tile do you want to keep for last? Make both ends hard so that "
                        "it fits them and nobody else can play."
                    ),
                ),
                (
                    "target-exactly",
                    FIVES_AND_THREES,
                    (2,),
                    N_("Reach the target exactly"),
                    N_("Both hands are face up and the match is close to its end."),
                    N_(
                        "Points that would take you past the target are not scored. Plan the "
                        "line that lands on the target exactly."
                    ),
                ),
                (
                    "deny-the-score",
                    FIVES_AND_THREES,
                    (2,),
                    N_("Deny the score"),
                    N_("Both hands are face up. The biggest score now is not the best play."),
                    N_(
                        "After each of your plays, look at what your opponent can score in "
                        "reply, and count to the end of the hand."
                    ),
                ),
            )
        ),
        *(
            Recipe(
                topic,
                game,
                players,
                (Ask("winning-play", 3, title, story, hint, proved_story),),
                proved=True,
                view=True,
            )
            for topic, game, players, title, story, hint, proved_story in (
                (
                    "play-the-odds",
                    CUTTHROAT,
                    (4, 3, 2),
                    N_("Play the odds"),
                    N_("Only your own hand is face up. One play wins more often than any other."),
                    N_(
                        "Which tiles can the others still hold? Think of the hands they may "
                        "have and follow each of your plays: who must pass, who goes out?"
                    ),
                    None,  # "wins more often" is what either proof shows
                ),
                (
                    "score-the-odds",
                    FIVES_AND_THREES,
                    (2,),
                    N_("Score the odds"),
                    N_(
                        "Only your own hand is face up. One play scores more than any other "
                        "by the end of the hand, on average over the hands your opponent may "
                        "hold."
                    ),
                    N_(
                        "Which tiles can your opponent still hold? Count what each of your "
                        "plays leaves them to score, and what you score after."
                    ),
                    N_(
                        "Only your own hand is face up. One play scores more than any other "
                        "by the end of the hand, whatever your opponent holds."
                    ),
                ),
            )
        ),
    )
}
"""The topics the generator can mine, with their questions."""

SHOW_EVERY_HAND = {"blocked-winner", "winning-play"}
"""Questions that need every hand face up; the others show only the learner's."""


def proved_in_every_deal(facts: Sequence[Any]) -> bool:
    """Whether an answer's proof (``ProvedOnView``) played out every deal the hidden hands can
    hold and found the answer best in each of them: the one proof of "whatever they hold"."""
    return any(
        isinstance(fact, ProvedOnView) and fact.every_deal and fact.dominant for fact in facts
    )


def story_for(ask: Ask, facts: Sequence[Any]) -> str:
    """The story of a mined question, from the proof of its answer: the ``proved_story`` only
    when ``proved_in_every_deal``."""
    if ask.proved_story is not None and proved_in_every_deal(facts):
        return ask.proved_story
    return ask.story


PROVED_STORIES: dict[str, Ask] = {
    ask.proved_story: ask
    for recipe in RECIPES.values()
    for ask in recipe.asks
    if ask.proved_story is not None
}
"""The stories that claim what only a proof in every deal shows, with their questions."""


def story_problem(story: str | None, facts: Sequence[Any]) -> str | None:
    """What is wrong with a file's ``story`` that makes a proof's claim its answer's proof does
    not make (``None``: nothing); ``validate`` refuses such a file.

    >>> claim = RECIPES["score-the-odds"].asks[0].proved_story
    >>> story_problem(claim, [])[:58]
    'the story says the answer is best whatever the hidden hand'
    >>> story_problem("Only your own hand is face up.", []) is None
    True
    """
    if story not in PROVED_STORIES or proved_in_every_deal(facts):
        return None
    return (
        "the story says the answer is best whatever the hidden hands hold, but its proof shows "
        f"that only on average: write {PROVED_STORIES[story].story!r}"
    )


def key_card_drill(p: Position) -> bool:
    """A position for the key-card drill: the seat's last tile is the key card, or nearly
    is (it fits both ends, or both ends are hard), so that the answer is not always "yes".

    The library's detector (``key_card_chance``) flags only real key cards; a drill made of
    those alone teaches to answer "yes" without looking.

    >>> from tutor.rules import Game, Line, TableRules
    >>> line = Line.parse(["5-1", "1-1", "1-3"])  # ends 5 and 3, neither hard
    >>> game = Game.from_hands([["5-3"], ["6-6"]], rules=TableRules(players=2), line=line, turn=0)
    >>> p = Position.from_game(game)
    >>> key_card_drill(p), p.key_card(last_tile_fits(p))
    (True, False)
    """
    tile = last_tile_fits(p)
    if p.game != CUTTHROAT or tile is None:
        return False
    if p.key_card(tile):
        return True
    left, right = p.line.left, p.line.right
    fits_both = left is not None and right is not None and left != right and (
        tile.has(left) and tile.has(right)
    )
    return fits_both or len(hard_ends(p.line, p.out)) == 2


_DETECTORS: dict[str, Callable[[Position], bool]] = {"key-cards": key_card_drill}
"""Where mining looks for more than the library's detector of the topic flags."""


def mining_detector(topic: str) -> Callable[[Position], bool]:
    """The detector the generator mines ``topic`` with: the library's (``TOPICS``), or a
    wider one for a drill (``key_card_drill``).

    >>> mining_detector("key-cards") is key_card_drill, mining_detector("hard-ends").__name__
    (True, 'hard_end')
    """
    return _DETECTORS.get(topic, TOPICS[topic].detect)


NEAR_MISS_KEPT = 0.2
"""The share of the key-card drill's near misses kept: they come up about five times as
often as key cards, and a drill should ask both about as often."""


def near_miss(recipe: Recipe, p: Position) -> bool:
    """A key-card drill position whose last tile is not the key card."""
    tile = last_tile_fits(p)
    return recipe.topic == "key-cards" and tile is not None and not p.key_card(tile)


def choose_ask(recipe: Recipe, p: Position, rng: random.Random) -> tuple[Ask, dict[str, Any]]:
    """The question for a flagged position, with its parameters."""
    asks = list(recipe.asks)
    if recipe.topic == "fives-and-threes-scoring":
        credited = {p.play(play).score.credited for play in p.legal_plays()}
        if len(credited) < 2:  # every play scores the same: no best play to find
            asks = [a for a in asks if a.ask != "best-play"]
    if near_miss(recipe, p):  # "what is it worth" would not be about the key card
        asks = [a for a in asks if a.ask == "key-card"]
    ask = asks[rng.randrange(len(asks))]
    params: dict[str, Any] = {}
    if ask.ask in ("key-card", "game-points"):
        tile = last_tile_fits(p)
        assert tile is not None
        params["tile"] = tile
    elif ask.ask == "last-tile":
        ends = hard_ends(p.line, p.out)
        params["end"] = ends[rng.randrange(len(ends))].end
    elif ask.ask == "play-score":
        plays = p.legal_plays()
        scoring = [play for play in plays if p.play(play).score.credited]
        pool = scoring if scoring and rng.random() < 0.7 else plays
        play = pool[rng.randrange(len(pool))]
        params["tile"], params["end"] = play.tile, play.end
    elif ask.ask == "after-game":
        tile = last_tile_fits(p)
        assert tile is not None
        params["winner"] = "you"
        params["key_card"] = p.key_card(tile)
    return ask, params


def cross_check(
    p: Position, ask: str, value: Any, order: Sequence[int], names: Sequence[str]
) -> str | None:
    """What is wrong with the engine's answer ``value``, compared with what the simulation
    knows by another path (``None`` when they agree); ``names`` are the seats of ``order``.

    >>> from tutor.rules import Game, Line, TableRules
    >>> line = Line.parse(["5-1", "1-1", "1-3"])
    >>> game = Game.from_hands([["5-3"], ["6-6"]], rules=TableRules(players=2), line=line, turn=0)
    >>> p = Position.from_game(game)
    >>> cross_check(p, "legal-plays", ["5-3 left", "5-3 right"], [0, 1], ["you", "Ann"])
    >>> cross_check(p, "key-card", True, [0, 1], ["you", "Ann"])  # 5-3 is not the key card
    'the key card is recognised as one'
    """
    problem = None
    tile = last_tile_fits(p) if ask in ("key-card", "game-points") else None
    is_key = tile is not None and key_card(p.line, tile, p.out)
    if ask == "key-card" and value is not is_key:
        problem = f"the key card is {'not ' if is_key else ''}recognised as one"
    elif ask == "game-points" and value != domino_points(p.stake, p.rules, key_card=is_key):
        problem = f"a domino {'with' if is_key else 'without'} the key card earns {value}"
    elif ask == "blocked-winner":
        outcome = blocked_outcome([p.hands[seat] or 0 for seat in order])
        expected = "tie" if outcome.winner is None else names[outcome.winner]
        if value != expected:
            problem = f"the block's winner is {value}, the counts say {expected}"
    elif ask == "hard-ends" and value != [str(f.end) for f in hard_ends(p.line, p.out)]:
        problem = f"the hard ends are {value}"
    elif ask == "legal-plays" and value != sorted(str(play) for play in p.legal_plays()):
        problem = f"the legal plays are {value}"
    elif ask == "best-play":
        points = {str(play): p.play(play).score.credited for play in p.legal_plays()}
        best = max(points.values())
        if value != sorted(play for play, n in points.items() if n == best):
            problem = f"the best plays are {value}"
    elif ask == "after-game" and value["result"] != "six-love":
        problem = f"the set goes on with {value['result']}"
    return problem


def theme_hint(topic: str, ask: str) -> str | None:
    """The hint the generator gives a puzzle of ``topic`` asking ``ask``: English source text,
    translated by the catalogs where it is shown (a puzzle from the learner's game keeps it,
    not a sentence of the coach in the language of that game).

    >>> theme_hint("play-the-odds", "winning-play").startswith("Which tiles")
    True
    >>> theme_hint("hard-ends", "winning-play") is None
    True
    """
    recipe = RECIPES.get(topic)
    asks = [a for a in recipe.asks if a.ask == ask] if recipe is not None else []
    return asks[0].hint if asks else None
