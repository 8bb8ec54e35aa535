"""Presentation mode fits the projector: no slide scrolls at 1920 × 1080 or 1280 × 720.

The slides with the most on them are measured in every language (the longest words): the
score of a hand (the worked score beside the verdict) and every play step of the lessons, as
asked and with the answer shown. A slide fits when the document is no taller than the screen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import ARTIFACTS
from tests.practice.test_present import GAME
from webapp.i18n import LANGUAGES
from webapp.lessons.course import LESSONS
from webapp.lessons.steps import PlayCard

pytestmark = pytest.mark.browser

SCREENS = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
PLAY_STEPS = tuple((lesson.slug, number) for lesson in LESSONS
                   for number, step in enumerate(lesson.steps, start=1) if isinstance(step, PlayCard))


def overflow(page: Page) -> int:
    """Return by how many pixels the document is taller than the screen (0 or less: it fits)."""
    return int(page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight"))


def slides(lang: str) -> list[str]:
    """Return the paths of the fullest slides in ``lang``."""
    paths = [f"/{lang}/play/present/{GAME}?at=33"]
    for slug, number in PLAY_STEPS:
        paths += [f"/{lang}/learn/{slug}/{number}/present", f"/{lang}/learn/{slug}/{number}/present?answer=1"]
    return paths


@pytest.mark.parametrize("lang", tuple(LANGUAGES))
def test_the_fullest_slides_fit_the_screen(page: Page, live_server: str, lang: str) -> None:
    assert PLAY_STEPS  # the course has play steps to measure
    too_tall = []
    for screen in SCREENS:
        page.set_viewport_size(screen)
        for path in slides(lang):
            page.goto(f"{live_server}{path}")
            page.wait_for_load_state("load")
            excess = overflow(page)
            if excess > 0:
                too_tall.append(f"{screen['width']}x{screen['height']} {path.split('?')[0][-40:]}"
                                f"{'?answer=1' if 'answer=1' in path else ''}: {excess} px too tall")
                page.screenshot(path=str(ARTIFACTS / f"present-too-tall-{lang}-{screen['height']}.png"))
    assert not too_tall, "\n".join(too_tall)
