"""A whole practice hand through the web client, as declarer and as defender, and the refusals."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.practice import drive
from webapp.engine import GameState, Phase, Position, Settlement
from webapp.i18n import MINUS


def _score_text(score: int) -> str:
    return ("+" if score > 0 else MINUS if score < 0 else "") + f"{abs(score):,}"


def test_a_whole_hand_as_declarer_reaches_the_engines_result(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.REARHAND)
    final = drive.play_out(app, client, hand_id, drive.declarer_choice)
    assert final.declarer == Position.REARHAND
    replayed = GameState.parse(str(final))
    settlement = replayed.settlement
    assert isinstance(settlement, Settlement)
    assert settlement == final.settlement
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert "You won your game" in page or "You lost your game" in page
    assert _score_text(settlement.score) in page
    assert "Could I have won?" in page
    from webapp.practice.phrases import card_list

    with app.test_request_context("/en/"):
        assert f"The skat: {card_list(final.skat)}." in page


def test_a_whole_hand_as_defender_reaches_the_engines_result(app: Flask, client: FlaskClient) -> None:
    for seed in range(40):
        hand_id = drive.start(client, seed=seed, seat=Position.FOREHAND)
        final = drive.play_out(app, client, hand_id, drive.defender_choice)
        if final.phase is Phase.FINISHED:
            break
    else:
        pytest.fail("no deal among 40 where a computer player declared")
    assert final.declarer not in (None, Position.FOREHAND)
    settlement = final.settlement
    assert isinstance(settlement, Settlement)
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert _score_text(settlement.score) in page
    assert "declarer" in page


def _to_play(app: Flask, client: FlaskClient) -> tuple[str, GameState, int]:
    """Start a hand and bring it to the learner's first card."""
    hand_id = drive.start(client, seed=5, seat=Position.FOREHAND)
    for _ in range(20):
        state, revision, _seat = drive.stored(app, hand_id)
        if state.phase is Phase.PLAY:
            return hand_id, state, revision
        action = drive.declarer_choice(state)
        client.post(f"/en/play/{hand_id}", data={"revision": str(revision), **drive.form_for(action)})
    raise AssertionError("never reached the play")


def test_a_card_not_in_hand_is_refused_with_the_reason_and_changes_nothing(app: Flask, client: FlaskClient) -> None:
    hand_id, state, revision = _to_play(app, client)
    missing = next(card for card in state.hand(Position.MIDDLEHAND))
    response = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "action": str(missing)})
    assert response.status_code == 400
    assert "That card is not in your hand." in response.get_data(as_text=True)
    assert drive.stored(app, hand_id)[:2] == (state, revision)


def test_a_card_that_does_not_follow_suit_is_refused(app: Flask, client: FlaskClient) -> None:
    for seed in range(60):
        hand_id = drive.start(client, seed=seed, seat=Position.MIDDLEHAND)
        for _ in range(40):
            state, revision, seat = drive.stored(app, hand_id)
            if state.finished:
                break
            if state.phase is Phase.PLAY and len(state.legal_cards()) < len(state.hand(seat)):
                wrong = next(card for card in state.hand(seat) if card not in state.legal_cards())
                response = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "action": str(wrong)})
                assert response.status_code == 400
                assert "You must follow suit" in response.get_data(as_text=True)
                assert drive.stored(app, hand_id)[:2] == (state, revision)
                page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
                assert re.search(f'value="{wrong}"[^>]*disabled', page)
                return
            action = drive.declarer_choice(state)
            client.post(f"/en/play/{hand_id}", data={"revision": str(revision), **drive.form_for(action)})
    pytest.fail("never had to follow suit")


def test_a_stale_revision_is_refused_politely(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=3, seat=Position.MIDDLEHAND)
    state, revision, _ = drive.stored(app, hand_id)
    first = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "action": "pass"})
    assert first.status_code == 303
    after = drive.stored(app, hand_id)
    second = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "action": "pass"})
    assert second.status_code == 409
    assert "another tab" in second.get_data(as_text=True)
    assert drive.stored(app, hand_id) == after


@pytest.mark.parametrize(
    "data, message",
    [
        ({"revision": "x", "action": "pass"}, "That form could not be read"),
        ({"action": "pass"}, "That form could not be read"),
        ({"revision": "0", "action": "shout"}, "Kiebitz does not know that move."),
        ({"revision": "0"}, "Kiebitz does not know that move."),
        ({"revision": "0", "action": "19"}, "That is not a bid value"),
        ({"revision": "0", "action": "skat"}, "That is not possible at this point of the game."),
        ({"revision": "0", "discard": ["CJ"]}, "Choose exactly two cards to lay away."),
    ],
)
def test_bad_input_gets_a_message_and_changes_nothing(app: Flask, client: FlaskClient, data: dict[str, object], message: str) -> None:
    hand_id = drive.start(client, seed=3, seat=Position.MIDDLEHAND)
    before = drive.stored(app, hand_id)
    response = client.post(f"/en/play/{hand_id}", data=data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert drive.stored(app, hand_id) == before


def test_an_unknown_hand_is_not_found(client: FlaskClient) -> None:
    assert client.get("/en/play/no-such-hand").status_code == 404
    assert client.post("/en/play/no-such-hand", data={"revision": "0", "action": "pass"}).status_code == 404
    assert client.post("/en/play/no-such-hand/undo", data={"revision": "0"}).status_code == 404
    assert client.get("/en/play/no-such-hand/line").status_code == 404
    assert client.get("/en/play/deal/99999999999999999999").status_code == 404


def test_undo_takes_back_the_learners_last_decision(app: Flask, client: FlaskClient) -> None:
    hand_id, state, revision = _to_play(app, client)
    card = state.legal_cards()
    first = next(iter(card))
    client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "action": str(first)})
    moved, revision_after, _ = drive.stored(app, hand_id)
    assert len(moved.actions) > len(state.actions)
    response = client.post(f"/en/play/{hand_id}/undo", data={"revision": str(revision_after)})
    assert response.status_code == 303
    undone, _, _ = drive.stored(app, hand_id)
    assert undone == state


def test_undo_before_any_decision_is_refused(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=3, seat=Position.MIDDLEHAND)
    response = client.post(f"/en/play/{hand_id}/undo", data={"revision": "0"})
    assert response.status_code == 400
    assert "no decision of yours to take back" in response.get_data(as_text=True)


def test_replay_the_same_deal_from_the_same_or_another_seat(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=21, seat=Position.MIDDLEHAND)
    state, _, _ = drive.stored(app, hand_id)
    same = client.post(f"/en/play/{hand_id}/again", data={"seat": "same"})
    other = client.post(f"/en/play/{hand_id}/again", data={"seat": "2"})
    for response, seat in ((same, Position.MIDDLEHAND), (other, Position.REARHAND)):
        assert response.status_code == 303
        new_id = response.headers["Location"].rsplit("/", 1)[1]
        assert new_id != hand_id
        copy, revision, learner = drive.stored(app, new_id)
        assert (copy.deal, revision, learner) == (state.deal, 0, seat)
    assert client.post(f"/en/play/{hand_id}/again", data={"seat": "7"}).status_code == 400


def test_the_next_hand_moves_the_learner_on_one_seat(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=21, seat=Position.FOREHAND)
    response = client.post(f"/en/play/{hand_id}/next")
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert drive.stored(app, new_id)[2] == Position.REARHAND


def test_a_shared_deal_gives_every_visitor_their_own_copy(app: Flask, client: FlaskClient) -> None:
    page = client.get("/en/play/deal/4242")
    assert page.status_code == 200
    assert 'value="4242"' in page.get_data(as_text=True)
    first = drive.start(client, seed=4242, seat=Position.FOREHAND)
    second = drive.start(client, seed=4242, seat=Position.FOREHAND)
    assert first != second and len(first) >= 24
    assert drive.stored(app, first)[0] == drive.stored(app, second)[0]


def test_the_start_form_explains_a_bad_deal_number(client: FlaskClient) -> None:
    response = client.post("/en/play/", data={"seed": "-4", "seat": "0", "level": "easy"})
    assert response.status_code == 400
    assert "A deal number is a whole number" in response.get_data(as_text=True)
    response = client.post("/en/play/", data={"seed": "1", "seat": "9", "level": "hard"})
    assert response.status_code == 400


def test_htmx_gets_the_table_alone_and_refusals_in_it(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=3, seat=Position.MIDDLEHAND)
    headers = {"HX-Request": "true"}
    part = client.get(f"/en/play/{hand_id}", headers=headers).get_data(as_text=True)
    assert part.lstrip().startswith('<div id="table"') and "<html" not in part
    refused = client.post(f"/en/play/{hand_id}", data={"revision": "5", "action": "pass"}, headers=headers)
    assert refused.status_code == 200
    assert "another tab" in refused.get_data(as_text=True)
    moved = client.post(f"/en/play/{hand_id}", data={"revision": "0", "action": "pass"}, headers=headers, follow_redirects=True)
    assert moved.get_data(as_text=True).lstrip().startswith('<div id="table"')


def test_the_page_shows_only_what_the_learners_seat_may_see(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=8, seat=Position.MIDDLEHAND)
    state, _, seat = drive.stored(app, hand_id)
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    from webapp.practice.phrases import card_name

    with app.test_request_context("/en/"):
        hidden = [card_name(card) for card in state.deal.skat] + [
            card_name(card) for position in Position if position != seat for card in state.hand(position)
        ]
    body = page.split('<main', 1)[1]
    assert not [name for name in hidden if f">{name}<" in body or f'"{name}"' in body]


def test_computer_players_get_their_seat_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from webapp.engine import SeatView
    from webapp.practice import players, table

    seen: list[tuple[object, Position | None]] = []
    real = players.choose

    def spy(view: SeatView, level: str, *, seed: int):  # type: ignore[no-untyped-def]
        seen.append((type(view), view.position))
        assert view.to_act == view.position
        return real(view, level, seed=seed)

    monkeypatch.setattr(players, "choose", spy)
    state = table.start(2, Position.REARHAND, "easy")
    while not state.finished:
        state = table.act(state, Position.REARHAND, state.legal_actions()[0], "easy", 2)
    assert len(state.tricks) == 10
    assert seen and all(kind is SeatView and who != Position.REARHAND for kind, who in seen)


def test_a_hint_at_every_decision_names_a_legal_move_and_its_reason(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=11, seat=Position.FOREHAND)
    asked = set()
    for _ in range(60):
        state, revision, seat = drive.stored(app, hand_id)
        if state.finished:
            break
        page = client.get(f"/en/play/{hand_id}?hint=1").get_data(as_text=True)
        move = re.search(r'<p class="coach__move">([^<]+)</p>\s*<p class="coach__reason">([^<]+)</p>', page)
        assert move is not None, state.phase
        assert move.group(1).strip() and move.group(2).strip()
        asked.add(state.phase)
        action = drive.declarer_choice(state)
        client.post(f"/en/play/{hand_id}", data={"revision": str(revision), **drive.form_for(action)})
    assert asked >= {Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.PLAY}


@pytest.mark.parametrize("lang", ["en", "fr", "fi", "ms", "de"])
def test_every_hint_reason_is_one_translated_sentence(app: Flask, lang: str) -> None:
    from tests.helpers import english_leaks
    from webapp.ai import Hint, HintReason
    from webapp.engine import Card, GameType, Pass
    from webapp.practice import phrases

    cards = (Card.parse("HT"), Card.parse("H7"))
    with app.test_request_context(f"/{lang}/play/"):
        from flask import g

        g.lang = lang
        sentences = {
            reason: phrases.hint_reason(Hint(Pass(), reason, cards=cards, value=36, game=GameType.CLUBS))
            for reason in HintReason
        }
        fallback = phrases.fallback_reason()
    assert len(set(sentences.values())) == len(HintReason)
    assert fallback not in sentences.values()
    for reason, sentence in sentences.items():
        assert sentence.endswith("."), reason
        assert "%(" not in sentence, reason
        assert english_leaks(f"<p>{sentence}</p>", lang) == [], reason


def test_the_computer_players_cards_since_the_learners_card_are_shown_one_by_one(app: Flask, client: FlaskClient) -> None:
    from webapp.practice import screen, table

    for seed in range(30):
        state = table.start(seed, Position.REARHAND, "easy")
        while not state.finished and state.phase is not Phase.PLAY:
            state = table.act(state, Position.REARHAND, drive.declarer_choice(state), "easy", seed)
        if state.phase is not Phase.PLAY or state.tricks:
            continue
        # Rearhand plays last to the first trick; then the winner, a computer player, may lead.
        after = table.act(state, Position.REARHAND, state.legal_actions()[-1], "easy", seed)
        shown = screen.screen(after, Position.REARHAND)
        computer_cards = len(after.current_trick.cards)
        assert shown.last is not None and all(card.new == 0 for card in shown.last.cards)
        if computer_cards:
            assert shown.current is not None
            assert [card.new for card in shown.current.cards] == list(range(1, computer_cards + 1))
            calm = screen.screen(after, Position.REARHAND, animate=False)
            assert calm.current is not None and all(card.new == 0 for card in calm.current.cards)
            return
    pytest.fail("no deal where a computer player led the second trick")


def test_the_coach_and_the_bid_limits_see_the_learners_seat_only(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from webapp import ai
    from webapp.engine import CardSet, SeatView

    seen: list[object] = []
    real_hint, real_limits = ai.hint, ai.bid_limits

    def hint(view: SeatView, *, seed: int) -> ai.Hint:
        seen.append(view)
        return real_hint(view, seed=seed)

    def limits(cards: CardSet) -> tuple[ai.BidLimit, ...]:
        seen.append(cards)
        return real_limits(cards)

    monkeypatch.setattr(ai, "hint", hint)
    monkeypatch.setattr(ai, "bid_limits", limits)
    hand_id = drive.start(client, seed=11, seat=Position.MIDDLEHAND)
    state, _, _ = drive.stored(app, hand_id)
    client.get(f"/en/play/{hand_id}?hint=1")
    assert [type(item) for item in seen] == [SeatView, CardSet]
    view, cards = seen
    assert isinstance(view, SeatView) and view.position == Position.MIDDLEHAND
    assert cards == state.hand(Position.MIDDLEHAND)


def test_two_saves_naming_the_same_revision_cannot_both_succeed(app: Flask) -> None:
    from webapp.storage import gametables as storage

    with app.app_context():
        record = storage.create_hand(family="practice", seed=1, number=2, seats=3, level="easy", game="x")
        assert storage.save_hand(record.id, 0, game="first")
        assert not storage.save_hand(record.id, 0, game="second")
        stored = storage.load_hand(record.id)
        assert stored is not None and (stored.game, stored.revision) == ("first", 1)


def test_replaying_an_unknown_hand_is_not_found(client: FlaskClient) -> None:
    assert client.post("/en/play/no-such-hand/again", data={"seat": "same"}).status_code == 404
    assert client.post("/en/play/no-such-hand/next").status_code == 404
    assert client.get("/en/play/" + "x" * 200).status_code == 404


def test_a_reload_shows_the_same_position(app: Flask, client: FlaskClient) -> None:
    hand_id, _, _ = _to_play(app, client)
    first = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    second = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    tokens = re.compile(r'"X-CSRFToken": "[^"]*"|name="(?:csrf_token|once)" value="[^"]*"')
    assert tokens.sub("", first) == tokens.sub("", second)


def test_showing_a_hand_replays_it_once_and_asks_no_computer_player(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page is a GET of a stored hand: one replay of its notation (none when the same state
    was read a moment before: `GameState.parse` keeps it), and no search."""
    from webapp.engine import game
    from webapp.practice import players

    playing, _, _ = _to_play(app, client)
    finished = drive.start(client, seed=5, seat=Position.FOREHAND)
    drive.play_out(app, client, finished, drive.declarer_choice)
    steps: list[object] = []
    real_step = GameState._step

    def counting_step(state: GameState, action: object) -> None:
        steps.append(action)
        real_step(state, action)  # type: ignore[arg-type]

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("a page asked a computer player")

    monkeypatch.setattr(GameState, "_step", counting_step)
    monkeypatch.setattr(players, "choose", no_search)
    monkeypatch.setattr(players, "hint", no_search)
    for hand_id in (playing, finished):
        state, _, _ = drive.stored(app, hand_id)
        game._parsed.cache_clear()
        steps.clear()
        assert client.get(f"/en/play/{hand_id}").status_code == 200
        assert len(steps) == len(state.actions)
        steps.clear()
        assert client.get(f"/en/play/{hand_id}").status_code == 200
        assert steps == []


def test_a_stored_hand_that_no_longer_reads_is_not_found_rather_than_an_error(app: Flask, client: FlaskClient) -> None:
    from webapp.storage import gametables as storage

    with app.app_context():
        hand_id = storage.create_hand(family="practice", seed=1, number=2, seats=3, level="easy", game="not a game").id
    assert client.get(f"/en/play/{hand_id}").status_code == 404


def _to_declare(app: Flask, client: FlaskClient, *, hand: bool) -> tuple[str, int]:
    """Win the auction and reach the announcement, as a Hand game or after the skat."""
    from webapp.engine import PickUp, PlayHand

    hand_id = drive.start(client, seed=5, seat=Position.FOREHAND)
    for _ in range(20):
        state, revision, _seat = drive.stored(app, hand_id)
        if state.phase is Phase.DECLARE:
            return hand_id, revision
        action = drive.declarer_choice(state)
        if state.phase is Phase.SKAT:
            action = PlayHand() if hand else PickUp()
        client.post(f"/en/play/{hand_id}", data={"revision": str(revision), **drive.form_for(action)})
    raise AssertionError("never reached the announcement")


def test_a_hand_game_is_announced_with_its_announcement(app: Flask, client: FlaskClient) -> None:
    from webapp.engine import Declare, GameType

    hand_id, revision = _to_declare(app, client, hand=True)
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert 'name="announce" value="schneider"' in page and 'name="announce" value="ouvert"' in page
    refused = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "game": "null", "announce": "schneider"})
    assert refused.status_code == 400
    assert "That announcement is not allowed" in refused.get_data(as_text=True)
    response = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "game": "clubs", "announce": "schneider"})
    assert response.status_code == 303
    state, _, _ = drive.stored(app, hand_id)
    assert Declare(GameType.CLUBS, schneider=True) in state.actions


def test_after_the_skat_only_a_null_may_be_ouvert(app: Flask, client: FlaskClient) -> None:
    hand_id, revision = _to_declare(app, client, hand=False)
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert 'name="announce" value="schneider"' not in page
    refused = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "game": "grand", "announce": "ouvert"})
    assert refused.status_code == 400
    assert drive.stored(app, hand_id)[1] == revision


def test_a_failing_computer_player_or_coach_never_stops_the_hand(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from webapp import ai

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("broken")

    from webapp.practice import players

    # Alembic's logging set-up (run by other tests) disables loggers that already exist.
    monkeypatch.setattr(players.log, "disabled", False)
    monkeypatch.setattr(ai, "choose", broken)
    monkeypatch.setattr(ai, "hint", broken)
    monkeypatch.setattr(ai, "bid_limits", broken)
    hand_id = drive.start(client, seed=3, seat=Position.REARHAND)
    page = client.get(f"/en/play/{hand_id}?hint=1")
    assert page.status_code == 200
    assert "The coach has no advice for this decision." in page.get_data(as_text=True)
    final = drive.play_out(app, client, hand_id, drive.declarer_choice)
    assert final.finished
    assert "computer player failed" in caplog.text


@pytest.mark.parametrize(("lang", "label"), [("en", "Medium"), ("de", "Mittel"), ("fr", "Moyen"), ("fi", "Keskitaso"), ("ms", "Sederhana")])
def test_the_medium_level_is_offered_and_kept_with_the_hand(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, lang: str, label: str) -> None:
    from webapp.engine import SeatView
    from webapp.practice import players

    form = client.get(f"/{lang}/play/").get_data(as_text=True)
    offered = re.findall(r'name="level" value="(\w+)"', form)
    assert offered == ["easy", "medium", "strong"]
    assert f'value="medium"> {label}' in form
    levels: list[str] = []
    real = players.choose

    def spy(view: SeatView, level: str, *, seed: int):  # type: ignore[no-untyped-def]
        levels.append(level)
        return real(view, level, seed=seed)

    monkeypatch.setattr(players, "choose", spy)
    hand_id = drive.start(client, seed=5, seat=Position.REARHAND, level="medium", lang=lang)
    with app.app_context():
        from webapp.storage import gametables as storage

        record = storage.load_hand(hand_id)
        assert record is not None and record.level == "medium"
    drive.play_out(app, client, hand_id, drive.defender_choice, lang=lang)
    assert levels and set(levels) == {"medium"}


def test_the_bidding_panel_shows_the_skat_and_hand_values_and_warns_above_the_skat_game(app: Flask, client: FlaskClient) -> None:
    """Deal 0 as forehand: Hearts with 1 (20 with the skat, 30 as Hand) and Diamonds with 1
    (18, 27). At 18 every listed game reaches the bid; holding 20, Diamonds with 1 only reaches
    it as Hand or with Schneider (picking up the skat would overbid it: 9 × 2 = 18 < 20)."""
    hand_id = drive.start(client, seed=0, seat=Position.FOREHAND)
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert "What your hand is worth" in page
    assert "Hearts with 1: 20 with the skat, 30 as Hand" in page
    assert "if it does not change them" in page
    assert "reaches the bid only" not in page and "needs Schneider" not in page
    state, revision, _ = drive.stored(app, hand_id)
    client.post(f"/en/play/{hand_id}", data={"revision": str(revision), "action": "yes"})
    state, _, _ = drive.stored(app, hand_id)
    assert state.phase is Phase.BIDDING and state.auction.value == 20
    page = client.get(f"/en/play/{hand_id}").get_data(as_text=True)
    assert "Diamonds with 1: 18 with the skat, 27 as Hand" in page
    assert "At 20, Diamonds with 1 reaches the bid only as Hand or with Schneider, if the matadors stay." in page
    assert "At 20, Hearts" not in page


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_bidding_panel_warning_is_in_every_language(app: Flask, client: FlaskClient, lang: str) -> None:
    from tests.helpers import english_leaks

    hand_id = drive.start(client, seed=0, seat=Position.FOREHAND, lang=lang)
    _, revision, _ = drive.stored(app, hand_id)
    client.post(f"/{lang}/play/{hand_id}", data={"revision": str(revision), "action": "yes"})
    page = client.get(f"/{lang}/play/{hand_id}").get_data(as_text=True)
    assert 'class="notice notice--info limits__warning"' in page
    assert english_leaks(page, lang) == []
