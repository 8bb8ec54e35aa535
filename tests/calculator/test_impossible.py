"""Impossible or malformed input: a clear translated message at the field, no result, never a 500."""

from __future__ import annotations

import html as markup
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES

GOOD = {"game": "hearts", "matadors": "1", "declarer_points": "75", "bid": "18"}
TEN = ["CJ", "SJ", "HA", "HT", "HK", "HQ", "H9", "SA", "ST", "DA"]


def error_at(html: str, field: str) -> str:
    """Return the text of the message slot of ``field``."""
    found = re.search(rf'<p class="field__error" id="error-{field}"[^>]*>(.*?)</p>', html, re.S)
    assert found, f"no message slot for {field}"
    return markup.unescape(found.group(1).strip())


# (what, page parameters, field, the English message, or a part of it)
PAGE_CASES = [
    ("schwarz without hand", {**GOOD, "schwarz_announced": "1"}, "schwarz_announced",
     "Schwarz can only be announced in a Hand game."),
    ("schneider without hand", {**GOOD, "schneider_announced": "1"}, "schneider_announced",
     "Schneider can only be announced in a Hand game."),
    ("ouvert suit game without hand", {**GOOD, "ouvert": "1"}, "ouvert",
     "A suit game or Grand can only be played ouvert as a Hand game."),
    ("grand with 5", {**GOOD, "game": "grand", "matadors": "5"}, "matadors",
     "A Grand is played with or without 1 to 4 matadors"),
    ("suit game with 12", {**GOOD, "matadors": "12"}, "matadors",
     "A suit game is played with or without 1 to 11 matadors."),
    ("matadors 0", {**GOOD, "matadors": "0"}, "matadors", "with or without 1 to 11"),
    ("130 card points", {**GOOD, "declarer_points": "130"}, "declarer_points",
     "Card points go from 0 to 120."),
    ("negative card points", {**GOOD, "declarer_points": "-1"}, "declarer_points",
     "Card points go from 0 to 120."),
    ("119 card points", {**GOOD, "declarer_points": "119"}, "declarer_points",
     "No cards add up to exactly 119 card points."),
    ("120 points in 3 tricks", {**GOOD, "declarer_points": "120", "declarer_tricks": "3"},
     "declarer_points", "3 tricks and the skat cannot add up to exactly 120 card points."),
    ("11 tricks", {**GOOD, "declarer_tricks": "11"}, "declarer_tricks", "Tricks go from 0 to 10."),
    ("null below the bid", {"game": "null", "took_trick": "0", "bid": "24"}, "bid",
     "This Null is worth 23, less than the bid of 24, so it cannot be played."),
    ("not a bid value", {**GOOD, "bid": "19"}, "bid", "19 is not a bid value. The next bid value is 20."),
    ("above the top bid", {**GOOD, "bid": "265"}, "bid", "The highest bid is 264."),
    ("re without kontra", {**GOOD, "re": "1"}, "re", "Re can only answer a Kontra."),
    ("no game", {k: v for k, v in GOOD.items() if k != "game"}, "game", "Choose the game"),
    ("unknown game", {**GOOD, "game": "ramsch"}, "game", "Choose the game"),
    ("no card points", {**GOOD, "declarer_points": ""}, "declarer_points",
     "Enter the declarer's card points"),
    ("card points in words", {**GOOD, "declarer_points": "lots"}, "declarer_points",
     "Enter a whole number"),
    ("a huge number", {**GOOD, "bid": "9" * 40}, "bid", "Enter a whole number"),
    ("no bid", {**GOOD, "bid": ""}, "bid", "Enter the bid."),
    ("tampered flag", {**GOOD, "hand": "yes"}, "hand", "Use 1 for on or 0 for off."),
    ("five players", {**GOOD, "players": "5"}, "players", "A Skat table has 3 or 4 players."),
    ("null without outcome", {"game": "null", "bid": "23"}, "took_trick",
     "Say whether the declarer took a trick."),
    ("same card twice", {**GOOD, "source": "cards", "cards": TEN[:9] + ["CJ"], "skat": ["D7", "D8"]},
     "cards", "Jack of clubs is picked twice."),
    ("a card in the hand and the skat", {**GOOD, "source": "cards", "cards": TEN, "skat": ["CJ", "D8"]},
     "skat", "Jack of clubs cannot be in the hand and in the skat at once."),
    ("11 cards", {**GOOD, "source": "cards", "cards": TEN + ["D7"], "skat": ["D8", "D9"]},
     "cards", "Pick the declarer's ten cards: 11 cards are picked."),
    ("one card in the skat", {**GOOD, "source": "cards", "cards": TEN, "skat": ["D8"]},
     "skat", "Pick the two cards of the skat: 1 card is picked."),
    ("not a card", {**GOOD, "source": "cards", "cards": TEN[:9] + ["XX"], "skat": ["D8", "D9"]},
     "cards", "Pick the cards on the grid."),
]


@pytest.mark.parametrize("what, params, field, text", PAGE_CASES, ids=[case[0] for case in PAGE_CASES])
def test_the_page_refuses_with_a_message_at_the_field(
    reader: FlaskClient, what: str, params: dict[str, object], field: str, text: str
) -> None:
    response = reader.get("/en/calculator/", query_string=params)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert text in error_at(html, field)
    assert 'class="verdict' not in html
    assert "This cannot be a real game." in html


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("what, params, field, text", PAGE_CASES, ids=[case[0] for case in PAGE_CASES])
def test_the_messages_are_translated(
    reader: FlaskClient, lang: str, what: str, params: dict[str, object], field: str, text: str
) -> None:
    html = reader.get(f"/{lang}/calculator/", query_string=params).get_data(as_text=True)
    message = error_at(html, field)
    assert message and text not in message
    assert english_leaks(html, lang) == []


# (what, API parameters, field, reason code)
GOOD_API = {"game": "hearts", "matadors": "1", "declarer_points": "75", "bid": "18"}
API_CASES = [
    ("schwarz without hand", {**GOOD_API, "schwarz_announced": "1"}, "schwarz_announced", "needs_hand"),
    ("grand with 5", {**GOOD_API, "game": "grand", "matadors": "5"}, "matadors", "out_of_range"),
    ("without 12", {**GOOD_API, "matadors": "-12"}, "matadors", "out_of_range"),
    ("130 card points", {**GOOD_API, "declarer_points": "130"}, "declarer_points", "out_of_range"),
    ("119 card points", {**GOOD_API, "declarer_points": "119"}, "declarer_points", "inconsistent"),
    ("null below the bid", {"game": "null", "declarer_tricks": "0", "bid": "24"}, "bid", "null_below_bid"),
    ("null with matadors", {"game": "null", "matadors": "1", "declarer_tricks": "0", "bid": "23"},
     "matadors", "not_allowed"),
    ("null without tricks", {"game": "null", "bid": "23"}, "declarer_tricks", "missing"),
    ("schneider announced in a null", {"game": "null", "hand": "1", "schneider_announced": "1",
                                       "declarer_tricks": "0", "bid": "23"}, "schneider_announced",
     "not_allowed"),
    ("schwarz announced without tricks", {**GOOD_API, "hand": "1", "schwarz_announced": "1"},
     "declarer_tricks", "missing"),
    ("suit game without matadors", {k: v for k, v in GOOD_API.items() if k != "matadors"},
     "matadors", "missing"),
    ("no bid", {k: v for k, v in GOOD_API.items() if k != "bid"}, "bid", "missing"),
    ("not a bid value", {**GOOD_API, "bid": "19"}, "bid", "invalid_bid"),
    ("re without kontra", {**GOOD_API, "re": "1"}, "re", "re_without_kontra"),
    ("no game", {k: v for k, v in GOOD_API.items() if k != "game"}, "game", "missing"),
    ("unknown game", {**GOOD_API, "game": "ramsch"}, "game", "unknown_choice"),
    ("flag 2", {**GOOD_API, "hand": "2"}, "hand", "not_a_flag"),
    ("flag true", {**GOOD_API, "kontra": "true"}, "kontra", "not_a_flag"),
    ("empty flag", {**GOOD_API, "bock": ""}, "bock", "not_a_flag"),
    ("points in words", {**GOOD_API, "declarer_points": "many"}, "declarer_points", "not_a_number"),
    ("empty number", {**GOOD_API, "declarer_tricks": ""}, "declarer_tricks", "not_a_number"),
    ("fraction", {**GOOD_API, "declarer_points": "61.5"}, "declarer_points", "not_a_number"),
    ("players 5", {**GOOD_API, "players": "5"}, "players", "unknown_choice"),
    ("unknown parameter", {**GOOD_API, "schneider": "1"}, "schneider", "unknown_parameter"),
    ("repeated parameter", {**GOOD_API, "bid": ["18", "20"]}, "bid", "repeated"),
    ("unknown language", {**GOOD_API, "lang": "xx"}, "lang", "unknown_choice"),
]


@pytest.mark.parametrize("what, params, field, reason", API_CASES, ids=[case[0] for case in API_CASES])
def test_the_api_answers_400_naming_the_field_and_the_reason(
    reader: FlaskClient, what: str, params: dict[str, object], field: str, reason: str
) -> None:
    response = reader.get("/api/v1/score", query_string=params)
    assert response.status_code == 400
    assert response.is_json
    data = response.get_json()
    assert (data["field"], data["reason"]) == (field, reason)
    assert data["message"]
    assert {"field": field, "reason": reason, "message": data["message"]} in data["errors"]


def test_the_api_translates_the_message_when_asked(reader: FlaskClient) -> None:
    params = {**GOOD_API, "game": "grand", "matadors": "5"}
    english = reader.get("/api/v1/score", query_string=params).get_json()["message"]
    german = reader.get("/api/v1/score", query_string={**params, "lang": "de"}).get_json()
    assert german["reason"] == "out_of_range"
    assert german["message"] != english
    assert "Grand" in german["message"]


def test_the_api_lists_every_unreadable_parameter(reader: FlaskClient) -> None:
    data = reader.get(
        "/api/v1/score", query_string={"game": "chess", "hand": "x", "bid": "y"}
    ).get_json()
    assert [(error["field"], error["reason"]) for error in data["errors"]] == [
        ("game", "unknown_choice"),
        ("hand", "not_a_flag"),
        ("bid", "not_a_number"),
    ]


FIELDS = ["game", "hand", "schneider_announced", "schwarz_announced", "ouvert", "kontra", "re",
          "bock", "matadors", "declarer_points", "declarer_tricks", "bid", "players", "lang",
          "took_trick", "source", "list", "cards", "skat"]
TEXTS = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "2", "5", "-12", "18", "23", "24", "61", "120", "130",
                     "264", "265", "hearts", "grand", "null", "ramsch", "CJ", "HA", "XX", "de",
                     "cards", "count", "seeger_fabian", "3", "4", "−2", "1e3", "0x10", " 7 "]),
    st.text(max_size=12),
)


@settings(max_examples=120, deadline=None)
@given(params=st.lists(st.tuples(st.sampled_from(FIELDS), TEXTS), max_size=14))
def test_no_input_makes_a_500(reader_app: Flask, params: list[tuple[str, str]]) -> None:
    client = reader_app.test_client()
    page = client.get("/fi/calculator/", query_string=params)
    assert page.status_code == 200
    api = client.get("/api/v1/score", query_string=params)
    assert api.status_code in (200, 400)
    assert api.is_json
    if api.status_code == 400:
        assert api.get_json()["reason"]
