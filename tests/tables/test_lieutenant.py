"""Lieutenant Skat at a table: against the computer, two people on one screen, two browsers.

Whole games through the web with the series and the statistics kept; every page in each
language and deck; every bad request refused with the right code and a message, nothing changed.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.tables.lieutenant_play import first_legal, game_of, open_game, play, play_game, stored
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
