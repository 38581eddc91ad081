"""Writing a ``Scenario`` as a scenario file: the one TOML writer (the reader's inverse).

``scenario_text(scenario)`` writes every key the reader needs to build the same scenario, in the
order of SCENARIOS.md, and leaves out what the reader would assume anyway (``out = ["0-0"]`` at
a three-player table, the 14 sleeping tiles of Fives & Threes, the default target): read back
with ``tutor.scenarios.reader``, the text gives the same scenario. ``spelled_out`` names the
defaults a caller wants written all the same, where the game has them (the miner writes the
Fives & Threes boneyard; a learner's puzzle its target).

>>> from tutor.scenarios.reader import parse_scenario
>>> text = '''
... id = "demo/one"
... game = "cutthroat"
... topic = "hard-ends"
... level = 1
... title = "Demo"
... seats = ["you", "Ann"]
... [table]
... line = ["6-6"]
... boneyard = 11
... [hands]
... you = ["6-5", "5-5", "4-4"]
... Ann = 13
... [rules]
... boneyard = true
... [question]
... ask = "legal-plays"
... '''
>>> print(scenario_text(parse_scenario(text)), end="")
id = "demo/one"
game = "cutthroat"
topic = "hard-ends"
level = 1
title = "Demo"
seats = ["you", "Ann"]
turn = "you"
<BLANKLINE>
[table]
line = ["6-6"]
boneyard = 11
<BLANKLINE>
[hands]
you = ["6-5", "5-5", "4-4"]
Ann = 13
<BLANKLINE>
[score]
you = 0
Ann = 0
stake = 1
<BLANKLINE>
[rules]
boneyard = true
<BLANKLINE>
[question]
ask = "legal-plays"
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from tutor.rules.line import End
from tutor.rules.table_rules import CUTTHROAT, FIVES_AND_THREES, TableRules
from tutor.rules.tiles import Mask, Tile, tiles_of
from tutor.scenarios.model import Origin, Scenario

PARAMETER_ORDER = ("tile", "end", "seat", "winner", "key_card", "lacks")
"""The order a question's parameters are written in (the reader keeps none)."""
SPELLED_OUT = frozenset({"table.boneyard", "table.out", "score.target"})
"""The defaults a caller may ask to have written all the same."""


def toml_value(value: Any) -> str:
    """A value as TOML: text, whole numbers, booleans, tiles, ends, lists and tables of them.

    Text is a basic string with JSON's escapes (TOML has the same ones), and DEL, which JSON
    leaves alone and TOML does not allow raw, as ``\\u007f``.

    >>> toml_value({"result": "bruck", "scores": {"you": 0}, "stake": 1})
    '{ result = "bruck", scores = { you = 0 }, stake = 1 }'
    >>> toml_value(["4-3 left", True])
    '["4-3 left", true]'
    >>> print(toml_value('say "hi"\\n\\x7f ẞ'))
    "say \\"hi\\"\\n\\u007f ẞ"
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, Tile | End):
        return toml_value(str(value))
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    raise TypeError(f"no TOML form for {value!r}")


def toml_key(key: str) -> str:
    """A key as TOML: bare when it can be, else quoted.

    >>> toml_key("Marcia"), toml_key("key_card"), toml_key("Ma Rose"), toml_key("Zoë")
    ('Marcia', 'key_card', '"Ma Rose"', '"Zoë"')
    """
    bare = key.replace("-", "").replace("_", "").isalnum() and key.isascii()
    return key if bare else toml_value(key)


def _tiles(mask: Mask) -> list[str]:
    return [str(tile) for tile in tiles_of(mask)]


def _default_out(rules: TableRules) -> Mask:
    return Tile(0, 0).bit if rules.removes_double_blank else 0


def _has_boneyard(rules: TableRules) -> bool:
    return rules.game == FIVES_AND_THREES or rules.draws


def scenario_text(scenario: Scenario, spelled_out: Collection[str] = ()) -> str:
    """The scenario file of ``scenario``; ``spelled_out`` keys (of ``SPELLED_OUT``) are written
    even at their default value, where the game has them."""
    unknown = set(spelled_out) - SPELLED_OUT
    if unknown:
        raise ValueError(f"cannot spell out {sorted(unknown)} (only {sorted(SPELLED_OUT)})")
    s, rules = scenario, scenario.rules
    lines = [
        f"id = {toml_value(s.id)}",
        f"game = {toml_value(s.game)}",
        f"topic = {toml_value(s.topic)}",
        f"level = {s.level}",
        f"title = {toml_value(s.title)}",
    ]
    if s.story is not None:
        lines += [f"story = {toml_value(s.story)}", ""]  # the texts stand apart from the table
    lines += [f"seats = {toml_value(s.seats)}", f"turn = {toml_value(s.turn)}"]
    lines += ["", "[table]", *_table(s, spelled_out)]
    lines += ["", "[hands]"]
    for seat in s.seats:
        hand = _tiles(s.hands[seat]) if seat in s.hands else s.hidden[seat]
        lines.append(f"{toml_key(seat)} = {toml_value(hand)}")
    lines += ["", "[score]", *_score(s, spelled_out)]
    table_rules = _rules(rules)
    if table_rules:
        lines += ["", "[rules]", *table_rules]
    lines += ["", "[question]", *_question(s)]
    if s.origin is not None:
        lines += ["", "[origin]", *origin_lines(s.origin)]
    return "\n".join(lines) + "\n"


def _table(s: Scenario, spelled_out: Collection[str]) -> list[str]:
    rules = s.rules
    lines = [f"line = {toml_value([str(placed) for placed in s.line])}"]
    default_boneyard = (0, 14) if rules.game == FIVES_AND_THREES else (0, 0)
    spell_boneyard = "table.boneyard" in spelled_out and _has_boneyard(rules)
    if s.boneyard:
        lines.append(f"boneyard = {toml_value(_tiles(s.boneyard))}")
    elif (s.boneyard, s.boneyard_hidden) != default_boneyard or spell_boneyard:
        lines.append(f"boneyard = {s.boneyard_hidden}")
    if s.out != _default_out(rules) or ("table.out" in spelled_out and s.out):
        lines.append(f"out = {toml_value(_tiles(s.out))}")
    if s.pose is not None:
        lines.append(f"pose = {toml_value(s.pose)}")
    return lines


def _score(s: Scenario, spelled_out: Collection[str]) -> list[str]:
    rules = s.rules
    lines = [f"{toml_key(seat)} = {s.scores[seat]}" for seat in s.seats]
    if rules.game == CUTTHROAT or s.stake != 1:
        lines.append(f"stake = {s.stake}")
    spell_target = "score.target" in spelled_out and rules.game == FIVES_AND_THREES
    if rules.target != TableRules().target or spell_target:
        lines.append(f"target = {rules.target}")
    return lines


def _rules(rules: TableRules) -> list[str]:
    default = TableRules()
    lines = []
    if rules.boneyard != default.boneyard:
        lines.append(f"boneyard = {toml_value(rules.boneyard)}")
    if rules.tied_block != default.tied_block:
        lines.append(f"tied_block = {toml_value(rules.tied_block)}")
    if rules.key_card_bonus != default.key_card_bonus:
        lines.append(f"key_card_bonus = {rules.key_card_bonus}")
    return lines


def origin_lines(origin: Origin) -> list[str]:
    """The lines of the ``[origin]`` section (see ``tutor.scenarios.origin``).

    >>> from tutor.rules.plays import Play
    >>> origin_lines(Origin("460e78b8765e", 3, 5, Play.parse("6-1"), Play.parse("5-6 right")))
    ['game = "460e78b8765e"', 'hand = 3', 'choice = 5', 'played = "6-1 left"', \
'best = "6-5 right"']
    """
    return [
        f"game = {toml_value(origin.game)}",
        f"hand = {origin.hand}",
        f"choice = {origin.choice}",
        f"played = {toml_value(str(origin.played))}",
        f"best = {toml_value(str(origin.best))}",
    ]


def _question(s: Scenario) -> list[str]:
    question = s.question
    lines = [f"ask = {toml_value(question.ask)}"]
    for name in sorted(question.params, key=_parameter_rank):
        lines.append(f"{toml_key(name)} = {toml_value(question.params[name])}")
    if question.has_expect:
        lines.append(f"expect = {toml_value(question.expect)}")
    if question.hint is not None:
        lines.append(f"hint = {toml_value(question.hint)}")
    return lines


def _parameter_rank(name: str) -> tuple[int, str]:
    known = name in PARAMETER_ORDER
    return (PARAMETER_ORDER.index(name) if known else len(PARAMETER_ORDER), name)
