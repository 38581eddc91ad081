"""Game records: one game as JSON (the rules, the seed, the deal id, every action, the grades).

The deal comes from the seed alone, so a record is its options and its actions; loading one
replays the actions through the engine, which checks each of them (a draw must draw the
very tile the seed deals). Grades travel with the record for the review.

Every game is kept in the learner's database (``tutor.store.games``: the ``games`` table holds
the record, ``graded_plays`` its grades): ``store_game`` saves it under its id (replacing the
row), ``GameSaver`` after every play on a connection held open, ``saved_game`` reads it back,
``latest_unfinished`` finds the game ``play --resume`` goes on with. JSON stays the format of
one game outside the database: ``export_game``/``load_game`` write and read it anywhere
(``--record FILE``, ``review FILE``, ``play --replay FILE``); a file write is atomic (a
temporary file in the same folder, then a rename). Records that earlier versions wrote as
files in ``games/`` are brought into the database once (``tutor.play.model.old_records``).
A record is checked against its schema (``record_schema``) before a play is replayed.

>>> from tutor.play.model.practice import PracticeGame
>>> from tutor.play.model.session import Options
>>> game = PracticeGame(Options(game="fives-and-threes", level=1, seed=5), coach="off")
>>> while not game.over:
...     _ = game.choose(game.legal_choices()[0]) if game.learner_to_play else game.step()
>>> data = to_json(game)
>>> again = from_json(json.loads(json.dumps(data)))
>>> again.session.scores == game.session.scores, again.session.actions == game.session.actions
(True, True)
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.play.model.practice import Counters, PracticeGame
from tutor.play.model.record_schema import (
    FORMAT,
    PROBLEMS,
    REASON_KINDS,
    REASON_TYPES,
    VERSION,
    ActionModel,
    RecordError,
    parse_play,
    parse_tile,
    validate_record,
)
from tutor.play.model.session import Options, ReplayError, SessionError
from tutor.questions.coach import Grade, Reason, Verdict
from tutor.rules.plays import Play
from tutor.rules.series import Action
from tutor.rules.table_rules import FIVES_AND_THREES, RulesError
from tutor.rules.tiles import Tile
from tutor.store import games as kept
from tutor.store.database import Database
from tutor.store.files import RECORD_LIMIT, FileRefused, read_limited, write_atomic
from tutor.store.json_check import FieldProblem, JsonProblem, found, parse_json

__all__ = [
    "FORMAT",
    "PROBLEMS",
    "VERSION",
    "GameSaver",
    "RecordError",
    "SavedGame",
    "export_game",
    "find_saved",
    "from_json",
    "latest_unfinished",
    "load_game",
    "new_game_id",
    "read_record",
    "saved_game",
    "saved_games",
    "store_game",
    "to_json",
]


# --- to JSON -------------------------------------------------------------------------------


def _reason_json(reason: Reason) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": REASON_KINDS[type(reason)]}
    for name in reason.__dataclass_fields__:
        value = getattr(reason, name)
        data[name] = str(value) if isinstance(value, Play | Tile) else value
    return data


PLACES = 6
"""Decimal places a record keeps of a chance: a hand's accuracy, recomputed from the record,
moves about 4.5 points per percentage point of loss, so four places could move it by 0.05.
In a Cutthroat set the loss is divided by the hand's swing (at least ``coach.MIN_SWING``,
0.05): six places still keep it within 0.01."""


def _grade_json(index: int, g: Grade) -> dict[str, Any]:
    chances = {p: round(c, PLACES) for p, c in g.chances}
    # The loss as the record's rounded chances give it, so that a reloaded record says the same
    # (none for a play as good as the best: its difference is within the noise).
    loss = round(max(0.0, chances.get(g.best, 0.0) - chances.get(g.played, 0.0)), PLACES)
    if not g.loss:
        loss = 0.0
    data: dict[str, Any] = {
        "action": index,
        "played": str(g.played),
        "best": str(g.best),
        "verdict": g.verdict.value,
        "chances": [[str(p), round(c, PLACES)] for p, c in g.chances],
        "reasons": [_reason_json(r) for r in g.reasons],
        "known": [[str(p), round(c, PLACES)] for p, c in g.known],
        "known_exact": g.known_exact,
        "errors": [[str(p), round(e, PLACES)] for p, e in g.errors],
        "loss_errors": [[str(p), round(e, PLACES)] for p, e in g.loss_errors],
        "loss": loss,
    }
    if g.scope == "set":  # elsewhere a swing of 1 and words that do not differ: as before
        data.update(swing=round(g.swing, PLACES), scope=g.scope)
        if g.reach is not None:
            data["reach"] = round(g.reach, PLACES)
    return data


def _action_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"hand": action.hand, "seat": action.seat, "kind": action.kind}
    if action.play is not None:
        data["play"] = str(action.play)
    if action.tile is not None:
        data["tile"] = str(action.tile)
    return data


def to_json(game: PracticeGame) -> dict[str, Any]:
    """The record of a game (finished or not) as JSON values."""
    options = game.options
    session = game.session
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": {
            "game": options.game,
            "players": session.rules.players,
            "boneyard": options.boneyard,
            "tied_block": options.tied_block,
            "key_card_bonus": options.key_card_bonus,
            "target": options.target,
        },
        "level": options.level,
        "seed": options.seed,
        "deal_id": options.deal_id,
        "coach": game.coach,
        "finished": session.over,
        "scores": list(session.scores),
        "hints": game.counters.hints,
        "take_backs": game.counters.take_backs,
        "actions": [_action_json(a) for a in session.actions],
        "grades": [_grade_json(i, g) for i, g in sorted(game.grades.items())],
    }


# --- from JSON -----------------------------------------------------------------------------


def _reason(model: Any) -> Reason:
    cls = REASON_TYPES[model.kind]
    values = {}
    for spec in dataclasses.fields(cls):
        value = getattr(model, spec.name)
        if spec.type == "Play":
            value = parse_play(value)
        elif spec.type == "Tile":
            value = parse_tile(value)
        values[spec.name] = value
    reason: Reason = cls(**values)
    return reason


def _pairs(pairs: Any) -> tuple[tuple[Play, float], ...]:
    return tuple((parse_play(play), float(value)) for play, value in pairs)


def _grade(model: Any) -> Grade:
    return Grade(
        parse_play(model.played),
        parse_play(model.best),
        _pairs(model.chances),
        Verdict(model.verdict),
        tuple(_reason(r) for r in model.reasons),
        _pairs(model.known),
        model.known_exact,
        _pairs(model.errors),
        _pairs(model.loss_errors),
        model.swing,
        model.scope,
        model.reach,
    )


def _action(model: ActionModel) -> Action:
    play = parse_play(model.play) if model.kind == "play" and model.play else None
    tile = parse_tile(model.tile) if model.kind == "draw" and model.tile else None
    return Action(model.hand, model.seat, model.kind, play, tile)


def _options(record: Any) -> Options:
    rules = record.rules
    try:
        options = Options(
            game=rules.game,
            players=rules.players,
            level=record.level,
            seed=record.seed,
            boneyard=rules.boneyard,
            tied_block=rules.tied_block,
            key_card_bonus=rules.key_card_bonus,
            target=rules.target,
        )
    except (SessionError, RulesError) as error:  # the schema's bounds leave none; a guard
        raise RecordError("damaged", field=FieldProblem("rules", "wrong", found(None))) from error
    if record.deal_id is not None and record.deal_id != options.deal_id:
        problem = FieldProblem("deal_id", "wrong", found(record.deal_id), options.deal_id)
        raise RecordError("damaged", field=problem)
    return options


def from_json(data: Any) -> PracticeGame:
    """The game a record describes (JSON values), checked field by field against the schema
    (``record_schema``) and replayed through the engine; ``RecordError`` if not."""
    record = validate_record(data)
    options = _options(record)
    actions = [_action(a) for a in record.actions]
    try:
        game = PracticeGame.replay(options, actions, coach=record.coach)
    except ReplayError as error:
        raise RecordError("does-not-replay", str(error), index=error.index,
                          why=error.misfit) from error
    except (SessionError, ValueError) as error:  # a guard: the engine's own refusals
        raise RecordError("does-not-replay", str(error)) from error
    fives = options.game == FIVES_AND_THREES
    for model in record.grades:
        graded = _grade(model)
        if fives and graded.scope == "hand":
            # A record keeps the scope of a set only: a Fives & Threes game's chances are
            # always of the match (a review said "less chance to win", the game had said
            # "less chance to win the match").
            graded = dataclasses.replace(graded, scope="match")
        game.grades[model.action] = graded
    game.counters = Counters(record.hints, record.take_backs)
    return game


# --- files ---------------------------------------------------------------------------------


def export_game(game: PracticeGame, path: Path) -> None:
    """Write one game's record as JSON to ``path``."""
    write_atomic(path, json.dumps(to_json(game), indent=1, ensure_ascii=False) + "\n")


def read_record(path: Path) -> Any:
    """The JSON values of the record file ``path``: a regular file of at most
    ``RECORD_LIMIT`` bytes, UTF-8 JSON (``RecordError``: ``refused`` or ``not-json``, with
    the ``FileRefused`` or ``JsonProblem`` as its ``cause``)."""
    try:
        raw = read_limited(path, limit=RECORD_LIMIT)
    except FileRefused as refused:
        raise RecordError("refused", refused.reason, cause=refused) from None
    try:
        return parse_json(raw)
    except JsonProblem as problem:
        raise RecordError("not-json", problem.reason, cause=problem) from None


def load_game(path: Path) -> PracticeGame:
    """Read one game's record (``RecordError`` with the problem when it cannot be read)."""
    return from_json(read_record(path))


# --- the learner's database ---------------------------------------------------------------


def new_game_id() -> str:
    """A new game's id in the database (the list of games shows it; its start is enough)."""
    return uuid.uuid4().hex[:12]


def store_game(game: PracticeGame, database: Path, game_id: str) -> None:
    """Keep ``game`` in the learner's database under ``game_id`` (replacing an earlier save).

    One short transaction: another tutor writing at the same time waits for it, never
    corrupts it (``StoreError`` or ``OSError`` when the database cannot be written).
    """
    db = Database(database)
    try:
        kept.save_game(db, {**to_json(game), "id": game_id})
    finally:
        db.close()


class GameSaver:
    """One game kept in the learner's database under ``game_id``, saved again after every play
    on a connection held open (``tutor.store.games.OpenGames``: well under a millisecond a save,
    where ``store_game`` opens and closes the file each time). Close it when the game stops.

    >>> import tempfile
    >>> from tutor.play.model.practice import PracticeGame
    >>> from tutor.play.model.session import Options
    >>> path = Path(tempfile.mkdtemp()) / "learner.sqlite3"
    >>> game = PracticeGame(Options(players=2, level=1, seed=3), coach="off")
    >>> with GameSaver(path, "a1b2c3") as save:
    ...     while len(game.session.actions) < 3:
    ...         mine = game.learner_to_play
    ...         _ = game.choose(game.legal_choices()[0]) if mine else game.step()
    ...         save(game)
    >>> len(saved_game(path, "a1b2c3").session.actions)
    3
    """

    def __init__(self, database: Path, game_id: str) -> None:
        self.game_id = game_id
        self.open = kept.OpenGames(database)

    def __call__(self, game: PracticeGame) -> None:
        """Save ``game`` (``StoreError`` or ``OSError`` when the database cannot be written)."""
        self.open.save({**to_json(game), "id": self.game_id})

    def close(self) -> None:
        """Let go of the database."""
        self.open.close()

    def __enter__(self) -> GameSaver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved game as the list of games shows it."""

    id: str
    saved: float
    game: str
    players: int
    level: int
    deal_id: str
    graded: int
    finished: bool


def saved_games(database: Path) -> list[SavedGame]:
    """The games kept in the learner's database, the newest first (unreadable ones left out)."""
    db = Database(database)
    try:
        listed = []
        for summary in kept.games(db):
            data = kept.find_record(db, summary.id) or {}  # {}: lost with a damaged page
            rules = data.get("rules")
            if data.get("format") != FORMAT or not isinstance(rules, dict):
                continue
            listed.append(
                SavedGame(
                    summary.id,
                    summary.saved,
                    str(rules.get("game")),
                    _whole(rules.get("players"), 2),
                    _whole(data.get("level"), 0),
                    str(data.get("deal_id"))[:8],
                    summary.graded,
                    summary.finished,
                )
            )
        return listed
    finally:
        db.close()


def _whole(value: Any, default: int) -> int:
    """A small whole number of a record for the list (``default`` when it is none)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
        return value
    return default


def find_saved(database: Path, prefix: str) -> list[str]:
    """The ids of the saved games that begin with ``prefix``."""
    db = Database(database)
    try:
        return kept.find_games(db, prefix)
    finally:
        db.close()


def saved_game(database: Path, game_id: str) -> PracticeGame:
    """The game saved under ``game_id`` (``KeyError`` when there is none, ``RecordError``
    when its record does not replay)."""
    db = Database(database)
    try:
        data = kept.load_game(db, game_id)
    finally:
        db.close()
    return from_json(data)


def latest_unfinished(database: Path) -> str | None:
    """The id of the most recently saved game that is not finished."""
    db = Database(database)
    try:
        return kept.latest_unfinished(db)
    finally:
        db.close()
