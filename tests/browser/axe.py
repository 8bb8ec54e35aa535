"""axe-core in the browser tests: the rules axe-playwright-python ships, no download at run time."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

_AXE = Axe()


def violations(page: Page, where: str) -> list[str]:
    """Run every axe rule on the page once it stands still; return one line per violating element.

    The computer players' cards fade in: axe waits for the animations to end, else it would
    measure the contrast of a card's caption half way.
    """
    page.wait_for_function("() => document.getAnimations().every((animation) => animation.playState !== 'running')")
    found = []
    for violation in _AXE.run(page).response["violations"]:
        for node in violation["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            found.append(f"{where}: {violation['id']} ({violation['impact']}) at {target}: {node['html'][:160]}")
    return found
