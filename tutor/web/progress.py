"""The page's progress requests to the worker: an answer rated (``tutor.web.ratings``), a
progress file brought in (``tutor.web.exchange``).

>>> handle({"do": "dance"})["verdict"]
'error'
"""

from __future__ import annotations

from typing import Any

from tutor.web.answers import Result
from tutor.web.exchange import bring_in
from tutor.web.ratings import rate

__all__ = ["handle"]


def handle(request: dict[str, Any]) -> Result:
    """``{"do": "rate", ...}`` (``tutor.web.ratings.rate``); a bad request gets ``verdict:
    error``."""
    do = request.get("do")
    if do == "rate":
        return rate(request)
    if do == "import":
        return bring_in(request)
    return {"verdict": "error", "lines": [f"Unknown request {do!r}."]}
