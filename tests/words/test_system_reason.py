"""The system's reason for a refused file is said in the learner's language (issue 23: an
unreadable file's reason was the system's English, "Permission denied", in a German sentence)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tutor.scenarios.model import ScenarioFileError
from tutor.store.files import FileRefused, read_limited
from tutor.words.i18n import Speaker
from tutor.words.library import scenario_error
from tutor.words.records import refused_sentence
from tutor.words.system import REASONS, system_reason


@pytest.mark.parametrize("language", ["de", "pap"])
@pytest.mark.parametrize("code", sorted(REASONS))
def test_every_common_reason_is_translated(code: int, language: str) -> None:
    said = system_reason(OSError(code, os.strerror(code)), Speaker(language))
    assert said and said != os.strerror(code) and said != REASONS[code]
    assert system_reason(os.strerror(code), Speaker(language)) == said, "from strerror too"
    assert system_reason(code, Speaker(language)) == said, "from the code too"


def test_english_keeps_the_systems_words() -> None:
    for code in REASONS:
        assert system_reason(OSError(code, os.strerror(code)), Speaker("en")) == os.strerror(code)


def test_an_unknown_reason_is_said_as_the_system_said_it() -> None:
    assert system_reason(OSError(errno.EPROTO, "Protocol error"), Speaker("de")) == (
        "Protocol error"
    )
    assert system_reason(None, Speaker("de")) == "das System verweigert es"


@pytest.fixture
def denied(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every open is refused as a file without read permission is (root reads any file)."""

    def refuse(*args: object, **kwargs: object) -> int:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "open", refuse)


SCENARIO = {
    "en": "shut.toml: cannot read the file (Permission denied)",
    "de": "shut.toml: die Datei lässt sich nicht lesen (keine Berechtigung)",
    "pap": "shut.toml: no por lesa e arkivo (no tin permiso)",
}


@pytest.mark.parametrize("language", sorted(SCENARIO))
def test_an_unreadable_scenario_file(language: str, denied: None) -> None:
    with pytest.raises(FileRefused) as refused:
        read_limited(Path("shut.toml"), limit=100)
    error = ScenarioFileError.of("shut.toml", refused.value)
    assert scenario_error(error, Speaker(language)) == SCENARIO[language]


@pytest.mark.parametrize("language", ["de", "pap"])
def test_an_unreadable_record(language: str, denied: None) -> None:
    with pytest.raises(FileRefused) as refused:
        read_limited(Path("game.json"), limit=100)
    said = refused_sentence(refused.value, Speaker(language))
    assert "Permission denied" not in said
    assert system_reason(errno.EACCES, Speaker(language)) in said
