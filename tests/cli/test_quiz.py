"""The learner's commands: what the quiz loads before its first screen; the progress page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_the_first_screen_needs_neither_prompt_toolkit_nor_the_judge(tmp_path: Path) -> None:
    """What the interactive quiz imports before its first question is on screen (issue 11.12)."""
    code = (
        "import io, sys\n"
        "from tutor.words.i18n import Speaker\n"
        "from tutor.quiz.app import QuizOptions, select\n"
        "from tutor.quiz.progress import ProgressStore\n"
        "from tutor.quiz.runner import QuizRunner\n"
        "from tutor.quiz.session import PromptUI\n"
        "sp = Speaker('en')\n"
        f"store = ProgressStore({str(tmp_path / 'p.sqlite3')!r})\n"
        "chosen = select(QuizOptions(count=1, seed=1), store, sp, sys.stderr)\n"
        "ui = PromptUI(sp, stdout=io.StringIO())\n"
        "QuizRunner(chosen, ui, sp, store).show(['first screen'])\n"
        "names = ('prompt_toolkit', 'tutor.words.judge', 'tomllib')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "['tomllib']", "one file parsed; no prompt-toolkit, no judge"


def test_german_percent_never_stands_alone_at_forty_columns() -> None:
    """German writes "50 %" with a space; at 40 columns a new user read "(50" and "%)" on two
    lines. The catalog keeps them together with a no-break space."""
    from tutor.quiz.overview import accuracy_lines
    from tutor.words.i18n import Speaker

    table = {"blocked-boards": (1, 2), "play-the-odds": (0, 4)}
    lines = accuracy_lines(table, Speaker("de"), 40)
    assert not any(line.strip().startswith("%") for line in lines), lines
    assert any("(50\u00a0%)" in line for line in lines), lines


def test_the_accuracy_per_topic_is_aligned_after_the_colon() -> None:
    """The report read "Key cards        : 0 of 1 right": the padding goes after the colon."""
    from tutor.quiz.overview import accuracy_lines
    from tutor.words.i18n import Speaker

    table = {"keep-the-hard-end": (1, 1), "key-cards": (0, 1)}
    for language in ("en", "de", "pap"):
        lines = accuracy_lines(table, Speaker(language), 80)
        assert not any(" :" in line for line in lines), lines
        starts = {line.index(line.split(": ", 1)[1].lstrip()) for line in lines}
        assert len(starts) == 1, lines  # the counts stand in one column
    assert accuracy_lines(table, Speaker("en"), 80)[1].startswith("Key cards:    ")
