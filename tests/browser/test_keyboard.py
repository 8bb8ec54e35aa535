"""Kiebitz by keyboard alone: a whole lesson and a whole practice hand with key presses only,
the focus after each answer and move, and the live regions that survive htmx's swaps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import ElementHandle, Page, expect

from tests.browser.axe import violations
from webapp.lessons.course import lesson_named
from webapp.lessons.steps import Choose

pytestmark = pytest.mark.browser

FOCUSED = "selector => document.activeElement && document.activeElement.matches(selector)"


def tab_to(page: Page, selector: str, limit: int = 40) -> int:
    """Press Tab until the focus is on ``selector`` (no press if it is there already); return the presses."""
    for presses in range(limit + 1):
        if page.evaluate(FOCUSED, selector):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} Tab presses did not reach {selector}")


def tabs_from_load(page: Page, selector: str) -> int:
    """Count the Tab presses from a fresh page to ``selector``, following the skip link with Enter."""
    page.keyboard.press("Tab")
    expect(page.locator("a.skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    return 1 + tab_to(page, selector, limit=10)


def press_and_wait_for_swap(page: Page, key: str, region: str) -> None:
    """Press ``key`` and wait until htmx has replaced ``region``, settled, and put the focus into the new one.

    Waiting for ``htmx:afterSettle`` (not only for the old region to leave the page) matters: htmx
    moves the focus to the new content's ``autofocus`` element in its settle step, and a key pressed
    before that would land on the element the focus is about to leave.
    """
    old = page.locator(region).element_handle()
    page.evaluate(
        "() => { window.__kiebitzSettled = false;"
        " document.addEventListener('htmx:afterSettle', () => { window.__kiebitzSettled = true; }, { once: true }); }"
    )
    page.keyboard.press(key)
    page.wait_for_function("old => !old.isConnected", arg=old)
    page.wait_for_function("() => window.__kiebitzSettled === true")
    page.wait_for_function(
        "selector => { const region = document.querySelector(selector);"
        " return region && region.contains(document.activeElement); }",
        arg=region,
    )


def same_element(page: Page, handle: ElementHandle, selector: str) -> bool:
    """Tell whether ``handle`` is still the page's element for ``selector``."""
    return bool(page.evaluate("([handle, selector]) => document.querySelector(selector) === handle", [handle, selector]))


# ---------------------------------------------------------------- three Tab presses


@pytest.mark.parametrize(("path", "first"), [
    ("deck/5", "button[name=option]"),            # choose
    ("deck/7", "input[name=card]"),               # pick several
    ("deck/8", "input[name=answer]"),             # a number
    ("tricks/4", "button[name=card]"),            # an order
    ("grand/7", "button[name=card]:enabled"),     # play a card
])
def test_three_tab_presses_reach_the_answer_of_every_kind_of_step(page: Page, live_server: str, path: str, first: str) -> None:
    page.goto(f"{live_server}/en/learn/{path}")
    assert tabs_from_load(page, f"#step {first}") <= 3
    assert page.evaluate("document.activeElement") == page.evaluate(f"document.querySelector('#step {first}')")


def _start_hand(page: Page, base: str, seat: str = "Middlehand: you bid first.") -> None:
    page.goto(f"{base}/en/play/deal/11")
    page.get_by_label(seat).check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url(re.compile(r"/en/play/[\w-]{20,}$"))


@pytest.mark.parametrize("width", [390, 1280])
def test_three_tab_presses_reach_the_current_decision_of_a_practice_hand(page: Page, live_server: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    _start_hand(page, live_server)
    page.reload()
    first = ".ptable__decision button[name=action]"
    assert tabs_from_load(page, first) <= 3
    assert page.locator(first).first.evaluate("button => button === document.activeElement")


# ---------------------------------------------------------------- a wrong answer in a lesson


def _wrong_and_right(slug: str, number: int) -> tuple[str, str]:
    lesson = lesson_named(slug)
    assert lesson is not None
    step = lesson.steps[number - 1]
    assert isinstance(step, Choose)
    wrong = next(index for index, option in enumerate(step.options) if not option.correct)
    return str(wrong), step.solution()


def test_after_a_wrong_answer_the_focus_is_on_the_explanation_and_tab_reaches_the_first_answer(page: Page, live_server: str) -> None:
    wrong, _ = _wrong_and_right("deck", 5)
    page.goto(f"{live_server}/en/learn/deck/5")
    news = page.locator("#step-news").element_handle()
    assert news.text_content() == ""
    tab_to(page, f"#step button[name=option][value='{wrong}']")
    press_and_wait_for_swap(page, "Enter", "#step")
    verdict = page.locator("#verdict")
    expect(verdict).to_be_focused()
    expect(verdict).to_contain_text("Not quite.")
    assert violations(page, "a wrong answer") == []
    page.keyboard.press("Tab")
    expect(page.locator("#step button[name=option]").first).to_be_focused()
    # The live region outside the step is the same element as before the swap, with the verdict in it.
    assert same_element(page, news, "#step-news")
    assert "Not quite." in (news.text_content() or "")
    # The hint is told there too.
    tab_to(page, "#step form[action$='/hint'] button")
    press_and_wait_for_swap(page, "Enter", "#step")
    assert same_element(page, news, "#step-news")
    assert "Hint:" in (news.text_content() or "")


def test_without_javascript_a_wrong_answer_lands_at_the_explanation(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        wrong, _ = _wrong_and_right("deck", 5)
        page.goto(f"{live_server}/en/learn/deck/5")
        tab_to(page, f"#step button[name=option][value='{wrong}']")
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/en/learn/deck/5#verdict$"))
        expect(page.locator("#verdict")).to_be_in_viewport()
        page.keyboard.press("Tab")
        expect(page.locator("#step button[name=option]").first).to_be_focused()
    finally:
        context.close()


# ---------------------------------------------------------------- a whole lesson


def _type(page: Page, text: str) -> None:
    for key in text:
        page.keyboard.press(key)


def keyboard_through(page: Page, base: str, slug: str) -> None:
    """Answer every step of a lesson with the keyboard, one mistake on the first question."""
    lesson = lesson_named(slug)
    assert lesson is not None
    page.goto(f"{base}/en/learn/{slug}/1")
    mistake_made = False
    for number, step in enumerate(lesson.steps, start=1):
        page.wait_for_url(f"**/en/learn/{slug}/{number}")
        if not step.interactive:
            tab_to(page, "#step .lesson-step__actions button[type=submit]")
            page.keyboard.press("Enter")
            continue
        answer = step.solution()
        if step.kind == "choose":
            if not mistake_made:
                wrong = next(index for index, option in enumerate(step.options) if not option.correct)
                tab_to(page, f"#step button[name=option][value='{wrong}']")
                press_and_wait_for_swap(page, "Enter", "#step")
                expect(page.locator("#verdict")).to_be_focused()
                mistake_made = True
            tab_to(page, f"#step button[name=option][value='{answer}']")
            press_and_wait_for_swap(page, "Enter", "#step")
        elif step.kind == "number":
            tab_to(page, "#step input[name=answer]")
            _type(page, answer)
            press_and_wait_for_swap(page, "Enter", "#step")
        elif step.kind == "order":
            for card in answer.split():
                tab_to(page, f"#step button[name=card][value='{card}']")
                press_and_wait_for_swap(page, "Enter", "#step")
        elif step.kind == "pick" and not step.single:
            for card in answer.split():
                tab_to(page, f"#step input[name=card][value='{card}']")
                page.keyboard.press("Space")
            tab_to(page, "#step button.button--primary[type=submit]")
            press_and_wait_for_swap(page, "Enter", "#step")
        else:
            tab_to(page, f"#step button[name=card][value='{answer}']")
            press_and_wait_for_swap(page, "Enter", "#step")
        expect(page.locator("#step .notice--success")).to_be_visible()
        continue_link = page.locator("#step a.button--primary")
        expect(continue_link).to_be_focused()  # the answer was right: the focus is on Continue
        page.keyboard.press("Enter")
    page.wait_for_url(f"**/en/learn/{slug}/done")


@pytest.mark.parametrize("slug", ["deck", "trumps"])
def test_a_whole_lesson_by_keyboard(page: Page, live_server: str, slug: str) -> None:
    keyboard_through(page, live_server, slug)
    expect(page.locator(".lesson-done__stars .stars")).to_have_text("★★☆" if slug == "deck" else "★★★")


# ---------------------------------------------------------------- a whole practice hand


def test_a_whole_practice_hand_by_keyboard(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    _start_hand(page, live_server)
    news = page.locator("#table-news").element_handle()
    phases: list[str] = []
    asked = False
    for _ in range(60):
        if page.locator(".result").count():
            break
        phase = page.locator(".ptable__phase").inner_text()
        if phase not in phases:
            assert violations(page, phase) == []
        phases.append(phase)
        if page.locator("button[name=action][value=yes]").count():
            tab_to(page, "button[name=action][value=yes]")
        elif page.locator(".ptable__decision button[name=action]").count():
            tab_to(page, ".ptable__decision button[name=action]:not([value=pass]):not([value=yes])")
        elif page.locator("button[name=action][value=skat]").count():
            tab_to(page, "button[name=action][value=skat]")
        elif page.locator("input[name=discard]").count():
            for _card in range(2):
                tab_to(page, "input[name=discard]:not(:checked)")
                page.keyboard.press("Space")
            tab_to(page, ".discard button[type=submit]")
        elif page.locator("input[name=game]").count():
            tab_to(page, ".declare button[type=submit]")
        else:
            if not asked:
                tab_to(page, ".coach a[href*='hint=1']")
                press_and_wait_for_swap(page, "Enter", "#table")
                expect(page.locator(".coach__move")).to_be_focused()
                assert same_element(page, news, "#table-news")
                assert (news.text_content() or "").startswith(page.locator(".coach__move").inner_text())
                asked = True
            told = news.text_content()
            tab_to(page, ".hand--play button:enabled")
            press_and_wait_for_swap(page, "Enter", "#table")
            assert same_element(page, news, "#table-news")
            assert news.text_content() != told
            continue
        press_and_wait_for_swap(page, "Enter", "#table")
    else:
        raise AssertionError("the hand did not end")
    assert {"Bidding", "Laying away", "Announcing the game", "Playing"} <= set(phases), phases
    assert "Taken by" in (news.text_content() or "")
    expect(page.get_by_role("heading", name="How the score is worked out")).to_be_visible()
    assert violations(page, "the result") == []
    tab_to(page, "a[href$='/line']", limit=80)
    page.keyboard.press("Enter")
    page.wait_for_url("**/line")
    assert violations(page, "the best play") == []
