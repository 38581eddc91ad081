"""The game commands: ``play`` (a practice game with a coach) and ``review`` (saved games)."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.common import Command, speaker_for


def _play(args: argparse.Namespace) -> int:
    """``play``: a practice game against the computer, with a coach."""
    from pathlib import Path

    from tutor.play.app import PlayRequest, play

    request = PlayRequest(
        game=args.game,
        players=2 if args.game == "fives-and-threes" else args.players,
        level=args.level,
        seed=args.seed,
        coach=args.coach,
        plain=args.plain,
        record=Path(args.record) if args.record else None,
        fast=args.fast,
        pace=args.pace,
        resume=args.resume,
        replay=args.replay,
        boneyard=args.boneyard,
        tied_block=args.tied_block,
        ascii=args.ascii,
    )
    return play(request, speaker_for(args.lang), sys.stdin, sys.stdout)


def _review(args: argparse.Namespace) -> int:
    """``review``: the list of saved games, or the review of one."""
    from pathlib import Path

    from tutor.play.app import review

    export = Path(args.export) if args.export else None
    return review(
        args.game,
        speaker_for(args.lang),
        sys.stdout,
        export,
        plain=args.plain,
        ascii=args.ascii,
        stdin=sys.stdin,
    )


COMMANDS: dict[str, Command] = {
    "play": _play,
    "review": _review,
}
