"""Lieutenant Skat at a table: against the computer, two people on one screen, two browsers.

Whole games through the web with the series and the statistics kept; every page in each
language and deck; every bad request refused with the right code and a message, nothing changed.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from flask import Flask
from flask_migrate import downgrade, upgrade

from tests.helpers import MakeApp
from tests.tables.lieutenant_play import JOIN_LINK, first_legal, game_of, open_game, play, play_game, stored
from webapp.engine import LieutenantDeal, LieutenantState
from webapp.engine.lieutenant import lieutenant_game_points
from webapp.storage import db
from webapp.storage import gametables as storage
from webapp.storage import lieutenant as series_storage


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
    assert game_of(app, again).deal == state.deal
    # The same cards played again get the same answers: the computer's moves come from the deal.
    assert play_game(app, {0: client}, again) == state
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
    assert guest.post(f"/de/tables/lieutenant/{table_id}/message",
                      data={"message": "Noch eins?", "revision": str(revision)}).status_code == 303
    news = host.get(f"/en/tables/lieutenant/{table_id}/news?revision={revision}")
    assert news.status_code == 200 and "<li>Ben: Noch eins?</li>" in news.get_data(as_text=True)
    assert host.get(f"/en/tables/lieutenant/{table_id}/news?revision={revision + 1}").status_code == 204


def _deal_with_a_card_to_refuse() -> tuple[str, LieutenantState]:
    """Return a deal and the game after player 1's first card where player 2 holds an open card they may not play."""
    for seed in range(200):
        state = LieutenantState.new(LieutenantDeal.from_seed(seed))
        for action in state.legal_actions():
            after = state.apply(action)
            if set(after.open_cards(1)) - set(after.legal_cards()) and not after.rules.is_trump(action.card):
                return str(state.deal), after
    raise AssertionError("no such deal")


def test_an_illegal_card_is_refused_with_the_reason_in_words_and_nothing_changes(app: Flask) -> None:
    deal, after = _deal_with_a_card_to_refuse()
    client = app.test_client()
    table_id = open_game(client, side="here", deal=deal)
    response = play(client, app, table_id, after.actions[0].card)
    assert response.status_code == 303
    wrong = next(card for card in after.open_cards(1) if card not in after.legal_cards())
    before = stored(app, table_id)
    response = play(client, app, table_id, wrong)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    led = after.current_trick[0]
    suit = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}[str(led)[0]]
    assert f"You must follow {suit} with an open card of that suit: you have the " in page
    assert stored(app, table_id).revision == before.revision and stored(app, table_id).game == before.game
    # The same refusal in German, with the German-suited deck's names.
    client.set_cookie("deck", "german")
    german = play(client, app, table_id, wrong, lang="de").get_data(as_text=True)
    assert "Du musst" in german and "bedienen" in german


def test_bad_requests_are_refused_with_a_message_and_change_nothing(app: Flask) -> None:
    host, guest, stranger = app.test_client(), app.test_client(), app.test_client()
    table_id = open_game(host, side="remote")
    link = JOIN_LINK.findall(host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True))[0]
    assert guest.post(link, data={"name": "Ben"}).status_code == 303
    before = stored(app, table_id)
    state = game_of(app, table_id)
    card = first_legal(state)
    # Out of turn: player 1 leads, so player 2's card waits.
    response = play(guest, app, table_id, first_legal(state))
    assert response.status_code == 409 and "It is not your turn" in response.get_data(as_text=True)
    # A stale tab: the revision it shows is an old one.
    response = play(host, app, table_id, card, revision=before.revision - 1)
    assert response.status_code == 409 and "moved on meanwhile" in response.get_data(as_text=True)
    # Not a card, a covered card, no seat at all.
    assert play(host, app, table_id, "XX").status_code == 400  # type: ignore[arg-type]
    covered = state.deal.piles[0][0][0]
    response = play(host, app, table_id, covered)
    assert response.status_code == 400 and "not one of your open cards" in response.get_data(as_text=True)
    assert play(stranger, app, table_id, card).status_code == 403
    # A tampered id, and the join link used twice.
    assert host.get(f"/en/tables/lieutenant/{table_id[:-2]}xx").status_code == 404
    assert host.post(f"/en/tables/lieutenant/{table_id[:-2]}xx/play",
                     data={"card": str(card), "revision": str(before.revision)}).status_code == 404
    response = stranger.post(link, data={"name": "Cleo"})
    assert response.status_code == 409 and "This seat has been taken" in response.get_data(as_text=True)
    # A form without a revision, the next game before this one is over, a message too long.
    assert host.post(f"/en/tables/lieutenant/{table_id}/play", data={"card": str(card)}).status_code == 400
    assert host.post(f"/en/tables/lieutenant/{table_id}/next",
                     data={"revision": str(before.revision)}).status_code == 409
    response = host.post(f"/en/tables/lieutenant/{table_id}/message",
                         data={"message": "x" * 81, "revision": str(before.revision)})
    assert response.status_code == 400 and "at most 80 characters" in response.get_data(as_text=True)
    after = stored(app, table_id)
    assert (after.revision, after.game, after.number) == (before.revision, before.game, before.number)


@pytest.mark.parametrize(("values", "said"), [
    ({"name": "", "side": "computer"}, "Enter your name"),
    ({"name": "Anna", "side": "robot"}, "Choose one of the offered options."),
    ({"name": "Anna", "side": "here", "other": ""}, "Enter your name"),
    ({"name": "Anna", "side": "here", "other": "anna"}, "already has that name"),
    ({"name": "Anna", "side": "computer", "level": "genius"}, "Choose one of the offered options."),
    ({"name": "Anna", "side": "computer", "starting": "3"}, "Choose one of the offered options."),
    ({"name": "Anna", "side": "computer", "deal": "not-a-deal"}, "This link does not name a deal"),
    ({"name": "Anna", "side": "computer", "message": "x" * 81}, "at most 80 characters"),
])
def test_a_start_form_that_is_wrong_is_shown_again_with_the_reason(app: Flask, values: dict[str, str],
                                                                    said: str) -> None:
    client = app.test_client()
    response = client.post("/en/tables/lieutenant/", data={"starting": "1", **values})
    assert response.status_code == 400 and said in response.get_data(as_text=True)
    with app.app_context():
        from webapp.storage import db
        from webapp.storage.gametables import GameTable
        assert db.session.query(GameTable).count() == 0


def test_statistics_are_cleared_only_after_a_confirmation(app: Flask) -> None:
    client = app.test_client()
    table_id = open_game(client, side="here")
    play_game(app, {0: client, 1: client}, table_id)
    start = client.get("/en/tables/lieutenant/").get_data(as_text=True)
    assert '<th scope="row">Anna</th><td>1</td>' in start and "Clear statistics" in start
    # Asking shows what would go; only the form's POST clears.
    confirm = client.get("/en/tables/lieutenant/statistics/clear").get_data(as_text=True)
    assert "for good" in confirm and '<th scope="row">Ben</th>' in confirm
    assert '<th scope="row">Anna</th>' in client.get("/en/tables/lieutenant/").get_data(as_text=True)
    # Another browser's statistics are its own: clearing there changes nothing here.
    other = app.test_client()
    assert other.post("/en/tables/lieutenant/statistics/clear").status_code == 303
    assert '<th scope="row">Anna</th>' in client.get("/en/tables/lieutenant/").get_data(as_text=True)
    assert client.post("/en/tables/lieutenant/statistics/clear").status_code == 303
    start = client.get("/en/tables/lieutenant/").get_data(as_text=True)
    assert '<th scope="row">Anna</th>' not in start and "No game finished on this device yet." in start


def test_a_remote_table_keeps_its_own_statistics_and_clears_them(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    table_id = open_game(host, side="remote")
    link = JOIN_LINK.findall(host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True))[0]
    guest.post(link, data={"name": "Ben"})
    play_game(app, {0: host, 1: guest}, table_id)
    assert guest.get(f"/en/tables/lieutenant/{table_id}/statistics/clear").status_code == 200
    assert app.test_client().post(f"/en/tables/lieutenant/{table_id}/statistics/clear").status_code == 403
    assert guest.post(f"/en/tables/lieutenant/{table_id}/statistics/clear").status_code == 303
    assert '<th scope="row">Ben</th>' not in host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "fr", "fi", "ms", "de"])
@pytest.mark.parametrize("deck", ["french", "four-colour", "german"])
def test_every_page_in_each_language_and_deck(app: Flask, lang: str, deck: str) -> None:
    client = app.test_client()
    client.set_cookie("deck", deck)
    assert client.get(f"/{lang}/tables/lieutenant/").status_code == 200
    table_id = open_game(client, side="computer", lang=lang)
    page = client.get(f"/{lang}/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert f'<html lang="{lang}"' in page
    hint = client.get(f"/{lang}/tables/lieutenant/{table_id}?hint=1").get_data(as_text=True)
    assert 'id="hint"' in hint
    if lang == "en":
        assert "no advice" not in hint  # a sentence worded from the hint's reason
    if lang != "en":
        for english in ("card points", "Your turn", "Last trick", "This trick", "Hint", "Trump:", "Grand: only"):
            assert english not in page, english
    if lang == "en":
        # The trump line names the Jacks, or the Unters of the German-suited deck.
        assert ("four Unters" in page) == (deck == "german") and ("four Jacks" in page) == (deck != "german")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_16_ends_with_a_game_against_the_easy_computer(app: Flask, lang: str) -> None:
    client = app.test_client()
    done = client.get(f"/{lang}/learn/lieutenant/done").get_data(as_text=True)
    link = f'/{lang}/tables/lieutenant/?side=computer&amp;level=easy'
    assert link in done
    start = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
    assert 'value="computer" checked' in start and 'value="easy" checked' in start
    # Another lesson has no game to play.
    assert "/tables/lieutenant/" not in client.get(f"/{lang}/learn/null/done").get_data(as_text=True)


def test_a_card_the_next_game_and_a_message_answer_htmx_at_once(app: Flask) -> None:
    """One round trip for htmx (the fresh table, its address in HX-Replace-Url); a redirect without it."""
    client = app.test_client()
    table_id = open_game(client, side="here")
    address = f"/en/tables/lieutenant/{table_id}"
    state = game_of(app, table_id)
    response = client.post(f"{address}/play", headers={"HX-Request": "true"},
                           data={"card": str(first_legal(state)), "revision": str(stored(app, table_id).revision)})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["HX-Replace-Url"] == address
    assert '<div id="table" class="ltable">' in html and "<html" not in html
    assert len(game_of(app, table_id).actions) == len(state.actions) + 1
    said = client.post(f"{address}/message", headers={"HX-Request": "true"},
                       data={"message": "Noch eins?", "revision": str(stored(app, table_id).revision)})
    assert said.status_code == 200 and said.headers["HX-Replace-Url"] == address
    state = play_game(app, {0: client, 1: client}, table_id)  # without JavaScript: 303 each
    following = client.post(f"{address}/next", headers={"HX-Request": "true"},
                            data={"revision": str(stored(app, table_id).revision)})
    assert following.status_code == 200 and following.headers["HX-Replace-Url"] == address
    assert stored(app, table_id).number == 1  # the first game is number 0


def test_a_players_message_reaches_the_other_player_from_their_seat(app: Flask) -> None:
    """The host's message from the start form and a message in play are the senders' seats';
    the other player sees them as plain text; too long or stale, nothing is stored."""
    host, guest = app.test_client(), app.test_client()
    table_id = open_game(host, side="remote", message='<b>Hi</b> see https://example.org/x?a=1&b=2')
    assert stored(app, table_id).seats[0].message == '<b>Hi</b> see https://example.org/x?a=1&b=2'
    link = JOIN_LINK.findall(host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True))[0]
    invitation = guest.get(link).get_data(as_text=True)
    assert "<li>Anna: &lt;b&gt;Hi&lt;/b&gt; see https://example.org/x?a=1&amp;b=2</li>" in invitation
    assert "<b>Hi</b>" not in invitation and 'href="https://example.org' not in invitation
    assert guest.post(link, data={"name": "Ben"}).status_code == 303
    page = guest.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert "<li>Anna: &lt;b&gt;Hi&lt;/b&gt; see https://example.org/x?a=1&amp;b=2</li>" in page
    # The host's own page keeps their message in the form, not among the other player's.
    own = host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
    assert 'class="tables__messages"' not in own and 'value="&lt;b&gt;Hi&lt;/b&gt; see https://example.org/x?a=1&amp;b=2"' in own
    # Ben answers: the host's poll brings it, escaped, no link made.
    revision = stored(app, table_id).revision
    said = guest.post(f"/en/tables/lieutenant/{table_id}/message",
                      data={"message": "<script>alert(1)</script> https://evil.example", "revision": str(revision)})
    assert said.status_code == 303
    assert stored(app, table_id).seats[1].message == "<script>alert(1)</script> https://evil.example"
    news = host.get(f"/en/tables/lieutenant/{table_id}/news?revision={revision}").get_data(as_text=True)
    assert "<li>Ben: &lt;script&gt;alert(1)&lt;/script&gt; https://evil.example</li>" in news
    assert "<script>alert" not in news and 'href="https://evil' not in news
    assert "<li>Anna: &lt;b&gt;Hi" in guest.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)
    # Too long: refused with the limit, in the viewer's language; nothing stored.
    before = stored(app, table_id)
    response = guest.post(f"/en/tables/lieutenant/{table_id}/message",
                          data={"message": "x" * 81, "revision": str(before.revision)})
    assert response.status_code == 400 and "A message has at most 80 characters." in response.get_data(as_text=True)
    german = guest.post(f"/de/tables/lieutenant/{table_id}/message",
                        data={"message": "x" * 81, "revision": str(before.revision)})
    assert german.status_code == 400 and "höchstens 80 Zeichen" in german.get_data(as_text=True)
    # Nobody's seat: 403.
    stranger = app.test_client().post(f"/en/tables/lieutenant/{table_id}/message",
                                      data={"message": "Hello", "revision": str(before.revision)})
    assert stranger.status_code == 403
    after = stored(app, table_id)
    assert after == before
    # A form from the tab drawn before Ben's message is taken all the same (a message stakes no
    # card): what the host typed is not lost, and Ben's poll brings it.
    late = host.post(f"/en/tables/lieutenant/{table_id}/message",
                     data={"message": "Too late?", "revision": str(revision)})
    assert late.status_code == 303 and stored(app, table_id).seats[0].message == "Too late?"
    assert stored(app, table_id).revision == before.revision + 1
    news = guest.get(f"/en/tables/lieutenant/{table_id}/news?revision={before.revision}").get_data(as_text=True)
    assert "<li>Anna: Too late?</li>" in news
    before = stored(app, table_id)
    # An empty message takes it back.
    assert guest.post(f"/en/tables/lieutenant/{table_id}/message",
                      data={"message": "", "revision": str(before.revision)}).status_code == 303
    assert stored(app, table_id).seats[1].message == ""
    assert 'class="tables__messages"' not in host.get(f"/en/tables/lieutenant/{table_id}").get_data(as_text=True)


def test_an_old_series_message_moves_into_the_senders_seat(make_app: MakeApp) -> None:
    app = make_app(tables=False)
    moment = datetime(2026, 12, 5, 12, tzinfo=UTC)
    long = "Viel Glück! " * 10  # 120 characters: a seat's message keeps 80
    with app.app_context():
        upgrade(revision="tables_0003")
        for table_id, message, sender in (("oldlieut_AAAAAAAAAAAAAAA", long, 1), ("oldlieut_BBBBBBBBBBBBBBB", "Hallo", None),
                                          ("oldlieut_CCCCCCCCCCCCCCC", "", None)):
            db.session.execute(sa.text(
                "INSERT INTO game_table (id, family, preset, level, seed, number, game, list_token, revision, hints,"
                " single, review, created_at, updated_at, form_token) VALUES (:id, 'lieutenant', '-', 'easy', 7, 0,"
                " NULL, NULL, 4, :no, :no, NULL, :at, :at, NULL)"), {"id": table_id, "no": False, "at": moment})
            for number, name in ((0, "Anna"), (1, "Ben")):
                db.session.execute(sa.text(
                    "INSERT INTO game_seat (table_id, number, name, computer, secret_hash, join_token, message,"
                    " standin) VALUES (:id, :number, :name, :no, NULL, :token, '', :no)"),
                    {"id": table_id, "number": number, "name": name, "no": False, "token": f"join{number}{table_id[-4:]}"})
            db.session.execute(sa.text(
                "INSERT INTO lieutenant_series (table_id, starting, deal, message, message_from, results, owner)"
                " VALUES (:id, '1', NULL, :message, :sender, '90:30', :owner)"),
                {"id": table_id, "message": message, "sender": sender, "owner": "o" * 64})
        db.session.commit()
        upgrade()
        messages = {table_id: tuple(seat.message for seat in table.seats)
                    for table_id in ("oldlieut_AAAAAAAAAAAAAAA", "oldlieut_BBBBBBBBBBBBBBB", "oldlieut_CCCCCCCCCCCCCCC")
                    if (table := storage.load(table_id)) is not None}
        assert messages == {"oldlieut_AAAAAAAAAAAAAAA": ("", long[:80]), "oldlieut_BBBBBBBBBBBBBBB": ("Hallo", ""),
                            "oldlieut_CCCCCCCCCCCCCCC": ("", "")}
        columns = {column["name"] for column in sa.inspect(db.engine).get_columns("lieutenant_series")}
        assert columns == {"table_id", "starting", "deal", "results", "owner"}
        series = series_storage.load_series("oldlieut_AAAAAAAAAAAAAAA")
        assert series is not None and series.results == ((90, 30),)
        # Back down: the series has its message again (the seat's, cut), from the seat that sent it.
        db.session.rollback()  # end the reads: PostgreSQL's ALTER TABLE waits for them
        downgrade(revision="tables_0003")
        rows = db.session.execute(sa.text(
            "SELECT table_id, message, message_from FROM lieutenant_series ORDER BY table_id")).all()
        assert [tuple(row) for row in rows] == [("oldlieut_AAAAAAAAAAAAAAA", long[:80], 1),
                                                ("oldlieut_BBBBBBBBBBBBBBB", "Hallo", 0), ("oldlieut_CCCCCCCCCCCCCCC", "", None)]
        db.session.commit()
        upgrade()
    invitation = app.test_client().get("/en/tables/oldlieut_BBBBBBBBBBBBBBB/join/join1BBBB")
    assert invitation.status_code == 200 and "<li>Anna: Hallo</li>" in invitation.get_data(as_text=True)
