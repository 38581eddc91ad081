"""The golden transcripts' clock: on ``PYTHONPATH`` of every recorded run (see README.md).

The coach grades a play by sampling deals until a sample budget is used up or 0.6 s have
passed (``time.perf_counter``): a loaded machine samples fewer deals, and percentages, verdicts
and even the best play then differ from run to run. With ``DOMINO_TUTOR_GOLDEN_CLOCK=frozen``
the performance counter stands still, so that only the sample budgets count, as on an
infinitely fast machine. Wall-clock time (``time.time``, ``time.monotonic``) is not touched.
"""

import os
import time

if os.environ.get("DOMINO_TUTOR_GOLDEN_CLOCK") == "frozen":

    def _frozen() -> float:
        return 0.0

    def _frozen_ns() -> int:
        return 0

    time.perf_counter = _frozen
    time.perf_counter_ns = _frozen_ns
