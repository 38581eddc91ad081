"""Reading the rows out of a damaged SQLite file page by page, without SQLite (the approach of
SQLite's own ``.recover``): when SQLite stops at a malformed page, every row on the pages that
are still whole can be read here.

The file is read as the SQLite file format describes it (https://sqlite.org/fileformat.html):
its pages (the page size from the header, or guessed when the header is damaged), with the
committed frames of its write-ahead log laid over them; then every table b-tree leaf page is
read cell by cell (a cell's overflow pages followed), and each record decoded. A record that
does not decode exactly (a length that does not add up, a serial type that does not exist,
text that is not UTF-8, an overflow chain that leaves the file or loops) is left out, as is
every page that is not a table leaf. The pages are told apart by the schema when page 1 can be
read (each table's tree walked from its root page); the leaves that no tree reaches (under a
damaged interior page) are returned with no table, for the caller to tell by their columns.
The pages of the free list hold deleted rows and are left out. The schema's own rows come
first, as the table ``sqlite_master``.

>>> import sqlite3, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.sqlite3"
>>> connection = sqlite3.connect(path)
>>> _ = connection.execute("CREATE TABLE t (a TEXT, b INTEGER, c REAL)")
>>> _ = connection.execute("INSERT INTO t VALUES ('x', 7, 0.5), (NULL, -2, 1e300)")
>>> connection.commit(); connection.close()
>>> [(row.table, row.rowid, row.values) for row in read_rows(path)][1:]
[('t', 1, ('x', 7, 0.5)), ('t', 2, (None, -2, 1e+300))]
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["PageRow", "read_rows"]

MAGIC = b"SQLite format 3\x00"
HEADER = 100
TABLE_INTERIOR, TABLE_LEAF = 5, 13
PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)
"""The page sizes SQLite allows, the default first (tried in this order when the header is
damaged)."""
MAX_PAGES = 1 << 20
"""The most pages read (4 GB at the default size): a learner's database is far smaller."""

Value = int | float | str | bytes | None


@dataclass(frozen=True)
class PageRow:
    """One row read off a page: its table (None when no tree reaches its page), rowid, columns,
    and the pages it sits on (its leaf page, then its overflow pages)."""

    table: str | None
    rowid: int
    values: tuple[Value, ...]
    pages: tuple[int, ...]


class _Bad(Exception):
    """A cell or page that does not decode (left out)."""


def varint(data: bytes, at: int) -> tuple[int, int]:
    """The varint at ``at`` and the offset after it.

    >>> varint(bytes([0x81, 0x00]), 0)
    (128, 2)
    """
    value = 0
    for i in range(9):
        if at + i >= len(data):
            raise _Bad("varint past the end")
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise _Bad("varint")  # pragma: no cover - the loop returns


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def decode_record(payload: bytes) -> tuple[Value, ...]:
    """A record's columns; ``_Bad`` unless its header and bodies add up to the payload exactly.

    >>> decode_record(bytes([3, 1, 15, 42]) + b"a")
    (42, 'a')
    """
    size, at = varint(payload, 0)
    if not 1 <= size <= len(payload) or size < at:
        raise _Bad("record header")
    types = []
    while at < size:
        kind, at = varint(payload, at)
        types.append(kind)
    if at != size:
        raise _Bad("record header")
    values: list[Value] = []
    body = size
    for kind in types:
        if kind in _INT_SIZES:
            width = _INT_SIZES[kind]
            raw = payload[body : body + width]
            if len(raw) != width:
                raise _Bad("short integer")
            values.append(int.from_bytes(raw, "big", signed=True))
            body += width
        elif kind == 0:
            values.append(None)
        elif kind == 7:
            raw = payload[body : body + 8]
            if len(raw) != 8:
                raise _Bad("short real")
            values.append(struct.unpack(">d", raw)[0])
            body += 8
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind >= 12:
            width = (kind - 12) // 2
            raw = payload[body : body + width]
            if len(raw) != width:
                raise _Bad("short text")
            if kind % 2:
                try:
                    values.append(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    raise _Bad("text not UTF-8") from None
            else:
                values.append(bytes(raw))
            body += width
        else:
            raise _Bad("reserved serial type")
    if body != len(payload):
        raise _Bad("record length")
    return tuple(values)


class _File:
    """The pages of one database file (and its write-ahead log), by number from 1."""

    def __init__(self, data: bytes, page_size: int, reserved: int, wal: bytes) -> None:
        self.size = page_size
        self.usable = page_size - reserved
        self.pages: dict[int, bytes] = {}
        count = min(len(data) // page_size, MAX_PAGES)
        for number in range(1, count + 1):
            self.pages[number] = data[(number - 1) * page_size : number * page_size]
        self.pages.update(wal_pages(wal, page_size))

    def page_type(self, number: int) -> int:
        page = self.pages.get(number)
        base = HEADER if number == 1 else 0
        return -1 if page is None or len(page) <= base else page[base]

    def cell_offsets(self, number: int) -> list[int]:
        page = self.pages[number]
        base = HEADER if number == 1 else 0
        kind = page[base]
        header = 12 if kind in (2, TABLE_INTERIOR) else 8
        if base + header > len(page):
            raise _Bad("page header")
        cells = int.from_bytes(page[base + 3 : base + 5], "big")
        start = base + header
        if start + 2 * cells > self.usable:
            raise _Bad("cell count")
        offsets = [
            int.from_bytes(page[start + 2 * i : start + 2 * i + 2], "big") for i in range(cells)
        ]
        if any(not start + 2 * cells <= o < self.usable for o in offsets):
            raise _Bad("cell offset")
        return offsets

    def children(self, number: int) -> list[int]:
        """The child pages of an interior table page."""
        page = self.pages[number]
        base = HEADER if number == 1 else 0
        found = [int.from_bytes(page[o : o + 4], "big") for o in self.cell_offsets(number)]
        found.append(int.from_bytes(page[base + 8 : base + 12], "big"))
        return found

    def leaf_rows(self, number: int) -> Iterator[tuple[int, tuple[Value, ...], tuple[int, ...]]]:
        """``(rowid, values, pages)`` of each cell of a table leaf page that decodes."""
        try:
            offsets = self.cell_offsets(number)
        except _Bad:
            return
        page = self.pages[number]
        for offset in offsets:
            try:
                yield self._cell(page, number, offset)
            except _Bad:
                continue

    def _cell(
        self, page: bytes, number: int, offset: int
    ) -> tuple[int, tuple[Value, ...], tuple[int, ...]]:
        length, at = varint(page, offset)
        rowid, at = varint(page, at)
        if rowid >= 1 << 63:
            rowid -= 1 << 64
        if length > 1 << 30:
            raise _Bad("payload length")
        usable = self.usable
        most = usable - 35
        if length <= most:
            local = length
        else:
            least = ((usable - 12) * 32 // 255) - 23
            local = least + (length - least) % (usable - 4)
            if local > most:
                local = least
        payload = bytearray(page[at : at + local])
        if len(payload) != local or at + local > usable:
            raise _Bad("cell past the page")
        pages = [number]
        if length > local:
            next_page = int.from_bytes(page[at + local : at + local + 4], "big")
            while len(payload) < length:
                if next_page in pages or next_page not in self.pages:
                    raise _Bad("overflow chain")
                pages.append(next_page)
                overflow = self.pages[next_page]
                next_page = int.from_bytes(overflow[:4], "big")
                payload += overflow[4 : 4 + min(usable - 4, length - len(payload))]
        return rowid, decode_record(bytes(payload)), tuple(pages)

    def tree_leaves(self, root: int) -> list[int]:
        """The leaf pages of the table tree at ``root`` that can be reached, in order."""
        leaves: list[int] = []
        seen: set[int] = set()
        stack = [root]
        while stack:
            number = stack.pop()
            if number in seen or number not in self.pages:
                continue
            seen.add(number)
            kind = self.page_type(number)
            if kind == TABLE_LEAF:
                leaves.append(number)
            elif kind == TABLE_INTERIOR:
                try:
                    stack.extend(reversed(self.children(number)))
                except _Bad:
                    continue
        return leaves

    def free_pages(self, header: bytes) -> set[int]:
        """The pages of the free list (their rows were deleted), as far as it can be read."""
        free: set[int] = set()
        trunk = int.from_bytes(header[32:36], "big") if len(header) >= 36 else 0
        while trunk in self.pages and trunk not in free:
            free.add(trunk)
            page = self.pages[trunk]
            count = int.from_bytes(page[4:8], "big")
            if count > (self.usable - 8) // 4:
                break
            free.update(int.from_bytes(page[8 + 4 * i : 12 + 4 * i], "big") for i in range(count))
            trunk = int.from_bytes(page[:4], "big")
        return free


def wal_pages(wal: bytes, page_size: int) -> dict[int, bytes]:
    """The pages of the committed transactions of a write-ahead log (its frames whose salt and
    running checksum hold, up to the last commit frame), the latest version of each."""
    if len(wal) < 32:
        return {}
    magic, _, size, _, salt1, salt2 = struct.unpack(">6I", wal[:24])
    if magic not in (0x377F0682, 0x377F0683) or size != page_size:
        return {}
    order = ">" if magic & 1 else "<"
    sums = _checksum(wal[:24], (0, 0), order)
    if sums != struct.unpack(">2I", wal[24:32]):
        return {}
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    at = 32
    while at + 24 + page_size <= len(wal):
        number, commit, s1, s2, c1, c2 = struct.unpack(">6I", wal[at : at + 24])
        page = wal[at + 24 : at + 24 + page_size]
        sums = _checksum(wal[at : at + 8] + page, sums, order)
        if (s1, s2) != (salt1, salt2) or sums != (c1, c2):
            break
        pending[number] = page
        if commit:
            pages.update(pending)
            pending.clear()
        at += 24 + page_size
    return pages


def _checksum(data: bytes, sums: tuple[int, int], order: str) -> tuple[int, int]:
    s0, s1 = sums
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def _layout(data: bytes, log: bytes) -> tuple[int, int]:
    """The page size and reserved bytes of a file: from its header when that is whole (else
    from its log's header), else the size at which the largest share of pages read as b-tree
    pages (the default first)."""
    if data[:16] == MAGIC and len(data) >= HEADER:
        size = int.from_bytes(data[16:18], "big")
        size = 65536 if size == 1 else size
        reserved = data[20]
        if size in PAGE_SIZES and reserved < 64:
            return size, reserved
    if len(log) >= 32 and int.from_bytes(log[:4], "big") in (0x377F0682, 0x377F0683):
        size = int.from_bytes(log[8:12], "big")
        if size in PAGE_SIZES:
            return size, 0
    # A size smaller than the file's finds its pages too (their starts are its page starts):
    # the largest size that finds nearly as many whole pages as any other is the file's.
    counts = {}
    for size in PAGE_SIZES:
        count = min(len(data) // size, 4096)
        pages = (data[n * size : (n + 1) * size] for n in range(1, count))
        counts[size] = sum(1 for page in pages if _plausible(page))
    most = max(counts.values())
    if not most:
        return PAGE_SIZES[0], 0
    return max(size for size, found in counts.items() if found >= 0.9 * most), 0


def _plausible(page: bytes) -> bool:
    """True when ``page`` reads as a b-tree page: a type, a cell count, a start of the cell
    content and cell offsets that all fit the page, the offsets all different."""
    kind = page[0]
    if kind not in (2, 5, 10, 13):
        return False
    header = 12 if kind in (2, TABLE_INTERIOR) else 8
    cells = int.from_bytes(page[3:5], "big")
    start = int.from_bytes(page[5:7], "big") or 65536
    if not (cells and header + 2 * cells <= start <= len(page)):
        return False
    offsets = {int.from_bytes(page[header + 2 * i : header + 2 * i + 2], "big")
               for i in range(cells)}
    return len(offsets) == cells and all(start <= o < len(page) for o in offsets)


def read_rows(path: Path, wal: Path | None = None) -> list[PageRow]:
    """Every row that can be read off the pages of the database file ``path`` (with its
    write-ahead log ``wal``, by default ``path`` + ``-wal`` when there is one)."""
    data = path.read_bytes()
    wal = wal if wal is not None else path.with_name(path.name + "-wal")
    log = wal.read_bytes() if wal.is_file() else b""
    size, reserved = _layout(data, log)
    pages = _File(data, size, reserved, log)
    header = pages.pages.get(1, b"")[:HEADER]
    free = pages.free_pages(header) if header[:16] == MAGIC else set()
    rows = [PageRow("sqlite_master", r, v, p) for leaf in pages.tree_leaves(1)
            for r, v, p in pages.leaf_rows(leaf)]
    owned: set[int] = set()
    for name, root in _schema(rows, len(pages.pages)):
        for leaf in pages.tree_leaves(root):
            if leaf in owned:
                continue
            owned.add(leaf)
            rows += [PageRow(name, r, v, p) for r, v, p in pages.leaf_rows(leaf)]
    for number in sorted(pages.pages):
        if number == 1 or number in owned or number in free:
            continue
        if pages.page_type(number) == TABLE_LEAF:
            rows += [PageRow(None, r, v, p) for r, v, p in pages.leaf_rows(number)]
    return rows


def _schema(rows: list[PageRow], count: int) -> list[tuple[str, int]]:
    """``(table, root page)`` of each table the schema's rows (page 1's tree) name."""
    found = []
    for row in rows:
        values = row.values
        if len(values) == 5 and values[0] == "table" and isinstance(values[1], str):
            root = values[3]
            if isinstance(root, int) and 1 < root <= count:
                found.append((values[1], root))
    return found
