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
files in ``games/`` are brought into the database once (``import_old_records``); the folder
is kept as ``games.migrated``.

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

import contextlib
import hashlib
import json
import os
import uuid
from dataclasses import MISSING, dataclass
from pathlib import Path
from typing import Any

from tutor.play.model.practice import COACH_MODES, Counters, PracticeGame
from tutor.play.model.session import Options, SessionError
from tutor.questions.coach import (
    Answer,
    BlockWins,
    Chances,
    CountKept,
    Dominoes,
    EndsAfter,
    Followers,
    Grade,
    KeepsNumbers,
    MatchScore,
    NextSeatLacks,
    OnlyYouHold,
    PointsNow,
    Reason,
    Scope,
    ScoresNow,
    SetScore,
    Verdict,
    WentOutOnHardEnd,
)
from tutor.rules.plays import Play
from tutor.rules.series import Action
from tutor.rules.table_rules import RulesError
from tutor.rules.tiles import Tile
from tutor.store import games as kept
from tutor.store.database import Database
from tutor.store.files import write_atomic

FORMAT = "domino-tutor-game"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read; ``problem`` names what is wrong (for a sentence)."""

    def __init__(self, problem: str, detail: str = "") -> None:
        super().__init__(f"{problem}: {detail}" if detail else problem)
        self.problem = problem
        self.detail = detail


PROBLEMS = ("unreadable", "not-json", "not-a-record", "newer", "damaged", "does-not-replay")
"""The kinds of ``RecordError``: the face says each in a sentence."""


# --- to JSON -------------------------------------------------------------------------------


def _reason_json(reason: Reason) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": _REASON_KINDS_BY_TYPE[type(reason)]}
    for name in reason.__dataclass_fields__:
        value = getattr(reason, name)
        data[name] = str(value) if isinstance(value, Play) else value
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


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError("damaged", key)
    return value


def _play(text: Any, where: str) -> Play:
    try:
        return Play.parse(str(text))
    except ValueError as error:
        raise RecordError("damaged", where) from error


def _action(data: Any) -> Action:
    if not isinstance(data, dict):
        raise RecordError("damaged", "actions")
    kind = data.get("kind")
    if kind not in ("play", "pass", "draw"):
        raise RecordError("damaged", "actions")
    play = _play(data.get("play"), "actions") if kind == "play" else None
    tile = None
    if kind == "draw":
        try:
            tile = Tile.parse(str(data.get("tile")))
        except ValueError as error:
            raise RecordError("damaged", "actions") from error
    return Action(_need(data, "hand", int), _need(data, "seat", int), kind, play, tile)


def _reason(data: Any) -> Reason:
    if not isinstance(data, dict) or data.get("kind") not in _REASON_TYPES:
        raise RecordError("damaged", "reasons")
    cls = _REASON_TYPES[data["kind"]]
    values = {}
    for name, spec in cls.__dataclass_fields__.items():
        if name not in data and spec.default is not MISSING:
            continue  # a field added since the record was written
        value = data.get(name)
        if spec.type in ("Play",):
            value = _play(value, "reasons")
        elif not isinstance(value, int | float) or isinstance(value, bool):
            raise RecordError("damaged", "reasons")
        values[name] = value
    reason: Reason = cls(**values)
    return reason


def _pairs(data: Any, where: str) -> tuple[tuple[Play, float], ...]:
    if not isinstance(data, list):
        raise RecordError("damaged", where)
    out = []
    for item in data:
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], int | float):
            raise RecordError("damaged", where)
        out.append((_play(item[0], where), float(item[1])))
    return tuple(out)


def _grade(data: Any) -> tuple[int, Grade]:
    if not isinstance(data, dict):
        raise RecordError("damaged", "grades")
    try:
        verdict = Verdict(data.get("verdict"))
    except ValueError as error:
        raise RecordError("damaged", "grades") from error
    reasons = data.get("reasons", [])
    if not isinstance(reasons, list):
        raise RecordError("damaged", "grades")
    return _need(data, "action", int), Grade(
        _play(data.get("played"), "grades"),
        _play(data.get("best"), "grades"),
        _pairs(data.get("chances"), "grades"),
        verdict,
        tuple(_reason(r) for r in reasons),
        _pairs(data.get("known", []), "grades"),
        bool(data.get("known_exact", False)),
        _pairs(data.get("errors", []), "grades"),
        _pairs(data.get("loss_errors", []), "grades"),
        *_scale(data),
    )


def _scale(data: dict[str, Any]) -> tuple[float, Scope]:
    """A grade's swing and scope (older records: a lone hand's, 1 and "hand")."""
    swing, scope = data.get("swing", 1.0), data.get("scope", "hand")
    number = isinstance(swing, int | float) and not isinstance(swing, bool)
    if not number or swing < 0 or scope not in ("hand", "set", "match"):
        raise RecordError("damaged", "grades")
    return float(swing), scope


def from_json(data: Any) -> PracticeGame:
    """The game a record describes, replayed through the engine (``RecordError`` if not)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not-a-record")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise RecordError("newer", str(version))
    rules = _need(data, "rules", dict)
    coach = data.get("coach", "off")
    if coach not in COACH_MODES:
        raise RecordError("damaged", "coach")
    try:
        options = Options(
            game=_need(rules, "game", str),
            players=_need(rules, "players", int),
            level=_need(data, "level", int),
            seed=_need(data, "seed", int),
            boneyard=bool(rules.get("boneyard", False)),
            tied_block=rules.get("tied_block", "carry"),
            key_card_bonus=_need(rules, "key_card_bonus", int),
            target=_need(rules, "target", int),
        )
    except (SessionError, RulesError) as error:
        raise RecordError("damaged", "rules") from error
    if data.get("deal_id", options.deal_id) != options.deal_id:
        raise RecordError("damaged", "deal_id")
    actions = [_action(a) for a in _need(data, "actions", list)]
    try:
        game = PracticeGame.replay(options, actions, coach=coach)
    except (SessionError, ValueError) as error:
        raise RecordError("does-not-replay", str(error)) from error
    for item in data.get("grades", []):
        index, graded = _grade(item)
        game.grades[index] = graded
    game.counters = Counters(int(data.get("hints", 0) or 0), int(data.get("take_backs", 0) or 0))
    return game


# --- files ---------------------------------------------------------------------------------


def export_game(game: PracticeGame, path: Path) -> None:
    """Write one game's record as JSON to ``path``."""
    write_atomic(path, json.dumps(to_json(game), indent=1, ensure_ascii=False) + "\n")


def load_game(path: Path) -> PracticeGame:
    """Read one game's record (``RecordError`` with the problem when it cannot be read)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError("unreadable", str(path)) from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError("not-json", f"{path}:{error.lineno}") from error
    return from_json(data)


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
            data = kept.load_game(db, summary.id)
            rules = data.get("rules")
            if data.get("format") != FORMAT or not isinstance(rules, dict):
                continue
            listed.append(
                SavedGame(
                    summary.id,
                    summary.saved,
                    str(rules.get("game")),
                    int(rules.get("players") or 2),
                    int(data.get("level") or 0),
                    str(data.get("deal_id")),
                    summary.graded,
                    summary.finished,
                )
            )
        return listed
    finally:
        db.close()


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


OLD_RECORDS = "games"
"""The folder in the data directory where earlier versions kept each game as a JSON file."""


def import_old_records(data_dir: Path, db: Database) -> int:
    """Bring the game records of ``data_dir/games/*.json`` into the database once; the folder
    is then kept as ``games.migrated``. Returns how many were brought in.

    A file's id comes from its name, so two tutors starting at once bring it in once.
    """
    folder = data_dir / OLD_RECORDS
    if not folder.is_dir():
        return 0
    count = 0
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            saved = path.stat().st_mtime
        except (OSError, ValueError):
            continue  # kept in the folder, as it was
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            continue
        game_id = hashlib.sha1(path.name.encode()).hexdigest()[:12]
        kept.save_game(db, {**data, "id": game_id}, saved=saved)
        count += 1
    # Another tutor may have moved it first; a folder that cannot be moved is brought in
    # again at the next start, under the same ids.
    with contextlib.suppress(OSError):
        os.replace(folder, data_dir / f"{OLD_RECORDS}.migrated")
    return count


_REASON_TYPES: dict[str, type[Any]] = {
    "dominoes": Dominoes,
    "scores-now": ScoresNow,
    "block-wins": BlockWins,
    "only-you-hold": OnlyYouHold,
    "next-seat-lacks": NextSeatLacks,
    "keeps-numbers": KeepsNumbers,
    "chances": Chances,
    "went-out-on-hard-end": WentOutOnHardEnd,
    "points-now": PointsNow,
    "answer": Answer,
    "match-score": MatchScore,
    "set-score": SetScore,
    "followers": Followers,
    "count-kept": CountKept,
    "ends-after": EndsAfter,
}
_REASON_KINDS_BY_TYPE = {cls: kind for kind, cls in _REASON_TYPES.items()}
