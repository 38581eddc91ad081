"""The ``[origin]`` section of a scenario file: a puzzle made from a play in the learner's game.

``domino-tutor play`` writes one for each mistake it turns into a puzzle (``quiz --mine``). It
keeps facts and ids, not sentences: which saved game, which hand, which of the learner's
choices in that hand, the play made and the play the coach found best. The quiz says them in
the learner's language of the day (the title, the story, and the explanation of the play made).
A file without the section is read as before.

>>> from tutor.scenarios.reader import parse_scenario
>>> text = '''
... id = "mine/460e78b8-3-5"
... game = "fives-and-threes"
... topic = "fives-and-threes-scoring"
... level = 4
... title = "Game 460e78b8, hand 3, choice 5"
... seats = ["you", "Ann"]
... [table]
... line = ["6-6"]
... [hands]
... you = ["6-5", "6-1", "4-4", "3-2", "2-1", "1-0"]
... Ann = 7
... [question]
... ask = "best-play"
... [origin]
... game = "460e78b8765e"
... hand = 3
... choice = 5
... played = "1-6 left"
... best = "6-5"
... '''
>>> origin = parse_scenario(text).origin
>>> origin.game, origin.hand, origin.choice, str(origin.played), str(origin.best)
('460e78b8765e', 3, 5, '6-1 left', '6-5 left')
>>> parse_scenario(text.replace('played = "1-6 left"', 'played = "4-4 left"'))
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: <scenario>:19: 'origin.played' names 4-4 left, which is \
not a legal play here
"""

from __future__ import annotations

from typing import Any, Protocol

from tutor.rules.plays import Play
from tutor.rules.position import HiddenHandError
from tutor.scenarios.model import Origin, Scenario, ScenarioError, shown

ORIGIN_KEYS = {"game", "hand", "choice", "played", "best"}
"""The keys of ``[origin]``, every one required when the section is there."""


class _Reads(Protocol):
    """What ``read_origin`` needs of the reader (``tutor.scenarios.reader``)."""

    def fail(self, key: str, problem: str) -> ScenarioError: ...

    def section(self, name: str, *, required: bool) -> dict[str, Any]: ...

    def unknown_keys(self, table: Any, allowed: set[str], prefix: str) -> None: ...

    def text(self, table: Any, key: str, where: str, *, required: bool) -> str | None: ...

    def integer(self, value: Any, where: str, *, low: int = 0) -> int: ...


def read_origin(reader: _Reads) -> Origin | None:
    """The file's ``[origin]``, checked (``None`` when the file has none)."""
    section = reader.section("origin", required=False)
    if not section:
        return None
    reader.unknown_keys(section, ORIGIN_KEYS, "origin")
    for key in sorted(ORIGIN_KEYS - section.keys()):
        raise reader.fail("origin", f"the key 'origin.{key}' is missing")
    game = reader.text(section, "game", "origin.game", required=True)
    assert game is not None
    hand = reader.integer(section["hand"], "origin.hand", low=1)
    choice = reader.integer(section["choice"], "origin.choice", low=1)
    played, best = (_play(reader, section[key], f"origin.{key}") for key in ("played", "best"))
    return Origin(game, hand, choice, played, best)


def _play(reader: _Reads, value: Any, where: str) -> Play:
    problem = f"'{where}' must be a play in quotes like \"6-5 left\", not {shown(value)}"
    if not isinstance(value, str):
        raise reader.fail(where, problem)
    try:
        return Play.parse(value)
    except ValueError:
        raise reader.fail(where, problem) from None


def check_origin(scenario: Scenario) -> None:
    """Both plays of ``[origin]`` must be legal plays of the position; raises ``ScenarioError``
    when one is not."""
    origin = scenario.origin
    if origin is None:
        return
    legal = scenario.position.legal_plays()
    for key, play in (("played", origin.played), ("best", origin.best)):
        if play not in legal:
            raise scenario.error(
                f"origin.{key}", f"'origin.{key}' names {play}, which is not a legal play here"
            )


def told_against(scenario: Scenario, wrong: bool, given: object) -> str | None:
    """The play a reply's explanation tells about besides the answer (the quiz's and the web
    page's): a wrong reply that is a legal play, so that the learner reads what goes wrong
    after it; else none: a right reply is explained by why it is right (never by the play made
    in the game a puzzle came from), a play not legal here by what the judge says of it.

    >>> from tutor.scenarios.reader import load_scenario
    >>> s = load_scenario("tests/quiz/mine/b77f8ddc3c2c-3-5.toml")
    >>> told_against(s, True, "5-3 right"), told_against(s, True, "2-1 left")
    ('5-3 right', None)
    >>> told_against(s, False, "5-5 right") is None
    True
    """
    if not wrong or not isinstance(given, str):
        return None
    try:
        legal = {str(play) for play in scenario.position.legal_plays()}
    except HiddenHandError:  # another seat's turn: its plays are not known
        return given
    return given if given in legal else None


MINE = "mine/"
"""The start of the id of every puzzle made from the learner's own games."""


def old_mine(scenario: Scenario) -> tuple[str, int] | None:
    """The deal and the hand of a puzzle that an earlier version wrote from the learner's game
    (its id ``mine/DEAL-HAND-ACTION``, no ``[origin]``, a title and hint in the language that
    game was played in); ``None`` for any other scenario.

    >>> from dataclasses import replace
    >>> from tutor.scenarios.reader import load_scenario
    >>> s = load_scenario("scenarios/hard-ends/after-a-pass.toml")
    >>> old_mine(replace(s, id="mine/945AC4-3-64")), old_mine(s)
    (('945AC4', 3), None)
    """
    if scenario.origin is not None or not scenario.id.startswith(MINE):
        return None
    parts = scenario.id.removeprefix(MINE).split("-")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1])
