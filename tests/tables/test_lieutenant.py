"""Lieutenant Skat at a table: against the computer, two people on one screen, two browsers.

Whole games through the web with the series and the statistics kept; every page in each
language and deck; every bad request refused with the right code and a message, nothing changed.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.tables.lieutenant_play import JOIN_LINK, first_legal, game_of, open_game, play, play_game, stored
from webapp.engine import LieutenantState
from webapp.engine.lieutenant import lieutenant_game_points


def test_two_people_on_one_screen_play_a_series_and_the_totals_add_up(app: Flask) -> None:
    client = app.test_client()
    table_id = open_game(client, side="here", starting="alternate")
    page = client.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert "Anna" in page and "Ben" in page and "Your turn, Anna" in page
    totals = [0, 0]
    for number in range(2):
        state = game_of(app, table_id)
        assert state.to_act == number % 2  # alternating: player 2 leads the second game
        state = play_game(app, {0: client, 1: client}, table_id)
        result = state.result
        assert result is not None and sum(result.points) == 120
        for player in (0, 1):
            totals[player] += lieutenant_game_points(result.points[player])
        page = client.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
        assert "How the game points are worked out" in page and "Next game" in page
        assert f"Anna: {totals[0]} game point" in page and f"Ben: {totals[1]} game point" in page
        response = client.post(f"/en/tables/lieutenant/{table_id}/next",
                               data={"revision": str(stored(app, table_id).revision)})
        assert response.status_code == 303
    start = client.get("/en/tables/lieutenant/").get_data(as_text=True)
    assert re.search(r"<th scope=\"row\">Anna</th><td>2</td>", start)


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_a_whole_game_against_the_computer_at_each_level(app: Flask, level: str) -> None:
    client = app.test_client()
    table_id = open_game(client, side="computer", level=level, starting="2")
    state = game_of(app, table_id)
    assert len(state.actions) == 1  # the computer led the first trick at once
    state = play_game(app, {0: client}, table_id)
    assert state.result is not None and sum(state.result.points) == 120
    assert len(state.tricks) == 16
    page = client.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert "Computer" in page and "How the game points are worked out" in page
    start = client.get("/en/tables/lieutenant/").get_data(as_text=True)
    assert '<th scope="row">Anna</th><td>1</td>' in start and '<th scope="row">Computer</th><td>1</td>' in start


def test_the_same_deal_replayed_gets_the_same_computer_answers(app: Flask) -> None:
    client = app.test_client()
    first = open_game(client, side="computer", level="medium")
    state = play_game(app, {0: client}, first)
    again = open_game(client, side="computer", level="medium", deal=str(state.deal))
    replayed = game_of(app, again)
    assert replayed.deal == state.deal
    page = client.get(f"/en/tables/lieutenant/{first}").get_data(as_text=True)
    assert f"/en/tables/lieutenant/?deal={state.deal}" in page.replace("&#34;", '"')
    # The permalink opens the start page with the deal kept for the first game.
    link = client.get(f"/en/tables/lieutenant/?deal={state.deal}").get_data(as_text=True)
    assert f'name="deal" value="{state.deal}"' in link and "You replay a deal" in link


def test_two_browsers_by_the_join_link_each_in_their_language_and_deck(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    table_id = open_game(host, side="remote", message="Good luck!")
    page = host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
    links = JOIN_LINK.findall(page)
    assert len(links) == 1 and "<svg" in page and "Waiting for the other player" in page
    # Before anyone sits down, a card changes nothing.
    state = game_of(app, table_id)
    assert play(host, app, table_id, first_legal(state)).status_code == 409
    join = links[0].replace("/en/", "/de/", 1)
    invitation = guest.get(join).get_data(as_text=True)
    assert "Good luck!" in invitation
    assert guest.post(join, data={"name": "Ben"}).status_code == 303
    # The join link works once.
    stranger = app.test_client()
    assert stranger.post(join, data={"name": "Cleo"}).status_code == 409
    guest.set_cookie("deck", "german")
    german = guest.get(f"/de/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert "Trumpf" in german or "Grand" in german
    assert "Your turn" not in german
    state = play_game(app, {0: host, 1: guest}, table_id)
    assert state.result is not None
    # The statistics of a game across two browsers are the table's.
    assert '<th scope="row">Ben</th><td>1</td>' in guest.get(f"/de/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert "Ben" not in host.get("/en/tables/lieutenant/").get_data(as_text=True)
    # A message to the other player reaches them by the poll.
    revision = stored(app, table_id).revision
    assert guest.post(f"/de/tables/lieutenant/{table_id}/message", data={"message": "Noch eins?"}).status_code == 303
    news = host.get(f"/en/tables/lieutenant/{table_id}/news?revision={revision}")
    assert news.status_code == 200 and "Ben writes: Noch eins?" in news.get_data(as_text=True)
    assert host.get(f"/en/tables/lieutenant/{table_id}/news?revision={revision + 1}").status_code == 204
