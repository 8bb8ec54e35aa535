"""Presentation mode for a worked score of the calculator."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES

QUERY = "game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"


def test_the_worked_score_is_shown_alone_and_large(client: FlaskClient) -> None:
    html = client.get(f"/en/calculator/present?{QUERY}").get_data(as_text=True)
    assert "10 × (2 + 1 + 1) = 40" in html
    assert 'class="breakdown' in html and 'class="site-header"' not in html
    assert f'href="/en/calculator/?{QUERY.replace("&", "&amp;")}"' in html  # back to the calculator


def test_the_calculator_links_to_its_presentation(client: FlaskClient) -> None:
    html = client.get(f"/en/calculator/?{QUERY}").get_data(as_text=True)
    assert f'href="/en/calculator/present?{QUERY.replace("&", "&amp;")}"' in html


def test_without_a_query_the_page_says_what_to_enter(client: FlaskClient) -> None:
    response = client.get("/en/calculator/present")
    assert response.status_code == 200
    assert "Choose the game and say how it ended" in response.get_data(as_text=True)


@pytest.mark.parametrize("query", ["game=grand&matadors=5&declarer_points=61&bid=18", "game=x", "bid=%D9%A1"])
def test_input_that_is_no_game_gets_the_reasons(client: FlaskClient, query: str) -> None:
    response = client.get(f"/en/calculator/present?{query}")
    assert response.status_code == 400
    assert "This cannot be a real game." in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_presentation_is_in_its_language(client: FlaskClient, lang: str) -> None:
    html = client.get(f"/{lang}/calculator/present?{QUERY}").get_data(as_text=True)
    assert english_leaks(html, lang) == []
