"""Play practice hands through the web client, choosing the learner's moves with the engine."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from webapp.engine import Action, Bid, Declare, Discard, GameState, Hold, Pass, Position, token
from webapp.storage import gametables as storage

Chooser = Callable[[GameState], Action]


def start(client: FlaskClient, *, seed: int, seat: int, level: str = "easy", lang: str = "en") -> str:
    """Start a hand through the start form; return its id."""
    response = client.post(f"/{lang}/play/", data={"seed": str(seed), "seat": str(seat), "level": level})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def stored(app: Flask, hand_id: str) -> tuple[GameState, int, Position]:
    """Return the stored state, revision and learner's seat of a hand."""
    with app.app_context():
        record = storage.load_hand(hand_id)
        assert record is not None
        return GameState.parse(record.game), record.revision, Position(record.seat)


def form_for(action: Action) -> dict[str, object]:
    """Return the form fields the page sends for ``action``."""
    if isinstance(action, Discard):
        return {"discard": [str(action.first), str(action.second)]}
    return {"action": token(action)}


def declarer_choice(state: GameState) -> Action:
    """Win the auction at any price, pick up, lay away, announce and play the first legal move."""
    legal = state.legal_actions()
    bids = [action for action in legal if isinstance(action, Bid)]
    if bids:
        return bids[-1]
    if any(isinstance(action, Hold) for action in legal):
        return Hold()
    return legal[0]


def defender_choice(state: GameState) -> Action:
    """Pass in the auction, then play the first legal card."""
    legal = state.legal_actions()
    if any(isinstance(action, Pass) for action in legal) and not any(isinstance(a, Declare) for a in legal):
        return Pass()
    return legal[0]


def play_out(app: Flask, client: FlaskClient, hand_id: str, choose: Chooser, lang: str = "en") -> GameState:
    """Play the learner's moves through the web client until the hand is over."""
    for _ in range(60):
        state, revision, seat = stored(app, hand_id)
        if state.finished:
            return state
        assert state.to_act == seat
        action = choose(state)
        page = client.get(f"/{lang}/play/{hand_id}").get_data(as_text=True)
        assert f'value="{token(action)}"' in page or isinstance(action, Discard | Bid), token(action)
        response = client.post(
            f"/{lang}/play/{hand_id}", data={"revision": str(revision), **form_for(action)}
        )
        assert response.status_code == 303, response.get_data(as_text=True)
    raise AssertionError("the hand did not end")
