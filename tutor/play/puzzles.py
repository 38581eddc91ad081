"""Mistakes become puzzles: scenario files (the contract's format) in the learner's data.

A position where the learner lost 0.1 or more is written with the learner's view only (their
hand, the line, the other hands as counts, the scores):

- Fives & Threes, as ``best-play`` (the plays that score the most now) when the coach's best
  play is one of them and the play made is not (the file's ``expect`` is the engine's answer);
- otherwise (every Cutthroat mistake, and the Fives & Threes ones ``best-play`` cannot ask) as
  ``winning-play`` from the learner's view, with the numbers the others are known to lack from
  their passes as ``lacks``, when the solver proves the coach's best tile best whatever the
  hidden hands hold (``tutor.search.view_proof``) and the play made is not.

Other mistakes stay in the game's review only: a file is written only when ``validate`` will
prove its answer again.

The file keeps facts and ids, never a sentence in the language the game was played in: its
``[origin]`` names the saved game, the hand, the learner's choice in that hand (counted as the
review counts the graded plays, from 1), the play made and the coach's best play; its hint is
the theme's (English source text, translated where it is shown). The quiz says the title, the
story and the explanation in the learner's language of the day.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from tutor.play.model.practice import Decision, HandReview
from tutor.questions.coach import Grade
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.scenarios.mining.recipes import theme_hint
from tutor.scenarios.model import Origin, Question, Scenario
from tutor.scenarios.origin import MINE
from tutor.scenarios.writer import scenario_text
from tutor.store.files import write_atomic
from tutor.words.play import seat_names


def scoring_best(decision: Decision, choices: list[Play]) -> list[Play]:
    """The plays that score the most now, chip-out and the exact target included (the
    contract's ``best-play`` answer)."""
    points = {play: decision.view.play(play).score.credited for play in choices}
    top = max(points.values())
    return [play for play in choices if points[play] == top]


@dataclass(frozen=True)
class Mistake:
    """A graded mistake and where it was made: the saved game's id and the learner's choice
    in the hand (from 1, as the review counts the graded plays)."""

    game_id: str
    decision: Decision
    graded: Grade
    choice: int

    @property
    def origin(self) -> Origin:
        """The file's ``[origin]``."""
        d, g = self.decision, self.graded
        return Origin(self.game_id, d.hand, self.choice, g.played, g.best)

    @property
    def name(self) -> str:
        """The file's name without ``.toml``, and its id without ``mine/``."""
        return f"{self.game_id}-{self.decision.hand}-{self.choice}"

    @property
    def title(self) -> str:
        """The file's title: English, for a reader that knows no ``[origin]`` (the quiz says
        it from ``[origin]`` in the learner's language)."""
        return f"Your game {self.game_id[:8]}: hand {self.decision.hand}, choice {self.choice}"


def puzzle_text(mistake: Mistake) -> str | None:
    """The scenario file of a mistake, or ``None`` when no question can ask it."""
    decision, graded = mistake.decision, mistake.graded
    view = decision.view
    if not view.is_fives_and_threes:
        return view_puzzle_text(mistake)
    choices = [play for play, _ in graded.chances]
    best = scoring_best(decision, choices)
    if graded.best not in best or graded.played in best:
        # the contract's answer would not tell the best play from the one made
        return view_puzzle_text(mistake)
    names = seat_names(2)
    line: Line = view.line
    topic = "fives-and-threes-scoring"
    hint = theme_hint(topic, "best-play")
    question = Question("best-play", {}, [str(p) for p in best], True, hint)
    scenario = Scenario(
        id=MINE + mistake.name,
        game=FIVES_AND_THREES,
        topic=topic,
        level=3,
        title=mistake.title,
        story=None,
        seats=names,
        turn="you",
        line=line,
        hands={"you": view.known_hand(0)},
        hidden={names[1]: view.size(1)},
        boneyard=0,
        boneyard_hidden=view.hidden_boneyard,
        out=view.out,
        scores={"you": view.score(0), names[1]: view.score(1)},
        stake=1,
        rules=view.rules,
        pose=None,
        question=question,
        path="",
        origin=mistake.origin,
    )
    return scenario_text(scenario, ("score.target",))


MINE_TILES = {"cutthroat": 16, "fives-and-threes": 13}
"""A mistake is proved from the learner's view only when the hands hold this many tiles or fewer
(the solver plays out every deal it draws; the game goes on meanwhile, see ``tutor.play.app``).

Fives & Threes was held to 8 (four tiles each). But a learner who takes the most points now
(which ``best-play`` cannot fault) errs by what a play leaves the opponent to score, mostly
with 9 to 13 tiles in the hands, so nearly no Fives & Threes mistake became a puzzle. 13 takes
every choice of a hand but its lead: a lead's proof costs seconds (about 2 s of one core at
14 tiles, 0.5 s at 13), and a lead is rarely ``MARGIN`` points clear over the rest of the hand
(``tutor.search.proof``)."""


def view_position(decision: Decision, names: tuple[str, ...]) -> Position:
    """The learner's view at a decision (other hands as counts), with the seats' names."""
    return replace(decision.view, seats=names)


def view_puzzle_text(mistake: Mistake) -> str | None:
    """A ``winning-play`` file from the learner's view, or ``None`` when the solver does not
    prove the coach's best tile best (and the play made worse) whatever the others hold."""
    from tutor.search.view_proof import NotAView, prove_view

    decision, graded = mistake.decision, mistake.graded
    view = decision.view
    if view.rules.draws or sum(view.counts) > MINE_TILES[view.rules.game]:
        return None
    names = seat_names(len(view.counts))
    position = view_position(decision, names)
    lacks = {s: mask for s, mask in enumerate(view.lacks) if s != view.turn and mask}
    try:
        proof = prove_view(position, lacks)
    except NotAView:
        return None
    tiles = {play.tile for play in proof.best}
    if not proof.unique or graded.best.tile not in tiles or graded.played.tile in tiles:
        return None
    rules = view.rules
    fives = view.is_fives_and_threes
    topic = "score-the-odds" if fives else "play-the-odds"
    hint = theme_hint(topic, "winning-play")
    lacked = {names[s]: view.lacked(s) for s in lacks}
    params = {"lacks": lacked} if lacked else {}
    expect = sorted(str(p) for p in proof.best)
    scenario = Scenario(
        id=MINE + mistake.name,
        game=rules.game,
        topic=topic,
        level=4,
        title=mistake.title,
        story=None,
        seats=names,
        turn="you",
        line=view.line,
        hands={"you": view.known_hand(0)},
        hidden={names[s]: view.counts[s] for s in range(1, len(names))},
        boneyard=0,
        boneyard_hidden=view.hidden_boneyard if fives else 0,
        out=view.out,
        scores={names[s]: position.score(s) for s in range(len(names))},
        stake=1 if fives else view.stake,
        rules=rules,
        pose=None,
        question=Question("winning-play", params, expect, True, hint),
        path="",
        origin=mistake.origin,
    )
    return scenario_text(scenario, ("table.boneyard", "table.out", "score.target"))


def mistakes_of(review: HandReview, game_id: str) -> list[Mistake]:
    """The hand's mistakes, each with its choice number (its place among the graded plays)."""
    return [
        Mistake(game_id, decision, graded, choice)
        for choice, (decision, graded) in enumerate(review.grades, 1)
        if graded.is_mistake
    ]


def write_puzzles(review: HandReview, folder: Path, game_id: str) -> list[Path]:
    """Write the hand's mistakes that a question can ask as scenario files in ``folder``."""
    written = []
    for mistake in mistakes_of(review, game_id):
        text = puzzle_text(mistake)
        if text is None:
            continue
        path = folder / f"{mistake.name}.toml"
        write_atomic(path, text)
        written.append(path)
    return written
