"""The page "Write a scenario" is the file format's contract: complete, and every example works.

Each ```toml block of ``docs/write-a-scenario.md`` is loaded by the real loader and answered
by the engine, and its ``expect`` must agree, as ``domino-tutor validate`` demands.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.questions.kinds import KINDS
from tutor.questions.topics import TOPICS
from tutor.scenarios.model import answer_scenario, expected
from tutor.scenarios.origin import ORIGIN_KEYS
from tutor.scenarios.own_topics import parse_topics
from tutor.scenarios.reader import RULE_KEYS, SECTIONS, TABLE_KEYS, TOP_KEYS, parse_scenario
from tutor.words.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "write-a-scenario.md"
TEXT = PAGE.read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```toml\n(.*?)^```", TEXT, re.S | re.M)
TOPICS_EXAMPLES = [block for block in BLOCKS if block.startswith("# topics.toml")]
"""The examples of a ``topics.toml`` (a teacher's own topics), not of a scenario file."""
EXAMPLES = [block for block in BLOCKS if block not in TOPICS_EXAMPLES]
AFTER_GAME_KEYS = ("result", "scores", "stake", "poser")


def test_the_page_has_examples() -> None:
    assert len(EXAMPLES) >= len(KINDS) - 2  # two kinds point at an example of another section


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_every_example_loads_and_its_expect_agrees_with_the_engine(number: int) -> None:
    scenario = parse_scenario(EXAMPLES[number], f"{PAGE.name} example {number + 1}")
    assert scenario.question.has_expect, "every example states its expect"
    assert expected(scenario) == answer_scenario(scenario).value


def test_every_question_kind_has_a_section_and_a_worked_example() -> None:
    asked = {parse_scenario(text).question.ask for text in EXAMPLES}
    assert asked == set(KINDS)
    for kind in KINDS:
        assert re.search(rf"^### `{re.escape(kind)}`", TEXT, re.M), f"no section for {kind}"


def test_every_key_of_the_format_is_explained() -> None:
    keys = TOP_KEYS | TABLE_KEYS | RULE_KEYS | {"stake", "target", "expect", "hint", "ask"}
    keys |= {name for kind in KINDS.values() for name in kind.required | kind.optional}
    keys |= set(AFTER_GAME_KEYS) | ORIGIN_KEYS
    missing = sorted(k for k in keys if f"`{k}`" not in TEXT and f"`{k} =" not in TEXT)
    assert not missing, f"keys the page does not explain: {missing}"
    sections = SECTIONS - {name for name in SECTIONS if f"`[{name}]`" in TEXT}
    assert not sections, f"sections the page does not explain: {sorted(sections)}"


def test_the_page_explains_sleeping_tiles_and_lists_the_topics_from_the_code() -> None:
    assert "fourteen sleep" in TEXT
    topics = {path.name for path in (ROOT / "scenarios").iterdir() if path.is_dir()}
    assert topics <= set(TOPICS)  # the generated list (tests/docs/test_contract_lists.py) has them
    assert "```{scenario-topics}" in TEXT


def test_the_topics_toml_example_declares_a_topic_in_every_language() -> None:
    assert len(TOPICS_EXAMPLES) == 1
    declared = parse_topics(TOPICS_EXAMPLES[0], "topics.toml")
    assert list(declared) == ["counting-the-ends"]
    assert set(declared["counting-the-ends"].names) == set(LANGUAGES)
    assert set(declared["counting-the-ends"].about) == set(LANGUAGES)
    assert 'topic = "counting-the-ends"' in TEXT


def test_the_readme_points_to_this_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/write-a-scenario.md" in readme
    assert "SCENARIOS.md" not in readme, "the README must not send readers outside the repository"


def test_the_page_states_the_text_limits_of_the_code() -> None:
    from tutor.scenarios.texts import LIMITS, MAX_MARKS

    section = TEXT.split("(scenario-texts)=")[1].split("(scenario-position)=")[0]
    limits = (
        "a title holds at most {title} characters, a story {story}, "
        "a hint {hint}, an id {id} and a seat name {seat}"
    )
    assert f":text: The limits: {limits}" in section  # filled from the code at build time
    assert "A scenario file is at most {file_bytes} bytes ({file_kib} KiB)" in section
    assert not re.search(r"at most \d", section), "a limit written by hand can fall behind"
    assert {4: "four"}[MAX_MARKS] in section and "may carry at most four" in section
    assert set(LIMITS) == {"title", "story", "question.hint", "id", "seats"}
