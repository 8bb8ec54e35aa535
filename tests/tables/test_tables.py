"""Tables with people across browsers: each person a test client with a cookie jar of their own.

Whole hands of Skat for three (ISkO and pub rules: a Ramsch, a Kontra and Re) and of Skat for
two, the list kept hand by hand, each person's page in their own language and deck; and every
bad request refused with the right code, changing nothing.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from tests.practice.drive import declarer_choice, defender_choice
from tests.tables.play import join, join_links, open_table, play_hand, seat_to_act, state_of, stored
from webapp.engine import (
    Action,
    Bid,
    GameState,
    Hold,
    Kontra,
    Pass,
    Play,
    Position,
    RamschSettlement,
    Re,
    Settlement,
    token,
)
from webapp.scoresheet.sheet import PRESETS, Preset, build, entry_from_fields
from webapp.storage import db
from webapp.storage import gametables as storage
from webapp.storage import scoresheet as lists
from webapp.storage.gametables import GameSeat, GameTable
from webapp.storage.purge import PURGEABLE, purge
from webapp.tables import model, news

CARD = re.compile(r'data-card="(\w\w)"')


def seated(app: Flask, family: str = "three", preset: str = "isko", langs: tuple[str, ...] = ("en", "en", "en")
           ) -> tuple[str, dict[int, FlaskClient]]:
    """Open a table and fill its seats with people (Anna hosts, Ben and Cleo join); return it."""
    host = app.test_client()
    table_id = open_table(host, family=family, preset=preset)
    clients = {0: host}
    for number, (link, name) in enumerate(zip(join_links(host, table_id), ("Ben", "Cleo")), start=1):
        clients[number] = app.test_client()
        join(clients[number], link, name, lang=langs[number])
    return table_id, clients


def bidder(seat_wanted: Position):
    """Return a chooser: the person at ``seat_wanted`` bids to win the game, the others pass."""
    def choose(state: GameState, position: Position) -> Action:
        return declarer_choice(state) if position == seat_wanted else defender_choice(state)
    return choose


def list_of(app: Flask, table_id: str):
    """Return the table's list as built by the scoresheet, and its stored form."""
    with app.app_context():
        token = stored(app, table_id).list_token
        assert token is not None
        stored_list = lists.load_list(token)
        assert stored_list is not None
        rules = PRESETS[Preset(stored(app, table_id).preset)]
        players = len(stored_list.players)
        entries = [entry_from_fields(fields, players=players) for fields in stored_list.hands]
        return build(players, rules, entries), stored_list


def expected_scores(state: GameState, number: int, players: int = 3) -> tuple[int, ...]:
    """Return each seat's classic score of a finished hand, from the engine's settlement."""
    seats = model.seat_positions(number, players)
    settlement = state.settlement
    if isinstance(settlement, RamschSettlement):
        return tuple(0 if position is None else settlement.scores[position] for position in seats)
    assert isinstance(settlement, Settlement)
    return tuple(settlement.score if position == state.declarer else 0 for position in seats)


def next_hand(app: Flask, client: FlaskClient, table_id: str) -> None:
    response = client.post(f"/en/tables/{table_id}/next", data={"revision": str(stored(app, table_id).revision)})
    assert response.status_code == 303, response.get_data(as_text=True)


def test_three_people_play_an_evening_and_the_list_keeps_itself(app: Flask) -> None:
    table_id, clients = seated(app)
    with app.app_context():
        assert stored(app, table_id).full and stored(app, table_id).number == 0
    for number in range(3):
        # Forehand wins the auction; the deal passes on, so it is another seat each hand.
        state = play_hand(app, clients, table_id, bidder(Position.FOREHAND))
        assert isinstance(state.settlement, Settlement)
        sheet, stored_list = list_of(app, table_id)
        assert stored_list.players == ("Anna", "Ben", "Cleo")
        assert len(sheet.rows) == number + 1
        assert sheet.rows[-1].scores == expected_scores(state, number)
        assert sheet.rows[-1].slot.dealer == number % 3
        page = clients[0].get(f"/en/tables/{table_id}").get_data(as_text=True)
        assert "The list after" in page and "Next hand" in page
        next_hand(app, clients[number % 3], table_id)
        assert stored(app, table_id).number == number + 1


def test_each_person_sees_only_their_own_cards_in_their_own_language_and_deck(app: Flask) -> None:
    table_id, clients = seated(app, langs=("en", "de", "fr"))
    clients[1].set_cookie("deck", "german")
    table = stored(app, table_id)
    state = state_of(table)
    positions = model.seat_positions(table.number, 3)
    pages = {
        0: clients[0].get(f"/en/tables/{table_id}").get_data(as_text=True),
        1: clients[1].get(f"/de/tables/{table_id}").get_data(as_text=True),
        2: clients[2].get(f"/fr/tables/{table_id}").get_data(as_text=True),
    }
    for seat, page in pages.items():
        shown = set(CARD.findall(page))
        assert shown == {str(card) for card in state.hand(positions[seat])}, seat
    assert "Deine Karten" in pages[1] and "/static/cards/german/" in pages[1]
    assert "/static/cards/french/" in pages[2] and 'lang="fr"' in pages[2]
    # Whose turn it is shows on every page: the person to act is told, the others wait for them.
    to_act = seat_to_act(table)
    name = ("Anna", "Ben", "Cleo")[to_act]
    assert "Your turn, Anna." in pages[0] if to_act == 0 else f"Waiting for {name}." in pages[0]
    for page in pages.values():  # a panel named by a heading names one that is on the page
        ids = set(re.findall(r' id="([^"]+)"', page))
        assert set(re.findall(r'aria-labelledby="([^"]+)"', page)) <= ids


def test_pub_rules_all_pass_is_a_ramsch_played_out_and_kept_in_the_list(app: Flask) -> None:
    table_id, clients = seated(app, preset="pub")
    state = play_hand(app, clients, table_id, lambda state, position: defender_choice(state))
    assert isinstance(state.settlement, RamschSettlement)
    sheet, _ = list_of(app, table_id)
    assert sheet.rows[0].scores == expected_scores(state, 0)
    page = clients[0].get(f"/en/tables/{table_id}").get_data(as_text=True)
    assert "Ramsch: nobody bid" in page


def test_pub_rules_kontra_and_re_are_said_at_the_table_and_scored(app: Flask) -> None:
    table_id, clients = seated(app, preset="pub")
    seen: set[str] = set()

    def choose(state: GameState, position: Position) -> Action:
        legal = state.legal_actions()
        for doubling in (Kontra(), Re()):
            if doubling in legal:
                page = clients[seat_to_act(stored(app, table_id))].get(f"/en/tables/{table_id}").get_data(as_text=True)
                assert f'value="{token(doubling)}"' in page
                seen.add(token(doubling))
                return doubling
        return bidder(Position.FOREHAND)(state, position)

    state = play_hand(app, clients, table_id, choose)
    settlement = state.settlement
    assert isinstance(settlement, Settlement) and settlement.kontra and settlement.re
    assert seen == {"kontra", "re"}
    sheet, _ = list_of(app, table_id)
    assert sheet.rows[0].scores == expected_scores(state, 0)


def test_skat_for_two_the_computer_never_bids_and_plays_with_the_defender(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    table_id = open_table(host, family="two", preset="pub")
    links = join_links(host, table_id)
    assert len(links) == 1  # the third seat is the computer's
    join(guest, links[0], "Ben")
    clients = {0: host, 1: guest}
    for number in range(3):
        table = stored(app, table_id)
        positions = model.seat_positions(table.number, 3)
        computer = positions[2]
        person = positions[1]
        state = play_hand(app, clients, table_id, bidder(person))
        said = [action for actor, action in state.history() if actor == computer and isinstance(action, Bid | Hold | Pass)]
        assert all(isinstance(action, Pass) for action in said)
        assert state.declarer == person  # so the computer defends with the other person
        sheet, stored_list = list_of(app, table_id)
        # Only the two people are scored (rules.md §11): the list has their two columns.
        assert stored_list.players == ("Anna", "Ben") and sheet.players == 2
        assert sheet.rows[-1].scores == expected_scores(state, number)[:2]
        assert sheet.rows[-1].slot.dealer == number % 3  # the computer deals in turn
        page = host.get(f"/en/tables/{table_id}").get_data(as_text=True)
        assert "Computer:" not in page
        next_hand(app, host, table_id)
    # The list's own page shows the two columns and who dealt, the computer too.
    link = re.search(r'href="(/en/lists/[^"]+)">Open the list', page)
    assert link is not None
    view = host.get(link.group(1))
    assert view.status_code == 200
    text = view.get_data(as_text=True)
    columns = re.findall(r'<th scope="col" class="num">([^<]+)</th>', text)
    assert "Anna" in columns and "Ben" in columns and "Computer" not in columns
    assert "Computer" in text  # the third hand's dealer


def test_skat_for_two_a_ramsch_keeps_the_two_people_columns(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    table_id = open_table(host, family="two", preset="pub")
    join(guest, join_links(host, table_id)[0], "Ben")
    state = play_hand(app, {0: host, 1: guest}, table_id, lambda state, position: defender_choice(state))
    settlement = state.settlement
    assert isinstance(settlement, RamschSettlement)
    sheet, _ = list_of(app, table_id)
    assert sheet.rows[0].scores == expected_scores(state, 0)[:2]
    assert sheet.totals == expected_scores(state, 0)[:2]


def test_moves_out_of_turn_stale_or_not_yours_are_refused_and_change_nothing(app: Flask) -> None:
    table_id, clients = seated(app)
    table = stored(app, table_id)
    state = state_of(table)
    to_act = seat_to_act(table)
    other = (to_act + 1) % 3
    action = {"action": token(state.legal_actions()[-1])}
    fresh = {"revision": str(table.revision), **action}
    url = f"/en/tables/{table_id}/act"

    assert clients[other].post(url, data=fresh).status_code == 409  # not their turn
    stranger = app.test_client()
    refused = stranger.post(url, data=fresh)
    assert refused.status_code == 403 and "You do not have a seat" in refused.get_data(as_text=True)
    assert clients[to_act].post(url, data={"revision": str(table.revision - 1), **action}).status_code == 409
    assert clients[to_act].post(url, data=action).status_code == 400  # no revision
    assert clients[to_act].post(url, data={"revision": str(table.revision), "action": "nonsense"}).status_code == 400
    assert clients[to_act].post(url, data={"revision": str(table.revision), "action": "CA"}).status_code == 400
    assert stored(app, table_id) == table  # nothing changed

    # Two tabs of one person send the same move: exactly one is applied.
    assert clients[to_act].post(url, data=fresh).status_code == 303
    assert clients[to_act].post(url, data=fresh).status_code == 409
    assert stored(app, table_id).revision == table.revision + 1


def test_a_message_meanwhile_does_not_make_the_move_in_front_of_a_person_stale(app: Flask) -> None:
    table_id, clients = seated(app)
    url = f"/en/tables/{table_id}"
    table = stored(app, table_id)
    mover = seat_to_act(table)
    page = clients[mover].get(url).get_data(as_text=True)
    mark = re.search(r'name="hand_mark" value="(\w+)"', page)
    assert mark is not None
    other = next(seat for seat in range(3) if seat != mover)
    assert clients[other].post(url + "/message", data={"revision": str(table.revision), "message": "Tea?"}).status_code == 303
    action = bidder(Position.FOREHAND)(state_of(table), state_of(table).to_act)  # type: ignore[arg-type]
    form = {"revision": str(table.revision), "hand_mark": mark.group(1), "action": token(action)}
    assert clients[mover].post(url + "/act", data=form).status_code == 303  # the form of before the message
    moved = stored(app, table_id)
    assert moved.game != table.game and moved.revision == table.revision + 2
    # The same form again (a second tab, a double click): the hand has moved on, so it is stale.
    again = clients[mover].post(url + "/act", data=form)
    assert again.status_code == 409 and stored(app, table_id) == moved


def test_a_message_typed_while_the_table_moved_on_is_not_lost(app: Flask) -> None:
    """A message stakes no card: the form of a page drawn before the others moved is taken (the
    text typed meanwhile is not thrown away), but a form with a malformed revision is not."""
    table_id, clients = seated(app)
    url = f"/en/tables/{table_id}"
    table = stored(app, table_id)
    mover = seat_to_act(table)
    other = next(seat for seat in range(3) if seat != mover)
    page = clients[mover].get(url).get_data(as_text=True)
    mark = re.search(r'name="hand_mark" value="(\w+)"', page)
    assert mark is not None
    action = bidder(Position.FOREHAND)(state_of(table), state_of(table).to_act)  # type: ignore[arg-type]
    form = {"revision": str(table.revision), "hand_mark": mark.group(1), "action": token(action)}
    assert clients[mover].post(url + "/act", data=form).status_code == 303
    moved = stored(app, table_id)
    assert moved.revision > table.revision
    late = clients[other].post(url + "/message", data={"revision": str(table.revision), "message": "Tea?"})
    assert late.status_code == 303
    said = stored(app, table_id)
    assert said.seats[other].message == "Tea?" and said.game == moved.game
    assert said.revision == moved.revision + 1  # the others' polls bring it
    tampered = clients[other].post(url + "/message", data={"revision": "x1", "message": "Coffee?"})
    assert tampered.status_code == 400 and stored(app, table_id) == said


def test_a_card_not_in_the_hand_is_refused(app: Flask) -> None:
    table_id, clients = seated(app)
    for _ in range(20):  # up to the play
        table = stored(app, table_id)
        state = state_of(table)
        if state.phase.value == "play":
            break
        play_hand_step = bidder(Position.FOREHAND)(state, state.to_act)  # type: ignore[arg-type]
        from tests.practice.drive import form_for
        clients[seat_to_act(table)].post(f"/en/tables/{table_id}/act",
                                         data={"revision": str(table.revision), **form_for(play_hand_step)})
    table = stored(app, table_id)
    state = state_of(table)
    assert state.phase.value == "play"
    foreign = next(card for card in state.hand(state.to_act.next))  # type: ignore[union-attr]
    response = clients[seat_to_act(table)].post(
        f"/en/tables/{table_id}/act", data={"revision": str(table.revision), "action": str(foreign)})
    assert response.status_code == 400
    assert stored(app, table_id) == table


def test_two_moves_on_one_revision_exactly_one_is_stored(app: Flask) -> None:
    table_id, _ = seated(app)
    table = stored(app, table_id)
    with app.app_context():
        assert storage.save_hand(table_id, table.revision, game=table.game or "")
        assert not storage.save_hand(table_id, table.revision, game="")
    assert stored(app, table_id).game == table.game


def test_a_join_link_works_once_and_brings_its_person_back(app: Flask) -> None:
    host = app.test_client()
    table_id = open_table(host)
    first, second = join_links(host, table_id)
    ben, intruder = app.test_client(), app.test_client()
    join(ben, first, "Ben")
    assert intruder.get(first).status_code == 409
    taken = intruder.post(first, data={"name": "Mallory"})
    assert taken.status_code == 409 and "This seat has been taken" in taken.get_data(as_text=True)
    assert ben.get(first).status_code == 303  # Ben, back with his cookie, goes to his seat
    assert stored(app, table_id).seats[1].name == "Ben"
    # A name already at the table, or none, is refused and takes no seat.
    assert intruder.post(second, data={"name": "ben"}).status_code == 400
    assert intruder.post(second, data={"name": "  "}).status_code == 400
    assert not stored(app, table_id).seats[2].taken
    assert stored(app, table_id).game is None  # the first hand waits for the last seat
    page = host.get(f"/en/tables/{table_id}").get_data(as_text=True)
    assert "<svg" in page and "Waiting for the other players" in page


def test_unknown_tables_and_links_are_404(app: Flask) -> None:
    client = app.test_client()
    unknown = "A" * 24
    assert client.get(f"/en/tables/{unknown}").status_code == 404
    assert client.get(f"/en/tables/{unknown}/news?revision=0").status_code == 404
    assert client.post(f"/en/tables/{unknown}/act", data={"revision": "0"}).status_code == 404
    table_id = open_table(app.test_client())
    assert client.get(f"/en/tables/{table_id}/join/{unknown}").status_code == 404


def test_the_poll_says_204_until_something_changes(app: Flask) -> None:
    table_id, clients = seated(app)
    table = stored(app, table_id)
    url = f"/en/tables/{table_id}/news?revision={table.revision}"
    quiet = clients[0].get(url, headers={"HX-Request": "true"})
    assert quiet.status_code == 204 and quiet.get_data() == b""
    to_act = seat_to_act(table)
    action = bidder(Position.FOREHAND)(state_of(table), state_of(table).to_act)  # type: ignore[arg-type]
    clients[to_act].post(f"/en/tables/{table_id}/act", data={"revision": str(table.revision), "action": token(action)})
    news = clients[(to_act + 1) % 3].get(url, headers={"HX-Request": "true"})
    assert news.status_code == 200 and 'id="table"' in news.get_data(as_text=True)
    assert "<html" not in news.get_data(as_text=True)
    # The person whose turn it now is gets told in the title as well as on the page.
    now = stored(app, table_id)
    if not state_of(now).finished:
        told = clients[seat_to_act(now)].get(url, headers={"HX-Request": "true"}).get_data(as_text=True)
        assert "<title>Your turn · Skat table · Kiebitz</title>" in told


def test_an_untouched_table_is_purged_with_its_seats(app: Flask) -> None:
    table_id, _ = seated(app)
    with app.app_context():
        kind = next(purgeable for purgeable in PURGEABLE if purgeable.kind == "tables")
        assert purge(kind, 30).removed == 0
        old = datetime.now(UTC) - timedelta(days=31)
        db.session.execute(update(GameTable).values(updated_at=old))
        db.session.commit()
        assert purge(kind, 30).removed == 1
        assert db.session.scalar(select(func.count()).select_from(GameSeat)) == 0
        assert storage.load(table_id) is None


def test_the_open_form_shows_in_every_language_and_refuses_what_it_does_not_offer(app: Flask) -> None:
    client = app.test_client()
    for lang, word in (("en", "Open the table"), ("de", "Tisch eröffnen"), ("fr", "Ouvrir la table"),
                       ("fi", "Avaa pöytä"), ("ms", "Buka meja")):
        page = client.get(f"/{lang}/tables/")
        assert page.status_code == 200 and word in page.get_data(as_text=True)
    for wrong in ({"name": ""}, {"family": "five"}, {"preset": "club"}, {"level": "grandmaster"},
                  {"name": "x" * 25}):
        data = {"name": "Anna", "family": "three", "preset": "isko", "level": "easy", **wrong}
        refused = client.post("/en/tables/", data=data)
        assert refused.status_code == 400, wrong
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameTable)) == 0


def test_four_at_the_table_the_dealer_sits_out_and_the_seats_rotate(app: Flask) -> None:
    host = app.test_client()
    table_id = open_table(host, family="four")
    links = join_links(host, table_id)
    assert len(links) == 3
    clients = {0: host}
    for number, (link, name) in enumerate(zip(links, ("Ben", "Cleo", "Dora")), start=1):
        clients[number] = app.test_client()
        join(clients[number], link, name)
    for number in range(2):
        table = stored(app, table_id)
        positions = model.seat_positions(table.number, 4)
        dealer = number % 4
        assert positions[dealer] is None  # rules.md §2: the dealer sits out
        state = state_of(table)
        for seat, client in clients.items():
            page = client.get(f"/en/tables/{table_id}").get_data(as_text=True)
            shown = set(CARD.findall(page))
            if seat == dealer:
                assert not shown and "You deal this hand and sit it out." in page
            else:
                assert shown == {str(card) for card in state.hand(positions[seat])}
        played = play_hand(app, {seat: c for seat, c in clients.items() if seat != dealer}, table_id,
                           bidder(Position.FOREHAND))
        sheet, stored_list = list_of(app, table_id)
        assert stored_list.players == ("Anna", "Ben", "Cleo", "Dora") and sheet.players == 4
        row = sheet.rows[-1]
        assert row.slot.sitting_out == dealer and row.scores[dealer] == 0
        assert row.scores == expected_scores(played, number, 4)
        next_hand(app, clients[(dealer + 1) % 4], table_id)


def test_hints_are_off_until_the_host_allows_them_for_every_seat(app: Flask) -> None:
    table_id, clients = seated(app)
    to_act = seat_to_act(stored(app, table_id))
    url = f"/en/tables/{table_id}"
    assert "Give me a hint" not in clients[to_act].get(url).get_data(as_text=True)
    asked = clients[to_act].get(url + "?hint=1").get_data(as_text=True)
    assert "Coach" not in asked  # no hint without the host's leave
    revision = str(stored(app, table_id).revision)
    guest = 1 if to_act != 1 else 2
    refused = clients[guest].post(url + "/hints", data={"revision": revision, "allow": "1"})
    assert refused.status_code == 403 and not stored(app, table_id).hints
    assert "Allow hints for everybody" in clients[0].get(url).get_data(as_text=True)
    assert clients[0].post(url + "/hints", data={"revision": revision, "allow": "1"}).status_code == 303
    assert stored(app, table_id).hints
    page = clients[to_act].get(url).get_data(as_text=True)
    assert "Give me a hint" in page and f"/en/tables/{table_id}?hint=1" in page
    assert 'class="coach__move"' in clients[to_act].get(url + "?hint=1").get_data(as_text=True)
    revision = str(stored(app, table_id).revision)
    assert clients[0].post(url + "/hints", data={"revision": revision, "allow": ""}).status_code == 303
    assert "Give me a hint" not in clients[to_act].get(url).get_data(as_text=True)


def test_a_one_line_message_is_shown_to_the_others_as_plain_text(app: Flask) -> None:
    table_id, clients = seated(app)
    url = f"/en/tables/{table_id}"
    revision = str(stored(app, table_id).revision)
    said = '<a href="http://example.com">back</a> in\nfive & <b>minutes</b>'
    assert clients[1].post(url + "/message", data={"revision": revision, "message": said}).status_code == 303
    table = stored(app, table_id)
    assert table.seats[1].message and "\n" not in table.seats[1].message
    page = clients[2].get(url).get_data(as_text=True)
    assert "Ben: &lt;a href=&#34;http://example.com&#34;&gt;back&lt;/a&gt;" in page  # escaped, no link
    assert '<a href="http://example.com"' not in page
    too_long = clients[1].post(url + "/message", data={"revision": str(table.revision), "message": "x" * 81})
    assert too_long.status_code == 400 and stored(app, table_id) == table
    assert app.test_client().post(url + "/message", data={"revision": str(table.revision),
                                                          "message": "hi"}).status_code == 403
    # The others' polls see it: the table moved on.
    assert clients[0].get(f"{url}/news?revision={revision}").status_code == 200


def test_the_host_hands_an_idle_seat_to_the_computer_and_its_person_takes_it_back(app: Flask) -> None:
    table_id, clients = seated(app)
    url = f"/en/tables/{table_id}"
    table = stored(app, table_id)
    to_act = seat_to_act(table)
    if to_act == 0:  # the host moves, so that another person keeps the table waiting
        action = bidder(Position.FOREHAND)(state_of(table), state_of(table).to_act)  # type: ignore[arg-type]
        clients[0].post(url + "/act", data={"revision": str(table.revision), "action": token(action)})
        table = stored(app, table_id)
        to_act = seat_to_act(table)
    assert to_act != 0
    form = {"revision": str(table.revision), "seat": str(to_act)}
    early = clients[0].post(url + "/stand-in", data=form)
    assert early.status_code == 409 and stored(app, table_id) == table  # not waiting long enough
    with app.app_context():
        db.session.execute(update(GameTable).values(updated_at=datetime.now(UTC) - timedelta(minutes=5)))
        db.session.commit()
    assert "Let the computer play for" in clients[0].get(url).get_data(as_text=True)
    other = next(seat for seat in (1, 2) if seat != to_act)
    assert clients[other].post(url + "/stand-in", data=form).status_code == 403
    assert clients[0].post(url + "/stand-in", data=form).status_code == 303
    table = stored(app, table_id)
    assert table.seats[to_act].standin
    state = state_of(table)
    assert state.finished or seat_to_act(table) != to_act  # the computer moved for them
    page = clients[to_act].get(url).get_data(as_text=True)
    assert "The computer plays your seat meanwhile" in page
    assert clients[to_act].post(url + "/back", data={"revision": str(table.revision)}).status_code == 303
    assert not stored(app, table_id).seats[to_act].standin


WAKING_POLL = re.compile(r'hx-get="[^"]*/news\?revision=(\d+)&amp;wake=(\d+)"')


def test_the_hosts_poll_wakes_when_a_person_has_kept_the_table_waiting(app: Flask, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table_id, clients = seated(app)
    url = f"/en/tables/{table_id}"
    table = stored(app, table_id)
    if seat_to_act(table) == 0:  # the host moves, so that another person keeps the table waiting
        action = bidder(Position.FOREHAND)(state_of(table), state_of(table).to_act)  # type: ignore[arg-type]
        clients[0].post(url + "/act", data={"revision": str(table.revision), "action": token(action)})
        table = stored(app, table_id)
    waiting = seat_to_act(table)
    page = clients[0].get(url).get_data(as_text=True)
    found = WAKING_POLL.search(page)
    assert found is not None and int(found.group(1)) == table.revision
    wake = int(found.group(2))
    since = table.quiet_since()
    assert since is not None and abs(wake - (since + timedelta(minutes=2)).timestamp()) <= 1
    assert not WAKING_POLL.search(clients[waiting].get(url).get_data(as_text=True))  # only the host is offered it
    poll = f"{url}/news?revision={table.revision}&wake={wake}"
    assert clients[0].get(poll).status_code == 204  # in front of the app: the time has not come
    # Two minutes and a second go by.
    monkeypatch.setattr(news.time, "time", lambda: wake + 1.0)
    with app.app_context():
        db.session.execute(update(GameTable).values(updated_at=datetime.now(UTC) - timedelta(minutes=2, seconds=1)))
        db.session.commit()
    woken = clients[0].get(poll)
    assert woken.status_code == 200
    name = stored(app, table_id).seats[waiting].name
    assert f"Let the computer play for {name}" in woken.get_data(as_text=True)
    assert not WAKING_POLL.search(woken.get_data(as_text=True))  # offered: the poll goes on by revision alone


def test_every_family_is_offered_with_its_words(app: Flask) -> None:
    page = app.test_client().get("/en/tables/").get_data(as_text=True)
    for key in model.FAMILIES:
        assert f'name="family" value="{key}"' in page
    assert "Four at the table" in page and "Practice at a table of four" in page


def test_a_practice_table_at_four_the_person_sits_out_when_dealing_and_has_hints(app: Flask) -> None:
    client = app.test_client()
    table_id = open_table(client, family="practice-four")
    url = f"/en/tables/{table_id}"
    table = stored(app, table_id)
    assert table.full and table.hints and [seat.computer for seat in table.seats] == [False, True, True, True]
    # Seat 0 deals the first hand and sits out: the computer players play it all, into the list.
    assert state_of(table).finished
    page = client.get(url).get_data(as_text=True)
    assert "You deal this hand and sit it out." in page and not CARD.findall(page)
    sheet, stored_list = list_of(app, table_id)
    assert len(sheet.rows) == 1 and sheet.rows[0].slot.sitting_out == 0 and sheet.rows[0].scores[0] == 0
    next_hand(app, client, table_id)
    table = stored(app, table_id)
    assert table.number == 1 and model.seat_positions(1, 4)[0] is not None
    page = client.get(url).get_data(as_text=True)
    assert len(CARD.findall(page)) >= 10
    if not state_of(table).finished and seat_to_act(table) == 0:
        assert "Give me a hint" in page  # a practice table has hints, with nobody to ask


def test_an_htmx_move_is_one_round_trip_with_the_table_and_its_address(app: Flask) -> None:
    table_id, clients = seated(app)
    table = stored(app, table_id)
    to_act = seat_to_act(table)
    action = bidder(Position.FOREHAND)(state_of(table), state_of(table).to_act)  # type: ignore[arg-type]
    answer = clients[to_act].post(f"/en/tables/{table_id}/act", headers={"HX-Request": "true"},
                                  data={"revision": str(table.revision), "action": token(action)})
    assert answer.status_code == 200 and answer.headers["HX-Replace-Url"] == f"/en/tables/{table_id}"
    text = answer.get_data(as_text=True)
    assert 'id="table"' in text and "<html" not in text
    assert stored(app, table_id).revision == table.revision + 1


def test_skat_for_two_lists_file_reads_back_as_the_same_list(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    table_id = open_table(host, family="two", preset="pub")
    join(guest, join_links(host, table_id)[0], "Ben")
    for number in range(2):
        person = model.seat_positions(stored(app, table_id).number, 3)[number]
        assert person is not None
        play_hand(app, {0: host, 1: guest}, table_id, bidder(person))
        next_hand(app, host, table_id)
    _, kept = list_of(app, table_id)
    for lang in ("en", "de"):  # in the words of either language
        exported = host.get(f"/{lang}/lists/{kept.token}/list.csv")
        assert exported.status_code == 200
        response = host.post(f"/{lang}/lists/import", data={"file": (io.BytesIO(exported.data), "list.csv")},
                             content_type="multipart/form-data")
        assert response.status_code == 303, response.get_data(as_text=True)
        token = response.headers["Location"].rsplit("/", 1)[1]
        with app.app_context():
            imported = lists.load_list(token)
        assert imported is not None
        assert (imported.players, imported.hands) == (("Anna", "Ben"), kept.hands)
        assert imported.rules == kept.rules


def test_the_list_is_shown_once_a_hand_is_on_it(app: Flask) -> None:
    """Before the first hand ends the status panel names no list (no "after 0 hands" of zeros);
    once a hand is scored it shows the totals and the link to the list."""
    table_id, clients = seated(app)
    url = f"/en/tables/{table_id}"
    page = clients[0].get(url).get_data(as_text=True)
    assert "The list after" not in page and "Open the list" not in page
    play_hand(app, clients, table_id, bidder(Position.FOREHAND))
    page = clients[0].get(url).get_data(as_text=True)
    assert "The list after 1 hand</h3>" in page and "Open the list" in page
