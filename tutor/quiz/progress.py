"""The learner's progress cards and learn path, kept in the learner's database
(``tutor.store.cards``) in the XDG data directory.

The progress file of earlier versions (``progress.json``) is migrated into the database on the
first start, nothing lost, and kept beside it as ``progress.json.migrated``. A file or database
that cannot be read is moved aside, never silently lost, and the caller is told. JSON stays the
export format (``to_json``).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = ProgressStore(folder / "learner.sqlite3")
>>> store.record("hard-ends/one", "hard-ends", right=False, now=100.0)
>>> store.record("hard-ends/one", "hard-ends", right=True, now=200.0)
>>> store.save()
>>> again = ProgressStore(folder / "learner.sqlite3")
>>> again.accuracy_by_topic()
{'hard-ends': (1, 2)}
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from tutor.store import cards as kept
from tutor.store import ratings as kept_ratings
from tutor.store.database import DATABASE_NAME, DamagedError, Database, StoreError
from tutor.store.files import PROGRESS_LIMIT, FileRefused, data_dir, read_limited
from tutor.store.json_check import FieldProblem, JsonProblem, field_problems, found, parse_json

if TYPE_CHECKING:
    from tutor.quiz.played import PracticeGames
    from tutor.quiz.ratings import Rating

__all__ = ["BOXES", "FORMAT_VERSION", "Card", "ProgressStore", "default_store"]

FORMAT_VERSION = 1
"""The version of the JSON format (the old progress file, and the export)."""
BOXES = (0.0, 60.0, 3600.0, 86400.0, 3 * 86400.0, 7 * 86400.0)
"""Seconds until a scenario is due again, by Leitner box (a miss goes back to box 0)."""


@dataclass
class Card:
    """What the learner has done with one scenario."""

    topic: str
    right: int = 0
    wrong: int = 0
    box: int = 0
    due: float = 0.0
    last: float = 0.0


class VersionError(ValueError):
    """A progress file of another format version."""


MAX_COUNTER = 1_000_000_000
"""The largest count of an old progress file brought in (SQLite keeps 64 bits; no learner
answers a billion times)."""
MAX_TIME = 1e11
"""The latest time (seconds since 1970, the year 5138) of an old progress file brought in."""


@functools.cache
def _schemas() -> tuple[Any, Any]:
    """The pydantic schema of an old progress file's card and learn step. Built on the first
    old file read, not at every start: importing pydantic costs about a tenth of a second
    before the quiz's first question (``benchmarks/startup.py``)."""
    from pydantic import BaseModel, ConfigDict, Field, Strict, TypeAdapter

    counter = Annotated[int, Strict(), Field(ge=0, le=MAX_COUNTER)]
    moment = Annotated[float, Strict(), Field(ge=0.0, le=MAX_TIME, allow_inf_nan=False)]

    class CardModel(BaseModel):
        """One card of an old progress file, every field typed and bounded."""

        model_config = ConfigDict(extra="forbid", frozen=True)

        topic: Annotated[str, Strict(), Field(min_length=1, max_length=200)]
        right: counter = 0
        wrong: counter = 0
        box: counter = 0
        due: moment = 0.0
        last: moment = 0.0

    return CardModel, TypeAdapter(counter)


MAX_KEY = 200
"""The longest card id or game name brought in."""


@dataclass
class ReadProgress:
    """What an old progress file holds: the cards and learn steps that can be brought in, and
    what cannot (``left_out``: the card id or ``learn.GAME`` and its ``FieldProblem``)."""

    cards: dict[str, Card]
    learn: dict[str, int]
    left_out: list[tuple[str, FieldProblem]] = field(default_factory=list)


def read_progress(data: Any) -> ReadProgress:
    """The cards and the learn path from a progress file's JSON. A file that is not a progress
    file raises TypeError (``VersionError`` for another format version); a card or step that
    does not match the schema is left out and named in ``left_out``.

    >>> read = read_progress({"version": 1, "cards": {"a": {"topic": "hard-ends", "right": 2}}})
    >>> read.cards
    {'a': Card(topic='hard-ends', right=2, wrong=0, box=0, due=0.0, last=0.0)}
    >>> read = read_progress({"version": 1, "cards": {"a": {"topic": "t", "right": "two"}}})
    >>> read.cards, [(key, p.path, p.expected) for key, p in read.left_out]
    ({}, [('a', 'cards.a.right', 'whole-number')])
    >>> read_progress({"version": 99, "cards": {}})
    Traceback (most recent call last):
    ...
    tutor.quiz.progress.VersionError: format version 99, not 1
    """
    from pydantic import ValidationError

    card_model, learn_step = _schemas()
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise TypeError("not a progress file")
    if data.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        raise VersionError(f"format version {str(data['version'])[:20]}, not {FORMAT_VERSION}")
    read = ReadProgress({}, {})
    for key, value in data["cards"].items():
        if len(key) > MAX_KEY:
            read.left_out.append((key[:40], FieldProblem("cards", "too-long", found(key),
                                                         str(MAX_KEY))))
            continue
        try:
            card = card_model.model_validate(value)
        except ValidationError as error:
            problem = field_problems(error)[0]
            path = f"cards.{key}.{problem.path}" if problem.path else f"cards.{key}"
            read.left_out.append((key, replace(problem, path=path)))
            continue
        read.cards[key] = Card(card.topic, card.right, card.wrong,
                               min(card.box, len(BOXES) - 1), card.due, card.last)
    learn_data = data.get("learn", {})
    if not isinstance(learn_data, dict):
        read.left_out.append(("learn", FieldProblem("learn", "table", found(learn_data))))
        learn_data = {}
    for game, step in learn_data.items():
        try:
            if len(game) > MAX_KEY:
                raise ValueError(game)
            read.learn[game] = learn_step.validate_python(step)
        except ValidationError as error:
            problem = replace(field_problems(error)[0], path=f"learn.{game}")
            read.left_out.append((f"learn.{game}", problem))
        except ValueError:
            read.left_out.append((game[:40], FieldProblem("learn", "too-long", found(game),
                                                          str(MAX_KEY))))
    return read


@dataclass(frozen=True)
class Answer:
    """One reply waiting to be written: the card's id and topic, and how it went."""

    card: str
    topic: str
    right: bool
    at: float
    game: str | None = None
    level: int | None = None
    hints: int = 0


def advance(card: Card, right: bool, now: float, *, helped: bool = False) -> None:
    """Count a reply on a card: a right one moves it up a box, a wrong one back to box 0.
    A right one given after a hint (``helped``) does not move up: the card stays in box 1
    at most, so it comes back sooner.

    >>> card = Card("hard-ends", box=2)
    >>> advance(card, False, 10.0)
    >>> card.wrong, card.box, card.due
    (1, 0, 10.0)
    >>> card = Card("hard-ends", box=3)
    >>> advance(card, True, 0.0, helped=True)
    >>> card.right, card.box, card.due
    (1, 1, 60.0)
    """
    if right:
        card.right += 1
        card.box = min(card.box, 1) if helped else min(card.box + 1, len(BOXES) - 1)
    else:
        card.wrong += 1
        card.box = 0
    card.last = now
    card.due = now + BOXES[card.box]


@dataclass
class ProgressStore:
    """Per-scenario cards and the learn path's position, kept in the database at ``path``.

    ``legacy`` is an old ``progress.json`` to migrate on the first start. ``moved_aside`` is
    where a damaged file (or, with ``other_version``, a file of another format version) was
    moved; ``database`` says it was the database itself (``reason``: what SQLite said).
    ``unreadable`` is why the old file could not be read at all (it is then left where it is,
    and migrated at a later start).
    Replies are written by ``save()``, one transaction, so that two tutors at once both count.
    """

    path: Path
    legacy: Path | None = None
    cards: dict[str, Card] = field(default_factory=dict)
    learn: dict[str, int] = field(default_factory=dict)
    moved_aside: Path | None = None
    unreadable: str | None = None
    other_version: bool = False
    database: bool = False
    reason: str | None = None
    pending: list[Answer] = field(default_factory=list)
    refused: FileRefused | None = None
    """Why the old file was not read at all (a folder, a device, too large)."""
    json_problem: JsonProblem | None = None
    """What is wrong with the old file's JSON (it was moved aside)."""
    left_out: list[tuple[str, FieldProblem]] = field(default_factory=list)
    """The cards and learn steps of the old file that were not brought in."""
    backup: Path | None = None
    """Where the old file is kept once brought in."""

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        self.db = Database(self.path)
        try:
            self._read()
        except DamagedError as error:  # busy or unreachable (a StoreError) is the caller's
            self.db.recover(error)
            self._read()
        if self.db.moved_aside is not None:
            self.moved_aside, self.other_version = self.db.moved_aside, self.db.other_version
            self.database, self.reason = True, self.db.reason

    def _read(self) -> None:
        if self.legacy is not None:
            self._migrate(Path(self.legacy))
        self._load()

    def _load(self) -> None:
        self.cards = {key: Card(*row) for key, row in kept.read_cards(self.db).items()}
        self.learn = kept.read_learn(self.db)
        self._learn_read = dict(self.learn)

    def _migrate(self, legacy: Path) -> None:
        """Bring an old progress file into the database once, then keep it as a backup.

        What cannot be read is kept: a file that is not a progress file is moved aside
        (``moved_aside``; ``refused`` or ``json_problem`` says why), cards and learn steps
        that do not match the schema are named in ``left_out`` (the file is kept whole as the
        backup). What is brought in adds to the database and replaces nothing in it."""
        if kept.progress_imported(self.db):
            return
        try:
            raw = read_limited(legacy, limit=PROGRESS_LIMIT)
        except FileRefused as refused:
            if refused.reason == "unreadable":
                self.unreadable = refused.detail or refused.reason
            elif refused.reason == "not-a-file" and legacy.is_dir():
                self.unreadable = os.strerror(errno.EISDIR)  # stays: brought in once a file
            elif refused.reason != "missing":
                self.refused = refused
                self._move_aside(legacy, "damaged")
            return
        try:
            read = read_progress(parse_json(raw))
        except JsonProblem as problem:
            self.json_problem = problem
            self._move_aside(legacy, "damaged")
            return
        except VersionError:
            self.other_version = True
            self._move_aside(legacy, "other-version")
            return
        except (ValueError, TypeError):
            self._move_aside(legacy, "damaged")
            return
        backup = legacy.with_name(legacy.name + ".migrated")
        rows = {key: astuple_card(card) for key, card in read.cards.items()}
        if not kept.import_progress(self.db, rows, read.learn, backup):
            return  # another tutor migrated it while this one was reading
        self.left_out, self.backup = read.left_out, backup
        # Migrated: should the rename fail, the old file stays and is not read again.
        with contextlib.suppress(OSError):
            os.replace(legacy, backup)

    def _move_aside(self, path: Path, why: str) -> None:
        from tutor.store.recover import move_aside  # only when a file is damaged

        try:  # named as the database is when it is moved aside: .damaged-YYYYMMDD-HHMMSS
            aside = move_aside(path, why)
        except OSError as error:  # kept where it is, and said so
            self.unreadable = error.strerror or str(error)
            return
        self.moved_aside = aside

    def record(
        self,
        scenario_id: str,
        topic: str,
        *,
        right: bool,
        now: float | None = None,
        game: str | None = None,
        level: int | None = None,
        hints: int = 0,
    ) -> None:
        """Count a reply; a right one moves the card up a box, a wrong one back to box 0.
        A right one given after a hint (``hints`` > 0) does not move up: the card stays in
        box 1 at most, so it comes back sooner. With the puzzle's ``game`` and ``level`` the
        reply also moves the ratings (see ``tutor.quiz.ratings``). Written to the database by
        ``save()``."""
        now = time.time() if now is None else now
        card = self.cards.setdefault(scenario_id, Card(topic))
        card.topic = topic
        advance(card, right, now, helped=hints > 0)
        self.pending.append(Answer(scenario_id, topic, right, now, game, level, hints))

    def accuracy_by_topic(self) -> dict[str, tuple[int, int]]:
        """``topic -> (right, answered)``."""
        result: dict[str, tuple[int, int]] = {}
        for card in self.cards.values():
            right, total = result.get(card.topic, (0, 0))
            result[card.topic] = (right + card.right, total + card.right + card.wrong)
        return dict(sorted(result.items()))

    def to_json(self) -> dict[str, Any]:
        """The cards and the learn path in the JSON format of the old progress file."""
        return {
            "version": FORMAT_VERSION,
            "cards": {key: asdict(card) for key, card in sorted(self.cards.items())},
            "learn": dict(sorted(self.learn.items())),
        }

    def save(self) -> None:
        """Write the replies since the last save and the learn path, in one transaction.

        Each reply is applied to the card as it is in the database now, so replies from two
        tutors running at once all count. A database error is raised as an ``OSError`` (whose
        ``strerror`` says what went wrong, and whose cause is the ``StoreError``), as a file's
        would be.
        """
        def work() -> None:
            for answer in self.pending:
                self._write_answer(answer)
            # Only the steps this tutor changed: another may have walked another path.
            changed = [(k, v) for k, v in self.learn.items() if self._learn_read.get(k) != v]
            kept.write_learn(self.db, changed)

        try:
            self.db.transaction(work)  # a damaged database: recovered, and written again
        except StoreError as error:
            raise OSError(errno.EIO, str(error)) from error
        self._learn_read = dict(self.learn)
        touched = {answer.card for answer in self.pending}
        self.pending.clear()
        for key in touched:
            row = kept.read_card(self.db, key)
            if row is not None:
                self.cards[key] = Card(*row)

    def _write_answer(self, answer: Answer) -> None:
        row = kept.read_card(self.db, answer.card)
        card = Card(*row) if row is not None else Card(answer.topic)
        card.topic = answer.topic
        advance(card, answer.right, answer.at, helped=answer.hints > 0)
        kept.write_card(self.db, answer.card, astuple_card(card))
        kept.write_answer(self.db, answer.card, answer.topic, answer.game, right=answer.right,
                          hints=answer.hints, at=answer.at)
        if answer.game is not None and answer.level is not None:
            from tutor.quiz import ratings

            ratings.rate_answer(
                self.db,
                puzzle_id=answer.card,
                game=answer.game,
                topic=answer.topic,
                level=answer.level,
                solved=answer.right,
                hints=answer.hints,
                at=answer.at,
            )

    def learner_ratings(self) -> dict[str, tuple[Rating, int]]:
        """The learner's ratings (``game:NAME``, ``topic:NAME``) and how many answers made each."""
        from tutor.quiz import ratings

        return ratings.learner_ratings(self.db)

    def puzzle_ratings(self) -> dict[str, float]:
        """Each answered puzzle's rating, by id."""
        return kept_ratings.puzzle_ratings(self.db)

    def history(self, subject: str) -> list[tuple[float, float, float]]:
        """The learner's rating of ``subject`` after each answer: time, rating, deviation."""
        return kept_ratings.history(self.db, subject)

    def practice_games(self) -> PracticeGames:
        """The practice games kept in the database, read for ``progress``."""
        from tutor.quiz.played import practice_games

        return practice_games(self.db)

    def course(self, subject: str, days: int = 14) -> list[tuple[str, float]]:
        """The learner's rating of ``subject`` at the end of each recent day of practice."""
        offset = time.localtime().tm_gmtoff
        return kept_ratings.course(self.db, subject, days, utc_offset=offset)


def astuple_card(card: Card) -> tuple[str, int, int, int, float, float]:
    """A card's columns in the order of the ``cards`` table."""
    return (card.topic, card.right, card.wrong, card.box, card.due, card.last)


def default_store() -> ProgressStore:
    """The learner's store in the XDG data directory (migrating an old ``progress.json``)."""
    folder = data_dir()
    return ProgressStore(folder / DATABASE_NAME, legacy=folder / "progress.json")
