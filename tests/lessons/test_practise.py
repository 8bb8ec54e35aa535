"""Each lesson ends with "Practise this": a drill or a deal that the lesson's skill decides."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from webapp.lessons.course import LESSONS
from webapp.lessons.practise import PRACTICE, DealPractice, DrillPractice

from . import deals

LANGUAGES = ("en", "fr", "fi", "ms", "de")
WITHOUT = {"house-rules", "lieutenant"}
"""The practice table plays neither house rules nor Lieutenant Skat, and no drill scores them."""


def test_every_lesson_but_two_leads_to_a_practice() -> None:
    assert set(PRACTICE) == {lesson.slug for lesson in LESSONS} - WITHOUT


@pytest.mark.parametrize("slug", sorted(PRACTICE))
def test_the_practice_is_decided_by_the_lessons_skill(slug: str) -> None:
    assert deals.holds(slug), PRACTICE[slug]


def test_the_grand_deal_is_a_grand_that_only_a_grand_wins() -> None:
    practice = PRACTICE["grand"]
    assert isinstance(practice, DealPractice) and practice.game is deals.GameType.GRAND
    assert deals.wins_hand(practice.seed, practice.seat, deals.GameType.GRAND)
    assert not any(deals.wins_hand(practice.seed, practice.seat, game) for game in deals.SUIT_GAMES)


def test_a_practice_uses_only_what_its_lesson_and_the_earlier_ones_teach(words) -> None:  # type: ignore[no-untyped-def]
    from webapp.lessons.concepts import concepts_in_text, game_concept

    taught: set[object] = set()
    for lesson in LESSONS:
        taught |= lesson.teaches
        practice = PRACTICE.get(lesson.slug)
        if practice is None:
            continue
        used = concepts_in_text([practice.text], words.text)
        if isinstance(practice, DealPractice) and practice.game is not None:
            used.add(game_concept(practice.game))
        assert used <= taught, (lesson.slug, used - taught)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_practice_pages_render_in_every_language(client: FlaskClient, lang: str) -> None:
    from tests.helpers import english_leaks

    for slug in PRACTICE:
        response = client.get(f"/{lang}/learn/{slug}/practise")
        assert response.status_code == 200, slug
        html = response.get_data(as_text=True)
        assert "%(" not in html and english_leaks(html, lang) == [], slug
        done = client.get(f"/{lang}/learn/{slug}/done").get_data(as_text=True)
        assert f"/{lang}/learn/{slug}/practise" in done, slug
    for slug in WITHOUT:
        assert client.get(f"/{lang}/learn/{slug}/practise").status_code == 404


def test_a_practice_deal_starts_from_a_plain_form(client: FlaskClient) -> None:
    practice = PRACTICE["grand"]
    assert isinstance(practice, DealPractice)
    html = client.get("/en/learn/grand/practise").get_data(as_text=True)
    assert f'name="seed" value="{practice.seed}"' in html
    assert f'name="seat" value="{practice.seat.value}"' in html
    assert 'action="/en/play/"' in html
    response = client.post("/en/play/", data={"seed": str(practice.seed), "seat": str(practice.seat.value),
                                              "level": "strong"})
    assert response.status_code == 303 and response.headers["Location"].startswith("/en/play/")


def test_a_practice_drill_is_a_link_to_its_exercise(client: FlaskClient) -> None:
    practice = PRACTICE["result"]
    assert isinstance(practice, DrillPractice)
    url = f"/en/calculator/drills/{practice.level}/{practice.seed}"
    assert url in client.get("/en/learn/result/practise").get_data(as_text=True)
    assert client.get(url).status_code == 200
