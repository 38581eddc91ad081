"""The schema of a game record: every field typed and bounded, checked before a play is replayed.

A record is JSON that anyone may have written (a friend's file, an old version's folder), so
nothing in it is taken on trust. The schema is pydantic's: chosen over msgspec because its
errors are structured (a kind, the field's path, the value found and the bound), so that
``tutor.words`` says each in the learner's language, where msgspec's are English sentences;
because its integer bounds are not limited to 64 bits; and because both it and its core are
packages of Pyodide's own distribution, so a record loads in the browser too.

Scalars are strict (a count is a JSON number, never ``"3"`` or ``true``); counts are at least 0;
chances are finite and in [0, 1]; seeds, indices and texts are bounded; plays and tiles must be
real ones of the double-six set. ``check_record`` adds what one field cannot know alone: every
seat is at the table, every graded action is one of the record's actions, the deal id is the
seed's. Every fault is a ``RecordError`` naming the field (``FieldProblem``).

>>> record = {"format": "domino-tutor-game", "version": 1, "rules": {"game": "cutthroat",
...           "players": 2, "key_card_bonus": 1, "target": 61}, "level": 1, "seed": 3,
...           "actions": [], "hints": "many"}
>>> try:
...     validate_record(record)
... except RecordError as error:
...     print(error.problem, error.field.path, error.field.expected, error.field.found)
damaged hints whole-number Found(kind='text', text='many')
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError, create_model
from pydantic.functional_validators import AfterValidator
from pydantic_core import PydanticCustomError

from tutor.questions.coach import (
    Answer,
    BlockWins,
    Chances,
    CountKept,
    Dominoes,
    EndsAfter,
    Followers,
    KeepsNumbers,
    MatchScore,
    NextSeatLacks,
    OnlyYouHold,
    PointsNow,
    ScoresNow,
    SetScore,
    Verdict,
    WentOutOnHardEnd,
)
from tutor.rules.plays import PLAYS, Play
from tutor.rules.table_rules import TIED_BLOCK_OPTIONS
from tutor.rules.tiles import TILES, Tile
from tutor.store.json_check import FieldProblem, field_problems, found

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "PROBLEMS",
    "REASON_KINDS",
    "REASON_TYPES",
    "VERSION",
    "ActionModel",
    "GradeModel",
    "RecordError",
    "RecordModel",
    "check_record",
    "parse_play",
    "parse_tile",
    "validate_record",
]

FORMAT = "domino-tutor-game"
VERSION = 1

PROBLEMS = (
    "refused", "not-json", "not-a-record", "newer", "damaged", "does-not-replay",
)
"""The kinds of ``RecordError``: the face says each in a sentence."""


class RecordError(ValueError):
    """A record that cannot be read. ``problem`` is one of ``PROBLEMS``; ``field`` the field
    at fault (``damaged``); ``index`` the action that does not replay and ``why`` why
    (``does-not-replay``; see ``tutor.play.model.session.ReplayError``); ``cause`` the
    ``FileRefused`` or ``JsonProblem`` behind ``refused`` and ``not-json``; ``detail`` what
    else there is to say (the version of a newer record)."""

    def __init__(
        self,
        problem: str,
        detail: str = "",
        *,
        field: FieldProblem | None = None,
        index: int | None = None,
        why: Any = None,
        cause: Any = None,
    ) -> None:
        shown = field.path if field is not None else detail
        super().__init__(f"{problem}: {shown}" if shown else problem)
        self.problem = problem
        self.detail = detail
        self.field = field
        self.index = index
        self.why = why
        self.cause = cause


MAX_ACTIONS = 20_000
"""The most actions a record may hold (a long Cutthroat set has under 2,000)."""
MAX_COUNT = 1_000_000
"""The largest count (hints, take-backs, points) a record may hold."""
MAX_SEED = 2**63 - 1
"""Seeds are bounded to SQLite's integers (``play --seed``; random seeds are under 2**24)."""
MAX_PLAYS = 56
"""The most plays a grade lists (28 tiles, two ends)."""

Count = Annotated[int, Strict(), Field(ge=0, le=MAX_COUNT)]
Chance = Annotated[float, Strict(), Field(ge=0.0, le=1.0, allow_inf_nan=False)]
Flag = Annotated[bool, Strict()]
Seed = Annotated[int, Strict(), Field(ge=-MAX_SEED, le=MAX_SEED)]
ReasonNumber = Annotated[int, Strict(), Field(ge=-MAX_COUNT, le=2**28)]
"""A reason's number: points, a seat, a pip, a mask of tiles (28 bits)."""


_PLAYS: dict[str, Play] = {str(play): play for pair in PLAYS for play in pair}
"""Every play by the text a record writes (``"6-5 left"``): the parser only for another
spelling."""
_TILES: dict[str, Tile] = {str(tile): tile for tile in TILES}


def parse_play(text: str) -> Play:
    """The play ``text`` names (``ValueError`` if none)."""
    return _PLAYS.get(text) or Play.parse(text)


def parse_tile(text: str) -> Tile:
    """The tile ``text`` names (``ValueError`` if none)."""
    return _TILES.get(text) or Tile.parse(text)


def _play(text: str) -> str:
    try:
        parse_play(text)
    except ValueError:
        raise PydanticCustomError("play", "not a play") from None
    return text


def _tile(text: str) -> str:
    try:
        parse_tile(text)
    except ValueError:
        raise PydanticCustomError("tile", "not a tile") from None
    return text


PlayText = Annotated[str, Strict(), Field(max_length=16), AfterValidator(_play)]
TileText = Annotated[str, Strict(), Field(max_length=8), AfterValidator(_tile)]
Pair = tuple[PlayText, Chance]
Pairs = Annotated[list[Pair], Field(max_length=MAX_PLAYS)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True, allow_inf_nan=False)


class RulesModel(_Model):
    """The table rules (``rules``)."""

    game: Literal["cutthroat", "fives-and-threes"]
    players: Annotated[int, Strict(), Field(ge=2, le=4)]
    boneyard: Flag = False
    tied_block: Literal[TIED_BLOCK_OPTIONS] = "carry"  # type: ignore[valid-type]
    key_card_bonus: Annotated[int, Strict(), Field(ge=0, le=100)]
    target: Annotated[int, Strict(), Field(ge=1, le=1000)]


class ActionModel(_Model):
    """One action of a seat (``actions[i]``)."""

    hand: Annotated[int, Strict(), Field(ge=1, le=MAX_ACTIONS)]
    seat: Annotated[int, Strict(), Field(ge=0, le=3)]
    kind: Literal["play", "pass", "draw"]
    play: PlayText | None = None
    tile: TileText | None = None


_REASON_FIELD_TYPES: dict[str, Any] = {
    "Play": PlayText, "Tile": TileText, "int": ReasonNumber, "float": Chance,
}


def _reason_model(kind: str, cls: type[Any]) -> type[BaseModel]:
    fields: dict[str, Any] = {"kind": (Literal[kind], ...)}
    for spec in dataclasses.fields(cls):
        default = ... if spec.default is dataclasses.MISSING else spec.default
        fields[spec.name] = (_REASON_FIELD_TYPES[str(spec.type)], default)
    model: type[BaseModel] = create_model(
        f"Reason_{kind}", __base__=_Model, **fields
    )
    return model


def reason_models(types: dict[str, type[Any]]) -> Any:
    """The tagged union of the reasons' models (one per kind of ``types``)."""
    models = tuple(_reason_model(kind, cls) for kind, cls in types.items())
    return Annotated[Union[models], Field(discriminator="kind")]  # noqa: UP007


def _grade_model(reason: Any) -> type[BaseModel]:
    class GradeModel(_Model):
        """One graded play of the learner (``grades[i]``)."""

        action: Annotated[int, Strict(), Field(ge=0, le=MAX_ACTIONS)]
        played: PlayText
        best: PlayText
        verdict: Literal[tuple(v.value for v in Verdict)]  # type: ignore[valid-type]
        chances: Pairs
        reasons: Annotated[list[reason], Field(max_length=32)] = []
        known: Pairs = []
        known_exact: Flag = False
        errors: Pairs = []
        loss_errors: Pairs = []
        loss: Chance = 0.0
        swing: Chance = 1.0
        scope: Literal["hand", "set", "match"] = "hand"
        reach: Chance | None = None

    return GradeModel


def _record_model(grade: type[BaseModel]) -> type[BaseModel]:
    class RecordModel(_Model):
        """A whole record."""

        format: Literal["domino-tutor-game"]
        version: Annotated[int, Strict(), Field(ge=1, le=VERSION)]
        rules: RulesModel
        level: Annotated[int, Strict(), Field(ge=1, le=5)]
        seed: Seed
        deal_id: Annotated[str, Strict(), Field(pattern=r"^[0-9A-F]{6}$")] | None = None
        coach: Literal["live", "after", "off"] = "off"
        finished: Flag = False
        scores: Annotated[list[Count], Field(max_length=4)] = []
        hints: Count = 0
        take_backs: Count = 0
        actions: Annotated[list[ActionModel], Field(max_length=MAX_ACTIONS)]
        grades: Annotated[list[grade], Field(max_length=MAX_ACTIONS)] = []  # type: ignore[valid-type]
        id: Annotated[str, Strict(), Field(max_length=64)] | None = None

    return RecordModel


REASON_TYPES: dict[str, type[Any]] = {
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
"""Each kind of the coach's reason, by its name in a record."""
REASON_KINDS = {cls: kind for kind, cls in REASON_TYPES.items()}


def _models() -> tuple[type[BaseModel], type[BaseModel], dict[str, frozenset[str]]]:
    grade = _grade_model(reason_models(REASON_TYPES))
    return grade, _record_model(grade), {"reasons": frozenset(REASON_TYPES)}


GradeModel, RecordModel, _UNIONS = _models()


def _problem(path: str, expected: Any, value: Any, bound: object = "") -> RecordError:
    return RecordError(
        "damaged", field=FieldProblem(path, expected, found(value), str(bound))
    )


def validate_record(data: Any) -> Any:
    """The record ``data`` (JSON values) as a ``RecordModel``, or ``RecordError``: not a
    record, a newer one, or the first field that does not match the schema."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not-a-record")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise RecordError("newer", str(version))
    try:
        record = RecordModel.model_validate(data)
    except ValidationError as error:
        raise RecordError("damaged", field=field_problems(error, _UNIONS)[0]) from None
    check_record(record)
    return record


def check_record(record: Any) -> None:
    """What the fields cannot check alone: every seat is at the table, an action has its
    play or tile, every grade is of one of the actions, the deal id is the seed's."""
    players = 2 if record.rules.game == "fives-and-threes" else record.rules.players
    for index, action in enumerate(record.actions):
        where = f"actions[{index}]"
        if action.seat >= players:
            raise _problem(f"{where}.seat", "no-such-seat", action.seat, players)
        if action.kind == "play" and action.play is None:
            raise _problem(f"{where}.play", "needed", None)
        if action.kind == "draw" and action.tile is None:
            raise _problem(f"{where}.tile", "needed", None)
    if len(record.scores) > players:
        raise _problem("scores", "too-long", record.scores, players)
    for index, grade in enumerate(record.grades):
        if grade.action >= len(record.actions):
            raise _problem(f"grades[{index}].action", "past-the-end", grade.action,
                           len(record.actions))


