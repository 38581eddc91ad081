"""The import picture: the engine imports nothing above it, renderers only the engine."""

from __future__ import annotations

import ast
from pathlib import Path

TUTOR = Path(__file__).resolve().parents[1] / "tutor"


def imports_of(path: Path) -> set[str]:
    """Every ``tutor`` module a file imports (at any depth, type-checking imports too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tutor"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("tutor"))
    return found


def test_the_engine_imports_only_itself() -> None:
    for path in (TUTOR / "rules").glob("*.py"):
        outside = {m for m in imports_of(path) if not m.startswith("tutor.rules")}
        assert not outside, f"{path.name} imports {outside}"


def test_renderers_import_only_the_engine() -> None:
    for path in (TUTOR / "render").glob("*.py"):
        outside = {m for m in imports_of(path) if not m.startswith("tutor.rules")}
        assert not outside, f"{path.name} imports {outside}"


def test_questions_know_no_files() -> None:
    for name in ("questions.py", "topics.py", "vocabulary.py", "narrate.py"):
        assert "tutor.scenarios" not in imports_of(TUTOR / name), name
