"""Writing generated files as they are made, into place only when the whole run succeeded.

``generate`` hands each file over as soon as it is numbered; ``StagedFolder.add`` writes it at
once into a hidden folder inside the output folder, so that with a process pool the main
process creates the files while the workers still play (creating a file is the slow part of
writing one: up to half a millisecond on a busy disk). ``commit`` then moves every file to its
place (a rename in the same file system) and removes the hidden folder. A run that fails or is
interrupted leaves the output folder as it was, without a file of its own.

>>> import tempfile
>>> from pathlib import Path
>>> from tutor.scenarios.mining.miner import Generated
>>> out = Path(tempfile.mkdtemp())
>>> with StagedFolder(out) as folder:
...     folder.add(Generated("key-cards/gen-1-001.toml", 'id = "key-cards/gen-1-001"\\n'))
...     [str(p.relative_to(out)) for p in folder.commit()]
['key-cards/gen-1-001.toml']
>>> sorted(str(p.relative_to(out)) for p in out.rglob("*"))
['key-cards', 'key-cards/gen-1-001.toml']
>>> with StagedFolder(out) as folder:
...     folder.add(Generated("key-cards/gen-1-002.toml", "..."))   # and then the run fails
>>> sorted(str(p.relative_to(out)) for p in out.rglob("*"))
['key-cards', 'key-cards/gen-1-001.toml']
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.scenarios.mining.miner import Generated


class StagedFolder:
    """Files written into a hidden folder of ``out`` as they come, moved into ``out`` at the end.

    Use it as a context manager: leaving it without ``commit`` removes what was written.
    """

    def __init__(self, out: str | Path) -> None:
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.stage = Path(tempfile.mkdtemp(prefix=".generating-", dir=self.out))
        self.names: list[str] = []
        self._folders: set[Path] = set()

    def _folder(self, path: Path) -> None:
        """Make the folder of ``path`` once (each file's folder is asked about only once)."""
        if path.parent not in self._folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(path.parent)

    def add(self, item: Generated) -> None:
        """Write one file into the hidden folder."""
        path = self.stage / item.name
        self._folder(path)
        with open(path, "wb") as stream:
            stream.write(item.text.encode("utf-8"))
        self.names.append(item.name)

    def commit(self) -> list[Path]:
        """Move every file written to its place in ``out``; their paths, in the order written."""
        paths = []
        for name in self.names:
            path = self.out / name
            self._folder(path)
            os.replace(self.stage / name, path)
            paths.append(path)
        self.names = []
        shutil.rmtree(self.stage, ignore_errors=True)
        return paths

    def __enter__(self) -> StagedFolder:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        shutil.rmtree(self.stage, ignore_errors=True)
