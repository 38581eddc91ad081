"""Proved puzzles (issue 14): the winning-play kind, the solver themes and mining in parallel."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli.app import main
from tutor.questions.facts import OtherPlayFails, ProvedWin, ReachesTarget
from tutor.questions.kinds import answer
from tutor.questions.model import Ask, Question, QuestionError
from tutor.questions.topics import TOPICS
from tutor.rules.line import Line
from tutor.rules.position import Position
from tutor.rules.table_rules import TableRules
from tutor.rules.tiles import mask_of, parse_tiles
from tutor.scenarios.mining.miner import MiningStats, generate, pool_mapper, serial_map
from tutor.scenarios.model import answer_scenario, expected
from tutor.scenarios.reader import load_scenario, parse_scenario
from tutor.search.proof import prove

ROOT = Path(__file__).resolve().parents[2]
THEMES = (
    "only-winning-play",
    "block-to-win",
    "keep-the-hard-end",
    "set-up-the-key",
    "target-exactly",
    "deny-the-score",
)
WINNING_PLAY = Question(Ask.WINNING_PLAY)


def study(hands: list[list[str]], line: list[str], game: str = "fives-and-threes") -> Position:
    rules = TableRules(game=game, players=len(hands))  # type: ignore[arg-type]
    masks = tuple(mask_of(parse_tiles(hand)) for hand in hands)
    return Position(Line.parse(line), masks, rules)


def library(theme: str) -> list[Position]:
    return [load_scenario(path).position for path in sorted((ROOT / "scenarios" / theme).glob("*"))]


# --- the question kind ---------------------------------------------------------------------


def test_a_study_where_another_tile_comes_close_is_not_a_puzzle() -> None:
    p = study([["1-0", "5-5"], ["6-6", "2-2"]], ["5-1"])
    assert not prove(p).unique
    with pytest.raises(QuestionError, match="another tile comes within 1"):
        answer(p, WINNING_PLAY)


def test_a_hidden_hand_is_no_study() -> None:
    p = study([["1-0", "5-5"], ["6-6", "2-2"]], ["5-1"])
    hidden = Position(p.line, (p.hands[0], None), p.rules, sizes=(2, 2))
    with pytest.raises(QuestionError, match="hidden"):
        answer(hidden, WINNING_PLAY)


def test_every_library_puzzle_is_proved_unique_and_explained() -> None:
    count = 0
    for theme in THEMES:
        for path in sorted((ROOT / "scenarios" / theme).glob("*.toml")):
            s = load_scenario(path)
            result = answer_scenario(s)
            assert expected(s) == result.value and s.level in range(2, 6), path
            assert prove(s.position).unique, path
            assert isinstance(result.facts[1], ProvedWin) and result.facts[1].play
            assert isinstance(result.facts[-1], OtherPlayFails), path
            assert not s.hidden
            count += 1
    assert count >= 60


def test_the_exact_target_line_says_so() -> None:
    s = load_scenario(sorted((ROOT / "scenarios" / "target-exactly").glob("*.toml"))[0])
    assert any(isinstance(f, ReachesTarget) and f.seat == "you" for f in answer_scenario(s).facts)


def test_validate_rejects_a_wrong_winning_play() -> None:
    path = sorted((ROOT / "scenarios" / "only-winning-play").glob("*.toml"))[0]
    text = path.read_text(encoding="utf-8")
    s = parse_scenario(text, path.name)
    right = expected(s)
    other = next(str(play) for play, _ in prove(s.position).values if str(play) not in right)
    wrong = parse_scenario(text.replace(f'expect = ["{right[0]}"]', f'expect = ["{other}"]'))
    assert expected(wrong) != answer_scenario(wrong).value


# --- the solver themes: True on their puzzles, False elsewhere -----------------------------


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_detects_its_puzzles_and_not_the_others(theme: str) -> None:
    detect = TOPICS[theme].detect
    assert all(detect(p) for p in library(theme))
    hidden = library("key-cards")[0]  # the learner's view only: no study
    assert not detect(hidden)
    other_game = "target-exactly" if TOPICS[theme].games == ("cutthroat",) else "block-to-win"
    if TOPICS[theme].games != TOPICS["only-winning-play"].games:
        assert not any(detect(p) for p in library(other_game))


def test_a_close_study_shows_no_theme() -> None:
    p = study([["1-0", "5-5"], ["6-6", "2-2"]], ["5-1"])
    assert not any(TOPICS[theme].detect(p) for theme in THEMES)


def test_deny_the_score_is_not_the_biggest_score_now() -> None:
    for p in library("deny-the-score"):
        proof = prove(p)
        now = {play: p.play(play).score.credited for play, _ in proof.values}
        assert now[proof.best[0]] < max(now.values())


# --- mining in parallel ----------------------------------------------------------------------


def test_the_output_does_not_depend_on_the_mapper_or_the_wave() -> None:
    serial = generate("block-to-win", 4, seed=2)
    mapper, close = pool_mapper(2)
    try:
        pooled = generate("block-to-win", 4, seed=2, mapper=mapper, wave=4)
    finally:
        close()
    assert pooled == serial
    assert generate("block-to-win", 4, seed=2, mapper=serial_map, wave=3) == serial


def test_duplicates_are_counted_and_written_once() -> None:
    stats = MiningStats()
    made = generate("legal-plays", 30, seed=1, stats=stats)
    assert len({g.text.split("\n", 1)[1] for g in made}) == 30
    assert stats.candidates == 30 + stats.duplicates and stats.games > 0


def test_jobs_gives_the_same_files(tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        args = ["generate", "--topic", "deny-the-score", "--count", "3", "--seed", "5"]
        assert main([*args, "--out", str(tmp_path / jobs), "--jobs", jobs, "-q"]) == 0
    one, two = sorted((tmp_path / "1").rglob("*.toml")), sorted((tmp_path / "2").rglob("*.toml"))
    assert len(one) == 3 and [p.read_bytes() for p in one] == [p.read_bytes() for p in two]


def test_bad_jobs_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "--topic", "block-to-win", "--out", str(tmp_path), "--jobs", "0"]
    assert main(args) != 0
    assert "--jobs must be 1 or more" in capsys.readouterr().err


def test_a_local_dask_cluster_gives_byte_identical_output(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True)
    try:
        args = ["generate", "--topic", "block-to-win", "--count", "3", "--seed", "6", "-q"]
        assert (
            main([*args, "--out", str(tmp_path / "dask"), "--dask", cluster.scheduler_address]) == 0
        )
        assert main([*args, "--out", str(tmp_path / "one"), "--jobs", "1"]) == 0
    finally:
        cluster.close()
    dask_files = sorted((tmp_path / "dask").rglob("*.toml"))
    one_files = sorted((tmp_path / "one").rglob("*.toml"))
    assert len(one_files) == 3
    assert [p.read_bytes() for p in dask_files] == [p.read_bytes() for p in one_files]
