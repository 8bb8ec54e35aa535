"""A shared practice deal link that fixes the seat and the computer players, so a class plays alike."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES
from webapp.storage import gametables as storage
from tests.practice import drive


def _radios(html: str, name: str) -> list[tuple[str, bool]]:
    """Return the (value, checked) of each radio button called ``name``."""
    found = re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"( checked)?>', html)
    return [(value, bool(checked)) for value, checked in found]


def _start_from_link(client: FlaskClient, html: str) -> str:
    """Submit the start form of a shared-deal page as it stands; return the new hand's id."""
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html))
    for name in ("seat", "level"):
        checked = [value for value, on in _radios(html, name) if on]
        assert len(checked) == 1
        fields[name] = checked[0]
    response = client.post("/en/play/", data=fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_link_with_seat_and_level_offers_only_those(client: FlaskClient) -> None:
    html = client.get("/en/play/deal/4242?seat=1&level=medium").get_data(as_text=True)
    assert _radios(html, "seat") == [("1", True)]
    assert _radios(html, "level") == [("medium", True)]
    assert "everyone plays it the same way" in html
    assert 'href="/en/play/deal/4242"' in html  # the way back to choosing freely


def test_everyone_who_follows_the_link_plays_the_same_seat_and_level(app: Flask, client: FlaskClient) -> None:
    copies = []
    for _ in range(3):
        html = client.get("/en/play/deal/4242?seat=2&level=easy").get_data(as_text=True)
        hand_id = _start_from_link(client, html)
        with app.app_context():
            record = storage.load_hand(hand_id)
            assert record is not None
            copies.append((record.seed, record.seat, record.level))
    assert copies == [(4242, 2, "easy")] * 3


def test_a_link_may_fix_the_seat_alone(client: FlaskClient) -> None:
    html = client.get("/en/play/deal/4242?seat=0").get_data(as_text=True)
    assert _radios(html, "seat") == [("0", True)]
    assert [value for value, _ in _radios(html, "level")] == ["easy", "medium", "strong"]


def test_a_plain_deal_link_still_lets_the_visitor_choose(client: FlaskClient) -> None:
    html = client.get("/en/play/deal/4242").get_data(as_text=True)
    assert [value for value, _ in _radios(html, "seat")] == ["any", "0", "1", "2"]


@pytest.mark.parametrize("query", ["seat=3", "seat=x", "seat=", "level=hard", "seat=1&level=", "seat=%D9%A1"])
def test_a_tampered_link_is_refused_with_a_message(client: FlaskClient, query: str) -> None:
    response = client.get(f"/en/play/deal/4242?{query}")
    assert response.status_code == 400
    assert "Choose one of the offered options." in response.get_data(as_text=True)


def test_the_table_shares_the_deal_with_the_learners_seat_and_level(client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=31, seat=1, level="medium")
    html = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert re.search(r'href="/en/play/deal/31\?(seat=1&amp;level=medium|level=medium&amp;seat=1)"', html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_fixed_link_page_is_in_its_language(client: FlaskClient, lang: str) -> None:
    html = client.get(f"/{lang}/play/deal/4711?seat=2&level=strong").get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert english_leaks(html, lang) == []
