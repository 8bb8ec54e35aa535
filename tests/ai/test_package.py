"""The AI package: strictly typed, standard library and engine only."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict() -> None:
    # Imports outside webapp/ai (the web foundation) are followed silently: only this package
    # is judged here.
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "webapp/ai"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ai_uses_only_the_standard_library_and_the_engine() -> None:
    allowed = set(sys.stdlib_module_names)
    for path in (ROOT / "webapp" / "ai").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                assert (
                    module.split(".")[0] in allowed
                    or module.startswith("webapp.engine")
                    or module == "webapp.ai._csolver"
                ), (path.name, module)
