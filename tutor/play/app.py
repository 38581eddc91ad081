"""The ``play`` and ``review`` commands: options in, a practice game or a review out.

Plain mode is used with ``--plain`` or when stdin is not a terminal (the full-screen
application builds on the same ``PracticeGame``). Every game is written to the learner's
data (``games/``) after each hand and when it stops, and to ``--record FILE`` as well.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tutor.i18n import Speaker
from tutor.play.practice import CoachMode, HandReview, PracticeGame
from tutor.play.record import (
    RecordError,
    export_game,
    game_path,
    latest_unfinished,
    load_game,
    write_game,
)
from tutor.play.session import (
    LEARNER_SEAT,
    Event,
    GameOver,
    HandStarted,
    Options,
    Played,
    SessionError,
)
from tutor.play.words import event_lines, grade_lines, review_lines, seat_names
from tutor.rules.table_rules import GameName, RulesError

EXIT_OK, EXIT_BROKEN = 0, 2
PACE = 0.4
"""Seconds between computer plays in a terminal (0 with ``--fast``)."""


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass(frozen=True)
class PlayRequest:
    """The ``play`` command's options."""

    game: GameName = "cutthroat"
    players: int = 4
    level: int = 3
    seed: int | None = None
    coach: CoachMode = "live"
    plain: bool = False
    record: Path | None = None
    fast: bool = False
    resume: bool = False
    replay: Path | None = None
    boneyard: bool = False
    tied_block: str = "carry"
    ascii: bool = False


def data_dir() -> Path:
    """The learner's data folder (``$XDG_DATA_HOME/domino-tutor``)."""
    from tutor.quiz.progress import data_dir as base

    return base()


def record_problem(error: RecordError, path: Path, sp: Speaker) -> str:
    """A damaged or unreadable record in one sentence."""
    texts = {
        "unreadable": sp._("domino-tutor: cannot read the game record {path}."),
        "not-json": sp._("domino-tutor: {path} is not a game record: it is not valid JSON."),
        "not-a-record": sp._("domino-tutor: {path} is not a game record of domino-tutor."),
        "newer": sp._("domino-tutor: {path} was written by a newer version of domino-tutor."),
        "damaged": sp._("domino-tutor: the game record {path} is damaged (at '{detail}')."),
        "does-not-replay": sp._(
            "domino-tutor: the game record {path} does not replay by the rules: {detail}"
        ),
    }
    return texts[error.problem].format(path=path, detail=error.detail)


def play(request: PlayRequest, sp: Speaker, stdin: TextIO, stdout: TextIO) -> int:
    """Run ``domino-tutor play``."""
    from tutor.play.plain import PlainGame, PlainOptions

    folder = data_dir()
    if request.replay is not None:
        return replay(request.replay, sp, stdin, stdout)
    path: Path | None = None
    if request.resume:
        path = latest_unfinished(folder)
        if path is None:
            print(sp._("domino-tutor: there is no unfinished game to resume."), file=sys.stderr)
            return EXIT_BROKEN
        try:
            game = load_game(path)
        except RecordError as error:
            print(record_problem(error, path, sp), file=sys.stderr)
            return EXIT_BROKEN
    else:
        if request.boneyard and (request.game != "cutthroat" or request.players != 2):
            print(
                sp._("domino-tutor: --boneyard is an option of 2-player Cutthroat only."),
                file=sys.stderr,
            )
            return EXIT_BROKEN
        seed = request.seed if request.seed is not None else int.from_bytes(os.urandom(3))
        try:
            options = Options(
                game=request.game,
                players=request.players,
                level=request.level,
                seed=seed,
                boneyard=request.boneyard,
                tied_block=request.tied_block,  # type: ignore[arg-type]
            )
        except (SessionError, RulesError) as error:
            print(
                sp._("domino-tutor: these table rules cannot be played: {error}").format(
                    error=error
                ),
                file=sys.stderr,
            )
            return EXIT_BROKEN
        game = PracticeGame(options, coach=request.coach)
        path = game_path(folder, game)

    failed: set[Path] = set()

    def save(current: PracticeGame) -> None:
        assert path is not None
        for target, write in ((path, write_game), (request.record, export_game)):
            if target is None:
                continue
            try:
                write(current, target)
            except OSError as error:
                if target not in failed:  # say it once, then play on
                    failed.add(target)
                    print(
                        sp._("domino-tutor: cannot save the game to {path}: {error}").format(
                            path=target, error=error.strerror or error
                        ),
                        file=sys.stderr,
                    )

    def on_review(current: PracticeGame, review: HandReview) -> None:
        from tutor.play.puzzles import write_puzzles

        puzzles = folder / "puzzles"
        try:
            write_puzzles(current, review, sp, puzzles)
        except OSError as error:
            if puzzles not in failed:
                failed.add(puzzles)
                print(
                    sp._("domino-tutor: cannot save the game to {path}: {error}").format(
                        path=puzzles, error=error.strerror or error
                    ),
                    file=sys.stderr,
                )
        save(current)

    if not request.plain and _is_terminal(stdin) and _is_terminal(stdout):
        from tutor.play.tui.app import run_screen
        from tutor.quiz.app import can_draw_boxes

        run_screen(
            game,
            sp,
            stdout,
            pace=0.0 if request.fast else PACE,
            ascii=request.ascii or not can_draw_boxes(stdout),
            color="NO_COLOR" not in os.environ,
            save=save,
            on_review=on_review,
        )
        return EXIT_OK
    plain = PlainGame(
        game,
        sp,
        stdin,
        stdout,
        options=PlainOptions(pace=0.0 if request.fast or not _is_terminal(stdout) else PACE),
        save=save,
        on_review=on_review,
    )
    plain.run()
    return EXIT_OK


def review(path: Path, sp: Speaker, stdout: TextIO) -> int:
    """Run ``domino-tutor review FILE``: the game's hands, plays and grades."""
    try:
        game = load_game(path)
    except RecordError as error:
        print(record_problem(error, path, sp), file=sys.stderr)
        return EXIT_BROKEN
    for line in review_text(game, sp):
        print(line, file=stdout)
    return EXIT_OK


def review_text(game: PracticeGame, sp: Speaker) -> list[str]:
    """The review of a recorded game, hand by hand."""
    session = game.session
    names = seat_names(session.seats)
    lines = [
        sp._("Deal {id} (seed {seed}), computer level {level}.").format(
            id=session.deal_id, seed=game.options.seed, level=game.options.level
        )
    ]
    by_hand: dict[int, list[int]] = {}
    for index in sorted(game.grades):
        by_hand.setdefault(session.actions[index].hand, []).append(index)
    for hand in range(1, session.hand + 1):
        grades = [game.grades[i] for i in by_hand.get(hand, [])]
        lines += review_lines(hand, grades, names, sp)
    for event in session.events:
        if isinstance(event, GameOver):
            lines += event_lines(event, names, sp, first=False, rules=session.rules)
    if not session.over:
        lines.append(sp._("The game is not finished."))
    lines.append(
        sp._("Hints: {hints}, take-backs: {backs}.").format(
            hints=game.counters.hints, backs=game.counters.take_backs
        )
    )
    return lines


def replay(path: Path, sp: Speaker, stdin: TextIO, stdout: TextIO) -> int:
    """Run ``play --replay FILE``: step through a recorded game (Enter: next, q: stop)."""
    from tutor.play.session import Session

    try:
        game = load_game(path)
    except RecordError as error:
        print(record_problem(error, path, sp), file=sys.stderr)
        return EXIT_BROKEN
    session = Session(game.options)
    names = seat_names(session.seats)
    rules = session.rules
    interactive = _is_terminal(stdin)
    first = True
    before = session.scores

    def show(events: list[Event]) -> None:
        nonlocal first, before
        for event in events:
            first = True if isinstance(event, HandStarted) else first
            lines = event_lines(event, names, sp, first=first, rules=rules, scores_before=before)
            print("\n".join(lines), file=stdout)
            if isinstance(event, Played):
                first = False
                before = session.scores

    show(list(session.events))
    for index, action in enumerate(game.session.actions):
        if interactive:
            stdout.write("> ")
            stdout.flush()
            if stdin.readline().strip().lower() in ("q", "quit"):
                return EXIT_OK
        if session.hand_over:
            show(session.step())
        show(session.apply(action))
        if action.seat == LEARNER_SEAT and index in game.grades:
            print("\n".join(grade_lines(game.grades[index], names, sp)), file=stdout)
    return EXIT_OK
