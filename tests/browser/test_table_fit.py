"""The practice table and the lesson steps fit the screen: a laptop, a phone held upright, a projector.

At every phase of a practice hand (bidding, skat or Hand, laying away, announcing, each card played,
the result) the whole hand and every control of the decision lie inside the viewport without
scrolling; on a phone every card to choose is a touch target of at least 44 x 44 px that a tap
reaches (no other card covers its middle). Each phase is measured in all five languages (the
Finnish and German labels are long): the same hand is shown in each language before the decision
is taken. Cards grow with the screen. A failing test keeps a screenshot of the screen where
something first did not fit, and of the whole page at the end, in ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import re
import pytest
from playwright.sync_api import Page

from tests.browser.axe import violations
from tests.browser.conftest import ARTIFACTS
from tests.browser.crawl import LANGUAGES
from tests.browser.people import seat_two

pytestmark = pytest.mark.browser

LAPTOP, PHONE, PROJECTOR = (1366, 768), (390, 844), (1920, 1080)
SCREENS = {"laptop": LAPTOP, "phone": PHONE, "projector": PROJECTOR}
TOUCH = 44

# What the learner must see and press at the current decision, measured at the top of the page:
# the hand's cards (with the part of each that no later card covers, and whether a tap in the middle
# of that part reaches the card's own control) and the decision's buttons and choices.
MEASURE = """() => {
  window.scrollTo(0, 0);
  const box = (element) => { const b = element.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; };
  const cards = [...document.querySelectorAll('.ptable__mine .card')];
  // Where each card sits in its row, before a hover or a choice raises it: the list item's box.
  const slot = (card) => (card.closest('li') || card).getBoundingClientRect();
  const hand = cards.map((card, index) => {
    const b = box(card);
    const here = slot(card);
    let shown = here.width;
    const next = cards[index + 1];
    if (next) {
      const there = slot(next);
      if (Math.abs(there.top - here.top) < 2 && there.left > here.left) shown = Math.min(shown, there.left - here.left);
    }
    const control = card.closest('button, label');
    const hit = document.elementFromPoint(here.left + shown / 2, here.top + here.height / 2);
    return {name: card.alt, ...b, shown, interactive: !!control, reached: !!control && !!hit && control.contains(hit)};
  });
  const controls = [...document.querySelectorAll(
    '.ptable__felt .ptable__decision :is(button, select, input), .ptable__felt .discard button, .ptable__felt .result__again :is(button, select)'
  )].map((element) => ({name: (element.innerText || element.value || element.name || '').trim(), ...box(element)}));
  return {hand, controls, scrollY: window.scrollY, width: innerWidth, height: innerHeight,
          documentWidth: document.documentElement.scrollWidth};
}"""


def _phase(page: Page) -> str:
    """Name the learner's decision on the screen."""
    if page.locator(".ptable__felt .result").count():
        return "result"
    if page.locator("input[name=discard]").count():
        return "discard"
    if page.locator("input[type=radio][name=game]").count():
        return "declare"
    if page.locator("button[name=action][value=skat]").count():
        return "skat"
    if page.locator(".hand--play button:enabled").count():
        return "play"
    if page.locator(".ptable__decision button[name=action]").count():
        return "bidding"
    raise AssertionError("no decision on the screen")


def _misfits(page: Page, phase: str, phone: bool) -> list[str]:
    """Say what of the hand and the decision is not in view (or too small to tap on a phone)."""
    shown = page.evaluate(MEASURE)
    width, height = shown["width"], shown["height"]
    found = []
    if shown["scrollY"] or shown["documentWidth"] > width:
        found.append(f"{phase}: the page scrolls ({shown['scrollY']} down, {shown['documentWidth']} px wide)")
    for item in shown["hand"] + shown["controls"]:
        if item["left"] < 0 or item["top"] < 0 or item["right"] > width + 0.5 or item["bottom"] > height + 0.5:
            found.append(f"{phase}: {item['name']!r} lies outside the screen ({item['left']:.0f}, {item['top']:.0f})-"
                         f"({item['right']:.0f}, {item['bottom']:.0f})")
    for card in shown["hand"]:
        if phone and card["interactive"] and (card["shown"] < TOUCH or card["height"] < TOUCH):
            found.append(f"{phase}: {card['name']!r} shows {card['shown']:.0f} x {card['height']:.0f} px")
        if card["interactive"] and not card["reached"]:
            found.append(f"{phase}: a tap on {card['name']!r} reaches another element")
    if phase in ("play", "discard") and not any(card["interactive"] for card in shown["hand"]):
        found.append(f"{phase}: no card to choose")
    if phase not in ("play",) and not shown["controls"]:
        found.append(f"{phase}: no control of the decision found")
    return found


def _act(page: Page, phase: str, hand_game: bool) -> None:
    """Take the decision the way a person does, by pressing what is on the screen, and wait for the table."""
    revision = page.locator("#table input[name=revision]").first.get_attribute("value")
    tap = {"position": {"x": 10, "y": 30}}  # the uncovered left edge of a card, as a finger does
    if phase == "bidding":
        choices = page.locator(".ptable__decision button[name=action]")
        if page.locator("button[name=action][value=yes]").count():
            page.locator("button[name=action][value=yes]").click()
        elif page.locator("button[name=action][value='20']").count():
            page.locator("button[name=action][value='20']").click()
        else:
            choices.first.click()
    elif phase == "skat":
        page.locator("button[name=action][value=hand]" if hand_game else "button[name=action][value=skat]").click()
    elif phase == "discard":
        cards = page.locator(".discard .card-check")
        cards.nth(0).click(**tap)
        cards.nth(1).click(**tap)
        assert page.locator(".discard input:checked").count() == 2
        page.locator(".discard button[type=submit]").click()
    elif phase == "declare":
        page.locator(".declare button[type=submit]").click()
    else:
        page.locator(".hand--play button:enabled").first.click(**tap)
    page.wait_for_function(
        """(before) => {
          if (document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')) return false;
          const now = document.querySelector('#table input[name=revision]');
          return !now || now.value !== before;
        }""",
        arg=revision,
    )


def _at(page: Page, screen: str) -> Page:
    """Give the page the screen's size, without animations (the cards stand still to be measured)."""
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    return page


@pytest.mark.parametrize("hand_game", [False, True], ids=["skat", "hand"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_hand_and_the_decision_fit_the_screen_at_every_phase(
    page: Page, live_server: str, screen: str, hand_game: bool, request: pytest.FixtureRequest
) -> None:
    _at(page, screen)
    phone = screen == "phone"
    page.goto(f"{live_server}/en/play/deal/11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.locator(".start-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/en/play/[\w-]{20,}$"))
    hand = page.url.removeprefix(f"{live_server}/en")
    seen: list[str] = []
    misfits: list[str] = []
    for _ in range(40):
        phase = _phase(page)
        # The first step of each phase in every language (the later bids and cards played bring
        # no new words), the others in the language the page is in.
        languages = LANGUAGES if phase not in seen else (page.url.removeprefix(live_server).split("/")[1],)
        seen.append(phase)
        for lang in languages:
            if not page.url.startswith(f"{live_server}/{lang}/"):
                page.goto(f"{live_server}/{lang}{hand}")
            found = [f"{misfit} ({lang})" for misfit in _misfits(page, phase, phone)]
            if found and not misfits:  # the screen as it was when something first did not fit
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{phase}-{lang}.png"))
            misfits += found
        if phase == "result":
            break
        _act(page, phase, hand_game)
    expected = ["bidding", "skat", "declare", "play", "result"] if hand_game else ["bidding", "skat", "discard", "declare", "play", "result"]
    assert list(dict.fromkeys(seen)) == expected
    assert seen.count("play") == 10
    assert not misfits, "Not in view:\n" + "\n".join(misfits)


def _card_width(page: Page, selector: str, width: int, height: int) -> float:
    page.set_viewport_size({"width": width, "height": height})
    return float(page.locator(selector).first.evaluate("(card) => card.getBoundingClientRect().width"))


def test_cards_grow_with_the_screen_everywhere(page: Page, live_server: str) -> None:
    """A projector shows bigger cards than a laptop, a laptop than a phone: on the practice table,
    in a lesson, on the calculator's card picker and in the card gallery."""
    page.goto(f"{live_server}/en/play/deal/11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.locator(".start-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/en/play/[\w-]{20,}$"))
    places = {
        "practice table": (page.url, ".ptable__mine .card"),
        "lesson step": (f"{live_server}/en/learn/tricks/5", "#step .card-button .card"),
        "calculator": (f"{live_server}/en/calculator/", ".card-pick .card"),
        "card gallery": (f"{live_server}/en/cards", ".card-gallery .card"),
    }
    for place, (url, selector) in places.items():
        page.goto(url)
        if place == "calculator":
            page.locator("input[name=source][value=cards]").check()
        phone, laptop, projector = (_card_width(page, selector, *size) for size in (PHONE, LAPTOP, PROJECTOR))
        assert phone < laptop < projector, f"{place}: {phone} / {laptop} / {projector} px"


LESSON_CARDS = """() => {
  window.scrollTo(0, 0);
  return [...document.querySelectorAll('#step :is(.card-button, .card-check)')].map((control) => {
    const b = control.getBoundingClientRect();
    return {name: control.querySelector('img').alt, left: b.left, top: b.top, right: b.right, bottom: b.bottom,
            width: b.width, height: b.height};
  });
}"""


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_the_cards_to_click_in_a_lesson_fit_the_screen(page: Page, live_server: str, screen: str) -> None:
    """Every lesson step where the learner clicks cards shows all of them without scrolling, each
    at least 44 x 44 px."""
    _at(page, screen)
    size = page.viewport_size
    assert size is not None
    page.goto(f"{live_server}/en/learn/")
    lessons = page.eval_on_selector_all(".course-map__lesson a", "(links) => links.map((a) => a.getAttribute('href'))")
    assert len(lessons) >= 10
    misfits, steps = [], 0
    for lesson in lessons:
        page.goto(f"{live_server}{lesson}1")
        for number in range(1, page.locator(".lesson-dots li").count() + 1):
            if number > 1:
                page.goto(f"{live_server}{lesson}{number}")
            cards = page.evaluate(LESSON_CARDS)
            steps += bool(cards)
            for card in cards:
                if card["left"] < 0 or card["top"] < 0 or card["right"] > size["width"] or card["bottom"] > size["height"]:
                    misfits.append(f"{lesson}{number}: {card['name']} at ({card['left']:.0f}, {card['top']:.0f})-"
                                   f"({card['right']:.0f}, {card['bottom']:.0f})")
                if card["width"] < TOUCH or card["height"] < TOUCH:
                    misfits.append(f"{lesson}{number}: {card['name']} is {card['width']:.0f} x {card['height']:.0f} px")
    assert steps >= 20
    assert not misfits, "Cards to click out of view or too small:\n" + "\n".join(misfits)


def _settled(page: Page) -> None:
    """Wait until htmx has no request or swap under way on the page."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def _to_act(host: Page, guest: Page, mover: Page) -> Page | None:
    """Return the page of the person whose turn it is after ``mover`` moved (the other page learns
    it by its poll), or None when the hand is over."""
    from playwright.sync_api import expect

    _settled(mover)
    if mover.locator(".ptable__felt .result").count():
        return None
    if mover.locator(".ptable__status .tables__turn").count():
        return mover
    other = guest if mover is host else host
    expect(other.locator(".ptable__status .tables__turn, .ptable__felt .result").first).to_be_visible()
    _settled(other)
    return None if other.locator(".ptable__felt .result").count() else other


NEWS_BELOW = """() => {
  const mine = document.querySelector('.ptable__mine').getBoundingClientRect();
  const news = document.querySelector('.tables__status').getBoundingClientRect();
  return {mine: mine.bottom, news: news.top};
}"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_at_a_table_with_people_the_decision_fits_above_the_news(  # type: ignore[no-untyped-def]
    browser, live_server: str, screen: str, request: pytest.FixtureRequest
) -> None:
    """At a table with people the one whose turn it is sees their hand and every control of the
    decision without scrolling, named in the table's header, in English and in Finnish (a long
    name), while the messages, the hints switch and the list stand below the cards; axe finds
    nothing on either page at any kind of decision."""
    from playwright.sync_api import expect

    width, height = SCREENS[screen]
    contexts = [
        browser.new_context(locale=locale, viewport={"width": width, "height": height}, reduced_motion="reduce")
        for locale in ("en-GB", "fi-FI")
    ]
    host, guest = (context.new_page() for context in contexts)
    try:
        seat_two(host, guest, live_server, lang="fi", name="Benjamin")
        _settled(host)
        # Both say something, and the host allows hints: more news for the panel below.
        for page, text in ((guest, "Hei kaikki, pelataan!"), (host, "Welcome, one more hand after this?")):
            page.locator("#message").fill(text)
            page.locator("form.tables__say button").click()
            expect(page.locator("#message")).to_have_value(text)
            page.wait_for_load_state()
            _settled(page)
        expect(guest.locator(".tables__messages li")).to_have_text("Anna: Welcome, one more hand after this?")
        host.locator("form.tables__hints button").click()
        expect(host.get_by_text("Hints are allowed for everybody at this table.")).to_be_visible()
        _settled(host)

        mover: Page | None = host if host.locator(".ptable__status .tables__turn").count() else None
        if mover is None:
            expect(guest.locator(".ptable__status .tables__turn")).to_be_visible()
            mover = guest
        misfits: list[str] = []
        checked: set[tuple[Page, str]] = set()
        decisions = 0
        while mover is not None and decisions < 40:
            decisions += 1
            phase = _phase(mover)
            lang = "en" if mover is host else "fi"
            found = [f"{misfit} ({lang})" for misfit in _misfits(mover, phase, screen == "phone")]
            at = mover.evaluate(NEWS_BELOW)
            if at["news"] < at["mine"]:
                found.append(f"{phase}: the table's news stands above the cards ({lang})")
            if mover.locator(".tables__status .tables__messages li").count() < 1:
                found.append(f"{phase}: no message in the news below ({lang})")
            if (mover, phase) not in checked:  # each person's page at each kind of decision, by axe
                checked.add((mover, phase))
                found += violations(mover, f"{phase} ({lang})")
            if found and not misfits:
                ARTIFACTS.mkdir(exist_ok=True)
                mover.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{phase}-{lang}.png"))
            misfits += found
            if mover is guest and phase == "bidding":
                mover.locator("button[name=action][value=pass]").click()
                mover.wait_for_function("() => !document.querySelector('button[name=action][value=pass]')")
            else:
                _act(mover, phase, hand_game=False)
            mover = _to_act(host, guest, mover)
        assert mover is None, "the hand did not end"
        assert decisions >= 11  # the host's bidding, skat, laying away and announcing, and ten cards between them
        assert not misfits, "Not in view:\n" + "\n".join(misfits)
    finally:
        for context in contexts:
            context.close()
