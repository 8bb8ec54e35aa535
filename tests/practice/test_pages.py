"""Every practice page in every language: it answers and leaks no English."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from tests.practice import drive
from webapp.engine import Phase, Position
from webapp.i18n import LANGUAGES


def _pages_of_a_hand(app: Flask, client: FlaskClient, lang: str) -> list[str]:
    """Play a hand as declarer in ``lang``, keeping the page of every phase and the result."""
    hand_id = drive.start(client, seed=11, seat=Position.FOREHAND, lang=lang)
    pages = []
    seen: set[Phase] = set()
    for _ in range(60):
        state, revision, _seat = drive.stored(app, hand_id)
        html = client.get(f"/{lang}/play/{hand_id}").get_data(as_text=True)
        if state.phase not in seen:
            seen.add(state.phase)
            pages.append(html)
            pages.append(client.get(f"/{lang}/play/{hand_id}?hint=1").get_data(as_text=True))
        if state.finished:
            break
        action = drive.declarer_choice(state)
        client.post(f"/{lang}/play/{hand_id}", data={"revision": str(revision), **drive.form_for(action)})
    assert seen >= {Phase.BIDDING, Phase.DISCARD, Phase.DECLARE, Phase.PLAY, Phase.FINISHED}
    pages.append(client.get(f"/{lang}/play/{hand_id}/line").get_data(as_text=True))
    pages.append(client.post(f"/{lang}/play/{hand_id}", data={"revision": "0", "action": "pass"}).get_data(as_text=True))
    return pages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_practice_page_is_in_its_language(app: Flask, client: FlaskClient, lang: str) -> None:
    pages = [
        client.get(f"/{lang}/play/").get_data(as_text=True),
        client.get(f"/{lang}/play/deal/4711").get_data(as_text=True),
        client.post(f"/{lang}/play/", data={"seed": "x", "seat": "0"}).get_data(as_text=True),
        *_pages_of_a_hand(app, client, lang),
    ]
    for html in pages:
        assert f'<html lang="{lang}">' in html
        assert english_leaks(html, lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_passed_in_hand_says_so_in_its_language(app: Flask, client: FlaskClient, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from webapp.engine import Pass
    from webapp.practice import players

    monkeypatch.setattr(players, "choose", lambda view, level, *, seed: Pass())
    hand_id = drive.start(client, seed=1, seat=Position.FOREHAND, lang=lang)
    state, revision, _ = drive.stored(app, hand_id)
    client.post(f"/{lang}/play/{hand_id}", data={"revision": str(revision), "action": "pass"})
    state, _, _ = drive.stored(app, hand_id)
    assert state.phase is Phase.PASSED_IN
    html = client.get(f"/{lang}/play/{hand_id}").get_data(as_text=True)
    assert 'action="/' + lang + f'/play/{hand_id}/next"' in html
    assert english_leaks(html, lang) == []
