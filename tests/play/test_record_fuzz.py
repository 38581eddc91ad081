"""Damaged game records, generated from real records of the tutor's own making: wrong types,
huge numbers, NaN and infinities, negative counts, indices past the plays, seats off the table,
illegal plays, truncation and random byte flips. Whatever the damage: no traceback, exit
status 2, and one or two lines that name the file and the field (or the line and column).

The property runs in-process on a fixed seed (``derandomize``) over ``FUZZ_CASES`` records;
a few real subprocess runs check the exit status of the command itself.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.play.app import find_game, record_problem
from tutor.play.model.practice import PracticeGame
from tutor.play.model.record import RecordError, load_game, to_json
from tutor.play.model.session import Options
from tutor.questions.coach import CoachBudget
from tutor.words.i18n import Speaker

FUZZ_CASES = 1500
QUICK = CoachBudget(samples_cutthroat=4, samples_fives_and_threes=2, time_budget=0.01)
LANGUAGES = ("en", "de", "pap")


def _record(options: Options) -> dict[str, Any]:
    game = PracticeGame(options, coach="after", budget=QUICK)
    while not game.over and len(game.session.actions) < 120:
        if game.learner_to_play:
            game.choose(game.legal_choices()[-1])
        else:
            game.step()
    return to_json(game)


_REAL: list[dict[str, Any]] = []


def real_records() -> list[dict[str, Any]]:
    """Three records made by the tutor (unfinished: the first 120 actions), once a run."""
    if not _REAL:
        _REAL.extend(
            _record(options)
            for options in (
                Options(players=3, level=1, seed=11),
                Options(game="fives-and-threes", level=1, seed=12),
                Options(players=2, boneyard=True, level=1, seed=13),
            )
        )
    return _REAL


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (a key of an object or an index of a list)."""
    places = [here] if here else []
    if isinstance(value, dict):
        for key, item in value.items():
            places += _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            places += _paths(item, (*here, index))
    return places


def _set(data: Any, where: tuple[Any, ...], value: Any) -> None:
    for part in where[:-1]:
        data = data[part]
    data[where[-1]] = value


HOSTILE = [
    "many", "", "x" * 5000, "\u202e6-6 left", [], [1, 2], {}, {"kind": "play"}, -1, -(10**9),
    10**30, 1.5, float("nan"), float("inf"), float("-inf"), True, None,
]


def _field_named(said: str, path: Path) -> bool:
    """One or two lines, naming the file and a field, a line and column, or an action."""
    lines = said.strip("\n").split("\n")
    if not 1 <= len(lines) <= 2 or not lines[0].startswith("domino-tutor:"):
        return False
    if str(path) not in said:
        return False
    return bool(
        re.search(r"[a-z_]+(\[\d+\])*(\.[a-z_]+(\[\d+\])*)*: ", said.split(str(path), 1)[1])
        or re.search(r"\d+, \w+ \d+", said)  # line N, column M (Zeile, Spalte; liña, kolòm)
        or "actions[" in said
        or "domino-tutor" in said.split(str(path), 1)[1]  # not a record of domino-tutor
    )


def _judge(path: Path, language: str, capsys: pytest.CaptureFixture[str]) -> str:
    """Load the record as ``review FILE`` does; a refusal must be one good sentence."""
    game = find_game(path, Speaker(language))
    said = capsys.readouterr().err
    if game is None:
        assert "Traceback" not in said and _field_named(said, path), said
        return "refused"
    assert said == ""
    return "read"


mutation = st.one_of(
    st.tuples(st.just("set"), st.integers(0, 10**6), st.sampled_from(range(len(HOSTILE)))),
    st.tuples(st.just("delete"), st.integers(0, 10**6), st.just(0)),
    st.tuples(st.just("index"), st.integers(0, 10**6), st.integers(0, 50)),
    st.tuples(st.just("illegal"), st.integers(0, 10**6), st.integers(0, 27)),
    st.tuples(st.just("seat"), st.integers(0, 10**6), st.integers(2, 9)),
    st.tuples(st.just("truncate"), st.integers(0, 10**6), st.just(0)),
    st.tuples(st.just("flip"), st.integers(0, 10**6), st.integers(1, 255)),
)

@settings(
    max_examples=FUZZ_CASES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    which=st.integers(0, 2),
    damage=st.lists(mutation, min_size=1, max_size=3),
    language=st.sampled_from(LANGUAGES),
)
def test_a_damaged_record_is_refused_in_one_sentence_never_a_traceback(
    which: int,
    damage: list[tuple[str, int, int]],
    language: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = json.loads(json.dumps(real_records()[which]))
    raw: bytes | None = None
    must_refuse = False  # damage that no record survives (a cut)
    graded: list[dict[str, Any]] = []  # grades sent past the end of the plays
    seated: list[dict[str, Any]] = []  # actions given a seat
    beyond = False  # a grade or a seat past the end, as the record is written
    for kind, at, value in damage:
        if raw is not None and kind not in ("truncate", "flip"):
            continue  # the bytes are damaged already: nothing more to change as JSON
        if kind == "set":
            places = _paths(record)
            _set(record, places[at % len(places)], json.loads(json.dumps(HOSTILE[value])))
        elif kind == "delete":
            places = [p for p in _paths(record) if isinstance(p[-1], str)]
            where = places[at % len(places)]
            holder = record
            for part in where[:-1]:
                holder = holder[part]
            del holder[where[-1]]
        elif kind == "index" and isinstance(record.get("grades"), list) and record["grades"]:
            grade = record["grades"][at % len(record["grades"])]
            if isinstance(grade, dict) and isinstance(record.get("actions"), list):
                grade["action"] = len(record["actions"]) + value
                graded.append(grade)
        elif kind == "illegal" and isinstance(record.get("actions"), list) and record["actions"]:
            action = record["actions"][at % len(record["actions"])]
            if isinstance(action, dict):
                action.update(kind="play", play=f"{value % 7}-{value // 7 % 7} right")
        elif kind == "seat" and isinstance(record.get("actions"), list) and record["actions"]:
            action = record["actions"][at % len(record["actions"])]
            if isinstance(action, dict):
                action["seat"] = value
                seated.append(action)
        elif kind in ("truncate", "flip"):
            if raw is None:  # what the JSON damage left, judged before the bytes change
                beyond = _beyond(record, graded, seated)
            # An empty file (cut at 0) stays empty: never written afresh from the record.
            data = bytearray(raw if raw is not None else json.dumps(record, indent=1).encode())
            if kind == "truncate":
                data = data[: at % len(data)] if data else data
                must_refuse = True
            elif data:  # a flipped byte may turn a seat's 3 into a 2: no longer sure to refuse
                data[at % len(data)] ^= value
                beyond = False
            raw = bytes(data)
    if raw is None:
        beyond = _beyond(record, graded, seated)
    must_refuse = must_refuse or beyond
    path = tmp_path / "friend's game.json"
    path.write_bytes(raw if raw is not None else json.dumps(record).encode())
    outcome = _judge(path, language, capsys)
    assert outcome == "refused" or not must_refuse, damage


def _beyond(
    record: dict[str, Any], graded: list[dict[str, Any]], seated: list[dict[str, Any]]
) -> bool:
    """True when the record as damaged still holds a grade past the end of its plays or a play
    by a seat past the table (a later damage may have put a good value back, or removed it)."""
    actions = record.get("actions")
    grades = record.get("grades")
    if not isinstance(actions, list):
        return False
    past = isinstance(grades, list) and any(
        any(grade is g for g in grades)
        and type(grade.get("action")) is int
        and grade["action"] >= len(actions)
        for grade in graded
    )
    off_table = any(
        any(action is a for a in actions)
        and type(action.get("seat")) is int
        and action["seat"] >= 3
        for action in seated
    )
    return past or off_table


def _good() -> dict[str, Any]:
    return json.loads(json.dumps(real_records()[0]))


def _with(change: Any) -> bytes:
    record = _good()
    change(record)
    return json.dumps(record).encode()


def _grade0(record: dict[str, Any]) -> dict[str, Any]:
    grade: dict[str, Any] = record["grades"][0]
    return grade


TABLE: dict[str, tuple[Any, str]] = {
    "a count as a word": (lambda r: r.update(hints="many"),
                          'hints: expected a whole number, got "many"'),
    "a count as a list": (lambda r: r.update(take_backs=[1]),
                          "take_backs: expected a whole number, got a list"),
    "a negative count": (lambda r: r.update(hints=-3), "hints: expected at least 0, got -3"),
    "a list as a number": (lambda r: r.update(actions=7), "actions: expected a list, got 7"),
    "a seed of 5,000 digits": (None, "seed: expected a whole number, got a number of 5000 digits"),
    "a seed too large": (lambda r: r.update(seed=2**70),
                         "seed: expected at most 9223372036854775807, got 1180591620717411303424"),
    "a NaN chance": (None, "grades[0].chances[0][1]: expected a finite number, got NaN"),
    "an infinite chance": (None, "grades[0].loss: expected a finite number, got an infinite"),
    "a chance above 1": (lambda r: _grade0(r).update(loss=1.5),
                         "grades[0].loss: expected at most 1, got 1.5"),
    "an index past the plays": (
        lambda r: _grade0(r).update(action=len(r["actions"]) + 4),
        "grades[0].action: expected the index of one of the 120 actions (0 to 119), got 124",
    ),
    "a seat off the table": (
        lambda r: r["actions"][0].update(seat=3),
        "actions[0].seat: expected a seat of the table (0 to 2), got 3",
    ),
    "a tile that is not one": (
        lambda r: _grade0(r).update(played="7-7 left"),
        'grades[0].played: expected a play such as "6-5 left", got "7-7 left"',
    ),
    "a game that is not one": (
        lambda r: r["rules"].update(game="chess"),
        'rules.game: expected one of "cutthroat" or "fives-and-threes", got "chess"',
    ),
    "an invisible character": (lambda r: r.update(hints="\u202e3\n"),
                               'hints: expected a whole number, got "\\u202e3\\u000a"'),
    "a long text": (lambda r: r.update(id="x" * 1000), "id: is longer than 64 characters"),
    "a wrong deal id": (lambda r: r.update(deal_id="ABCDEF"), "deal_id: does not match the seed"),
    "an illegal play": (
        lambda r: r["actions"][1].update(play="0-0 left"),
        "does not replay by the rules: at actions[1], 0-0 left is not a legal play there",
    ),
    "a missing field": (lambda r: r.pop("actions"), "actions: is missing"),
    "an unknown reason": (
        lambda r: _grade0(r).update(reasons=[{"kind": "luck"}]),
        'grades[0].reasons[0].kind: expected one of "dominoes"',
    ),
}


def _raw(case: str) -> bytes:
    change, _ = TABLE[case]
    if case == "a seed of 5,000 digits":
        return _with(lambda r: r.update(seed=0)).replace(b'"seed": 0', b'"seed": ' + b"9" * 5000)
    if case == "a NaN chance":
        return _with(lambda r: _grade0(r)["chances"][0].__setitem__(1, math.nan))
    if case == "an infinite chance":
        return _with(lambda r: _grade0(r).update(loss=math.inf))
    return _with(change)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_kind_of_damage_names_its_field(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(_raw(case))
    with pytest.raises(RecordError):
        load_game(path)
    assert find_game(path, Speaker("en")) is None
    said = capsys.readouterr().err
    assert said.startswith(f"domino-tutor: the game record {path}") and said.count("\n") == 1
    assert TABLE[case][1] in said, said
    for language in ("de", "pap"):
        assert find_game(path, Speaker(language)) is None
        other = capsys.readouterr().err
        assert str(path) in other and other.count("\n") == 1 and other != said


FILES: dict[str, tuple[bytes, str]] = {
    "a byte-order mark": (b"\xef\xbb\xbf{}", "begins with a byte-order mark (BOM)"),
    "UTF-16": (b"\xff\xfe{\x00}\x00", "is UTF-16 text"),
    "invalid UTF-8": (b'{\n "hints": "\xff"}', "the byte 0xff at line 2, column 12 is not UTF-8"),
    "bad JSON": (b'{"hints": 1,\n  "seed": }', "line 2, column 11: a value was expected"),
    "10,000 deep": (b"[" * 10_000 + b"]" * 10_000, "nested more than 64 deep (line 1, column 65)"),
    "truncated": (b'{"format": "domino-tutor-game", "ver', "line 1, column 33"),
    "empty": (b"", "line 1, column 1: a value was expected"),
    "not a record": (b"[1, 2]", "is not a game record of domino-tutor"),
    "half a million objects": (b"[" + b"{}," * 500_000 + b"{}]",
                               "it opens more than 500000 lists and objects"),
}


@pytest.mark.parametrize("case", sorted(FILES))
def test_a_file_that_is_no_json_record_says_what_is_wrong_and_where(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw, expected = FILES[case]
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    assert find_game(path, Speaker("en")) is None
    said = capsys.readouterr().err
    assert expected in said and str(path) in said and said.count("\n") == 1, said


def test_files_that_are_not_regular_or_too_large_are_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(300 * 1024 * 1024)  # sparse: 300 MB that take no room
    cases = {
        fifo: "is not a regular file",
        Path("/dev/zero"): "is not a regular file",
        tmp_path: "is not a regular file",
        big: "is 300 MB, more than the 16 MB the tutor reads",
        tmp_path / "none.json": "there is no file",
    }
    for path, expected in cases.items():
        with pytest.raises(RecordError) as caught:
            load_game(path)
        said = record_problem(caught.value, path, Speaker("en"))
        assert expected in said and str(path) in said, said


def test_the_command_exits_2_with_one_line(tmp_path: Path) -> None:
    """Real runs of ``review FILE`` and ``play --replay FILE``: exit status 2, one line."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "LANGUAGE": "de"}
    cases = {
        "count.json": _raw("a count as a word"),
        "deep.json": b"[" * 10_000 + b"]" * 10_000,
        "nan.json": _raw("a NaN chance"),
    }
    for name, raw in cases.items():
        path = tmp_path / name
        path.write_bytes(raw)
        for command in (["review", str(path)], ["play", "--replay", str(path)]):
            done = subprocess.run(
                [sys.executable, "-m", "tutor", *command, "--lang", "de"],
                capture_output=True, text=True, env=env, timeout=120, stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 2, (name, command, done.stderr)
            assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
            assert str(path) in done.stderr and done.stdout == ""
