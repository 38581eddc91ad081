"""The game files of earlier versions (``games/*.json`` in the data folder), brought into the
learner's database once.

Each file is read and checked as any record is (``record.load_game``: its size, its JSON, every
field, every play replayed), so a record in the database always loads (``review ID`` never
meets a damaged one). A file that does not is left out and named (``OldRecords.refused``); the
folder is then kept whole as ``games.migrated``, the files left out with it, never deleted. A
game already in the database is never replaced: what is brought in adds to it.

>>> import tempfile
>>> from tutor.store.database import Database
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "games").mkdir()
>>> _ = (folder / "games" / "bad.json").write_text('{"format": "domino-tutor-game"', "utf-8")
>>> result = import_old_records(folder, Database(folder / "learner.sqlite3"))
>>> result.imported, [name for name, _ in result.refused], result.kept_in.name
(0, ['bad.json'], 'games.migrated')
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from tutor.play.model.record import load_game, read_record
from tutor.play.model.record_schema import RecordError
from tutor.store import games as kept
from tutor.store.database import Database

__all__ = ["OLD_RECORDS", "OldRecords", "import_old_records"]

OLD_RECORDS = "games"
"""The folder in the data directory where earlier versions kept each game as a JSON file."""
MIGRATED = f"{OLD_RECORDS}.migrated"


@dataclass
class OldRecords:
    """What became of the old folder: how many games were brought in, which files were left
    out (their names and why), and where the folder is kept (None: there was none)."""

    imported: int = 0
    refused: list[tuple[str, RecordError]] = field(default_factory=list)
    kept_in: Path | None = None


def import_old_records(data_dir: Path, db: Database) -> OldRecords:
    """Bring the game records of ``data_dir/games/*.json`` into the database once; the folder
    is then kept as ``games.migrated``.

    A file's id comes from its name, so two tutors starting at once bring it in once, and a
    folder that could not be moved is brought in again at the next start under the same ids
    (a game already kept is left as it is).
    """
    folder = data_dir / OLD_RECORDS
    result = OldRecords()
    if not folder.is_dir() or folder.is_symlink():
        return result
    for path in sorted(folder.glob("*.json")):
        try:
            load_game(path)  # every field and every play checked
            data = read_record(path)
            saved = path.stat().st_mtime
        except RecordError as error:
            result.refused.append((path.name, error))
            continue
        except OSError:
            continue  # gone meanwhile (another tutor moved the folder)
        game_id = hashlib.sha1(path.name.encode()).hexdigest()[:12]
        if game_id in kept.find_games(db, game_id):
            continue  # brought in already: never replaced
        kept.save_game(db, {**data, "id": game_id}, saved=saved)
        result.imported += 1
    # Another tutor may have moved it first; an earlier folder of that name stays as it is.
    result.kept_in = data_dir / MIGRATED
    if result.kept_in.exists():
        result.kept_in = data_dir / f"{MIGRATED}-{int(time.time())}"
    with contextlib.suppress(OSError):
        os.replace(folder, result.kept_in)
    if folder.is_dir():
        result.kept_in = folder
    return result
