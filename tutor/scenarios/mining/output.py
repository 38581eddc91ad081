"""Writing generated files as they are made, into place only when the whole run succeeded.

``generate`` hands each file over as soon as it is numbered; ``StagedFolder.add`` gives it to a
thread of its own that writes it into a hidden folder inside the output folder. Creating a file
is the slow part of writing one: on this machine's disk, when it is busy, an ``open`` waits up
to 2 ms, and 2,000 files kept the main process waiting 3.6 s, while a process pool's workers ran
out of work because nobody collected their results and started more. With the writer thread the
main process goes on at once and the waiting overlaps the games. ``commit`` then moves every
file to its place (a rename in the same file system) and removes the hidden folder. A run that
fails or is interrupted leaves the output folder as it was, without a file of its own.

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
import queue
import shutil
import tempfile
import threading
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.scenarios.mining.miner import Generated


class StagedFolder:
    """Files written into a hidden folder of ``out`` as they come, moved into ``out`` at the end.

    Use it as a context manager: leaving it without ``commit`` removes what was written. The
    files are written by a thread of the folder's own, in the order given; an error of that
    thread (``OSError``: a full disk, a folder made read-only) is raised by the next ``add`` or
    by ``commit``.
    """

    def __init__(self, out: str | Path) -> None:
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.stage = Path(tempfile.mkdtemp(prefix=".generating-", dir=self.out))
        self.names: list[str] = []
        self._folders: set[Path] = set()
        self._queue: queue.SimpleQueue[Generated | None] = queue.SimpleQueue()
        self._error: OSError | None = None
        self._stopped = False
        self._writer = threading.Thread(target=self._write_all, name="staged-folder", daemon=True)
        try:
            self._writer.start()  # waits for the thread to run: Ctrl-C may come meanwhile
        except BaseException:
            shutil.rmtree(self.stage, ignore_errors=True)
            raise

    def _folder(self, path: Path) -> None:
        """Make the folder of ``path`` once (each file's folder is asked about only once)."""
        if path.parent not in self._folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(path.parent)

    def add(self, item: Generated) -> None:
        """Hand one file to the writer thread; raises the thread's error, if it had one."""
        if self._error is not None:
            raise self._error
        self.names.append(item.name)
        self._queue.put(item)

    def _write(self, item: Generated) -> None:
        """Write one file into the hidden folder (in the writer thread)."""
        path = self.stage / item.name
        self._folder(path)
        with open(path, "wb") as stream:
            stream.write(item.text.encode("utf-8"))

    def _write_all(self) -> None:
        """The writer thread: every file handed over, until ``None``; after an error, none."""
        while (item := self._queue.get()) is not None:
            if self._error is None and not self._stopped:
                try:
                    self._write(item)
                except OSError as error:
                    self._error = error

    def _finish_writing(self) -> None:
        """Wait until the writer thread has written every file handed over."""
        if self._writer.is_alive():
            self._queue.put(None)
            self._writer.join()

    def commit(self) -> list[Path]:
        """Move every file written to its place in ``out``; their paths, in the order written."""
        self._finish_writing()
        if self._error is not None:
            raise self._error
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
        self._stopped = True  # an interrupted run writes no more
        self._finish_writing()
        shutil.rmtree(self.stage, ignore_errors=True)
