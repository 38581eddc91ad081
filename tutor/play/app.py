"""The ``play`` and ``review`` commands: options in, a practice game or a review out.

Plain mode is used with ``--plain`` or when stdin is not a terminal (the full-screen
application builds on the same ``PracticeGame``). Every game is kept in the learner's
database and written to ``--record FILE`` (atomically) after every play and when it stops, so
that a kill at any moment resumes at the last play and leaves a record that reads up to it.
``review`` lists the saved games; ``review GAME`` and ``play --replay GAME`` take a saved
game's id (its first letters are enough) or a record file, and show its review step by step
(``tutor.play.tui.review`` on a terminal, ``tutor.play.review`` as text).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tutor.play import PACE
from tutor.play.model.old_records import import_old_records
from tutor.play.model.practice import CoachMode, HandReview, PracticeGame
from tutor.play.model.record import (
    GameSaver,
    RecordError,
    export_game,
    find_saved,
    load_game,
    new_game_id,
    saved_game,
    saved_games,
)
from tutor.play.model.session import Options, SessionError
from tutor.play.resume import resumable, tell_notices, tell_problem
from tutor.rules.series import GameOver
from tutor.rules.table_rules import CUTTHROAT, GameName, RulesError
from tutor.store.database import DATABASE_NAME, Database, StoreError, diagnose
from tutor.store.files import data_dir
from tutor.store.lock import hold_game
from tutor.terminal import can_draw_boxes, is_terminal, tell, wrap
from tutor.words.i18n import Speaker
from tutor.words.play import event_lines, seat_names
from tutor.words.records import old_games_sentence, record_sentence
from tutor.words.system import system_reason
from tutor.words.vocabulary import game_name

EXIT_OK, EXIT_BROKEN = 0, 2


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
    pace: float = PACE
    """Seconds between computer plays (``--fast``: none)."""
    resume: bool = False
    replay: str | None = None
    """A saved game's id or a record file."""
    boneyard: bool = False
    tied_block: str = "carry"
    ascii: bool = False


def database_path(folder: Path) -> Path:
    """The learner's database in the data folder."""
    return folder / DATABASE_NAME


def open_games(folder: Path, sp: Speaker, *, write: bool = True) -> Path | None:
    """Open (create, migrate) the learner's database and bring in the game files of earlier
    versions; say so when a damaged or foreign file was moved aside. ``None`` (and a sentence
    that says what is wrong and how to mend it) when it cannot be opened, or, with ``write``,
    when nothing could be saved in it."""
    path = database_path(folder)
    try:
        db = Database(path)
        try:
            if write:
                db.check_writable()
            old = import_old_records(folder, db)
        finally:
            db.close()
    except StoreError as error:
        tell_notices(sp)
        tell_problem(error, path, sp)
        return None
    except OSError as error:
        tell_notices(sp)
        tell_problem(diagnose(path, error), path, sp)
        return None
    tell_notices(sp)
    if old.refused and old.kept_in is not None:
        names = [name for name, _ in old.refused]
        tell([old_games_sentence(names, old.kept_in, sp)], sys.stderr)
    return path


def record_problem(error: RecordError, path: Path | str, sp: Speaker) -> str:
    """A damaged or unreadable record in one sentence (``tutor.words.records``)."""
    return record_sentence(error, path, sp)


def play(request: PlayRequest, sp: Speaker, stdin: TextIO, stdout: TextIO) -> int:
    """Run ``domino-tutor play``."""
    folder = data_dir()
    if request.replay is not None:
        return replay(request.replay, sp, stdin, stdout, plain=request.plain, ascii=request.ascii)
    database = open_games(folder, sp)
    if database is None:
        return EXIT_BROKEN  # nothing could be kept: said why and how to mend it
    held = None
    if request.resume:
        found = resumable(database, folder, sp)
        if found is None:
            return EXIT_BROKEN
        game_id, held = found
        try:
            game = saved_game(database, game_id)
        except RecordError as error:
            held.release()
            tell([record_problem(error, game_id, sp)], sys.stderr)
            return EXIT_BROKEN
    else:
        if request.boneyard and (request.game != "cutthroat" or request.players != 2):
            tell(
                [sp._("domino-tutor: --boneyard is an option of 2-player Cutthroat only.")],
                sys.stderr,
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
            tell(
                [
                    sp._("domino-tutor: these table rules cannot be played: {error}").format(
                        error=error
                    )
                ],
                sys.stderr,
            )
            return EXIT_BROKEN
        game = PracticeGame(options, coach=request.coach)
        game_id = new_game_id()

    if held is None:
        held = hold_game(folder, game_id)  # a new id: nobody else holds it
    try:
        return _play_held(request, sp, stdin, stdout, folder, database, game, game_id)
    finally:
        held.release(finished=game.over)


def _play_held(
    request: PlayRequest,
    sp: Speaker,
    stdin: TextIO,
    stdout: TextIO,
    folder: Path,
    database: Path | None,
    game: PracticeGame,
    game_id: str,
) -> int:
    """Play ``game`` (held by this tutor) on the screen or line by line, saving as it goes."""
    from tutor.play.plain import PlainGame, PlainOptions

    failed: set[Path] = set()
    saver = None if database is None else GameSaver(database, game_id)

    def keep(current: PracticeGame, target: Path) -> None:
        if target == database and saver is not None:
            saver(current)
        else:
            export_game(current, target)

    def save(current: PracticeGame, targets: tuple[Path | None, ...] = ()) -> bool:
        """Keep the game in each target; True when every one has it now."""
        kept_all = True
        for target in targets or (database, request.record):
            if target is None:
                continue
            try:
                keep(current, target)
            except (OSError, StoreError) as error:
                kept_all = False
                if target not in failed:  # say it once, then play on
                    failed.add(target)
                    say_unsaved(target, error)
        return kept_all

    def say_unsaved(target: Path, error: OSError | StoreError) -> None:
        if target == database:
            problem = error if isinstance(error, StoreError) else diagnose(target, error)
            tell_problem(problem, target, sp)
            return
        tell(
            [
                sp._("domino-tutor: cannot save the game to {path}: {error}").format(
                    path=target, error=system_reason(error, sp)
                )
            ],
            sys.stderr,
        )

    def write_mistakes(review: HandReview) -> None:
        from tutor.play.puzzles import write_puzzles

        puzzles = folder / "puzzles"
        try:
            write_puzzles(review, puzzles, game_id)
        except OSError as error:
            if puzzles not in failed:
                failed.add(puzzles)
                tell(
                    [
                        sp._("domino-tutor: cannot save the game to {path}: {error}").format(
                            path=puzzles, error=system_reason(error, sp)
                        )
                    ],
                    sys.stderr,
                )

    # The proofs of a hand's puzzles take up to a second or two: a thread of their own, so
    # that the end of the hand is shown (and the next played) meanwhile; all are written
    # before the command ends.
    writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="puzzles")
    writing: list[Future[None]] = []

    def on_review(current: PracticeGame, review: HandReview) -> bool:
        writing.append(writer.submit(write_mistakes, review))
        return save(current)

    def checkpoint(current: PracticeGame) -> bool:
        """After every play: the database (``play --resume`` reads it) and the ``--record``
        file, so that a kill at any moment leaves both at the last play."""
        return save(current)

    try:
        if not request.plain and is_terminal(stdin) and is_terminal(stdout):
            from tutor.play.tui.app import run_screen

            run_screen(
                game,
                sp,
                stdout,
                pace=0.0 if request.fast else request.pace,
                ascii=request.ascii or not can_draw_boxes(stdout),
                color="NO_COLOR" not in os.environ,
                save=save,
                checkpoint=checkpoint,
                on_review=on_review,
            )
            if game.over:  # the screen has closed: its last words stay on the terminal
                names = seat_names(game.session.seats)
                for event in game.session.events:
                    if isinstance(event, GameOver):
                        rules = game.session.rules
                        tell(event_lines(event, names, sp, first=False, rules=rules), stdout)
        else:
            plain = PlainGame(
                game,
                sp,
                stdin,
                stdout,
                options=PlainOptions(
                    pace=0.0 if request.fast or not is_terminal(stdout) else request.pace
                ),
                save=save,
                checkpoint=checkpoint,
                on_review=on_review,
            )
            plain.run()
    finally:
        writer.shutdown(wait=True)
        if saver is not None:
            saver.close()
    for written in writing:
        written.result()  # an error of the proofs is raised here, as it was in the game
    kept(game, database, game_id, failed, sp, stdout)
    return EXIT_OK


def kept(
    game: PracticeGame,
    database: Path | None,
    game_id: str,
    failed: set[Path],
    sp: Speaker,
    stdout: TextIO,
) -> None:
    """After a finished game: where its review is (when it could be kept)."""
    if game.over and database is not None and database not in failed:
        text = sp._("The game is kept: domino-tutor review {id} shows its review again.")
        tell([text.format(id=game_id[:8])], stdout)


def find_game(spec: str | Path, sp: Speaker) -> PracticeGame | None:
    """The game ``spec`` names: a saved game's id (its first letters are enough) or a record
    file (a ``Path`` is always a file). ``None`` after a sentence on stderr when there is none,
    or it cannot be read."""
    path = Path(spec)
    database = database_path(data_dir())
    ids: list[str] = []
    if isinstance(spec, Path):
        spec = str(spec)
    elif not path.exists() and database.exists():
        try:
            ids = find_saved(database, spec.strip()) if spec.strip() else []
        except StoreError as error:
            tell_problem(error, database, sp)
            return None
        except OSError as error:
            tell_problem(diagnose(database, error), database, sp)
            return None
        tell_notices(sp)
    if len(ids) > 1:
        tell(
            [
                sp._("domino-tutor: {id} is the start of several saved games: {ids}.").format(
                    id=spec, ids=", ".join(ids)
                )
            ],
            sys.stderr,
        )
        return None
    try:
        if ids:
            return saved_game(database, ids[0])
        if not path.exists() and path.suffix.lower() != ".json" and os.sep not in spec:
            tell(
                [
                    sp._(
                        "domino-tutor: there is no saved game {id} and no file of that name; "
                        "domino-tutor review lists your saved games."
                    ).format(id=spec)
                ],
                sys.stderr,
            )
            return None
        return load_game(path)
    except RecordError as error:
        tell([record_problem(error, ids[0] if ids else path, sp)], sys.stderr)
        return None
    except StoreError as error:
        tell_problem(error, database, sp)
        return None
    except KeyError:  # lost with a damaged database (said when it was recovered)
        tell_notices(sp)
        text = sp._(
            "domino-tutor: there is no saved game {id} and no file of that name; "
            "domino-tutor review lists your saved games."
        )
        tell([text.format(id=spec)], sys.stderr)
        return None
    finally:
        tell_notices(sp)


def review(
    spec: str | Path | None,
    sp: Speaker,
    stdout: TextIO,
    export: Path | None = None,
    *,
    plain: bool = False,
    ascii: bool = False,
    stdin: TextIO | None = None,
) -> int:
    """Run ``domino-tutor review [GAME] [--export FILE]``: without GAME the list of saved
    games; with it, the game's review step by step (and its record written to FILE)."""
    if spec is None:
        return list_games(sp, stdout)
    game = find_game(spec, sp)
    if game is None:
        return EXIT_BROKEN
    if export is not None:
        try:
            export_game(game, export)
        except OSError as error:
            tell(
                [
                    sp._("domino-tutor: cannot save the game to {path}: {error}").format(
                        path=export, error=system_reason(error, sp)
                    )
                ],
                sys.stderr,
            )
            return EXIT_BROKEN
    show_review(game, sp, stdin or sys.stdin, stdout, plain=plain, ascii=ascii)
    return EXIT_OK


def show_review(
    game: PracticeGame, sp: Speaker, stdin: TextIO, stdout: TextIO, *, plain: bool, ascii: bool
) -> None:
    """The review of ``game``: the full screen on a terminal, else (or with ``--plain``) the
    same position by position as text (``tutor.play.review``)."""
    if not plain and is_terminal(stdin) and is_terminal(stdout):
        from tutor.play.tui.review import run_review

        run_review(
            game,
            sp,
            stdout,
            ascii=ascii or not can_draw_boxes(stdout),
            color="NO_COLOR" not in os.environ,
        )
        return
    from tutor.play.review import Review

    tell(Review(game, sp).plain(), stdout)


def list_games(sp: Speaker, stdout: TextIO) -> int:
    """``domino-tutor review`` without a game: the saved games, the newest first."""
    folder = data_dir()
    database = database_path(folder)
    games = []
    if database.exists() or database.is_symlink() or (folder / "games").is_dir():
        path = open_games(folder, sp, write=False)
        if path is None:
            return EXIT_BROKEN
        try:
            games = saved_games(path)
        except StoreError as error:
            tell_problem(error, path, sp)
            return EXIT_BROKEN
        except OSError as error:
            tell_problem(diagnose(path, error), path, sp)
            return EXIT_BROKEN
        finally:
            tell_notices(sp)
    if not games:
        tell([sp._("No saved games yet: play one with domino-tutor play.")], stdout)
        return EXIT_OK
    width = min(shutil.get_terminal_size().columns, 80)
    lines = [sp._("Your saved games, the newest first:")]
    for saved in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved))
        kind = game_name(saved.game, sp)
        if saved.game == CUTTHROAT:
            kind = sp._("{game}, {players} players").format(game=kind, players=saved.players)
        details = [
            sp._("level {level}").format(level=saved.level),
            sp._("deal {id}").format(id=saved.deal_id),
            sp.ngettext("{n} graded play", "{n} graded plays", saved.graded).format(n=saved.graded),
            sp._("finished") if saved.finished else sp._("not finished"),
        ]
        lines.append(f"{saved.id[:8]}  {when}")
        lines += wrap(" " * 10 + " · ".join([kind, *details]), width, indent=" " * 10)
    lines += wrap(
        sp._("One game's review: domino-tutor review ID (the first letters of the ID are enough)."),
        width,
    )
    tell(lines, stdout)
    return EXIT_OK


def replay(
    spec: str | Path,
    sp: Speaker,
    stdin: TextIO,
    stdout: TextIO,
    *,
    plain: bool = False,
    ascii: bool = False,
) -> int:
    """Run ``play --replay GAME``: the review of a saved or recorded game, step by step."""
    game = find_game(spec, sp)
    if game is None:
        return EXIT_BROKEN
    show_review(game, sp, stdin, stdout, plain=plain, ascii=ascii)
    return EXIT_OK
