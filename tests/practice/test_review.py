""""Could I have won?": shown trick by trick, kept with the hand, bounded in time."""

from __future__ import annotations

import re
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.practice import drive
from tests.practice.conftest import played_review
from webapp import ai
from webapp.engine import Action, Discard, GameState, Phase, PickUp, Play, PlayHand, Position
from webapp.practice import review


def _finished(app: Flask, client: FlaskClient) -> tuple[str, GameState]:
    hand_id = drive.start(client, seed=11, seat=Position.REARHAND)
    return hand_id, drive.play_out(app, client, hand_id, drive.declarer_choice)


def test_the_best_line_is_shown_trick_by_trick_and_kept(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hand_id, state = _finished(app, client)
    page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert page.count('class="line-trick"') == 10
    assert "Trick 10" in page
    settlement = state.settlement
    assert settlement is not None and settlement.declarer_points is not None
    assert f"{settlement.declarer_points} card points" in page

    def no_second_search(state: GameState) -> None:
        raise AssertionError("the review was worked out twice")

    monkeypatch.setattr(ai, "could_have_won", no_second_search)
    again = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert again.count('class="line-trick"') == 10


def test_a_review_that_takes_too_long_is_stopped_and_said_so(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hand_id, _ = _finished(app, client)

    def slow(state: GameState) -> None:
        time.sleep(30)

    monkeypatch.setattr(ai, "could_have_won", slow)
    monkeypatch.setattr(review, "REVIEW_SECONDS", 0.5)
    started = time.monotonic()
    response = client.get(f"/en/play/{hand_id}/line")
    assert time.monotonic() - started < 10
    assert response.status_code == 200
    assert "could not work out the best play for this hand in time" in response.get_data(as_text=True)


def test_the_line_of_an_unfinished_hand_is_not_shown(client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.REARHAND)
    assert client.get(f"/en/play/{hand_id}/line").status_code == 404


def test_a_stored_review_belongs_to_its_opening(app: Flask, client: FlaskClient) -> None:
    _, state = _finished(app, client)
    verdict = played_review(state)
    assert verdict is not None
    key = review.opening_key(state)
    assert "." in key and not any(len(word) == 2 and word[0] in "CSHD" for word in key.split("."))
    text = review.dumps(verdict, key)
    assert review.loads(text, key) == verdict
    assert review.loads(text, key + ".other") is None
    assert review.loads(None, key) is None
    assert not review.known(None, key)
    unknown = review.dumps(None, key)
    assert review.known(unknown, key) and review.loads(unknown, key) is None


def test_a_review_too_big_to_work_out_is_said_so_once(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hand_id, _ = _finished(app, client)
    calls: list[GameState] = []

    def too_big(state: GameState) -> None:
        calls.append(state)
        return None

    monkeypatch.setattr(ai, "could_have_won", too_big)
    for _ in range(2):
        page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
        assert "could not work out the best play" in page
        assert 'class="line-trick"' not in page
    assert len(calls) <= 1  # worked out in the child process once, then read back


def test_the_cards_that_decided_the_game_are_named(app: Flask, client: FlaskClient) -> None:
    hand_id, state = _finished(app, client)
    page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert "The cards that decided the game" in page
    assert "Trick 1:" in page


def _open_rows(page: str) -> dict[str, list[str]]:
    """Return the cards of each row of "All cards open" in their order: the seats from forehand
    on as "0", "1", "2", then "skat" (the skat the play began with) and "dealt" if shown."""
    section = re.search(r'<section class="open-hands".*?</section>', page, re.S)
    assert section is not None
    bodies = re.findall(r'<li[^>]*><h3>.*?</h3>(.*?)</ul></li>', section.group(0), re.S)
    names = ("0", "1", "2", "skat", "dealt")
    return {name: re.findall(r'data-card="(\w+)"', body) for name, body in zip(names, bodies)}


def _lay_away_from_the_hand(state: GameState) -> Action:
    """Win the auction, pick up the skat and lay away two cards of the dealt hand, not the skat."""
    legal = state.legal_actions()
    if state.phase is Phase.SKAT:
        return PickUp()
    if state.phase is Phase.DISCARD:
        dealt = state.deal.hands[state.to_act or 0]
        return next(a for a in legal if isinstance(a, Discard) and a.first in dealt and a.second in dealt)
    return drive.declarer_choice(state)


def test_all_cards_open_shows_the_hands_as_the_play_began(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.REARHAND)
    state = drive.play_out(app, client, hand_id, _lay_away_from_the_hand)
    assert state.declarer == Position.REARHAND and state.contract is not None and not state.contract.hand
    discard = next(action for action in state.actions if isinstance(action, Discard))
    page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    rows = _open_rows(page)
    declarer = rows["2"]
    assert str(discard.first) not in declarer and str(discard.second) not in declarer
    assert all(str(card) in declarer for card in state.deal.skat)
    assert len(declarer) == 10
    assert sorted(rows["skat"]) == sorted([str(discard.first), str(discard.second)])
    assert sorted(rows["dealt"]) == sorted(str(card) for card in state.deal.skat)
    assert "Laid away by the declarer" in page and "The skat as dealt" in page
    # The line shown (here the play itself) uses exactly the cards of the hands as shown.
    played = {str(action.card) for action in state.actions if isinstance(action, Play)}
    assert played == {card for seat in "012" for card in rows[seat]}


def test_all_cards_open_in_a_hand_game_shows_the_skat_untouched(app: Flask, client: FlaskClient) -> None:
    def hand_game(state: GameState) -> Action:
        return PlayHand() if state.phase is Phase.SKAT else drive.declarer_choice(state)

    hand_id = drive.start(client, seed=11, seat=Position.REARHAND)
    state = drive.play_out(app, client, hand_id, hand_game)
    assert state.contract is not None and state.contract.hand
    rows = _open_rows(client.get(f"/en/play/{hand_id}/line").get_data(as_text=True))
    assert sorted(rows["2"]) == sorted(str(card) for card in state.deal.hands[Position.REARHAND])
    assert sorted(rows["skat"]) == sorted(str(card) for card in state.deal.skat)
    assert "dealt" not in rows
