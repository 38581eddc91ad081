"""Scenario files: every rule of a legal position, rejected with ``path:line: sentence``.

Each broken file is the valid ``BASE`` with one change; the test names the line
the error must point at by its text, so the table reads like the files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.scenarios.library import scenario_files
from tutor.scenarios.model import ScenarioError, answer_scenario
from tutor.scenarios.reader import load_scenario, parse_scenario

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
LIBRARY_FILES = sorted(scenario_files([LIBRARY]))

BASE = """\
id = "test/base"
game = "cutthroat"
topic = "key-cards"
level = 3
title = "Both ends are hard"
seats = ["you", "Marcia", "Desmond", "Kenrick"]
turn = "you"

[table]
line = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]

[hands]
you = ["3-4"]
Marcia = ["1-1", "1-2", "2-2", "0-1", "0-2"]
Desmond = 5
Kenrick = 5

[score]
you = 2
stake = 1

[question]
ask = "game-points"
tile = "4-3"
expect = 2
"""

FIVES = """\
id = "test/fives"
game = "fives-and-threes"
topic = "fives-and-threes-scoring"
level = 2
title = "Score"
seats = ["you", "Ann"]

[table]
line = ["6-6"]
boneyard = 14

[hands]
you = ["6-3", "2-2", "1-0", "5-5", "4-4", "3-3", "0-0"]
Ann = 6

[score]
you = 10
Ann = 0

[question]
ask = "best-play"
expect = ["6-3 left"]
"""


def line_of(text: str, fragment: str) -> int:
    """The number of the first line of ``text`` that contains ``fragment``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} is not in the text")


def error_of(text: str, path: str = "case.toml") -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        answer_scenario(parse_scenario(text, path))
    return caught.value


def test_the_base_files_are_valid() -> None:
    assert answer_scenario(parse_scenario(BASE)).value == 2
    assert answer_scenario(parse_scenario(FIVES)).value == ["6-3 left"]


# (name, text, the fragment of the line the error points at, words the sentence contains)
BROKEN = [
    (
        "toml-syntax",
        BASE.replace("level = 3", "level = "),
        "level = ",
        "not valid TOML",
    ),
    (
        "toml-unclosed-list",
        BASE.replace('"2-3"]', '"2-3"'),
        "[hands]",
        "not valid TOML",
    ),
    (
        "unknown-top-key",
        BASE.replace('turn = "you"', 'turn = "you"\ncolour = "red"'),
        "colour",
        "unknown key 'colour'",
    ),
    (
        "unknown-section",
        BASE + "\n[extras]\nx = 1\n",
        "[extras]",
        "unknown key 'extras'",
    ),
    (
        "unknown-table-key",
        BASE.replace("[table]\n", "[table]\nspinner = true\n"),
        "spinner",
        "unknown key 'table.spinner'",
    ),
    (
        "unknown-question-key",
        BASE.replace("expect = 2", "expect = 2\nanswer = 2"),
        "answer = 2",
        "unknown key 'question.answer'",
    ),
    (
        "tile-in-line-and-hand",
        BASE.replace('you = ["3-4"]', 'you = ["2-3"]'),
        'you = ["2-3"]',
        "3-2 cannot be in two places at once",
    ),
    (
        "tile-in-two-hands",
        BASE.replace('you = ["3-4"]', 'you = ["1-1"]'),
        'Marcia = ["1-1"',
        "1-1 cannot be in two places at once",
    ),
    (
        "tile-twice-in-a-hand",
        BASE.replace('"0-1", "0-2"]', '"0-1", "1-0"]'),
        "Marcia =",
        "1-0 appears twice in 'hands.Marcia'",
    ),
    (
        "tile-twice-in-the-line",
        BASE.replace('"4-2", "2-3"]', '"4-2", "2-4"]'),
        "line = ",
        "4-2 appears twice",
    ),
    (
        "line-does-not-join",
        BASE.replace('["4-0", "0-3"', '["4-0", "3-0"'),
        "line = ",
        "the line does not join: 3-0 does not join 4-0",
    ),
    (
        "not-a-tile",
        BASE.replace('you = ["3-4"]', 'you = ["7-1"]'),
        "you = ",
        "'7-1' is not a tile",
    ),
    (
        "tile-not-text",
        BASE.replace('you = ["3-4"]', "you = [34]"),
        "you = ",
        "must be a tile in quotes",
    ),
    (
        "totals-not-28",
        BASE.replace("Desmond = 5", "Desmond = 4"),
        "[hands]",
        "do not add up to the set of 28: 18 are placed or listed and 9 are face down",
    ),
    (
        "too-many-tiles-in-a-hand",
        BASE.replace('"2-2", "0-1", "0-2"]', '"2-2", "0-1", "0-2", "6-6", "5-5", "6-5"]').replace(
            "Desmond = 5", "Desmond = 2"
        ),
        "Marcia =",
        "Marcia holds 8 tiles, but only 7 are dealt to each",
    ),
    (
        "negative-count",
        BASE.replace("Kenrick = 5", "Kenrick = -1"),
        "Kenrick = -1",
        "must be 0 or more",
    ),
    (
        "hand-missing",
        BASE.replace("Kenrick = 5\n", ""),
        "[hands]",
        "the hand of 'Kenrick' is missing",
    ),
    (
        "hand-of-an-unknown-seat",
        BASE.replace("Kenrick = 5", "Kenrick = 5\nZed = 0"),
        "Zed = 0",
        "unknown key 'hands.Zed'",
    ),
    (
        "turn-unknown-seat",
        BASE.replace('turn = "you"', 'turn = "Zed"'),
        'turn = "Zed"',
        "turn names 'Zed', who is not one of the seats",
    ),
    (
        "score-of-an-unknown-seat",
        BASE.replace("you = 2\n", "you = 2\nZed = 1\n"),
        "Zed = 1",
        "unknown key 'score.Zed'",
    ),
    (
        "seats-twice",
        BASE.replace('"Kenrick"]', '"Marcia"]'),
        "seats = ",
        "two seats have the same name",
    ),
    (
        "seats-five",
        BASE.replace('"Kenrick"]', '"Kenrick", "Zed"]'),
        "seats = ",
        "a table has 2, 3 or 4 seats, not 5",
    ),
    (
        "seat-named-tie",
        BASE.replace('"Kenrick"]', '"tie"]').replace("Kenrick = 5", "tie = 5"),
        "seats = ",
        "'tie' is a reserved word",
    ),
    (
        "level-too-high",
        BASE.replace("level = 3", "level = 9"),
        "level = 9",
        "the level must be 1 (first lesson) to 5 (expert), not 9",
    ),
    (
        "level-zero",
        BASE.replace("level = 3", "level = 0"),
        "level = 0",
        "not 0",
    ),
    (
        "level-text",
        BASE.replace("level = 3", 'level = "three"'),
        "level = ",
        "'level' must be a whole number, not 'three'",
    ),
    (
        "level-missing",
        BASE.replace("level = 3\n", ""),
        None,
        "the key 'level' is missing",
    ),
    (
        "id-missing",
        BASE.replace('id = "test/base"\n', ""),
        None,
        "the key 'id' is missing",
    ),
    (
        "title-empty",
        BASE.replace('title = "Both ends are hard"', 'title = "  "'),
        "title = ",
        "'title' must be a non-empty text",
    ),
    (
        "unknown-game",
        BASE.replace('game = "cutthroat"', 'game = "draw"'),
        'game = "draw"',
        'game must be "cutthroat" or "fives-and-threes"',
    ),
    (
        "unknown-ask",
        BASE.replace('ask = "game-points"', 'ask = "who-wins"'),
        'ask = "who-wins"',
        "unknown question kind 'who-wins'",
    ),
    (
        "missing-parameter",
        BASE.replace('tile = "4-3"\n', ""),
        "[question]",
        "the question 'game-points' needs the parameter 'tile'",
    ),
    (
        "parameter-of-another-kind",
        BASE.replace('tile = "4-3"', 'tile = "4-3"\nseat = "you"'),
        'seat = "you"',
        "unknown key 'question.seat'",
    ),
    (
        "bad-end",
        BASE.replace('tile = "4-3"', 'tile = "4-3"\nend = "middle"'),
        'end = "middle"',
        "'question.end' must be \"left\" or \"right\", not 'middle'",
    ),
    (
        "bad-winner",
        BASE.replace('ask = "game-points"\ntile = "4-3"', 'ask = "after-game"\nwinner = "Zed"'),
        'winner = "Zed"',
        "must be a seat or \"tie\", not 'Zed'",
    ),
    (
        "cutthroat-ask-in-fives",
        FIVES.replace('ask = "best-play"', 'ask = "key-card"\ntile = "6-3"'),
        'ask = "key-card"',
        "'key-card' is a Cutthroat question, but this is Fives & Threes",
    ),
    (
        "fives-ask-in-cutthroat",
        BASE.replace('ask = "game-points"\ntile = "4-3"', 'ask = "best-play"'),
        'ask = "best-play"',
        "'best-play' is a Fives & Threes question, but this is Cutthroat",
    ),
    (
        "fives-three-seats",
        FIVES.replace('["you", "Ann"]', '["you", "Ann", "Bo"]'),
        "seats = ",
        "Fives & Threes has 2 players, not 3",
    ),
    (
        "fives-boneyard-not-14",
        FIVES.replace("boneyard = 14", "boneyard = 13").replace("Ann = 6", "Ann = 7"),
        "boneyard = 13",
        "14 tiles sleep in the boneyard",
    ),
    (
        "fives-score-past-target",
        FIVES.replace("you = 10", "you = 62"),
        "you = 62",
        "you has 62, past the target 61",
    ),
    (
        "fives-score-at-target",
        FIVES.replace("you = 10", "you = 61"),
        "you = 61",
        "you has 61, the target: the match is already over",
    ),
    (
        "fives-targets-disagree",
        FIVES.replace("Ann = 0\n", "Ann = 0\ntarget = 51\n") + "\n[rules]\ntarget = 61\n",
        "target = 51",
        "score.target and rules.target disagree",
    ),
    (
        "cutthroat-boneyard",
        BASE.replace("[table]\n", "[table]\nboneyard = 2\n").replace("Desmond = 5", "Desmond = 3"),
        "boneyard = 2",
        "there is no boneyard",
    ),
    (
        "boneyard-rule-for-four",
        BASE + "\n[rules]\nboneyard = true\n",
        "[rules]",
        "a boneyard to draw from is an option of 2-player Cutthroat only",
    ),
    (
        "bad-tied-block",
        BASE + '\n[rules]\ntied_block = "split"\n',
        'tied_block = "split"',
        '\'rules.tied_block\' must be "carry" or "void"',
    ),
    (
        "bad-key-bonus",
        BASE + "\n[rules]\nkey_card_bonus = -1\n",
        "key_card_bonus",
        "must be 0 or more",
    ),
    (
        "pose-on-a-laid-line",
        BASE.replace("[table]\n", '[table]\npose = "6-6"\n'),
        'pose = "6-6"',
        "a pose is only asked for while the table is empty",
    ),
    (
        "section-as-value",
        BASE.replace('turn = "you"', 'turn = "you"\nhands = 3').replace(
            BASE[BASE.index("[hands]") : BASE.index("[score]")], ""
        ),
        "hands = 3",
        "'hands' must be a section written [hands]",
    ),
    (
        "question-missing",
        BASE[: BASE.index("[question]")],
        None,
        "the section [question] is missing",
    ),
    # The position is legal, but the question has no answer in it.
    (
        "tile-not-in-hand",
        BASE.replace('tile = "4-3"', 'tile = "6-6"'),
        'tile = "6-6"',
        "6-6 is not in the hand of you, who is to play",
    ),
    (
        "hand-hidden",
        BASE.replace('ask = "game-points"\ntile = "4-3"', 'ask = "legal-plays"')
        .replace('turn = "you"', 'turn = "Desmond"')
        .replace("expect = 2\n", ""),
        'ask = "legal-plays"',
        "needs the hand of Desmond, but it is hidden",
    ),
    (
        "blocked-winner-not-blocked",
        BASE.replace('ask = "game-points"\ntile = "4-3"', 'ask = "blocked-winner"').replace(
            "expect = 2\n", ""
        ),
        'ask = "blocked-winner"',
        "'blocked-winner' needs a blocked table, but a tile still fits",
    ),
    (
        "last-tile-not-hard",
        BASE.replace('"4-2", "2-3"]', '"4-2"]')
        .replace('you = ["3-4"]', 'you = ["3-4", "2-3"]')
        .replace('ask = "game-points"\ntile = "4-3"', 'ask = "last-tile"\nend = "right"')
        .replace("expect = 2\n", ""),
        'end = "right"',
        "the right end (showing 2) is not hard",
    ),
]


@pytest.mark.parametrize(
    ("text", "fragment", "words"),
    [pytest.param(text, fragment, words, id=name) for name, text, fragment, words in BROKEN],
)
def test_a_broken_file_names_its_line_and_says_why(
    text: str, fragment: str | None, words: str
) -> None:
    error = error_of(text)
    assert words in error.problem
    assert error.path == "case.toml"
    if fragment is None:
        assert error.line is None
        assert str(error) == f"case.toml: {error.problem}"
    else:
        assert error.line == line_of(text, fragment), str(error)
        assert str(error) == f"case.toml:{error.line}: {error.problem}"


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(BASE.replace("Both ends", "B\xf6th ends").encode("latin-1"))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.line == line_of(BASE, "title")
    assert "not UTF-8" in caught.value.problem


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"missing\.toml: cannot read the file"):
        load_scenario(tmp_path / "missing.toml")


def test_numbers_too_long_and_nesting_too_deep() -> None:
    long = error_of(BASE.replace("expect = 2", "expect = " + "9" * 5000))
    assert long.line == line_of(BASE, "expect = 2") and "too long" in long.problem
    deep = error_of(BASE.replace("expect = 2", "expect = " + "[" * 3000 + "]" * 3000))
    assert deep.line == line_of(BASE, "expect = 2") and "nested too deeply" in deep.problem
    huge = error_of(BASE.replace("level = 3", "level = 0x" + "f" * 5000))
    assert huge.line == line_of(BASE, "level") and "a number too long to show" in huge.problem


def test_a_file_on_disk_reports_its_path(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BASE.replace("level = 3", "level = 6"), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}:4: the level must be 1 (first lesson) to 5 (expert), not 6"


def test_forgiving_in_what_it_reads() -> None:
    """Tile notations, the 3-player default out, and optional sections."""
    text = BASE.replace('you = ["3-4"]', 'you = ["[4|3]"]').replace('tile = "4-3"', 'tile = "3:4"')
    s = parse_scenario(text)
    assert answer_scenario(s).value == 2
    three = parse_scenario(
        """
id = "t/three"
game = "cutthroat"
topic = "hard-ends"
level = 1
title = "Three"
seats = ["you", "Ann", "Ben"]
[table]
line = ["6-6"]
[hands]
you = 9
Ann = 9
Ben = 8
[question]
ask = "hard-ends"
expect = []
"""
    )
    assert str(three.out) == "1"  # 0-0 is out of play with three players
    assert three.scores == {"you": 0, "Ann": 0, "Ben": 0} and three.stake == 1
    assert three.turn == "you"


THREE = """\
id = "t/three"
game = "cutthroat"
topic = "hard-ends"
level = 1
title = "Three"
seats = ["you", "Ann", "Ben"]
[table]
line = ["6-6"]
out = ["0-0"]
[hands]
you = 9
Ann = 9
Ben = 8
[question]
ask = "hard-ends"
expect = []
"""


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param(THREE.replace('out = ["0-0"]', "out = []").replace("Ben = 8", "Ben = 9"),
                     "out = []", id="out-empty"),
        pytest.param(THREE.replace('out = ["0-0"]', 'out = ["0-0", "5-5"]').replace(
            "Ben = 8", "Ben = 7"), "out = [", id="out-more"),
        pytest.param(THREE.replace('out = ["0-0"]', 'out = ["5-5"]'), "out = [", id="out-other"),
    ],
)
def test_three_players_put_the_double_blank_out_and_nothing_else(text: str, fragment: str) -> None:
    assert str(parse_scenario(THREE).out) == "1"
    error = error_of(text)
    assert error.line == line_of(text, fragment), str(error)
    assert "with three players the 0-0 is out of play" in error.problem


ESCAPE = "\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b[31m"


@pytest.mark.parametrize(
    ("text", "fragment", "where"),
    [
        pytest.param(BASE.replace('title = "', f'title = "{ESCAPE}'), "title", "title", id="title"),
        pytest.param(BASE.replace('title = "', 'story = "a\\u009b2J"\ntitle = "'), "story",
                     "story", id="story-c1"),
        pytest.param(BASE.replace('id = "test/', f'id = "{ESCAPE}'), "id =", "id", id="id"),
        pytest.param(BASE.replace('topic = "', 'topic = "\\u0007'), "topic", "topic",
                     id="topic"),
        pytest.param(BASE.replace("expect = 2", f'expect = 2\nhint = "{ESCAPE}"'), "hint",
                     "question.hint", id="hint"),
        pytest.param(BASE.replace('"Kenrick"]', '"Ken\\u001b[2Jrick"]').replace(
            "Kenrick = 5", '"Ken\\u001b[2Jrick" = 5'), "seats", "seats", id="seat"),
    ],
)
def test_control_characters_are_refused(text: str, fragment: str, where: str) -> None:
    error = error_of(text)
    assert error.line == line_of(text, fragment), str(error)
    assert f"'{where}' holds a control character" in error.problem
    assert "\x1b" not in str(error) and "\x07" not in str(error)


def test_validate_refuses_an_escape_title(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil.toml"
    path.write_text(BASE.replace('title = "', f'title = "{ESCAPE}'), encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:5: 'title' holds a control character")
    assert "\x1b" not in out


def test_a_pose_by_the_last_winner_leaves_the_poser_one_tile_short() -> None:
    """A story that names who posed agrees with the hand counts (the poser played one tile)."""
    for path in LIBRARY_FILES:
        s = load_scenario(path)
        if s.draws or len(s.line) != 1 or not s.story or " posed " not in s.story:
            continue
        named = [seat for seat in s.seats if seat in s.story.split(" posed ")[0]]
        assert len(named) == 1, path
        poser = named[0]
        assert s.seats[(s.seats.index(s.turn) - 1) % len(s.seats)] == poser, path
        sizes = {
            seat: s.hands[seat].bit_count() if seat in s.hands else s.hidden[seat]
            for seat in s.seats
        }
        assert sizes[poser] == s.rules.hand_size - 1, (path, sizes)
        assert all(n == s.rules.hand_size for seat, n in sizes.items() if seat != poser), path


def test_pose_must_be_the_tile_the_rules_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """6-6 poses when every tile is dealt; with a boneyard, no known higher double may be held."""
    from tutor.scenarios.model import ScenarioError
    from tutor.scenarios.reader import parse_scenario

    boneyard_game = """
id = "x/pose"
game = "cutthroat"
topic = "the-pose"
level = 1
title = "t"
seats = ["you", "Ann"]
[table]
boneyard = 14
pose = "POSE"
[hands]
you = ["1-1", "4-4", "2-0", "3-1", "5-0", "6-0", "2-1"]
Ann = 7
[rules]
boneyard = true
[question]
ask = "legal-plays"
"""
    with pytest.raises(ScenarioError, match=r"^x.toml:10: 4-4 is dealt, so 1-1 is not"):
        parse_scenario(boneyard_game.replace("POSE", "1-1"), "x.toml")
    assert str(parse_scenario(boneyard_game.replace("POSE", "4-4"), "x.toml").pose) == "4-4"


def test_a_next_line_character_in_a_string_does_not_shift_line_numbers() -> None:
    """Rule: TOML ends a line at a newline only; a U+0085 (NEL) or U+2028 inside a string is
    part of that line, so the error names the line as an editor shows it (found by the fuzz
    test: it said line 16 of a 15-line file)."""
    text = (
        'id = "fuzz/pips"\ngame = "cutthroat"\ntopic = "blocked-boards"\nlevel = 1\n'
        'title = "Count"  # a note\u0085 and\u2028 more\nseats = ["you", "Ann"]\n[rules]\n'
        "colour = 0\n"
    )
    error = error_of(text)
    assert error.line == 8, str(error)


def test_the_question_lacks_are_read_into_the_position() -> None:
    s = parse_scenario(
        """
id = "lacks"
game = "cutthroat"
topic = "play-the-odds"
level = 3
title = "Only your hand"
seats = ["you", "Beverley", "Winston"]
[table]
line = ["3-2", "2-2", "2-1", "1-1", "1-4", "4-0", "0-2", "2-5", "5-3", "3-0", "0-1",
        "1-5", "5-4", "4-6", "6-6", "6-2", "2-4", "4-4", "4-3", "3-1", "1-6", "6-0"]
[hands]
you = ["6-3", "5-0"]
Beverley = 2
Winston = 1
[question]
ask = "winning-play"
lacks = { Winston = [5, 3] }
"""
    )
    assert s.position.lacks == (0, 0, 1 << 3 | 1 << 5) and s.position.lacked(2) == [3, 5]
