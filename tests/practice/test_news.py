"""The live region beside the practice table: what htmx sends for it out of band after each move."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient

from tests.practice import drive
from webapp.engine import Phase, Play, Position
from webapp.practice import phrases, table

HTMX = {"HX-Request": "true"}
NEWS = re.compile(r'<div id="table-news" hx-swap-oob="innerHTML">(.*?)</div>\s*$', re.S)


def _news(html: str) -> str:
    """Return the text htmx puts into the live region (it must come with the table)."""
    found = NEWS.search(html)
    assert found, "no out-of-band live region in the htmx answer"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_the_live_region_stands_outside_the_table_and_starts_empty(client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.MIDDLEHAND)
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    region = '<div id="table-news" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>'
    assert region in page
    table_end = page.index("</aside>")  # the table ends with its side column
    assert page.index(region) > table_end
    assert 'hx-swap-oob' not in page  # a whole page has no out-of-band parts


def test_the_live_region_tells_the_hint(client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.MIDDLEHAND)
    html = client.get(f"/en/play/{hand_id}?hint=1", headers=HTMX).get_data(as_text=True)
    move = unescape(re.search(r'<p class="coach__move">(.*?)</p>', html).group(1))  # type: ignore[union-attr]
    assert _news(html).startswith(move)


def test_the_live_region_tells_the_other_players_cards_and_who_took_the_trick(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.REARHAND)
    told_a_trick = False
    for _ in range(60):
        state, revision, seat = drive.stored(app, hand_id)
        if state.finished:
            break
        response = client.post(
            f"/en/play/{hand_id}",
            data={"revision": str(revision), **drive.form_for(drive.declarer_choice(state))},
            headers=HTMX,
        )
        assert response.status_code == 200  # the table and its news at once, in one round trip
        news = _news(response.get_data(as_text=True))
        state, _, _ = drive.stored(app, hand_id)
        mine = table.last_decision(state, seat)
        assert mine is not None
        history = state.history()[mine + 1:]
        with app.test_request_context("/en/"):
            seats = phrases.seat_names(seat)
            expected = [f"{seats[who]}: {phrases.card_name(action.card)}" for who, action in history if isinstance(action, Play)]
            view = state.view(seat)
            if view.tricks and isinstance(state.history()[mine][1], Play):
                last = view.tricks[-1]
                expected.append(f"Taken by {seats[last.winner]}")
                told_a_trick = True
        for line in expected:
            assert line in news, (line, news)
        if not expected:
            assert state.view(seat).phase is not Phase.PLAY or news == "", news
    assert told_a_trick
    assert "You won your game" in news or "You lost your game" in news
