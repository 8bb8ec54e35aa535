"""Schwarz is asked, not guessed: at 120 or 0 card points only the tricks tell (issue 23.4)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from webapp.engine import Contract, GameType, InputReason, InvalidInput, settle

CLUBS_120 = "/en/calculator/?game=clubs&matadors=1&declarer_points=120&bid=18"


def test_the_engine_refuses_120_or_0_card_points_without_the_tricks() -> None:
    for points in (0, 120):
        with pytest.raises(InvalidInput) as refused:
            settle(Contract(GameType.CLUBS), matadors=1, declarer_points=points, bid=18)
        assert (refused.value.field, refused.value.reason) == ("declarer_tricks", InputReason.MISSING)
    # With the tricks it is settled either way: Schwarz only when every trick was taken.
    every = settle(Contract(GameType.CLUBS), matadors=1, declarer_points=120, declarer_tricks=10, bid=18)
    most = settle(Contract(GameType.CLUBS), matadors=1, declarer_points=120, declarer_tricks=9, bid=18)
    assert (every.schwarz, every.score) == (True, 48)  # 12 × (1 + 1 + Schneider + Schwarz)
    assert (most.schwarz, most.score) == (False, 36)  # 12 × (1 + 1 + Schneider)
    none = settle(Contract(GameType.CLUBS), matadors=1, declarer_points=0, declarer_tricks=0, bid=18)
    assert (none.schwarz, none.score) == (True, -96)
    # Other card points still settle without the tricks.
    assert settle(Contract(GameType.CLUBS), matadors=1, declarer_points=118, bid=18).score == 36


def test_the_calculator_asks_at_120_card_points_instead_of_scoring_36(reader: FlaskClient) -> None:
    html = reader.get(CLUBS_120).get_data(as_text=True)
    assert "Won: +36" not in html
    assert "At 120 card points, did the declarer take every trick? Enter the declarer&#39;s tricks: 10 if so." in html
    assert 'id="calc-tricks"' in html and 'aria-invalid="true"' in html
    assert "Won: +48" in reader.get(CLUBS_120 + "&declarer_tricks=10").get_data(as_text=True)
    assert "Won: +36" in reader.get(CLUBS_120 + "&declarer_tricks=9").get_data(as_text=True)


def test_the_calculator_asks_at_0_card_points(reader: FlaskClient) -> None:
    query = "/en/calculator/?game=clubs&matadors=1&declarer_points=0&bid=18"
    html = reader.get(query).get_data(as_text=True)
    assert "At 0 card points, did the declarer take no trick at all? Enter the declarer&#39;s tricks: 0 if so." in html
    assert "Lost: −96" in reader.get(query + "&declarer_tricks=0").get_data(as_text=True)
    assert "Lost: −72" in reader.get(query + "&declarer_tricks=2").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_question_is_translated(reader: FlaskClient, lang: str) -> None:
    html = reader.get(CLUBS_120.replace("/en/", f"/{lang}/")).get_data(as_text=True)
    assert "At 120 card points" not in html and "120" in html
    assert 'aria-invalid="true"' in html


def test_the_api_asks_too(reader: FlaskClient) -> None:
    response = reader.get("/api/v1/score?game=clubs&matadors=1&declarer_points=120&bid=18")
    assert response.status_code == 400
    assert response.get_json()["field"] == "declarer_tricks"
    assert response.get_json()["reason"] == "missing"
    assert reader.get("/api/v1/score?game=clubs&matadors=1&declarer_points=120&declarer_tricks=10"
                      "&bid=18").get_json()["score"] == 48
