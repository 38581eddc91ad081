"""Fuzzing scenario files: broken input raises ``ScenarioError`` with a sentence, never a crash.

Valid files (the library, generated positions for every question kind, and a few written
here) are mutated at random: random bytes, wrong types, duplicate tiles, broken joints,
impossible counts, unknown kinds, deleted keys and sections. Loading, answering, judging,
explaining and ``domino-tutor validate`` must either work or raise ``ScenarioError`` whose
text is ``path:line: sentence``.
"""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import io
import json
import math
import re
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.words.judging import judge
from tutor.cli.app import main
from tutor.questions.kinds import KINDS
from tutor.scenarios.mining.miner import generate
from tutor.scenarios.mining.recipes import RECIPES
from tutor.scenarios.model import ScenarioError, answer_scenario, expected
from tutor.scenarios.reader import load_scenario
from tutor.words.i18n import Speaker
from tutor.words.narrate import explain

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"

WRITTEN = [
    """id = "fuzz/pips"
game = "cutthroat"
topic = "blocked-boards"
level = 1
title = "Count"
seats = ["you", "Ann"]
[table]
line = ["6-6", "6-5"]
[hands]
you = ["1-0", "2-2", "3-1", "4-0", "5-5", "0-0", "6-1", "6-2", "6-3", "6-4", "5-0", "4-4", "3-3"]
Ann = 13
[question]
ask = "pip-count"
seat = "you"
expect = 51
""",
    """id = "fuzz/blocked"
game = "cutthroat"
topic = "blocked-boards"
level = 2
title = "Blocked?"
seats = ["you", "Ann", "Ben", "Cy"]
turn = "Ann"
[table]
line = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
[hands]
you = ["3-4"]
Ann = 5
Ben = 5
Cy = 5
[score]
you = 5
Ann = 0
stake = 2
[rules]
key_card_bonus = 0
tied_block = "void"
[question]
ask = "is-blocked"
expect = false
hint = "Look for the tiles that are not on the table."
""",
    """id = "fuzz/boneyard"
game = "cutthroat"
topic = "legal-plays"
level = 1
title = "Draw"
seats = ["you", "Ann"]
[table]
line = []
boneyard = 14
pose = "6-6"
[hands]
you = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
Ann = 7
[rules]
boneyard = true
[question]
ask = "legal-plays"
""",
    """id = "fuzz/target"
game = "fives-and-threes"
topic = "fives-and-threes-scoring"
level = 3
title = "Exactly"
seats = ["you", "Ann"]
[table]
line = ["5-5"]
boneyard = ["0-0", "1-0", "1-1", "2-0", "2-1", "2-2", "3-0", "3-1", "3-2", "3-3",
            "4-0", "4-1", "4-2", "4-3"]
[hands]
you = ["5-0", "6-5", "6-6", "6-0", "5-4", "5-3"]
Ann = ["6-1", "6-2", "6-3", "6-4", "5-1", "5-2", "4-4"]
[score]
you = 58
Ann = 12
target = 61
[question]
ask = "best-play"
""",
]


def _seeds() -> list[str]:
    texts = list(WRITTEN)
    texts += [path.read_text(encoding="utf-8") for path in sorted(LIBRARY.rglob("*.toml"))[:60]]
    for topic in RECIPES:
        texts += [item.text for item in generate(topic, 3, seed=11)]
    return texts


SEEDS = _seeds()
TILE_TEXTS = ["6-6", "4-3", "0-0", "3-4", "5|2", "[1:0]", "7-1", "6-", "x", "", "44", "2-2-2"]
NASTY_TEXTS = [
    "",
    " ",
    "tie",
    "you",
    "left",
    "LEFT",
    "both",
    "cutthroat",
    "fives-and-threes",
    "key-card",
    "best-play",
    "after-game",
    "\u00e9\u00e8",
    "\x00",
    "a\nb",
    '"',
    "🀱",
    "1" * 60,
]

values = st.deferred(
    lambda: st.one_of(
        st.integers(min_value=-3, max_value=30),
        st.integers(),
        st.sampled_from([10**4000, -(10**4000), 2**64]),
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from(TILE_TEXTS + NASTY_TEXTS),
        st.text(max_size=12),
        st.dates(),
        st.datetimes(),
        st.times(),
        st.lists(st.sampled_from(TILE_TEXTS), max_size=8),
        st.lists(values, max_size=3),
        st.dictionaries(st.sampled_from(["you", "a", "stake", "ask"]), values, max_size=3),
    )
)


# --- a small TOML writer (structure mutations are written back as text) --------------------------


def _key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"0x{value:x}" if abs(value) > 10**300 and value > 0 else str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def dump(doc: dict[str, Any]) -> str:
    lines = [f"{_key(k)} = {_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for name, table in doc.items():
        if isinstance(table, dict):
            lines.append(f"[{_key(name)}]")
            lines += [f"{_key(k)} = {_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def _big_int_safe(value: Any) -> Any:
    """Huge negative numbers cannot be written in hex; write them as text instead."""
    if isinstance(value, int) and not isinstance(value, bool) and value < -(10**300):
        return str(value)[:20]
    if isinstance(value, list):
        return [_big_int_safe(v) for v in value]
    if isinstance(value, dict):
        return {k: _big_int_safe(v) for k, v in value.items()}
    return value


# --- mutations -----------------------------------------------------------------------------------


@st.composite
def byte_mutants(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS)).encode("utf-8"))
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["flip", "insert", "delete", "splice", "truncate"]))
        at = draw(st.integers(0, len(data)))
        if op == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=6))
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 12))]
        elif op == "splice":
            donor = draw(st.sampled_from(SEEDS)).encode("utf-8")
            start = draw(st.integers(0, len(donor)))
            data[at:at] = donor[start : start + draw(st.integers(1, 80))]
        else:
            del data[at:]
    return bytes(data)


def _leaves(doc: dict[str, Any]) -> list[tuple[str, ...]]:
    paths: list[tuple[str, ...]] = []
    for key, value in doc.items():
        paths.append((key,))
        if isinstance(value, dict):
            paths += [(key, sub) for sub in value]
    return paths


def _get(doc: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = doc
    for part in path:
        value = value[part]
    return value


def _set(doc: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    table = doc if len(path) == 1 else doc[path[0]]
    table[path[-1]] = value


def _section(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """The section ``name``, made (or remade, when a mutation retyped it) as a table."""
    if not isinstance(doc.get(name), dict):
        doc[name] = {}
    table: dict[str, Any] = doc[name]
    return table


def _all_tiles(doc: dict[str, Any]) -> list[str]:
    tiles: list[str] = []
    for value in [_section(doc, "table").get("line"), *_section(doc, "hands").values()]:
        if isinstance(value, list):
            tiles += [t for t in value if isinstance(t, str)]
    return tiles or ["6-6"]


@st.composite
def structure_mutants(draw: st.DrawFn) -> bytes:
    doc = tomllib.loads(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(
            st.sampled_from(
                [
                    "delete",
                    "retype",
                    "duplicate-tile",
                    "break-joint",
                    "count",
                    "kind",
                    "unknown-key",
                    "seats",
                    "move-key",
                ]
            )
        )
        paths = _leaves(doc)
        if op == "delete" and paths:
            path = draw(st.sampled_from(paths))
            table = doc if len(path) == 1 else doc[path[0]]
            del table[path[-1]]
        elif op == "retype" and paths:
            _set(doc, draw(st.sampled_from(paths)), _big_int_safe(draw(values)))
        elif op == "duplicate-tile":
            hands = _section(doc, "hands")
            place = draw(st.sampled_from([*hands, "__line", "__out", "__boneyard"]))
            tile = draw(st.sampled_from(_all_tiles(doc)))
            table = _section(doc, "table")
            target = {"__line": "line", "__out": "out", "__boneyard": "boneyard"}.get(place)
            holder, key = (table, target) if target else (hands, place)
            current = holder.get(key)
            holder[key] = [*current, tile] if isinstance(current, list) else [tile]
        elif op == "break-joint":
            line = _section(doc, "table").get("line")
            if isinstance(line, list) and line:
                at = draw(st.integers(0, len(line) - 1))
                if draw(st.booleans()) and isinstance(line[at], str):
                    line[at] = line[at][::-1]
                else:
                    other = draw(st.integers(0, len(line) - 1))
                    line[at], line[other] = line[other], line[at]
        elif op == "count":
            hands = doc.get("hands")
            if isinstance(hands, dict) and hands:
                seat = draw(st.sampled_from(sorted(hands)))
                hands[seat] = draw(st.integers(-2, 30))
            else:
                _section(doc, "table")["boneyard"] = draw(st.integers(-2, 30))
        elif op == "kind":
            question = _section(doc, "question")
            question["ask"] = draw(
                st.sampled_from(
                    [
                        "legal-plays",
                        "pip-count",
                        "is-blocked",
                        "blocked-winner",
                        "hard-ends",
                        "last-tile",
                        "key-card",
                        "game-points",
                        "play-score",
                        "best-play",
                        "after-game",
                        "who-wins",
                        "",
                    ]
                )
            )
            for name in draw(st.lists(st.sampled_from(["tile", "end", "seat", "winner"]))):
                question[name] = draw(
                    st.sampled_from([*TILE_TEXTS, "left", "right", "you", "tie", "Nobody"])
                )
            if draw(st.booleans()):
                question["expect"] = _big_int_safe(draw(values))
        elif op == "unknown-key":
            section = draw(st.sampled_from(["", "table", "hands", "score", "rules", "question"]))
            table = doc if not section else _section(doc, section)
            table[draw(st.sampled_from(["colour", "you", "tie", "pose", "out"]))] = _big_int_safe(
                draw(values)
            )
        elif op == "seats":
            seats = doc.get("seats")
            if isinstance(seats, list) and seats:
                choice = draw(st.sampled_from(["drop", "twice", "rename", "add"]))
                if choice == "drop":
                    seats.pop(draw(st.integers(0, len(seats) - 1)))
                elif choice == "twice":
                    seats.append(seats[0])
                elif choice == "rename":
                    seats[draw(st.integers(0, len(seats) - 1))] = draw(st.sampled_from(NASTY_TEXTS))
                else:
                    seats.append(draw(st.sampled_from(["Zed", "tie", "you"])))
        elif op == "move-key" and paths:
            path = draw(st.sampled_from(paths))
            section = draw(st.sampled_from(["table", "hands", "rules", "question"]))
            if isinstance(doc.get(section), dict):
                doc[section][path[-1]] = copy.deepcopy(_get(doc, path))
    return dump(doc).encode("utf-8")


@st.composite
def question_mutants(draw: st.DrawFn) -> bytes:
    """A valid position with another question: reaches the answers' own refusals."""
    doc = tomllib.loads(draw(st.sampled_from(SEEDS)))
    ask = draw(st.sampled_from(sorted(KINDS)))
    required, optional = KINDS[ask].required, KINDS[ask].optional
    seats = list(doc["seats"])
    choices: dict[str, st.SearchStrategy[Any]] = {
        "tile": st.sampled_from(_all_tiles(doc) + TILE_TEXTS[:3]),
        "end": st.sampled_from(["left", "right", "Right"]),
        "seat": st.sampled_from(seats),
        "winner": st.sampled_from([*seats, "tie"]),
        "key_card": st.booleans(),
        "lacks": st.sampled_from(
            [{seats[-1]: [3]}, {seats[0]: [5]}, {seats[-1]: [7]}, {"Nobody": [1]}, "3", {}]
        ),
    }
    question: dict[str, Any] = {"ask": str(ask)}
    for name in sorted(required | optional):
        if name in required or draw(st.booleans()):
            question[name] = draw(choices[name])
    if draw(st.booleans()):
        question["expect"] = _big_int_safe(draw(values))
    doc["question"] = question
    if draw(st.booleans()):
        doc["turn"] = draw(st.sampled_from(seats))
    if draw(st.booleans()):
        score = _section(doc, "score")
        score[draw(st.sampled_from(seats))] = draw(st.integers(0, 70))
        score["stake"] = draw(st.integers(1, 4))
    return dump(doc).encode("utf-8")


# --- the property --------------------------------------------------------------------------------


_PATH = Path(tempfile.mkdtemp(prefix="fuzz-scenarios-")) / "fuzzed.toml"
_EN = Speaker("en")
_REPLIES = ["4-3 left", "yes", "2", "left right", "you", "tie", "six-love", "6-6", "{}", "?"]


def _assert_sentence(error: ScenarioError, raw: bytes) -> None:
    text = str(error)
    assert text.startswith(f"{_PATH}:") or text.startswith(f"{_PATH} "), text
    assert isinstance(error.problem, str) and re.search(r"[a-z]{2}", error.problem), text
    assert "Traceback" not in text
    if error.line is not None:
        assert 1 <= error.line <= raw.count(b"\n") + 1, text


def _no_note(_: str) -> None:
    pass


def check_file(raw: bytes, note: Callable[[str], None] = _no_note) -> None:
    """Everything a user can do with a file either works or says what is wrong.

    ``note`` records what happened (hypothesis ``event`` inside the fuzz test).
    """
    _PATH.write_bytes(raw)
    try:
        scenario = load_scenario(_PATH)
    except ScenarioError as error:
        _assert_sentence(error, raw)
        note("rejected by the loader")
        return
    try:
        result = answer_scenario(scenario)
    except ScenarioError as error:
        _assert_sentence(error, raw)
        note("loaded, no answer")
        return
    note(f"answered {scenario.question.ask}")
    expected(scenario)
    assert explain(result.facts, _EN)
    for reply in _REPLIES:
        judge(scenario, reply)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["validate", "--quiet", str(_PATH)])
    assert code in (0, 1), out.getvalue()


FUZZ = settings(
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


@FUZZ
@given(st.one_of(byte_mutants(), structure_mutants(), question_mutants()))
def test_mutated_files_fail_with_a_sentence(raw: bytes) -> None:
    check_file(raw, event)


def test_the_seeds_are_valid() -> None:
    for text in SEEDS:
        check_file(text.encode("utf-8"))
        assert load_scenario(_PATH)


def test_known_crashers() -> None:
    """Inputs that once escaped as something other than ScenarioError."""
    base = WRITTEN[0]
    crashers = [
        base.replace("expect = 51", "expect = " + "9" * 5000),  # int() digit limit in tomllib
        base.replace("expect = 51", "expect = " + "[" * 3000 + "]" * 3000),  # deep nesting
        base.replace("level = 1", "level = 0x" + "f" * 5000),  # a number too long to print
        base.replace('seat = "you"', "seat = 0x" + "f" * 5000),
        base.replace("Ann = 13", "Ann = 0x" + "f" * 5000),
        base.replace("expect = 51", "expect = 0x" + "f" * 5000),
        base.replace("expect = 51", "expect = 1979-05-27"),  # not JSON
        base.replace("expect = 51", 'expect = ["4-3 left", 3]'),
        base.replace("expect = 51", "expect = [{a = 1}, {b = 2}]"),
        base.replace('ask = "pip-count"', 'ask = "legal-plays"').replace(
            "expect = 51", 'expect = [1, "x"]'
        ),
    ]
    for text in crashers:
        check_file(text.encode("utf-8"))
