"""The page "Write a scenario" is the file format's contract: complete, and every example works.

Each ```toml block of ``docs/write-a-scenario.md`` is loaded by the real loader and answered
by the engine, and its ``expect`` must agree, as ``domino-tutor validate`` demands.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.questions.kinds import KINDS
from tutor.scenarios.model import answer_scenario, expected
from tutor.scenarios.origin import ORIGIN_KEYS
from tutor.scenarios.reader import RULE_KEYS, SECTIONS, TABLE_KEYS, TOP_KEYS, parse_scenario

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "write-a-scenario.md"
TEXT = PAGE.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"^```toml\n(.*?)^```", TEXT, re.S | re.M)
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


def test_the_page_explains_sleeping_tiles_and_the_library_topics() -> None:
    assert "fourteen sleep" in TEXT
    topics = {path.name for path in (ROOT / "scenarios").iterdir() if path.is_dir()}
    for topic in topics:
        assert f"`{topic}`" in TEXT, f"the topic {topic} is not listed"


def test_the_readme_points_to_this_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/write-a-scenario.md" in readme
    assert "SCENARIOS.md" not in readme, "the README must not send readers outside the repository"


def test_the_page_states_the_text_limits_of_the_code() -> None:
    from tutor.scenarios.texts import LIMITS, MAX_MARKS
    from tutor.store.files import SCENARIO_LIMIT

    section = TEXT.split("(scenario-texts)=")[1].split("(scenario-position)=")[0]
    limits = (
        f"a title holds at most {LIMITS['title']} characters, a story {LIMITS['story']}, "
        f"a hint {LIMITS['question.hint']}, an id {LIMITS['id']} and a seat name "
        f"{LIMITS['seats']}"
    )
    assert limits in section
    assert f"A scenario file is at most {SCENARIO_LIMIT} bytes" in section
    assert {4: "four"}[MAX_MARKS] in section and "may carry at most four" in section
    assert set(LIMITS) == {"title", "story", "question.hint", "id", "seats"}
