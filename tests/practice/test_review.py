""""Could I have won?": shown trick by trick, kept with the hand, bounded by the node budget."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.practice import drive
from tests.practice.conftest import played_review
from webapp import ai
from webapp.ai import review as review_module
from webapp.ai.review import could_have_won as real_could_have_won
from webapp.engine import Action, Discard, GameState, Phase, PickUp, Play, PlayHand, Position
from webapp.practice import phrases, review
from webapp.storage import gametables as storage


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
    # The learner bid the highest value there is (264) for a Diamonds game: no result reaches it.
    assert settlement.bid == 264 and settlement.overbid
    assert "no result of this game reaches your bid, not even Schwarz" in page

    def no_second_search(state: GameState) -> None:
        raise AssertionError("the review was worked out twice")

    monkeypatch.setattr(ai, "could_have_won", no_second_search)
    again = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert again.count('class="line-trick"') == 10


def _stored_review(app: Flask, hand_id: str) -> str | None:
    with app.app_context():
        record = storage.load_hand(hand_id)
        assert record is not None
        return record.review


def test_a_review_cut_short_by_its_budget_is_said_so_and_never_kept(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real search, in the request's process, bounded by nodes: cut short, it is no answer."""
    hand_id, state = _finished(app, client)
    monkeypatch.setattr(ai, "could_have_won", real_could_have_won)
    monkeypatch.setitem(review_module.REVIEW_NODE_LIMIT, "python", 10)
    monkeypatch.setitem(review_module.REVIEW_NODE_LIMIT, "compiled", 10)
    for _ in range(2):
        response = client.get(f"/en/play/{hand_id}/line")
        assert response.status_code == 200
        assert "could not work out the best play for this hand in time" in response.get_data(as_text=True)
        assert _stored_review(app, hand_id) is None
    monkeypatch.undo()
    monkeypatch.setattr(ai, "could_have_won", played_review)
    page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert "could not work out" not in page and page.count('class="line-trick"') == 10
    assert review.known(_stored_review(app, hand_id), review.opening_key(state))


def test_a_review_without_a_game_is_kept_and_an_old_one_worked_out_again(app: Flask, client: FlaskClient) -> None:
    _, state = _finished(app, client)
    key = review.opening_key(state)
    assert review.known(review.dumps(None, key), key)
    # Stored before reviews knew what wins a game (and when a cut-short answer was kept).
    assert not review.known('{"key": "%s", "unknown": true}' % key, key)


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


def test_a_defender_asks_could_we_have_beaten_it(app: Flask, client: FlaskClient) -> None:
    """As a defender the review is "Could we have beaten it?", and the trick where the
    defenders gave the game away is named, with the cards that would have beaten it drawn in
    the learner's deck."""
    hand_id = drive.start(client, seed=11, seat=Position.FOREHAND)
    state = drive.play_out(app, client, hand_id, drive.defender_choice)
    assert state.declarer is not None and state.declarer is not Position.FOREHAND
    hand_page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert "Could we have beaten it? See the best play with all cards open" in hand_page
    page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert "<h1>Could we have beaten it?</h1>" in page and "Could I have won?" not in page
    verdict = played_review(state)
    assert verdict is not None
    swing = verdict.swings[-1]  # the played review's only swing: forehand's first lead
    assert "The trick that decided the game" in page
    assert "Trick 1 decided the game:" in page and "let the declarer win." in page
    decisive = page[page.index('class="decisive"') : page.index("</section>", page.index('class="decisive"'))]
    assert "Each of these cards would have beaten the game:" in decisive
    for card in swing.better:
        assert f'data-card="{card}"' in decisive
    assert f'data-card="{swing.card}"' not in decisive
    german = client.get(f"/de/play/{hand_id}/line").get_data(as_text=True)
    assert "Hätten wir den Alleinspieler schlagen können?" in german
    assert "Der Stich, der das Spiel entschieden hat" in german


def test_the_declarer_sees_the_trick_that_lost_the_game(app: Flask, client: FlaskClient) -> None:
    hand_id, state = _finished(app, client)
    page = client.get(f"/en/play/{hand_id}/line").get_data(as_text=True)
    assert "<h1>Could I have won?</h1>" in page
    # The played review's swing is forehand's lead: a defender's card here (the learner declares
    # from rearhand), so it decided nothing against the learner.
    assert state.declarer is Position.REARHAND
    assert "The trick that decided the game" not in page


def test_the_verdict_on_an_overbid_game_says_schneider_was_needed(app: Flask) -> None:
    """Deal 45 as in issue 17: Spades with 1 at 23 takes 72 card points, not the 90 it needs."""
    from tests.ai.test_targets import deal_45

    verdict = real_could_have_won(deal_45())
    assert verdict is not None
    said = {}
    for lang in ("en", "de", "fr", "fi", "ms"):
        with app.test_request_context(f"/{lang}/play/"):
            app.preprocess_request()
            said[lang] = phrases.review_verdict(verdict, Position.FOREHAND)
            defended = phrases.review_verdict(verdict, Position.MIDDLEHAND)
        assert "72" in said[lang] and "90" in said[lang] and "Schneider" in said[lang]
        assert "72" in defended and "Schneider" in defended
    assert said["en"] == (
        "No: your game needs Schneider (90 card points) to win, and with best play on both sides "
        "you take only 72."
    )
    assert len(set(said.values())) == 5
