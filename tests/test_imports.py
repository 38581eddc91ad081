"""What the import contracts in pyproject.toml (``lint-imports``) cannot say."""

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


def test_the_root_package_imports_nothing_of_the_tutor() -> None:
    """``tutor/__init__.py`` holds the version only (the contracts see the root as a container)."""
    assert imports_of(TUTOR / "__init__.py") == set()


def test_python_m_tutor_enters_through_the_command() -> None:
    assert imports_of(TUTOR / "__main__.py") == {"tutor.cli"}
