"""Finding scenario files: the bundled library, or folders and files given by the user."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from importlib.resources import files
from pathlib import Path

from tutor.scenarios.model import Scenario, ScenarioError
from tutor.scenarios.own_topics import TOPICS_FILE
from tutor.scenarios.reader import load_scenario

ENV_LIBRARY = "DOMINO_TUTOR_SCENARIOS"


def default_library() -> Path:
    """The scenario library: ``$DOMINO_TUTOR_SCENARIOS``, the installed copy, or the checkout's."""
    if env := os.environ.get(ENV_LIBRARY):
        return Path(env)
    packaged = Path(str(files("tutor").joinpath("data", "scenarios")))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "scenarios"


def scenario_files(paths: Iterable[str | Path], *, topics: bool = False) -> Iterator[Path]:
    """Every ``.toml`` file among ``paths``, folders searched at any depth, sorted; in a folder,
    a ``topics.toml`` is no scenario (``tutor.scenarios.own_topics``): with ``topics`` (for
    ``validate``, which checks it too) it is listed as well."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.toml") if topics or p.name != TOPICS_FILE)
        else:
            yield path


def load_library(
    paths: Iterable[str | Path] | None = None,
) -> tuple[list[Scenario], list[ScenarioError]]:
    """Load every scenario; broken files are returned as errors, not raised."""
    scenarios: list[Scenario] = []
    errors: list[ScenarioError] = []
    for path in scenario_files(paths if paths is not None else [default_library()]):
        try:
            scenarios.append(load_scenario(path))
        except ScenarioError as error:
            errors.append(error)
    return scenarios, errors
