"""A scenario file that is gone is said in the learner's language, the system's reason too
(it was 'No such file or directory' in English under de and pap)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.scenarios.model import ScenarioFileError
from tutor.store.files import FileRefused
from tutor.words.i18n import Speaker
from tutor.words.library import scenario_error

SAID = {
    "en": "gone.toml: cannot read the file (No such file or directory)",
    "de": "gone.toml: die Datei lässt sich nicht lesen (diese Datei gibt es nicht)",
    "pap": "gone.toml: no por lesa e arkivo (e arkivo no ta eksistí)",
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_missing_scenario_file_is_said_in_the_learners_language(language: str) -> None:
    error = ScenarioFileError.of("gone.toml", FileRefused(Path("gone.toml"), "missing", 0, 0))
    assert scenario_error(error, Speaker(language)) == SAID[language]
