"""Mistakes become puzzles: scenario files (the contract's format) in the learner's data.

A position where the learner lost 0.1 or more is written as a ``best-play`` scenario with
the learner's view only (their hand, the line, the other hand as a count, the scores) and
the coach's reason as the hint. The contract's ``best-play`` asks for the plays that score
the most Fives & Threes points now, so a mistake becomes a puzzle when the coach's best
play is one of them (the file's ``expect`` is the engine's answer); other mistakes (every
Cutthroat one) stay in the game's review only.
"""

from __future__ import annotations

from pathlib import Path

from tutor.i18n import Speaker
from tutor.play.coach import Chances, Grade
from tutor.play.practice import Decision, HandReview, PracticeGame
from tutor.play.record import write_atomic
from tutor.play.words import reason_text, seat_names
from tutor.rules.fives_threes import credited_points, ends_total, score_total
from tutor.rules.game import Play
from tutor.rules.line import LEFT, Line
from tutor.rules.tiles import tiles_of


def points_now(decision: Decision, play: Play) -> int:
    """Fives & Threes points credited for ``play`` now (chip-out and the exact target)."""
    view = decision.view
    line = decision.line.copy()
    line.place(play.tile, play.end if len(line) else LEFT)
    earned = score_total(ends_total(line)).points + (1 if view.hand == play.tile.bit else 0)
    return credited_points(view.scores[view.seat], earned, view.rules.target)


def scoring_best(decision: Decision, choices: list[Play]) -> list[Play]:
    """The plays that score the most now (the contract's ``best-play`` answer)."""
    points = {play: points_now(decision, play) for play in choices}
    top = max(points.values())
    return [play for play in choices if points[play] == top]


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _list(items: list[str]) -> str:
    return "[" + ", ".join(_toml_string(i) for i in items) + "]"


def puzzle_text(game: PracticeGame, decision: Decision, graded: Grade, sp: Speaker) -> str | None:
    """The scenario file of a mistake, or ``None`` when ``best-play`` cannot ask it."""
    view = decision.view
    if not view.is_fives_and_threes:
        return None
    choices = [play for play, _ in graded.chances]
    best = scoring_best(decision, choices)
    if graded.best not in best or graded.played in best:
        return None  # the contract's answer would not tell the best play from the one made
    names = seat_names(2)
    line: Line = decision.line
    placed = [f"{p.left}-{p.right}" for p in line]
    hint = " ".join(reason_text(r, names, sp) for r in graded.reasons if not isinstance(r, Chances))
    title = sp._("A play from your game")
    identifier = f"mine/{game.options.deal_id}-{decision.hand}-{decision.action}"
    lines = [
        f"id = {_toml_string(identifier)}",
        'game = "fives-and-threes"',
        'topic = "fives-and-threes-scoring"',
        "level = 3",
        f"title = {_toml_string(title)}",
        f"seats = {_list(list(names))}",
        'turn = "you"',
        "",
        "[table]",
        f"line = {_list(placed)}",
        "",
        "[hands]",
        f"you = {_list([str(t) for t in tiles_of(view.hand)])}",
        f"{names[1]} = {view.counts[1]}",
        "",
        "[score]",
        f"you = {view.scores[0]}",
        f"{names[1]} = {view.scores[1]}",
        f"target = {view.rules.target}",
        "",
        "[question]",
        'ask = "best-play"',
        f"expect = {_list([str(p) for p in best])}",
    ]
    if hint:
        lines.append(f"hint = {_toml_string(hint)}")
    return "\n".join(lines) + "\n"


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
