"""A mined story claims what only its proof shows (issue 24).

"Whatever your opponent holds" is true only when the solver played out every deal the hidden
hands can hold and the answer was best in each; the miner writes it then and only then, the
library's files say it only then, and ``validate`` refuses a file that says it otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.test_reader import LIBRARY
from tutor.cli.app import main
from tutor.cli.common import EXIT_BROKEN
from tutor.questions.facts import ProvedOnView
from tutor.rules import Play
from tutor.scenarios.library import load_library
from tutor.scenarios.mining.recipes import RECIPES, story_for
from tutor.scenarios.model import answer_scenario

ODDS = RECIPES["score-the-odds"].asks[0]
PLAY = Play.parse("4-1 left")


@pytest.mark.parametrize(
    ("every_deal", "dominant", "proved"),
    [(True, True, True), (True, False, False), (False, True, False), (False, False, False)],
)
def test_the_claim_comes_only_from_a_proof_in_every_deal(
    every_deal: bool, dominant: bool, proved: bool
) -> None:
    fact = ProvedOnView(PLAY, every_deal, 120, 0, 4, dominant)
    story = story_for(ODDS, [fact])
    assert (story == ODDS.proved_story) is proved
    assert ("whatever your opponent holds" in story) is proved
    assert story_for(ODDS, []) == ODDS.story


def test_the_library_says_whatever_only_where_it_is_proved() -> None:
    """Each learner's-view puzzle of the library has the story its proof gives it."""
    scenarios, errors = load_library([LIBRARY / "score-the-odds"])
    assert not errors and len(scenarios) == 15
    proved = []
    for scenario in scenarios:
        facts = answer_scenario(scenario).facts
        assert scenario.story == story_for(ODDS, facts), scenario.id
        if scenario.story == ODDS.proved_story:
            proved.append(scenario.id)
    assert proved == ["score-the-odds/gen-14-015"]


def test_validate_refuses_the_claim_without_its_proof(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (LIBRARY / "score-the-odds" / "gen-14-005.toml").read_text(encoding="utf-8")
    assert ODDS.proved_story and ODDS.story in text
    path = tmp_path / "claim.toml"
    path.write_text(text.replace(ODDS.story, ODDS.proved_story), encoding="utf-8")
    assert main(["validate", str(path)]) == EXIT_BROKEN
    out = capsys.readouterr().out
    assert out.startswith(
        f"{path}:6: the story says the answer is best whatever the hidden hands hold, but its "
        "proof shows that only on average"
    )


def test_the_miner_writes_the_story_of_the_proof() -> None:
    from tutor.scenarios.mining.miner import generate
    from tutor.scenarios.reader import parse_scenario

    files = generate("score-the-odds", 15, seed=14)
    stories = {f.name: parse_scenario(f.text, f.name).story for f in files}
    claims = [name for name, story in stories.items() if story == ODDS.proved_story]
    assert claims == ["score-the-odds/gen-14-015.toml"]
    assert all(story in (ODDS.story, ODDS.proved_story) for story in stories.values())
