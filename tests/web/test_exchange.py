"""The page's check of a progress file (``tutor.web.exchange``, no pydantic in the browser)
reads what the terminal's pydantic schema reads (``tutor.quiz.exchange``) and refuses what it
refuses, with the same sentence."""

from __future__ import annotations

import json

import pytest

from tutor.quiz.exchange import ExchangeError, read_exchange
from tutor.web.exchange import bring_in
from tutor.words.exchange import exchange_sentence
from tutor.words.i18n import Speaker

GOOD = {"puzzle": "hard-ends/after-a-pass", "topic": "hard-ends", "game": "cutthroat",
        "level": 4, "right": True, "hints": 0, "at": 5.5}


def file(*answers: object, version: object = 1) -> str:
    return json.dumps({"format": "domino-tutor progress", "version": version,
                       "answers": list(answers)})


@pytest.mark.parametrize("text", [
    file(GOOD), file(), file({**GOOD, "right": "yes"}), file({**GOOD, "puzzle": "../x"}),
    file({**GOOD, "level": 9}), file({**GOOD, "at": -1}), file({k: v for k, v in GOOD.items()
                                                                 if k != "at"}),
    file(GOOD, version=2), '{"format": "x"}', "[1", file({**GOOD, "hints": True}),
])
@pytest.mark.parametrize("language", ["en", "pap"])
def test_the_page_reads_and_refuses_as_the_terminal_does(text: str, language: str) -> None:
    said = bring_in({"text": text, "name": "p.json", "language": language})
    try:
        read = read_exchange(text.encode())
    except ExchangeError as error:
        assert said["verdict"] == "refused"
        if error.problem != "damaged":
            assert said["lines"] == [exchange_sentence(error, "p.json", Speaker(language))]
        else:
            assert error.field is not None
            assert said["lines"][0].split(": ")[2] == error.field.path
        return
    assert said["verdict"] == "imported"
    assert len(said["answers"]) == len(read)
