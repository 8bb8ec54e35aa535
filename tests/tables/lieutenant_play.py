"""Drive Lieutenant Skat through the web: open a game, read the stored table, play cards."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from webapp.engine import Card, LieutenantState
from webapp.storage import gametables as storage

Chooser = Callable[[LieutenantState], Card]
JOIN_LINK = re.compile(r'href="http://localhost(/\w\w/tables/[\w-]+/join/[\w-]+)"')


def open_game(client: FlaskClient, *, side: str, name: str = "Anna", other: str = "Ben", level: str = "easy",
              starting: str = "1", message: str = "", deal: str = "", lang: str = "en") -> str:
    """Open a Lieutenant Skat table through the start form; return its id."""
    response = client.post(f"/{lang}/tables/lieutenant/", data={
        "name": name, "side": side, "other": other, "level": level, "starting": starting,
        "message": message, "deal": deal})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def stored(app: Flask, table_id: str) -> storage.Table:
    """Return the table as stored."""
    with app.app_context():
        table = storage.load(table_id)
        assert table is not None
        return table


def game_of(app: Flask, table_id: str) -> LieutenantState:
    """Return the current game of a stored table."""
    game = stored(app, table_id).game
    assert game is not None
    return LieutenantState.parse(game)


def first_legal(state: LieutenantState) -> Card:
    """Play the first legal card (highest in the engine's order)."""
    return state.legal_actions()[0].card


def play(client: FlaskClient, app: Flask, table_id: str, card: Card, *, lang: str = "en",
         revision: int | None = None):
    """Send a card from ``client``; return the response."""
    if revision is None:
        revision = stored(app, table_id).revision
    return client.post(f"/{lang}/tables/lieutenant/{table_id}/play",
                       data={"card": str(card), "revision": str(revision)})


def play_game(app: Flask, clients: dict[int, FlaskClient], table_id: str, choose: Chooser = first_legal,
              lang: str = "en") -> LieutenantState:
    """Play each person's cards (``clients`` by player) until the game is over; return it."""
    for _ in range(40):
        state = game_of(app, table_id)
        if state.finished:
            return state
        assert state.to_act is not None
        client = clients[state.to_act]
        page = client.get(f"/{lang}/tables/lieutenant/{table_id}").get_data(as_text=True)
        card = choose(state)
        assert f'value="{card}"' in page
        response = play(client, app, table_id, card, lang=lang)
        assert response.status_code == 303, response.get_data(as_text=True)
    raise AssertionError("the game did not end")
