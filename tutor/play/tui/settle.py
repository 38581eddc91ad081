"""No play on an Enter meant for the screen before: a bare Enter is taken only once the screen
has settled.

A "press Enter" screen (a verdict, the end of a hand, help) is left with Enter; a second Enter
pressed at once (a double tap, a key held down, typed ahead) would otherwise play the tile
under the cursor on the board that comes back, before the learner has seen it. Terminals do
not report the release of a key, so the guard goes by time: after the screen changes, a bare
Enter is ignored for ``settle`` seconds, and so is every Enter of a run that follows it closer
than ``repeat`` seconds (a held key repeats every 30 to 50 ms): the learner lets go, looks, and
presses again. A key other than Enter pressed on the new screen (an arrow) ends the wait.

>>> now = [0.0]
>>> guard = EnterGuard(clock=lambda: now[0])
>>> guard.changed()
>>> guard.accepts()              # at once: meant for the screen before
False
>>> now[0] = 0.35; guard.accepts()  # a held key still repeating
False
>>> now[0] = 0.9; guard.accepts()   # after a pause, a fresh Enter
True
>>> guard.changed(); guard.acted(); guard.accepts()  # an arrow key first: the Enter is meant
True
>>> EnterGuard(settle=0.0).accepts()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable

SETTLE = 0.4
"""Seconds after a change of screen in which a bare Enter is ignored."""
REPEAT = 0.15
"""Enters closer than this to the one before are one key held down (or a burst typed ahead)."""


class EnterGuard:
    """When a bare Enter may act: not at once after the screen changed, nor while held."""

    def __init__(
        self,
        *,
        settle: float = SETTLE,
        repeat: float = REPEAT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settle, self.repeat, self.clock = settle, repeat, clock
        self._until = float("-inf")
        """Before this time a bare Enter is ignored."""
        self._last = float("-inf")
        """When the last ignored Enter came (a run of repeats goes on from it)."""

    def changed(self) -> None:
        """The screen changed: what a bare Enter does now is not what it did a moment ago."""
        if self.settle > 0:
            self._until = self.clock() + self.settle
            self._last = float("-inf")

    def acted(self) -> None:
        """Another key acted on the screen shown (an arrow, a take-back): the learner is looking
        at it, and the next Enter is meant for it."""
        self._until = self._last = float("-inf")

    def accepts(self) -> bool:
        """True when a bare Enter pressed now is meant for the screen shown now."""
        now = self.clock()
        if now < self._until or now - self._last < self.repeat:
            self._last = now
            return False
        return True
