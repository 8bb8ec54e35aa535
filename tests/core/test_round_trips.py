"""One round trip per action for htmx (the fresh partial at once, the URL set by header), POST-redirect-GET without it.

Each action is checked both ways: a practice move and its undo, a drill answer, a scoresheet hand,
its Bock round and its undo.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.calculator.test_drills import exercise
from tests.core.test_wire import _without_tokens
from tests.practice import drive
from tests.scoresheet.test_views import CLUBS, enter, new_list, revision
from webapp.engine import Position

HTMX = {"HX-Request": "true"}


def test_a_practice_move_answers_htmx_with_the_table_at_once(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=3, seat=Position.MIDDLEHAND)
    state, rev, _ = drive.stored(app, hand_id)
    moved = client.post(f"/en/play/{hand_id}", data={"revision": str(rev), **drive.form_for(drive.declarer_choice(state))},
                        headers=HTMX)
    assert moved.status_code == 200
    assert moved.headers["HX-Replace-Url"] == f"/en/play/{hand_id}"
    html = moved.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="table"') and "<html" not in html
    _, now, _ = drive.stored(app, hand_id)
    assert now > rev and f'name="revision" value="{now}"' in html  # the table as it stands after the move
    again = client.get(f"/en/play/{hand_id}", headers=HTMX).data
    assert _without_tokens(moved.data) == _without_tokens(again)  # what a GET of its URL shows
    undone = client.post(f"/en/play/{hand_id}/undo", data={"revision": str(now)}, headers=HTMX)
    assert undone.status_code == 200 and undone.headers["HX-Replace-Url"] == f"/en/play/{hand_id}"
    assert drive.stored(app, hand_id)[0].actions == state.actions


def test_a_practice_move_without_javascript_is_post_redirect_get(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=3, seat=Position.MIDDLEHAND)
    state, rev, _ = drive.stored(app, hand_id)
    moved = client.post(f"/en/play/{hand_id}", data={"revision": str(rev), **drive.form_for(drive.declarer_choice(state))})
    assert moved.status_code == 303 and moved.headers["Location"] == f"/en/play/{hand_id}"
    assert "HX-Replace-Url" not in moved.headers
    _, now, _ = drive.stored(app, hand_id)
    assert now > rev
    undone = client.post(f"/en/play/{hand_id}/undo", data={"revision": str(now)})
    assert undone.status_code == 303 and undone.headers["Location"] == f"/en/play/{hand_id}"


def test_a_drill_answer_answers_htmx_at_once_and_counts_it(client: FlaskClient) -> None:
    drill = exercise(1, 4)
    value, score = drill.settlement.game_value, drill.settlement.score
    answered = client.post("/en/calculator/drills/1/4", data={"value": str(value), "score": str(score)}, headers=HTMX)
    assert answered.status_code == 200
    assert answered.headers["HX-Push-Url"] == f"/en/calculator/drills/1/4?value={value}&score={score}"
    assert "visitor=" in answered.headers["Set-Cookie"]
    html = answered.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="drill"') and "<html" not in html
    again = client.get(answered.headers["HX-Push-Url"], headers=HTMX).data
    assert _without_tokens(answered.data) == _without_tokens(again)  # what a GET of its URL shows
    assert '<span class="streak__count">1</span>' in html  # the answer counted before it was shown


def test_a_drill_answer_without_javascript_is_post_redirect_get(client: FlaskClient) -> None:
    drill = exercise(1, 4)
    value = drill.settlement.game_value
    answered = client.post("/en/calculator/drills/1/4", data={"value": str(value)})
    assert answered.status_code == 303
    assert answered.headers["Location"] == f"/en/calculator/drills/1/4?value={value}"
    assert "HX-Push-Url" not in answered.headers


def test_a_scoresheet_hand_answers_htmx_at_once(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    entered = enter(client, app, token, CLUBS, headers=HTMX)
    assert entered.status_code == 200
    assert entered.headers["HX-Replace-Url"] == f"/en/lists/{token}#entry"
    html = entered.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="sheet"') and "Hand 1 entered." in html
    assert revision(app, token) == 1
    for action in ("bock", "undo"):
        changed = client.post(f"/en/lists/{token}/{action}", data={"revision": str(revision(app, token))}, headers=HTMX)
        assert changed.status_code == 200 and changed.headers["HX-Replace-Url"].startswith(f"/en/lists/{token}")
        assert changed.get_data(as_text=True).lstrip().startswith('<div id="sheet"')


def test_a_scoresheet_hand_without_javascript_is_post_redirect_get(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    entered = enter(client, app, token, CLUBS)
    assert entered.status_code == 303 and entered.headers["Location"] == f"/en/lists/{token}#entry"
    assert "Hand 1 entered." in client.get(f"/en/lists/{token}").get_data(as_text=True)  # said once, after the redirect
