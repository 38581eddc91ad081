"""Telling the learner what the store did or could not do, and finding the game that
``play --resume`` goes on with.

>>> from tutor.play.resume import resumable
>>> callable(resumable)
True
"""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.store.database import Database, StoreError
from tutor.store.lock import GameOpenElsewhere, HeldGame, hold_game
from tutor.terminal import tell
from tutor.words.i18n import Speaker


def tell_notices(sp: Speaker) -> None:
    """Say on stderr, once, what the store did with the learner's files (a damaged database
    recovered, a file that is not ours moved aside)."""
    from tutor.store.notices import take
    from tutor.words.store import notice_sentence

    tell([notice_sentence(notice, sp) for notice in take()], sys.stderr)


def tell_problem(error: StoreError, path: Path, sp: Speaker) -> None:
    """Say on stderr what is wrong with the learner's database and how to mend it."""
    from tutor.words.store import problem_sentence

    tell([problem_sentence(error, path, sp)], sys.stderr)


def resumable(database: Path, folder: Path, sp: Speaker) -> tuple[str, HeldGame] | None:
    """The newest unfinished game no other tutor is playing, held for this one; when newer
    ones are open elsewhere, say which is taken instead. None after a sentence when there is
    none to resume."""
    from tutor.store import games as kept

    try:
        db = Database(database)
        try:
            ids = kept.unfinished(db)
        finally:
            db.close()
    except StoreError as error:
        tell_problem(error, database, sp)
        return None
    tell_notices(sp)
    busy: list[str] = []
    for game_id in ids:
        try:
            held = hold_game(folder, game_id)
        except GameOpenElsewhere:
            busy.append(game_id)
            continue
        if busy:
            text = sp.ngettext(
                "domino-tutor: your newest unfinished game ({busy}) is open in another "
                "domino-tutor, so this one goes on with the newest free one, {id}.",
                "domino-tutor: your newest unfinished games ({busy}) are open in other "
                "domino-tutors, so this one goes on with the newest free one, {id}.",
                len(busy),
            )
            tell([text.format(busy=", ".join(b[:8] for b in busy), id=game_id[:8])], sys.stderr)
        return game_id, held
    if busy:
        text = sp.ngettext(
            "domino-tutor: the game {id} is open right now in another domino-tutor: go on with "
            "it there, or start a new game with domino-tutor play.",
            "domino-tutor: your unfinished games ({id}) are all open right now in other "
            "domino-tutors: go on with one there, or start a new game with domino-tutor play.",
            len(busy),
        )
        tell([text.format(id=", ".join(b[:8] for b in busy))], sys.stderr)
    else:
        tell([sp._("domino-tutor: there is no unfinished game to resume.")], sys.stderr)
    return None
