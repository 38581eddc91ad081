"""Topic detectors: a table of small True/False positions for each (Lichess-tagger style).

Every position here is worked by hand; the comments count the halves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from tutor.questions.topics import (
    TOPICS,
    blocked_board,
    dead_end,
    domino_chance,
    exact_target_chance,
    hard_end,
    key_card_chance,
    must_pass,
    scoring_play,
    several_legal_plays,
    six_love_chance,
    topics_of,
)
from tutor.rules.game import Game
from tutor.rules.line import Line
from tutor.rules.plays import Play
from tutor.rules.position import Position
from tutor.rules.table_rules import FIVES_AND_THREES, TableRules
from tutor.rules.tiles import FULL_SET, Tile, mask_of, parse_tiles
from tutor.scenarios.reader import load_scenario
from tutor.words.vocabulary import TOPIC_NAMES

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"

# The seeds' position: 4 and 3 at the ends, seven fours and seven threes on the table.
SEED = ["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4", "4-2", "2-3"]
# Six sixes on the table (6-6 twice, 6-5, 6-4, 6-3, 6-1), both ends show 6: not hard.
SIXES_6 = ["6-6", "6-5", "5-5", "5-4", "4-6", "6-3", "3-3", "3-1", "1-6"]
# ... and 6-2 makes seven sixes: the left end (6) is hard, only 6-0 is left for it.
SIXES_7 = [*SIXES_6, "6-2"]
# All eight sixes, both ends show 6: both ends are dead and nothing can ever be played.
SIXES_8 = ["6-2", "2-2", "2-0", "0-6", *SIXES_6]
# Three players (0-0 out): five of the six blanks at the left, seven of eight ones at the right.
BLANKS = ["0-2", "2-1", "1-1", "1-3", "3-0", "0-4", "4-1", "1-5", "5-0", "0-6", "6-1"]
OUT_00 = Tile(0, 0).bit

Hand = Sequence[str] | None


def pos(
    line: Sequence[str],
    *hands: Hand,
    turn: int = 0,
    out: int = 0,
    game: str = "cutthroat",
    scores: tuple[int, ...] = (),
    stake: int = 1,
    key_card_bonus: int = 1,
    pose: str | None = None,
) -> Position:
    """A position: ``None`` is a hidden hand; Fives & Threes: unlisted tiles sleep."""
    rules = TableRules(game=game, players=len(hands), key_card_bonus=key_card_bonus)  # type: ignore[arg-type]
    masks = tuple(None if hand is None else mask_of(parse_tiles(hand)) for hand in hands)
    table = Line.parse(line)
    sleeping = 0
    if game == FIVES_AND_THREES and all(m is not None for m in masks):
        known = table.mask | out
        for mask in masks:
            known |= mask or 0
        sleeping = FULL_SET & ~known
    return Position(
        line=table,
        hands=masks,
        turn=turn,
        out=out,
        rules=rules,
        sleeping=sleeping,
        scores=scores,
        stake=stake,
        pose=Tile.parse(pose) if pose else None,
    )


HIDDEN3 = (None, None, None)


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(SEED, ["3-4"], *HIDDEN3), True, id="seed-both-hard"),
        pytest.param(pos(SIXES_7, ["5-0"], *HIDDEN3), True, id="seven-sixes"),
        pytest.param(pos(SIXES_6, ["5-0"], *HIDDEN3), False, id="six-sixes"),
        pytest.param(pos(["6-6"], ["5-0"], *HIDDEN3), False, id="one-tile"),
        pytest.param(pos([], ["5-0"], *HIDDEN3), False, id="empty-table"),
        pytest.param(pos(SIXES_8, ["5-0"], *HIDDEN3), False, id="dead-is-not-hard"),
        pytest.param(pos(BLANKS, ["1-0"], None, None, out=OUT_00), True, id="three-hand-blanks"),
        # Hands never count: the seat to play holding 6-0 does not make six sixes hard.
        pytest.param(pos(SIXES_6, ["6-0", "6-2"], *HIDDEN3), False, id="hand-does-not-count"),
    ],
)
def test_hard_end(position: Position, expected: bool) -> None:
    assert hard_end(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(SEED, ["3-4"], *HIDDEN3), True, id="seed-key"),
        pytest.param(pos(SEED, None, ["4-3"], None, None, turn=1), True, id="another-seat"),
        pytest.param(pos(SEED, ["4-3", "1-1"], *HIDDEN3), False, id="not-the-last-tile"),
        pytest.param(pos(SEED, ["2-2"], *HIDDEN3), False, id="does-not-fit"),
        pytest.param(pos(SEED, *([None] * 4)), False, id="hidden-hand"),
        pytest.param(pos(SIXES_7, ["6-0"], *HIDDEN3), False, id="one-end-hard"),
        pytest.param(pos(BLANKS, ["1-0"], None, None, out=OUT_00), True, id="three-hand-blank"),
        # With four players the blanks have eight halves: five on the table is not hard.
        pytest.param(pos(BLANKS, ["1-0"], *HIDDEN3), False, id="four-hand-blank"),
        pytest.param(
            pos(SEED, ["4-3"], None, game=FIVES_AND_THREES), False, id="not-in-fives-and-threes"
        ),
    ],
)
def test_key_card_chance(position: Position, expected: bool) -> None:
    assert key_card_chance(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(SIXES_8, ["5-0"], *HIDDEN3), True, id="all-sixes-out"),
        pytest.param(pos(SEED, ["2-2"], *HIDDEN3), False, id="4-3-is-somewhere"),
        pytest.param(pos([], ["2-2"], *HIDDEN3), False, id="empty-table"),
        # Fives & Threes: 4-3 sleeps and both hands are shown: nobody can play.
        pytest.param(pos(SEED, ["1-1"], ["2-2"], game=FIVES_AND_THREES), True, id="it-sleeps"),
        # ... but with the other hand hidden, 4-3 could be in it.
        pytest.param(pos(SEED, ["1-1"], None, game=FIVES_AND_THREES), False, id="maybe-held"),
        pytest.param(pos(SEED, ["1-1"], ["4-3"], game=FIVES_AND_THREES), False, id="held"),
    ],
)
def test_blocked_board(position: Position, expected: bool) -> None:
    assert blocked_board(position) is expected


F3 = FIVES_AND_THREES


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        # 4-1 alone: 4 + 1. Playing 1-5 on the right: 4 + 5 = 9, three threes.
        pytest.param(pos(["4-1"], ["1-5", "6-6"], None, game=F3), True, id="nine"),
        pytest.param(pos(["4-1"], ["6-6", "2-2"], None, game=F3), False, id="nothing-fits"),
        # 6-6 counts both halves at its end: 12 + 1 = 13 scores nothing ...
        pytest.param(pos(["6-6"], ["6-1", "2-2"], None, game=F3), False, id="thirteen"),
        # ... 12 + 3 = 15 is five threes and three fives.
        pytest.param(pos(["6-6"], ["6-3", "2-2"], None, game=F3), True, id="fifteen"),
        # 60 + 8 would pass 61: the play scores nothing.
        pytest.param(
            pos(["6-6"], ["6-3", "2-2"], None, game=F3, scores=(60, 0)), False, id="past-61"
        ),
        pytest.param(pos(["6-6"], None, None, game=F3), False, id="hidden-hand"),
        pytest.param(pos(["6-6"], ["6-3", "2-2"], *HIDDEN3), False, id="cutthroat"),
    ],
)
def test_scoring_play(position: Position, expected: bool) -> None:
    assert scoring_play(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(["6-6"], ["6-3", "2-2"], None, game=F3, scores=(53, 0)), True, id="61"),
        pytest.param(pos(["6-6"], ["6-3", "2-2"], None, game=F3, scores=(52, 0)), False, id="60"),
        pytest.param(pos(["6-6"], ["6-3", "2-2"], None, game=F3, scores=(60, 0)), False, id="69"),
    ],
)
def test_exact_target_chance(position: Position, expected: bool) -> None:
    assert exact_target_chance(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        # Both ends show 6: a tile that fits is listed once.
        pytest.param(pos(["6-6"], ["6-5", "6-4"], *HIDDEN3), True, id="two-tiles"),
        pytest.param(pos(["6-6"], ["6-5", "1-1"], *HIDDEN3), False, id="one-tile"),
        # One tile, two ends: two plays.
        pytest.param(pos(SEED, ["4-3"], *HIDDEN3), True, id="both-ends"),
        pytest.param(pos([], ["1-1", "2-2"], *HIDDEN3), True, id="free-pose"),
        pytest.param(pos([], ["6-6", "1-1"], *HIDDEN3, pose="6-6"), False, id="must-pose-6-6"),
        pytest.param(pos(["6-6"], *([None] * 4)), False, id="hidden-hand"),
        # Both ends show 3 but only the left one is a double: in Fives & Threes the ends
        # count differently, so 3-0 is two plays there, and one play in Cutthroat.
        pytest.param(
            pos(["3-3", "3-1", "1-5", "5-3"], ["3-0", "6-6"], None, game=F3), True, id="f3-double"
        ),
        pytest.param(pos(["3-3", "3-1", "1-5", "5-3"], ["3-0", "6-6"], *HIDDEN3), False, id="ct"),
    ],
)
def test_several_legal_plays(position: Position, expected: bool) -> None:
    assert several_legal_plays(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(SIXES_8, ["5-0"], *HIDDEN3), True, id="eight-sixes"),
        pytest.param(pos(SIXES_7, ["5-0"], *HIDDEN3), False, id="seven-sixes"),
        pytest.param(pos(SEED, ["5-0"], *HIDDEN3), False, id="seed"),
    ],
)
def test_dead_end(position: Position, expected: bool) -> None:
    assert dead_end(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(["6-6"], ["1-1", "2-0"], *HIDDEN3), True, id="no-six"),
        pytest.param(pos(["6-6"], ["6-1", "2-0"], *HIDDEN3), False, id="has-a-six"),
        pytest.param(pos(SIXES_8, ["5-0"], *HIDDEN3), False, id="blocked-not-passing"),
        pytest.param(pos([], ["5-0"], *HIDDEN3), False, id="empty-table"),
    ],
)
def test_must_pass(position: Position, expected: bool) -> None:
    assert must_pass(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        pytest.param(pos(SEED, ["3-4"], *HIDDEN3), True, id="key"),
        pytest.param(pos(["6-6"], ["6-1"], *HIDDEN3), True, id="plain"),
        pytest.param(pos(["6-6"], ["5-1"], *HIDDEN3), False, id="does-not-fit"),
        pytest.param(pos(["6-6"], ["6-1", "1-1"], *HIDDEN3), False, id="two-tiles"),
    ],
)
def test_domino_chance(position: Position, expected: bool) -> None:
    assert domino_chance(position) is expected


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        # 4 + stake 1 + key bonus 1 = 6 while two seats are on love.
        pytest.param(pos(SEED, ["3-4"], *HIDDEN3, scores=(4, 0, 1, 0)), True, id="key-to-six"),
        pytest.param(pos(SEED, ["3-4"], *HIDDEN3, scores=(3, 0, 1, 0)), False, id="five"),
        pytest.param(
            pos(SEED, ["3-4"], *HIDDEN3, scores=(4, 0, 1, 0), key_card_bonus=0),
            False,
            id="no-bonus",
        ),
        pytest.param(pos(SEED, ["3-4"], *HIDDEN3, scores=(5, 1, 1, 1)), False, id="nobody-love"),
        # A plain domino: 5 + a stake of 1.
        pytest.param(pos(["6-6"], ["6-1"], *HIDDEN3, scores=(5, 0, 0, 2)), True, id="plain"),
        # A stake of 2 after a tied block.
        pytest.param(
            pos(["6-6"], ["6-1"], *HIDDEN3, scores=(4, 0, 0, 2), stake=2), True, id="stake-2"
        ),
        pytest.param(pos(["6-6"], ["6-1"], *HIDDEN3), False, id="no-scores"),
    ],
)
def test_six_love_chance(position: Position, expected: bool) -> None:
    assert six_love_chance(position) is expected


def test_topics_of_the_seed_position() -> None:
    assert topics_of(pos(SEED, ["3-4"], *HIDDEN3)) == [
        "hard-ends",
        "key-cards",
        "legal-plays",
        "domino-chance",
    ]
    assert topics_of(pos(SIXES_8, ["5-0"], *HIDDEN3)) == ["blocked-boards", "dead-ends"]


def test_every_topic_has_a_name_a_description_and_a_game() -> None:
    for key, topic in TOPICS.items():
        assert topic.key == key
        name, description = TOPIC_NAMES[key]
        assert name and description.endswith(".")
        assert set(topic.games) <= {"cutthroat", "fives-and-threes"}


def test_position_from_a_library_scenario() -> None:
    s = load_scenario(LIBRARY / "key-cards" / "last-three-last-four.toml")
    p = s.position
    assert p.hands[1] is not None and p.hands[2] is None
    assert "key-cards" in topics_of(p)


def test_position_from_a_game_matches_the_engine() -> None:
    rng = random.Random(5)
    for _ in range(200):
        game = Game.new(TableRules(players=4), rng)
        while not game.over:
            p = Position.from_game(game)
            assert [str(x) for x in p.legal_plays()] == [str(x) for x in game.legal_plays()]
            plays = game.legal_plays()
            if plays:
                game.play(rng.choice(plays))
            else:
                game.pass_turn()
        final = Position.from_game(game)
        outcome = game.outcome()
        assert outcome is not None
        if outcome.kind.value == "blocked":  # (a domino may leave a blocked table too)
            assert blocked_board(final)


def test_position_from_a_game_is_a_snapshot() -> None:
    game = Game.from_hands([["6-6", "1-0"], ["6-5", "2-2"]], rules=TableRules(players=2))
    snapshot = Position.from_game(game)
    live = Position.from_game(game, copy=False)
    game.play(Play.parse("6-6 left"))
    assert len(snapshot.line) == 0 and len(live.line) == 1


# --- topics are a registry that validate checks -------------------------------------------------


def test_every_library_folder_is_a_topic_with_a_detector() -> None:
    folders = {path.name for path in LIBRARY.iterdir() if path.is_dir()}
    assert folders <= set(TOPICS)


def test_the_library_shows_the_topic_of_every_file(capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.cli.app import main

    assert main(["validate", "-q", str(LIBRARY)]) == 0
    assert "warning" not in capsys.readouterr().out


def _copy_with_topic(tmp_path: Path, topic: str) -> Path:
    source = (LIBRARY / "key-cards" / "last-three-last-four.toml").read_text()
    path = tmp_path / "case.toml"
    path.write_text(source.replace('topic = "key-cards"', f'topic = "{topic}"'))
    return path


def test_validate_refuses_a_misspelt_topic_with_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli.app import main

    path = _copy_with_topic(tmp_path, "key-card")
    assert main(["validate", "-q", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:3: unknown topic 'key-card' (known topics: ")
    assert all(key in out for key in TOPICS)


def test_validate_warns_when_the_position_does_not_show_the_topic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli.app import main

    path = _copy_with_topic(tmp_path, "blocked-boards")
    assert main(["validate", "-q", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{path}:3: warning: the topic 'blocked-boards' does not show in this position "
        "(it shows: hard-ends, key-cards, legal-plays, domino-chance, six-love)"
    ]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ("Warnung: Das Thema", "sie zeigt:")),
        ("pap", ("atvertensia: e tema", "e ta mustra:")),
    ],
)
def test_the_topic_warning_is_in_the_learners_language(
    language: str, words: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli.app import main

    path = _copy_with_topic(tmp_path, "blocked-boards")
    assert main(["validate", "-q", str(path), "--lang", language]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{path}:3: {words[0]} 'blocked-boards'") and words[1] in line
    said = line.removeprefix(f"{path}:3:")
    assert "warning" not in said and "does not show" not in said


def test_a_question_teaches_its_topic_even_when_the_answer_is_no() -> None:
    from tutor.questions import kinds

    s = load_scenario(LIBRARY / "blocked-boards" / "one-tile-out.toml")
    assert "blocked-boards" not in topics_of(s.position)
    assert "blocked-boards" in kinds.topics_of(s.position, s.question)
