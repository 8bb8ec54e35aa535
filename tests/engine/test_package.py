"""The engine as a package: typed, and free of the web stack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "webapp/engine"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_loads_no_web_modules() -> None:
    code = (
        "import sys, webapp.engine, webapp.engine.notation;"
        "bad = sorted(name for name in sys.modules"
        " if name.split('.')[0] in ('flask', 'jinja2', 'babel', 'flask_babel', 'werkzeug'));"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_engine_uses_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"webapp"}
    for path in (ROOT / "webapp" / "engine").glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not words[1].startswith("."):
                assert words[1].split(".")[0] in allowed, (path.name, line)
