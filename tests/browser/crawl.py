"""The pages a browser crawl visits, made once with the data some of them need."""

from __future__ import annotations

import re

from playwright.sync_api import Page

LANGUAGES = ("en", "fr", "fi", "ms", "de")


def crawl_pages(page: Page, base: str) -> dict[str, str]:
    """Make the pages that need data, once, in English; return each page's path after the language."""
    paths = {
        "home": "/",
        "cards": "/cards",
        "course": "/learn/",
        "review": "/learn/review/",
        "practice": "/play/",
        "deal of the day": "/play/daily/",
        "deal archive": "/play/daily/archive",
        "calculator": "/calculator/",
        "drills": "/calculator/drills/",
        "drill": "/calculator/drills/3/2024",
        "lists": "/lists/",
        "new list": "/lists/new",
        "display settings": "/settings",
        "not found": "/no-such-page",
        "tables": "/tables/",
        "lieutenant skat": "/tables/lieutenant/",
        "new class": "/classes/new",
        "join a class": "/classes/",
        "handouts": "/learn/handouts/",
        "rules handout": "/learn/handouts/rules",
        "values handout": "/learn/handouts/values",
        "scoresheet handout": "/learn/handouts/scoresheet",
    }
    page.goto(f"{base}/en/learn/")
    lesson = page.locator("a[href*='/learn/'][href$='/']").filter(has_not_text="reset").first.get_attribute("href")
    assert lesson
    paths["lesson step"] = re.sub(r"^/en", "", lesson) + "1"
    paths["lesson step presented"] = paths["lesson step"] + "/present"

    page.goto(f"{base}/en/learn/device")
    page.get_by_role("button", name="Make a progress code").click()
    code = page.locator(".lesson-device__code").inner_text()
    paths["progress code"] = "/learn/device"
    paths["progress code link"] = "/learn/device/" + code.replace("-", "")

    page.goto(f"{base}/en/play/")
    page.get_by_label("Deal number (leave empty for a random deal)").fill("11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url(re.compile(r"/en/play/[\w-]{20,}$"))
    paths["practice hand"] = page.url.removeprefix(f"{base}/en")

    page.goto(f"{base}/en/calculator/")
    page.get_by_label("Hearts", exact=True).check()
    page.get_by_label("With or without how many").select_option("2")
    page.get_by_label("Declarer's card points").fill("75")
    page.get_by_label("The highest bid").fill("36")
    page.get_by_label("The highest bid").press("Tab")
    page.wait_for_url(re.compile(r"bid=36"))
    paths["calculator result"] = page.url.removeprefix(f"{base}/en")
    paths["calculator presented"] = paths["calculator result"].replace("/calculator/?", "/calculator/present?")

    page.goto(f"{base}/en/play/deal/11/present?level=easy")
    page.wait_for_url(re.compile(r"/en/play/present/"))
    paths["deal presented"] = re.sub(r"\?.*$", "", page.url.removeprefix(f"{base}/en")) + "?at=12"

    page.goto(f"{base}/en/tables/lieutenant/")
    page.get_by_label("Player 1: your name").fill("Annemarie")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/en/tables/lieutenant/[\w-]{20,}$"))
    paths["lieutenant game"] = page.url.removeprefix(f"{base}/en")

    page.goto(f"{base}/en/classes/new")
    page.get_by_role("button", name="Start the class").click()
    page.wait_for_url(re.compile(r"/en/classes/teach/[\w-]{20,}$"))
    teacher = page.url.removeprefix(f"{base}/en")
    paths["class dashboard"] = teacher
    paths["class projector"] = teacher + "/projector"
    paths["class summary"] = teacher + "/summary"

    page.goto(f"{base}/en/lists/new")
    for number, name in enumerate(("Annemarie", "Bartholomäus", "Cem", "Dorothea"), start=1):
        page.locator(f"input[name=player_{number}]").fill(name)
    page.locator("form.new-list button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/en/lists/[\w-]{20,}$"))
    sheet = page.url.removeprefix(f"{base}/en")
    for hand in (2, 3, 4):
        page.locator("input[name=declarer]").first.check()
        page.locator("input[name=bid]").fill("18")
        page.locator("input[name=game]").first.check()
        page.locator("input[name=matadors]").fill("1")
        page.locator("input[name=points]").fill("75" if hand % 2 else "40")
        page.locator("input[name=points]").press("Enter")
        page.wait_for_selector(f"#entry h2:has-text('Hand {hand}')")
    paths["scoresheet"] = sheet
    paths["scoresheet hand"] = sheet + "/hands/1"
    paths["scoresheet print"] = sheet + "/print"
    paths["list statistics"] = sheet + "/statistics"

    page.goto(f"{base}/en{sheet}")
    page.get_by_role("link", name="Start a season").click()
    page.get_by_label("Name of the season").fill("Winter season at the Skatclub Kiebitz")
    page.get_by_role("button", name="Start the season").click()
    page.wait_for_url(re.compile(r"/en/lists/seasons/[\w-]{20,}$"))
    paths["season"] = page.url.removeprefix(f"{base}/en")
    paths["new season"] = "/lists/seasons/new"
    return paths
