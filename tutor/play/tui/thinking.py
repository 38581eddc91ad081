"""Work on the game that may take a while (the coach's grade or hint, a computer's play), and
who runs it: at once on the game itself, or (the full-screen application) on a worker thread.

>>> from tutor.play.model.practice import PracticeGame
>>> from tutor.play.model.session import Options
>>> game = PracticeGame(Options(players=2, level=1, seed=7), coach="off")
>>> said = []
>>> think_at_once(game)(lambda g: g.session.deal_id, said.append, False)
>>> said == [game.session.deal_id]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.play.model.practice import PracticeGame

__all__ = ["Done", "Job", "Thinker", "think_at_once"]

Job = Callable[[PracticeGame], Any]
"""Work on the game that may take a while: the coach's grade or hint, a computer's play."""
Done = Callable[[Any], None]
"""What the screen does with a job's result, on the screen's own thread."""
Thinker = Callable[[Job, Done, bool], None]
"""Runs a job and then calls done with its result (``paced``: a computer play, shown at the
learner's pace). The full-screen application runs jobs on a worker thread, on a fork of the
game (``PracticeGame.fork``), so that its keys and screen stay alive meanwhile."""


def think_at_once(game: PracticeGame) -> Thinker:
    """The plain thinker: the job runs at once, on ``game`` itself."""

    def think(job: Job, done: Done, paced: bool) -> None:
        done(job(game))

    return think
