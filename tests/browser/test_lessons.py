"""Complete lessons by clicking, as a learner would, in a real browser (htmx on)."""

from __future__ import annotations

import pytest

from webapp.lessons.course import lesson_named

pytestmark = pytest.mark.browser


def click_through(page, base: str, lang: str, slug: str) -> None:  # type: ignore[no-untyped-def]
    """Answer every step of a lesson by clicking, making one mistake on the first question."""
    lesson = lesson_named(slug)
    assert lesson is not None
    page.goto(f"{base}/{lang}/learn/")
    page.click(f"a[href='/{lang}/learn/{slug}/']")
    mistake_made = False  # one mistake per lesson: two stars
    for number, step in enumerate(lesson.steps, start=1):
        page.wait_for_url(f"**/{lang}/learn/{slug}/{number}")
        region = page.locator("#step")
        if not step.interactive:
            region.locator("button[type=submit]").click()
            continue
        if not mistake_made and step.kind == "choose":
            wrong = next(i for i, option in enumerate(step.options) if not option.correct)
            region.locator(f"button[name=option][value='{wrong}']").click()
            page.locator("#step .notice--error").wait_for()
            mistake_made = True
        if not mistake_made and step.kind == "order":
            region.locator(f"button[name=card][value='{step.solution().split()[1]}']").click()
            page.locator("#step .notice--error").wait_for()
            mistake_made = True
        answer = step.solution()
        if step.kind == "choose":
            region.locator(f"button[name=option][value='{answer}']").click()
        elif step.kind == "number":
            region.locator("input[name=answer]").fill(answer)
            region.locator("button[type=submit]").first.click()
        elif step.kind == "order":
            for card in answer.split():
                button = page.locator(f"#step button[name=card][value='{card}']")
                button.click()
                button.wait_for(state="detached")
        elif step.kind == "pick" and not step.single:
            for card in answer.split():
                region.locator(f"input[name=card][value='{card}']").check()
            region.locator("button.button--primary[type=submit]").click()
        else:
            region.locator(f"button[name=card][value='{answer}']").click()
        page.locator("#step .notice--success").wait_for()
        page.locator("#step a.button--primary").click()
    page.wait_for_url(f"**/{lang}/learn/{slug}/done")


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_complete_lessons_1_and_5_and_see_the_stars(page, live_server: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    click_through(page, live_server, lang, "deck")
    assert page.locator(".lesson-done__stars .stars").inner_text() == "★★☆"
    click_through(page, live_server, lang, "trumps")
    assert page.locator(".lesson-done__stars .stars").inner_text() == "★★☆"
    page.goto(f"{live_server}/{lang}/learn/")
    assert page.locator("html").get_attribute("lang") == lang
    stars = page.locator(".course-map__lesson .stars").all_inner_texts()
    assert stars[0] == "★★☆" and stars[4] == "★★☆"  # the trumps are lesson 5
    assert stars[1] == "☆☆☆"


def test_a_lesson_works_without_javascript(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        click_through(page, live_server, "de", "deck")
        assert page.locator(".lesson-done__stars .stars").inner_text() == "★★☆"
    finally:
        context.close()


def test_practise_this_starts_the_lessons_deal_without_javascript(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    from webapp.lessons.practise import PRACTICE

    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/en/learn/grand/done")
        page.click("a[href='/en/learn/grand/practise']")
        page.wait_for_url("**/en/learn/grand/practise")
        assert f"Deal number {PRACTICE['grand'].seed}" in page.locator("main").inner_text()
        page.click("button[type=submit]:has-text('Deal the cards')")
        page.wait_for_url("**/en/play/*")
        assert page.locator("html").get_attribute("lang") == "en"
    finally:
        context.close()
