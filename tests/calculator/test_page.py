"""The calculator page: every language and deck, htmx partials, the form without JavaScript."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES

EXAMPLES = [
    "",
    "?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36",
    "?game=diamonds&matadors=1&declarer_points=75&bid=22&kontra=1&list=seeger_fabian&players=4",
    "?game=grand&hand=1&ouvert=1&matadors=4&declarer_points=120&declarer_tricks=10&bid=264",
    "?game=spades&matadors=-1&declarer_points=25&declarer_tricks=0&bid=22&bock=1",
    "?game=hearts&hand=1&schneider_announced=1&matadors=1&declarer_points=80&bid=30",
    "?game=null&ouvert=1&took_trick=1&bid=46&list=seeger_fabian",
    "?game=grand&matadors=5&declarer_points=61&bid=18",
    "?game=clubs&source=cards&cards=CJ&cards=CA&cards=SJ&cards=CT&cards=CK&cards=C9&cards=SA"
    "&cards=ST&cards=HA&cards=D7&skat=HJ&skat=D8&declarer_points=90&bid=48",
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("query", EXAMPLES)
def test_the_page_is_in_the_language_of_its_url(reader: FlaskClient, lang: str, query: str) -> None:
    response = reader.get(f"/{lang}/calculator/{query}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert english_leaks(html, lang) == []


def test_the_empty_form_invites_and_shows_no_result(reader: FlaskClient) -> None:
    html = reader.get("/en/calculator/").get_data(as_text=True)
    assert "Choose the game and say how it ended" in html
    assert 'class="verdict' not in html
    assert not re.search(r'class="field__error" id="error-\w+">[^<]', html)
    assert 'name="bid" type="number"' in html and 'value="18"' in html
    assert '<a href="/en/calculator/?game=diamonds&amp;matadors=1&amp;declarer_points=70&amp;bid=24">Diamonds · with 1</a>' in html
    assert 'Lost: −54' in html  # the overbid example, worked out by the engine


def test_the_form_works_without_javascript(reader: FlaskClient) -> None:
    html = reader.get("/en/calculator/").get_data(as_text=True)
    form = html.split('<form id="calc-form"', 1)[1].split("</form>", 1)[0]
    assert 'method="get" action="/en/calculator/"' in form
    assert '<button class="button button--primary" type="submit">Calculate</button>' in form
    assert 'hx-get="/en/calculator/"' in form


def test_the_form_keeps_what_was_entered(reader: FlaskClient) -> None:
    html = reader.get(
        "/en/calculator/?game=grand&hand=1&matadors=-3&declarer_points=lots&bid=19&kontra=1"
        "&list=seeger_fabian&players=4"
    ).get_data(as_text=True)
    assert re.search(r'value="grand"[^>]* checked', html)
    assert re.search(r'name="hand" value="1"[^>]* checked', html)
    assert '<option value="-3" selected>without 3</option>' in html
    assert 'value="lots"' in html and 'value="19"' in html
    assert re.search(r'name="kontra" value="1"[^>]* checked', html)
    assert re.search(r'value="seeger_fabian" checked', html)
    assert re.search(r'name="players" value="4" checked', html)
    assert 'aria-invalid="true"' in html


def test_htmx_gets_the_result_and_the_field_messages_alone(reader: FlaskClient) -> None:
    query = "/en/calculator/?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"
    html = reader.get(query, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.lstrip().startswith('<section id="calc-result"')
    assert "<html" not in html and "<form" not in html
    assert '<p class="field__error" id="error-bid" hx-swap-oob="true"></p>' in html
    assert '<p id="calc-status" hx-swap-oob="innerHTML">Won: +40</p>' in html
    refused = reader.get("/en/calculator/?game=grand&matadors=5&declarer_points=61&bid=18",
                         headers={"HX-Request": "true"}).get_data(as_text=True)
    assert re.search(r'id="error-matadors" hx-swap-oob="true">A Grand is played', refused)
    assert 'id="calc-status" hx-swap-oob="innerHTML"></p>' in refused


def test_a_full_page_has_no_out_of_band_parts(reader: FlaskClient) -> None:
    html = reader.get("/en/calculator/?game=hearts&matadors=1&declarer_points=75&bid=18").get_data(as_text=True)
    assert "hx-swap-oob" not in html
    assert html.count('id="error-bid"') == 1


def test_the_games_and_cards_follow_the_deck(reader: FlaskClient) -> None:
    reader.set_cookie("deck", "german")
    html = reader.get("/de/calculator/?game=clubs&matadors=2&declarer_points=85&bid=36").get_data(as_text=True)
    assert "<li>Eichel</li>" in html
    assert "für Eichel ist er 12" in html
    assert "Schellen 9, Herz 10, Grün 11, Eichel 12, Grand 24" in html
    assert re.search(r'src="/static/cards/german/sprite\.svg\?v=[0-9a-f]+#CJ" alt="Eichel-Unter"', html)
    twice = reader.get(
        "/de/calculator/?game=clubs&source=cards&cards=CJ&cards=CA&cards=SJ&cards=CT&cards=CK"
        "&cards=C9&cards=SA&cards=ST&cards=HA&cards=CJ&skat=HJ&skat=D8&declarer_points=90&bid=48"
    ).get_data(as_text=True)
    assert "Eichel-Unter ist zweimal gewählt." in twice


def test_the_picked_cards_count_the_matadors(reader: FlaskClient) -> None:
    html = reader.get(EXAMPLES[-1].replace("?", "/en/calculator/?", 1)).get_data(as_text=True)
    assert "The matadors were counted from the picked cards: with 3." in html
    assert "12 × (3 + 1 + 1) = 60" in html  # with 3, game, Schneider (90 card points)
    assert len(re.findall(r'name="cards" value="\w\w" checked', html)) == 10
    assert len(re.findall(r'name="skat" value="\w\w" checked', html)) == 2


def test_a_jack_in_the_skat_is_pointed_out(reader: FlaskClient) -> None:
    cards = "&".join(f"cards={card}" for card in "HJ CA CT CK SA ST HA HT DA D7".split())
    html = reader.get(f"/en/calculator/?game=clubs&hand=1&source=cards&{cards}&skat=CJ&skat=D8"
                      "&declarer_points=70&bid=60").get_data(as_text=True)
    assert "The skat counts too: the ten cards alone would be without 2." in html
    assert "Lost: −120" in html  # 12 × 3 = 36 < 60: overbid, lost value 60


def test_null_ignores_what_the_form_hides(reader: FlaskClient) -> None:
    html = reader.get("/en/calculator/?game=null&hand=1&schneider_announced=1&matadors=3"
                      "&declarer_points=abc&took_trick=0&bid=35").get_data(as_text=True)
    assert "Won: +35" in html


def test_every_level_has_its_explanation_for_hover_and_focus(reader: FlaskClient) -> None:
    html = reader.get("/en/calculator/?game=grand&hand=1&ouvert=1&matadors=4&declarer_points=120"
                      "&declarer_tricks=10&bid=264&kontra=1&re=1&bock=1").get_data(as_text=True)
    buttons = re.findall(r'<button type="button" class="term__name" aria-describedby="(tip-[\w-]+)">', html)
    assert len(buttons) == len(set(buttons)) >= 18
    for tip in buttons:
        assert re.search(rf'<span class="term__tip" role="tooltip" id="{tip}">[^<]+</span>', html)
    assert "24 × (4 + 1 + 1 + 1 + 1 + 1 + 1 + 1) = 264" in html
    assert "Won: +2,112" in html  # 264 × 2 × 2 × 2


def test_numbers_follow_the_locale(reader: FlaskClient) -> None:
    query = ("?game=grand&hand=1&ouvert=1&matadors=4&declarer_points=120&declarer_tricks=10"
             "&bid=264&kontra=1&re=1&bock=1")
    assert "Gewonnen: +2.112" in reader.get(f"/de/calculator/{query}").get_data(as_text=True)
    assert "Voitettu: +2\N{NO-BREAK SPACE}112" in reader.get(f"/fi/calculator/{query}").get_data(as_text=True)


def test_the_api_explains_in_the_language_asked(reader: FlaskClient) -> None:
    data = reader.get("/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36&lang=fr").get_json()
    assert data["explanation"]["formula"] == "10 × (2 + 1 + 1) = 40"
    assert data["explanation"]["verdict"] == "Gagné\u00a0: +40"
    assert [row["step"] for row in data["explanation"]["rows"]][:4] == [
        "base_value", "level-matadors", "level-game", "level-hand"]
    assert "explanation" not in reader.get(
        "/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36").get_json()


def test_seeger_fabian_doubles_the_50_with_kontra(reader: FlaskClient) -> None:
    # Diamonds with 1 is worth 18 < 22: lost as 27, −54, with Kontra −108; the 50 doubles too
    # (rules.md §10), the 30 each other player gets at four does not.
    html = reader.get(
        "/en/calculator/?game=diamonds&matadors=1&declarer_points=75&bid=22&kontra=1"
        "&list=seeger_fabian&players=4"
    ).get_data(as_text=True)
    assert "\u2212108 \u2212 100 = \u2212208" in html
    assert "A lost game scores 50 less, doubled as often as the score: 100." in html
    assert "gets 30 for the" in html
