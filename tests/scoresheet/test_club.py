"""The scoresheet at a real club table (issue 23), each item through the web client."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.scoresheet.test_views import enter, hands, new_list, revision

CLUBS_120 = {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "1", "points": "120", "bid": "18"}


# 4. Schwarz is asked, not guessed ------------------------------------------------------------

def test_the_list_asks_whether_every_trick_was_taken_at_120_card_points(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    blank = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert 'name="tricks" value="some" checked' not in blank  # no answer is given for the player
    refused = enter(client, app, token, CLUBS_120)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert 'id="error-tricks"' in html
    assert "At 120 card points, did the declarer take every trick? Answer under Schwarz." in html
    assert hands(app, token) == () and revision(app, token) == 0
    assert enter(client, app, token, {**CLUBS_120, "tricks": "all"}).status_code == 303
    assert "Clubs, with 1, won, Schwarz: +48" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_the_list_takes_not_every_trick_at_120_and_asks_at_0(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert enter(client, app, token, {**CLUBS_120, "tricks": "some"}).status_code == 303
    assert "Clubs, with 1, won, Schneider: +36" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    zero = {**CLUBS_120, "declarer": "3", "points": "0"}
    html = enter(client, app, token, zero).get_data(as_text=True)
    assert "At 0 card points, did the declarer take no trick at all? Answer under Schwarz." in html
    assert len(hands(app, token)) == 1
    assert enter(client, app, token, {**zero, "tricks": "none"}).status_code == 303
    # 12 × (1 + game + Schneider + Schwarz) = 48, lost: −96.
    assert "Clubs, with 1, lost, Schwarz: −96" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_other_card_points_need_no_answer(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert enter(client, app, token, {**CLUBS_120, "points": "85"}).status_code == 303
    assert "Clubs, with 1, won: +24" in client.get(f"/en/lists/{token}").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_question_is_asked_in_every_language(client: FlaskClient, app: Flask, lang: str) -> None:
    token = new_list(client)
    data = {**CLUBS_120, "revision": str(revision(app, token))}
    html = client.post(f"/{lang}/lists/{token}/hands", data=data).get_data(as_text=True)
    assert 'id="error-tricks"' in html and "At 120 card points" not in html
