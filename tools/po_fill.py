"""Fill a catalog's entries from a notes file of translations, and list what is left to do.

Work on several branches at once adds texts to the same catalogs; their line references move with
every change, so catalogs are refreshed (``make catalogs``) on the branch that lands and the
translations are re-applied from a small notes file kept beside the work::

    python tools/po_fill.py de notes-de.po            # tutor.po of German
    python tools/po_fill.py pap notes-pap.po --domain docs
    python tools/po_fill.py de --todo                 # empty or fuzzy entries of de's tutor.po

A notes file is an ordinary PO file (msgid, msgstr, plural forms, msgctxt). Each of its translated
entries replaces the catalog's entry of the same msgid and context, and the fuzzy flag goes. The
catalog is written back as Babel writes it (``pybabel update`` output is unchanged by a round trip).
Exit status 1 when a notes entry matches no catalog entry (run ``make catalogs`` first), or when
``--todo`` finds entries still to translate.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
WIDTH = {"tutor": 76, "docs": 0, "sphinx": 0}


def catalog_path(lang: str, domain: str) -> Path:
    """The catalog of one language and domain, e.g. ``locales/de/LC_MESSAGES/tutor.po``."""
    return ROOT / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, lang: str) -> Catalog:
    """Read a PO file as Babel sees it."""
    return read_po(io.BytesIO(path.read_bytes()), locale=lang)


def translated(message: Message) -> bool:
    """True when every form of the entry has a translation."""
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


def todo(catalog: Catalog) -> list[Message]:
    """The entries that are empty or fuzzy (the header excluded)."""
    return [m for m in catalog if m.id and (not translated(m) or m.fuzzy)]


def fill(catalog: Catalog, notes: Catalog) -> list[str]:
    """Copy the translated entries of notes into catalog; return the msgids not found there."""
    missing = []
    for note in notes:
        if not note.id or not translated(note):
            continue
        target = catalog.get(note.id, context=note.context)
        if target is None:
            missing.append(str(note.id if isinstance(note.id, str) else note.id[0]))
            continue
        target.string = note.string
        target.flags.discard("fuzzy")
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lang", help="de or pap")
    parser.add_argument("notes", nargs="?", type=Path, help="a PO file of translations")
    parser.add_argument("--domain", default="tutor", choices=sorted(WIDTH))
    parser.add_argument("--todo", action="store_true", help="list empty or fuzzy entries")
    args = parser.parse_args(argv)
    path = catalog_path(args.lang, args.domain)
    catalog = read(path, args.lang)
    status = 0
    if args.notes is not None:
        missing = fill(catalog, read(args.notes, args.lang))
        out = io.BytesIO()
        write_po(out, catalog, width=WIDTH[args.domain])
        path.write_bytes(out.getvalue())
        for msgid in missing:
            print(f"{args.notes}: not in {path.relative_to(ROOT)}: {msgid!r}", file=sys.stderr)
        status = 1 if missing else 0
    if args.todo:
        left = todo(catalog)
        for message in left:
            flag = "fuzzy" if message.fuzzy else "empty"
            print(f"{flag}: {message.id!r}")
        status = status or (1 if left else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
