"""The class projector fits the projector: its join code and QR code above the step, the step
as presentation mode draws it and the answers' bar chart, at 1920 × 1080 and 1280 × 720 without
scrolling, in every language, its text at least 32 px on the large screen.

Each kind of activity is measured at its fullest: the lessons' play steps and their longest
choice (asked and answered), a scoring drill with eight different answers on its chart, a
practice deal, and a position question. The classes are started, joined and answered through
the forms (as a browser sends them, with their CSRF tokens) by a teacher and eight students.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_present_fit import PLAY_STEPS, SCREENS, overflow
from webapp.calculator import drills
from webapp.i18n import LANGUAGES

pytestmark = pytest.mark.browser

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
ANSWERS = re.compile(r'name="(card|option)"[^>]*?value="([^"]+)"|value="([^"]+)"[^>]*?name="(card|option)"')
STUDENTS = 8
DRILL_SEED = 4711
DEAL_SEED = 3
TEXT = ".class-count, .class-chart__label, .class-chart__count, .class-address, .present-step__text, #drill-title"


def _token(client: APIRequestContext, url: str) -> str:
    found = TOKEN.search(client.get(url).text())
    assert found is not None, url
    return found.group(1)


def _post(client: APIRequestContext, form_url: str, action: str, data: dict[str, str]) -> str:
    """Send a page's form as the browser would; return the page it leads to (after redirects)."""
    response = client.post(action, form={**data, "csrf_token": _token(client, form_url)})
    assert response.ok, f"{action}: {response.status}"
    return response.url


@dataclass
class Room:
    """A class started for the measure: its projector and the steps it can be moved to."""

    name: str
    dashboard: str
    code: str
    size: int
    asking: set[int] = field(default_factory=set)


@dataclass
class Classroom:
    teacher: APIRequestContext
    students: list[APIRequestContext]
    base: str

    def start(self, name: str, size: int, **form: str) -> Room:
        dashboard = _post(self.teacher, f"{self.base}/en/classes/new", f"{self.base}/en/classes/new",
                          {"pace": "teacher", **form})
        code = re.search(r'class="class-code" lang="en">(\w{6})<', self.teacher.get(dashboard).text())
        assert code is not None, dashboard
        room = Room(name, dashboard, code.group(1), size)
        for number, student in enumerate(self.students):
            _post(student, f"{self.base}/en/classes/?code={room.code}", f"{self.base}/en/classes/join",
                  {"code": room.code, "nickname": f"Schüler {number + 1:02d}"})
        return room

    def move(self, room: Room, to: int) -> None:
        _post(self.teacher, room.dashboard, room.dashboard + "/move", {"to": str(to)})

    def answer_all(self, room: Room, index: int) -> None:
        """Let each student give another of the answers their page offers (a bar each on the chart)."""
        step = f"{self.base}/en/classes/{room.code}"
        for number, student in enumerate(self.students):
            page = student.get(step).text()
            offered = sorted({(m[0] or m[3], m[1] or m[2]) for m in ANSWERS.findall(page)})
            if not offered:
                return
            name, value = offered[number % len(offered)]
            _post(student, step, f"{step}/{index}", {name: value})
            room.asking.add(index)

    def answer_drill(self, room: Room) -> None:
        """Eight different answers to the drill, the right one among them, with the longest numbers."""
        right = drills.exercise(drills.LEVELS, DRILL_SEED).settlement
        given = [(right.game_value, right.score)] + [(1000 + n, -2000 - 2 * n) for n in range(STUDENTS - 1)]
        step = f"{self.base}/en/classes/{room.code}"
        for student, (value, score) in zip(self.students, given):
            _post(student, step, f"{step}/0", {"value": str(value), "score": str(score)})
        room.asking.add(0)


def build(room: Classroom) -> list[Room]:
    """Start, join and answer the classes to measure: one per lesson with play steps (and the
    longest choice), a drill, a practice deal and a position question."""
    made = []
    lessons: dict[str, list[int]] = {}
    for slug, number in PLAY_STEPS:
        lessons.setdefault(slug, []).append(number)
    lessons.setdefault("deck", []).append(5)  # the longest choice of the course: four long options
    for slug, numbers in lessons.items():
        lesson = room.start(f"lesson {slug}", len(numbers), activity="lesson", lesson=slug,
                            steps=", ".join(map(str, numbers)))
        for index in range(lesson.size):
            room.move(lesson, index)
            room.answer_all(lesson, index)
        made.append(lesson)
    drill = room.start("drill", 1, activity="drills", level=str(drills.LEVELS), count="1", seed=str(DRILL_SEED))
    room.answer_drill(drill)
    made.append(drill)
    made.append(room.start("deal", 1, activity="deal", deal=str(DEAL_SEED), seat="1", computer="easy"))
    question = room.start("question", 1, activity="question", position=str(DEAL_SEED), question_level="easy",
                          played="0", goal="side")
    room.answer_all(question, 0)
    made.append(question)
    return made


@pytest.fixture(scope="module")
def rooms(browser: Browser, live_server: str) -> Iterator[list[Room]]:
    contexts = [browser.new_context() for _ in range(STUDENTS + 1)]
    try:
        yield build(Classroom(contexts[0].request, [context.request for context in contexts[1:]], live_server))
    finally:
        for context in contexts:
            context.close()


def _views(room: Room, lang: str) -> Iterator[tuple[str, int]]:
    """Yield the projector's addresses of ``room`` in ``lang``: each step asked (and answered)."""
    projector = room.dashboard.replace("/en/classes/", f"/{lang}/classes/", 1) + "/projector"
    for index in range(room.size):
        yield projector, index
        if index in room.asking:
            yield f"{projector}?answer=1&step={index}", index


def _measure(page: Page, room: Room, lang: str, screen: dict[str, int], move: Callable[[Room, int], None]) -> list[str]:
    problems = []
    for url, index in _views(room, lang):
        if room.size > 1:
            move(room, index)
        page.goto(url)
        page.wait_for_load_state("load")
        where = f"{screen['width']}x{screen['height']} {lang} {room.name} step {index}{' answer' if 'answer=1' in url else ''}"
        excess = overflow(page)
        wide = int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))
        if excess > 0 or wide > 0:
            problems.append(f"{where}: {excess} px too tall, {wide} px too wide")
            page.screenshot(path=str(ARTIFACTS / f"class-projector-{lang}-{screen['height']}-{room.name}-{index}.png"))
        if screen["width"] == 1920:
            sizes = page.evaluate(f"""() => [document.body, ...document.querySelectorAll({TEXT!r})]
                .filter(e => e.offsetParent !== null || e === document.body)
                .map(e => [e.className || e.id || e.tagName, parseFloat(getComputedStyle(e).fontSize)])""")
            small = [f"{name} {size:.0f} px" for name, size in sizes if size < 32]
            if small:
                problems.append(f"{where}: text under 32 px: {', '.join(small)}")
    return problems


@pytest.mark.parametrize("lang", tuple(LANGUAGES))
def test_the_class_projector_fits_the_screen(page: Page, rooms: list[Room], lang: str, browser: Browser) -> None:
    teacher = browser.new_context()

    def move(room: Room, to: int) -> None:
        _post(teacher.request, room.dashboard, room.dashboard + "/move", {"to": str(to)})

    problems = []
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        for screen in SCREENS:
            page.set_viewport_size(screen)
            for room in rooms:
                problems += _measure(page, room, lang, screen, move)
    finally:
        teacher.close()
    assert not problems, "\n".join(problems)
