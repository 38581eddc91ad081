"""The learner's progress, kept per user in the XDG data directory.

Writes are atomic (a temporary file renamed over the old one). A file that
cannot be read is moved aside, never silently lost, and the caller is told.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = ProgressStore(folder / "progress.json")
>>> store.record("hard-ends/one", "hard-ends", right=False, now=100.0)
>>> store.record("hard-ends/one", "hard-ends", right=True, now=200.0)
>>> store.save()
>>> again = ProgressStore(folder / "progress.json")
>>> again.accuracy_by_topic()
{'hard-ends': (1, 2)}
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FORMAT_VERSION = 1
BOXES = (0.0, 60.0, 3600.0, 86400.0, 3 * 86400.0, 7 * 86400.0)
"""Seconds until a scenario is due again, by Leitner box (a miss goes back to box 0)."""


def data_dir(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/domino-tutor`` (default ``~/.local/share/domino-tutor``)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "domino-tutor"


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


def _number(value: Any, kind: type) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int):
        raise TypeError(f"{value!r} is not a {kind.__name__}")
    if value < 0 or value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{value!r} is out of range")
    return kind(value)


def read_progress(data: Any) -> tuple[dict[str, Card], dict[str, int]]:
    """The cards and the learn path from a progress file's JSON; anything that does not match
    the schema (or another format version) raises ValueError or TypeError.

    >>> read_progress({"version": 1, "cards": {"a": {"topic": "hard-ends", "right": 2}}})[0]
    {'a': Card(topic='hard-ends', right=2, wrong=0, box=0, due=0.0, last=0.0)}
    >>> read_progress({"version": 1, "cards": {"a": {"topic": "t", "right": "two"}}})
    Traceback (most recent call last):
    ...
    TypeError: 'two' is not a int
    >>> read_progress({"version": 99, "cards": {}})
    Traceback (most recent call last):
    ...
    tutor.quiz.progress.VersionError: format version 99, not 1
    """
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise TypeError("not a progress file")
    if data.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        raise VersionError(f"format version {data['version']!r}, not {FORMAT_VERSION}")
    cards: dict[str, Card] = {}
    for key, value in data["cards"].items():
        if not isinstance(value, dict) or not isinstance(value.get("topic"), str):
            raise TypeError(f"the card {key!r} is not a card")
        unknown = set(value) - set(Card.__dataclass_fields__)
        if unknown:
            raise KeyError(f"unknown fields {sorted(unknown)}")
        card = Card(topic=value["topic"])
        for name in ("right", "wrong", "box"):
            setattr(card, name, _number(value.get(name, 0), int))
        for name in ("due", "last"):
            setattr(card, name, _number(value.get(name, 0.0), float))
        card.box = min(card.box, len(BOXES) - 1)
        cards[key] = card
    learn_data = data.get("learn", {})
    if not isinstance(learn_data, dict):
        raise TypeError("'learn' is not a table")
    learn = {str(k): _number(v, int) for k, v in learn_data.items()}
    return cards, learn


@dataclass
class ProgressStore:
    """Per-scenario cards and the learn path's position.

    ``moved_aside`` is where a corrupt file (or, with ``other_version``, a file of another
    format version) was moved; ``unreadable`` why a file could not be read at all (it is then
    left where it is).
    """

    path: Path
    cards: dict[str, Card] = field(default_factory=dict)
    learn: dict[str, int] = field(default_factory=dict)
    moved_aside: Path | None = None
    unreadable: str | None = None
    other_version: bool = False

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        self._load()

    def _load(self) -> None:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as error:
            self.unreadable = error.strerror or str(error)
            return
        try:
            cards, learn = read_progress(json.loads(raw))
        except VersionError:
            self.other_version = True
            self._move_aside("other-version")
            return
        except (ValueError, KeyError, TypeError, AttributeError):
            self._move_aside("corrupt")
            return
        self.cards, self.learn = cards, learn

    def _move_aside(self, why: str) -> None:
        aside = self.path.with_name(f"{self.path.name}.{why}-{int(time.time())}")
        os.replace(self.path, aside)
        self.moved_aside = aside

    def record(
        self, scenario_id: str, topic: str, *, right: bool, now: float | None = None
    ) -> None:
        """Count a reply; a right one moves the card up a box, a wrong one back to box 0."""
        now = time.time() if now is None else now
        card = self.cards.setdefault(scenario_id, Card(topic))
        card.topic = topic
        if right:
            card.right += 1
            card.box = min(card.box + 1, len(BOXES) - 1)
        else:
            card.wrong += 1
            card.box = 0
        card.last = now
        card.due = now + BOXES[card.box]

    def accuracy_by_topic(self) -> dict[str, tuple[int, int]]:
        """``topic -> (right, answered)``."""
        result: dict[str, tuple[int, int]] = {}
        for card in self.cards.values():
            right, total = result.get(card.topic, (0, 0))
            result[card.topic] = (right + card.right, total + card.right + card.wrong)
        return dict(sorted(result.items()))

    def to_json(self) -> dict[str, Any]:
        """The file's contents."""
        return {
            "version": FORMAT_VERSION,
            "cards": {key: asdict(card) for key, card in sorted(self.cards.items())},
            "learn": self.learn,
        }

    def save(self) -> None:
        """Write atomically: a temporary file in the same folder, then a rename."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".progress-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self.to_json(), handle, indent=1)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, self.path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise


def default_store() -> ProgressStore:
    """The learner's store in the XDG data directory."""
    return ProgressStore(data_dir() / "progress.json")
