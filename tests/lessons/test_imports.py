"""Each area's views import on their own, whatever is imported first (no import cycle)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["webapp.lessons.views", "webapp.classes.views", "webapp.practice.daily",
                                    "webapp.lessons.present"])
def test_a_module_imports_first(module: str) -> None:
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True, timeout=120)
