"""Mistakes become puzzles: scenario files (the contract's format) in the learner's data.

A position where the learner lost 0.1 or more is written with the learner's view only (their
hand, the line, the other hands as counts, the scores) and the coach's reason as the hint:

- Fives & Threes, as ``best-play`` (the plays that score the most now) when the coach's best
  play is one of them and the play made is not (the file's ``expect`` is the engine's answer);
- otherwise (every Cutthroat mistake, and the Fives & Threes ones ``best-play`` cannot ask) as
  ``winning-play`` from the learner's view, with the numbers the others are known to lack from
  their passes as ``lacks``, when the solver proves the coach's best tile best whatever the
  hidden hands hold (``tutor.search.view_proof``) and the play made is not; when the coach
  gives no reason beyond the win chances (which would name the answer), the hint is the
  theme's (``play-the-odds``, ``score-the-odds``).

Other mistakes stay in the game's review only: a file is written only when ``validate`` will
prove its answer again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tutor.play.model.practice import Decision, HandReview, PracticeGame
from tutor.questions.coach import Chances, Grade
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import FIVES_AND_THREES
from tutor.scenarios.model import Question, Scenario
from tutor.scenarios.writer import scenario_text
from tutor.store.files import write_atomic
from tutor.words.i18n import Speaker
from tutor.words.play import reason_text, seat_names


def scoring_best(decision: Decision, choices: list[Play]) -> list[Play]:
    """The plays that score the most now, chip-out and the exact target included (the
    contract's ``best-play`` answer)."""
    points = {play: decision.view.play(play).score.credited for play in choices}
    top = max(points.values())
    return [play for play in choices if points[play] == top]


def puzzle_text(game: PracticeGame, decision: Decision, graded: Grade, sp: Speaker) -> str | None:
    """The scenario file of a mistake, or ``None`` when ``best-play`` cannot ask it."""
    view = decision.view
    if not view.is_fives_and_threes:
        return view_puzzle_text(game, decision, graded, sp)
    choices = [play for play, _ in graded.chances]
    best = scoring_best(decision, choices)
    if graded.best not in best or graded.played in best:
        # the contract's answer would not tell the best play from the one made
        return view_puzzle_text(game, decision, graded, sp)
    names = seat_names(2)
    line: Line = view.line
    hint = " ".join(reason_text(r, names, sp) for r in graded.reasons if not isinstance(r, Chances))
    title = sp._("A play from your game")
    identifier = f"mine/{game.options.deal_id}-{decision.hand}-{decision.action}"
    question = Question("best-play", {}, [str(p) for p in best], True, hint or None)
    scenario = Scenario(
        id=identifier,
        game=FIVES_AND_THREES,
        topic="fives-and-threes-scoring",
        level=3,
        title=title,
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
    )
    return scenario_text(scenario, ("score.target",))


MINE_TILES = {"cutthroat": 16, "fives-and-threes": 8}
"""A mistake is proved from the learner's view only when the hands hold this many tiles or fewer
(the solver plays out the deals at the end of the hand, while the learner waits)."""


def view_position(decision: Decision, names: tuple[str, ...]) -> Position:
    """The learner's view at a decision (other hands as counts), with the seats' names."""
    return replace(decision.view, seats=names)


def view_puzzle_text(
    game: PracticeGame, decision: Decision, graded: Grade, sp: Speaker
) -> str | None:
    """A ``winning-play`` file from the learner's view, or ``None`` when the solver does not
    prove the coach's best tile best (and the play made worse) whatever the others hold."""
    from tutor.search.view_proof import NotAView, prove_view

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
    hint = " ".join(reason_text(r, names, sp) for r in graded.reasons if not isinstance(r, Chances))
    identifier = f"mine/{game.options.deal_id}-{decision.hand}-{decision.action}"
    rules = view.rules
    fives = view.is_fives_and_threes
    if not hint:  # the coach gave no reason beyond the chances: the theme's hint
        from tutor.scenarios.mining.recipes import RECIPES

        hint = sp._(RECIPES["score-the-odds" if fives else "play-the-odds"].asks[0].hint)
    topic = "score-the-odds" if fives else "play-the-odds"
    lacked = {names[s]: view.lacked(s) for s in lacks}
    params = {"lacks": lacked} if lacked else {}
    expect = sorted(str(p) for p in proof.best)
    scenario = Scenario(
        id=identifier,
        game=rules.game,
        topic=topic,
        level=4,
        title=sp._("A play from your game"),
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
        question=Question("winning-play", params, expect, True, hint or None),
        path="",
    )
    return scenario_text(scenario, ("table.boneyard", "table.out", "score.target"))


def write_puzzles(game: PracticeGame, review: HandReview, sp: Speaker, folder: Path) -> list[Path]:
    """Write the hand's mistakes that ``best-play`` can ask as scenario files."""
    written = []
    for decision, graded in review.mistakes:
        text = puzzle_text(game, decision, graded, sp)
        if text is None:
            continue
        path = folder / f"{game.options.deal_id}-{decision.hand}-{decision.action}.toml"
        write_atomic(path, text)
        written.append(path)
    return written
