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


def test_the_arrow_keys_on_the_projector_move_the_class(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    """→ on the teacher's projector shows a question's answer, then moves the class on; ← back.

    Two students' pages follow by their poll, without a reload (a mark set on each page's
    window survives), and the projector keeps the focus so that the next key works too.
    """
    from playwright.sync_api import expect

    teacher_context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    student_contexts = [browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
                        for locale in ("en-GB", "de-DE")]
    teacher = teacher_context.new_page()
    students = [context.new_page() for context in student_contexts]
    try:
        teacher.goto(live_server + "/en/classes/new")
        teacher.get_by_label("Lesson", exact=True).select_option("tricks")
        teacher.get_by_label("Steps (empty for all)").fill("3-5")  # a text, then two questions
        teacher.get_by_role("button", name="Start the class").click()
        teacher.wait_for_url(re.compile(r".*/en/classes/teach/[\w-]+$"))
        code = teacher.locator(".class-code").first.inner_text().strip()
        for nickname, student in zip(("Anna", "Ben"), students):
            student.goto(f"{live_server}/join/{code}")  # the QR code's address: each in their language
            student.locator("#nickname").fill(nickname)
            student.locator("form[action$='/classes/join'] button[type=submit]").click()
            student.wait_for_url(re.compile(rf".*/classes/{code}$"))
            student.evaluate("window.kept = true")
        steps = [student.locator("#step .lesson-step__count") for student in students]
        expect(steps[0]).to_have_text("Step 1 of 3")
        expect(steps[1]).to_have_text("Schritt 1 von 3")

        teacher.goto(teacher.url + "/projector")
        slide = teacher.locator("#present-slide")
        expect(slide).to_contain_text("Step 1 of 3")
        teacher.keyboard.press("ArrowRight")  # a text has no answer to show: the class moves on
        expect(slide).to_contain_text("Step 2 of 3")
        expect(steps[0]).to_have_text("Step 2 of 3")
        expect(steps[1]).to_have_text("Schritt 2 von 3")
        assert teacher.url.endswith("/projector")
        teacher.keyboard.press("ArrowRight")  # a question: its answer first, the class stays
        expect(teacher.locator("#answer")).to_contain_text("The answer:")
        expect(steps[0]).to_have_text("Step 2 of 3")
        teacher.keyboard.press("ArrowRight")
        expect(slide).to_contain_text("Step 3 of 3")
        expect(teacher.locator("#answer")).to_have_count(0)  # the next question comes unanswered
        expect(steps[0]).to_have_text("Step 3 of 3")
        expect(steps[1]).to_have_text("Schritt 3 von 3")
        teacher.keyboard.press("ArrowLeft")
        expect(slide).to_contain_text("Step 2 of 3")
        expect(steps[0]).to_have_text("Step 2 of 3")
        # The buttons do the same and keep the focus (else the slide takes it): the keys go on working.
        teacher.locator("#projector-next").click()
        expect(slide).to_contain_text("Step 3 of 3")
        expect(slide).to_be_focused()  # the last step has no Next to keep it
        teacher.locator("#projector-back").click()
        expect(slide).to_contain_text("Step 2 of 3")
        expect(teacher.locator("#projector-back")).to_be_focused()
        teacher.keyboard.press("ArrowRight")
        expect(teacher.locator("#answer")).to_contain_text("The answer:")
        teacher.keyboard.press("ArrowRight")
        expect(steps[1]).to_have_text("Schritt 3 von 3")
        assert all(student.evaluate("window.kept === true") for student in students)  # never reloaded
    finally:
        teacher_context.close()
        for context in student_contexts:
            context.close()
