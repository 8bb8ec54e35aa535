"""Printable handouts: the rules summary, the game values and blank score sheets, in every language and deck."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.engine import BID_VALUES
from webapp.i18n import LANGUAGES

PAGES = ("handouts/", "handouts/rules", "handouts/values", "handouts/scoresheet?players=3", "handouts/scoresheet?players=4")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_handout_is_in_its_language(client: FlaskClient, lang: str) -> None:
    for path in PAGES:
        response = client.get(f"/{lang}/learn/{path}")
        assert response.status_code == 200, path
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        assert english_leaks(html, lang) == [], path


def test_the_value_table_has_every_game_value_and_every_bid(client: FlaskClient) -> None:
    html = client.get("/en/learn/handouts/values").get_data(as_text=True)
    rows = dict(re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', html))
    cells = {multiplier: re.findall(r"<td>(\d*)</td>", row) for multiplier, row in rows.items()}
    assert cells["2"] == ["18", "20", "22", "24", "48"]
    assert cells["11"] == ["99", "110", "121", "132", "264"]
    assert cells["18"] == ["162", "180", "198", "216", ""]  # a Grand reaches 11 at most
    bids = re.findall(r"<li>(\d+)</li>", html.split('class="handout-bids"')[1])
    assert bids == [str(value) for value in BID_VALUES] and len(bids) == 63


def test_the_rules_name_the_cards_of_the_chosen_deck(client: FlaskClient) -> None:
    french = client.get("/de/learn/handouts/rules").get_data(as_text=True)
    assert "Kreuz-Bube" in french and "Ass" in french
    client.set_cookie("deck", "german")
    german = client.get("/de/learn/handouts/rules").get_data(as_text=True)
    assert "Eichel-Unter" in german and "Daus" in german and "Ober" in german
    assert "Kreuz-Bube" not in german


def test_the_rules_give_the_numbers_of_rules_md(client: FlaskClient) -> None:
    html = client.get("/en/learn/handouts/rules").get_data(as_text=True)
    for fact in ("120 card points in all", "61 card points or more", "30 card points or fewer",
                 "10 × (2 + 1) = 30", "the lost value is 27 and the list says −54"):
        assert fact in html
    nulls = re.findall(r"<td>(\d+)</td>", html.split("Null values")[1].split("</table>")[0])
    assert nulls == ["23", "35", "46", "59"]


def test_a_score_sheet_has_a_ruled_row_per_game(client: FlaskClient) -> None:
    three = client.get("/en/learn/handouts/scoresheet?players=3").get_data(as_text=True)
    four = client.get("/en/learn/handouts/scoresheet?players=4").get_data(as_text=True)
    assert three.count('<tr><th scope="row">') == 36 and four.count('<tr><th scope="row">') == 48
    assert three.count('class="handout-sheet__player"') == 3 and four.count('class="handout-sheet__player"') == 4
    assert "House rules:" in three and "the dealer sits out" in four


def test_the_paper_size_picks_the_page_stylesheet(client: FlaskClient) -> None:
    assert "paper-a4" in client.get("/en/learn/handouts/rules").get_data(as_text=True)
    assert "paper-letter" in client.get("/en/learn/handouts/rules?paper=letter").get_data(as_text=True)


@pytest.mark.parametrize("path", ["handouts/rules?paper=a3", "handouts/values?paper=", "handouts/scoresheet?players=5",
                                  "handouts/scoresheet?players=%D9%A3"])
def test_a_bad_choice_is_refused(client: FlaskClient, path: str) -> None:
    assert client.get(f"/en/learn/{path}").status_code == 400
