"""What a classroom's Wi-Fi carries: a practice move is one request, answered with the table at once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_practice_move_makes_exactly_one_request(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(live_server + "/en/play/deal/11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/en/play/*")
    address = page.url
    revision = page.locator("input[name=revision]").first.input_value()
    asked: list[tuple[str, str]] = []
    answers: list[int] = []
    page.on("request", lambda request: asked.append((request.method, request.url)))
    page.on("response", lambda response: answers.append(response.status))
    page.locator("button[name=action][value=pass]").click()
    expect(page.locator("input[name=revision]").first).not_to_have_value(revision)
    page.wait_for_load_state("networkidle")
    moves = [(method, url) for method, url in asked if "/static/" not in url]  # card faces seen for the first time aside
    assert moves == [("POST", address)]
    assert 303 not in answers and 200 in answers
    assert page.url == address
