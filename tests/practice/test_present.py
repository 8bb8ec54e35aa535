"""Presentation mode for a practice hand: every slide from the deal to the score, by links alone."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from tests.practice import drive
from webapp.engine import Deal, GameState, Play, Position
from webapp.i18n import LANGUAGES
from webapp.practice import slides
from webapp.practice.slides import Stage

GAME = GameState.parse(
    "HJDJCKC8SQHAHKH8DAD9-CJSJCTCQSTSKS8HTDTDQ-C9C7SAS9HQH9H7DKD8D7-CAS7_pass.pass.18.skat."
    "discard-SQ-S7.clubs.HA.HT.H7.DA.DQ.D7.HK.CQ.HQ.DT.DK.D9.S8.S9.C8.H8.CT.H9.SK.SA.CK.DJ.SJ.C7.ST.D8."
    "CA.HJ.CJ.C9"
)
"""Forehand plays Clubs after an 18, picks up the skat and lays away the queen and the 7 of spades."""


def url(at: int, lang: str = "en", **query: object) -> str:
    extra = "".join(f"&{key}={value}" for key, value in query.items())
    return f"/{lang}/play/present/{GAME}?at={at}{extra}"


def card_row(html: str, heading: str) -> list[str]:
    """Return the cards (by notation) of the hand under the heading ``heading``."""
    section = re.search(rf'<h2 id="hand-\d">{heading}.*?</section>', html, re.S)
    assert section, heading
    return re.findall(r'data-card="(\w\w)"', section.group(0))


def centre(html: str) -> str:
    found = re.search(r'<div class="present-deal__centre".*?(?=<nav class="present-steps")', html, re.S)
    assert found
    return found.group(0)


def test_the_slides_are_the_deal_the_auction_the_skat_each_card_and_the_score() -> None:
    shown = slides.slides(GAME)
    assert [slide.stage for slide in shown[:3]] == [Stage.DEAL, Stage.AUCTION, Stage.SKAT]
    assert [slide.stage for slide in shown[3:-1]] == [Stage.PLAY] * 30
    assert shown[-1].stage is Stage.SCORE
    plays = [count for count, action in enumerate(GAME.actions, start=1) if isinstance(action, Play)]
    assert [slide.actions for slide in shown[3:-1]] == plays


def test_the_card_points_count_up_trick_by_trick() -> None:
    declarer_points = []
    for index in range(3, 33):
        frame = slides.frame(GAME, index)
        declarer_points.append(frame.declarer_points)
        if frame.trick is not None and frame.trick.winner is not None:
            assert frame.declarer_points + frame.defender_points == sum(t.points for t in frame.state.tricks)
    assert declarer_points == sorted(declarer_points)
    settlement = GAME.settlement
    assert settlement is not None and settlement.declarer_points == 78
    assert slides.frame(GAME, 32).declarer_points == 78 - 3  # the skat laid away (queen, 7) counts at the end


def test_the_first_slide_shows_all_hands_as_dealt_and_the_skat_face_down(client: FlaskClient) -> None:
    html = client.get(url(0)).get_data(as_text=True)
    assert "<h1 id=\"slide-title\">The deal</h1>" in html
    assert sorted(card_row(html, "Forehand")) == sorted(str(card) for card in GAME.deal.hands[Position.FOREHAND])
    assert len(card_row(html, "Middlehand")) == len(card_row(html, "Rearhand")) == 10
    assert "card--back" in centre(html) and "data-card" not in centre(html)
    assert 'class="site-header"' not in html and "site-nav" not in html  # the content alone


def test_the_auction_and_the_skat(client: FlaskClient) -> None:
    auction = client.get(url(1)).get_data(as_text=True)
    assert "Middlehand: Pass" in auction and "Forehand: 18" in auction
    assert "Forehand wins the bidding with 18." in auction
    skat = centre(client.get(url(2)).get_data(as_text=True))
    assert "The skat as dealt" in skat and "Laid away by the declarer" in skat
    assert re.findall(r'data-card="(\w\w)"', skat) == ["CA", "S7", "SQ", "S7"]


def test_a_trick_shows_its_cards_who_took_it_and_the_points(client: FlaskClient) -> None:
    first = client.get(url(3)).get_data(as_text=True)
    assert re.findall(r'data-card="(\w\w)"', centre(first)) == ["HA"]
    assert "HA" not in card_row(first, "Forehand")
    taken = client.get(url(5)).get_data(as_text=True)
    assert re.findall(r'data-card="(\w\w)"', centre(taken)) == ["HA", "HT", "H7"]
    assert "Taken by forehand: 21 card points." in taken
    assert re.search(r'data-count-from="0">21</dd>', taken)


def test_the_last_slide_is_the_score_worked_out(client: FlaskClient) -> None:
    html = client.get(url(33)).get_data(as_text=True)
    assert "The declarer won: +36 for the declarer." in html
    assert "12 × (2 + 1) = 36" in html
    assert 'data-key="next"' not in html and 'data-key="back"' in html
    beyond = client.get(url(500)).get_data(as_text=True)  # beyond the end: the last slide
    assert beyond.split('<section id="present-slide"')[1] == html.split('<section id="present-slide"')[1]


def test_the_links_step_through_without_javascript(client: FlaskClient) -> None:
    html = client.get(url(5)).get_data(as_text=True)
    links = dict(re.findall(r'<a href="([^"]+)" hx-get="[^"]+"[^>]*data-key="(\w+)"', html))
    by_key = {key: href.replace("&amp;", "&") for href, key in links.items()}
    assert by_key["next"].endswith("at=6") and by_key["back"].endswith("at=4")
    assert by_key["first"].endswith("at=0") and by_key["last"].endswith("at=33")
    assert client.get(by_key["next"]).status_code == 200


def test_from_one_seat_the_others_cards_stay_face_down(client: FlaskClient) -> None:
    html = client.get(url(3, seat=1)).get_data(as_text=True)
    assert "present-deal--one-seat" in html
    assert "10 cards, face down" in html and "9 cards, face down" in html
    assert re.findall(r'class="present-deal__mine">.*?</section>', html, re.S)
    mine = re.search(r'class="present-deal__mine">(.*?)</section>', html, re.S)
    assert mine and sorted(re.findall(r'data-card="(\w\w)"', mine.group(1))) == sorted(
        str(card) for card in GAME.deal.hands[Position.MIDDLEHAND])
    assert "seat=1" in re.search(r'data-key="next"', html).string  # the links keep the seat


def test_htmx_gets_the_slide_alone(client: FlaskClient) -> None:
    part = client.get(url(4), headers={"HX-Request": "true"}).get_data(as_text=True)
    assert part.lstrip().startswith("<section id=\"present-slide\"") and "<html" not in part


@pytest.mark.parametrize("path", [
    "/en/play/present/not-a-hand", "/en/play/present/" + "x" * 700, "/en/play/present/AB_pass",
])
def test_a_hand_that_does_not_read_is_not_found(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("query", ["at=x", "at=-1", "at=%D9%A1", "at=0&seat=5", "at=0&seat=x"])
def test_a_bad_position_is_refused_with_a_message(client: FlaskClient, query: str) -> None:
    response = client.get(f"/en/play/present/{GAME}?{query}")
    assert response.status_code == 400
    assert "could not be read" in response.get_data(as_text=True)


def test_a_finished_practice_hand_leads_to_its_presentation(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=7, seat=Position.FOREHAND)
    assert client.get(f"/en/play/{hand_id}/present").status_code == 404  # not over: the cards are hidden
    state = drive.play_out(app, client, hand_id, drive.defender_choice)
    response = client.get(f"/en/play/{hand_id}/present")
    assert response.status_code == 303
    assert response.headers["Location"].startswith(f"/en/play/present/{state}")


def test_a_deal_number_is_played_out_by_the_computer_players_the_same_each_time(client: FlaskClient) -> None:
    first = client.get("/en/play/deal/4711/present?level=easy")
    second = client.get("/en/play/deal/4711/present?level=easy")
    assert first.status_code == 303 and first.headers["Location"] == second.headers["Location"]
    game = GameState.parse(first.headers["Location"].split("/present/", 1)[1].split("?", 1)[0])
    assert game.deal == Deal.from_seed(4711) and game.finished
    assert client.get("/en/play/deal/4711/present?level=hard").status_code == 400


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_slide_kind_is_in_its_language(client: FlaskClient, lang: str) -> None:
    for at in (0, 1, 2, 5, 33):
        html = client.get(url(at, lang)).get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        assert english_leaks(html, lang) == [], at
    html = client.get(url(5, lang, seat=2)).get_data(as_text=True)
    assert english_leaks(html, lang) == []
