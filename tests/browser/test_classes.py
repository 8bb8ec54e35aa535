"""A class in real browsers: the teacher's dashboard (polling) and a student joining by code on a phone."""

from __future__ import annotations

import re

import pytest

from webapp.calculator import drills

pytestmark = pytest.mark.browser


def test_a_student_joins_by_code_on_a_phone_and_the_dashboard_sees_the_answer(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    teacher_context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB")
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True,
                                        has_touch=True)
    teacher, phone = teacher_context.new_page(), phone_context.new_page()
    try:
        teacher.goto(live_server + "/en/classes/new")
        teacher.get_by_label("The class scores the same games").check()
        teacher.get_by_label("Number of exercises").fill("2")
        teacher.get_by_label("Exercise number (empty for a new set)").fill("4711")
        teacher.get_by_role("button", name="Start the class").click()
        teacher.wait_for_url(re.compile(r".*/en/classes/teach/[\w-]+$"))
        code = teacher.locator(".class-code").first.inner_text().strip()
        assert re.fullmatch(r"[ACDEFGHJKMNPRTUVWXY34679]{6}", code)
        expect(teacher.locator(".class-qr svg").first).to_be_visible()

        phone.goto(live_server + "/join")
        phone.wait_for_url(re.compile(r".*/de/classes/$"))
        phone.get_by_label("Klassencode").first.fill(code.lower())
        phone.get_by_label("Spitzname").first.fill("Anna")
        phone.get_by_role("button", name="Beitreten").click()
        phone.wait_for_url(re.compile(rf".*/de/classes/{code}$"))
        expect(phone.locator(".notice--info")).to_contain_text("Wiedereinstiegscode")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390

        expect(teacher.locator("#dashboard")).to_contain_text("1 student has joined.")
        exercise = drills.exercise(1, 4711)
        phone.get_by_label("Spielwert").fill(str(exercise.settlement.game_value))
        phone.locator("#drill-score").fill(str(exercise.settlement.score))
        phone.get_by_role("button", name="Prüfen").click()
        expect(phone.locator(".drill-verdict--right")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # The dashboard's poll brings the answer in, the right one marked on the chart.
        expect(teacher.locator("#dashboard")).to_contain_text("1 has answered this step.")
        expect(teacher.locator(".class-chart__bar--right")).to_have_count(1)

        teacher.get_by_role("button", name="Next step").click()
        expect(phone.locator("#step")).to_contain_text("Schritt 2 von 2")
    finally:
        teacher_context.close()
        phone_context.close()
