"""The scoresheet at a real club table (issue 23), each item through the web client."""

from __future__ import annotations

import io

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.scoresheet.test_views import enter, hands, new_list, revision

def reimport(client: FlaskClient, token: str, lang: str = "en") -> str:
    """Export the list as a file and import it: return the copy's token."""
    data = client.get(f"/{lang}/lists/{token}/list.csv").get_data()
    response = client.post(f"/{lang}/lists/import", data={"file": (io.BytesIO(data), "list.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"].rsplit("/", 1)[-1])


CLUBS_120 = {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "1", "points": "120", "bid": "18"}


# 4. Schwarz is asked, not guessed ------------------------------------------------------------

def test_the_list_asks_whether_every_trick_was_taken_at_120_card_points(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    blank = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert 'name="tricks" value="some" checked' not in blank  # no answer is given for the player
    refused = enter(client, app, token, CLUBS_120)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert 'id="error-tricks"' in html
    assert "At 120 card points, did the declarer take every trick? Answer under Schwarz." in html
    assert hands(app, token) == () and revision(app, token) == 0
    assert enter(client, app, token, {**CLUBS_120, "tricks": "all"}).status_code == 303
    assert "Clubs, with 1, won, Schwarz: +48" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_the_list_takes_not_every_trick_at_120_and_asks_at_0(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert enter(client, app, token, {**CLUBS_120, "tricks": "some"}).status_code == 303
    assert "Clubs, with 1, won, Schneider: +36" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    zero = {**CLUBS_120, "declarer": "3", "points": "0"}
    html = enter(client, app, token, zero).get_data(as_text=True)
    assert "At 0 card points, did the declarer take no trick at all? Answer under Schwarz." in html
    assert len(hands(app, token)) == 1
    assert enter(client, app, token, {**zero, "tricks": "none"}).status_code == 303
    # 12 × (1 + game + Schneider + Schwarz) = 48, lost: −96.
    assert "Clubs, with 1, lost, Schwarz: −96" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_other_card_points_need_no_answer(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert enter(client, app, token, {**CLUBS_120, "points": "85"}).status_code == 303
    assert "Clubs, with 1, won: +24" in client.get(f"/en/lists/{token}").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_question_is_asked_in_every_language(client: FlaskClient, app: Flask, lang: str) -> None:
    token = new_list(client)
    data = {**CLUBS_120, "revision": str(revision(app, token))}
    html = client.post(f"/{lang}/lists/{token}/hands", data=data).get_data(as_text=True)
    assert 'id="error-tricks"' in html and "At 120 card points" not in html


# 1. A Bock round added by hand ---------------------------------------------------------------

CLUBS = {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "2", "points": "85", "bid": "36"}


def add_bock(client: FlaskClient, app: Flask, token: str, lang: str = "en", **kwargs):  # type: ignore[no-untyped-def]
    return client.post(f"/{lang}/lists/{token}/bock", data={"revision": str(revision(app, token))}, **kwargs)


def test_one_more_bock_round_is_queued_and_counts_double(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert "One more Bock round" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    enter(client, app, token, CLUBS)  # +36, no Bock trigger
    response = add_bock(client, app, token)
    assert response.status_code == 303
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "One more Bock round is queued." in page
    assert "New Bock round: added by hand" in page
    assert "Bock round: 4 hands left" in page and "Bock: the score counts double" in page
    enter(client, app, token, {**CLUBS, "declarer": "3"})  # hand 2, Bock: +72
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Clubs, with 2, won, Bock: +72" in page and "Bock round: 3 hands left" in page
    # Hands keep their numbers: hand 2 is changed and deleted as hand 2.
    form = client.get(f"/en/lists/{token}/hands/2").get_data(as_text=True)
    assert "Change hand 2" in form and 'name="declarer" value="3" checked' in form
    edited = client.post(f"/en/lists/{token}/hands/2",
                         data={**CLUBS, "declarer": "4", "revision": str(revision(app, token))})
    assert edited.status_code == 303
    assert "Clubs, with 2, won, Bock: +72" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert [fields["declarer"] for fields in hands(app, token) if fields["kind"] == "game"] == ["2", "4"]


def test_a_hand_number_beyond_the_hands_is_404_with_an_added_bock_round(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    add_bock(client, app, token)
    # Two entries (a hand and the added round) but one hand: there is no hand 2.
    assert client.get(f"/en/lists/{token}/hands/2").status_code == 404
    deleted = client.post(f"/en/lists/{token}/hands/2/delete", data={"revision": str(revision(app, token))})
    assert deleted.status_code == 404
    assert len(hands(app, token)) == 2


def test_undo_takes_the_added_bock_round_back(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    add_bock(client, app, token)
    add_bock(client, app, token)
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Bock round: 4 hands left; Bock round" in page
    assert "Undo: the added Bock round" in page
    undone = client.post(f"/en/lists/{token}/undo", data={"revision": str(revision(app, token))})
    assert undone.status_code == 303
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "The added Bock round was taken back." in page
    assert "Bock round: 4 hands left" in page and "Bock round: 4 hands left; Bock round" not in page
    client.post(f"/en/lists/{token}/undo", data={"revision": str(revision(app, token))})
    assert "Still to come" not in client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Hand 1" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_the_added_round_is_followed_by_the_lists_ramsch_round(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, player_4="", preset="custom", ramsch_after_bock="1", bock="re", kontra="1")
    add_bock(client, app, token, headers={"HX-Request": "true"})
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Bock round: 3 hands left; Ramsch round" in page


def test_an_added_bock_round_is_refused_where_it_cannot_be(client: FlaskClient, app: Flask) -> None:
    ramsch = new_list(client, player_4="", preset="custom", ramsch_list="1")
    assert "One more Bock round" not in client.get(f"/en/lists/{ramsch}").get_data(as_text=True)
    refused = add_bock(client, app, ramsch)
    assert refused.status_code == 422
    assert "This list is played all in Ramsch: it has no Bock rounds." in refused.get_data(as_text=True)
    assert hands(app, ramsch) == () and revision(app, ramsch) == 0
    token = new_list(client)
    stale = client.post(f"/en/lists/{token}/bock", data={"revision": "7"})
    assert stale.status_code == 409 and hands(app, token) == ()
    assert client.post(f"/en/lists/{token}/bock", data={"revision": "x"}).status_code == 409
    with app.app_context():
        from webapp.storage import scoresheet as store
        listed = store.load_list(token)
        assert listed is not None
        view = listed.view_token
    assert client.post(f"/en/lists/{view}/bock", data={"revision": "0"}).status_code == 403
    assert hands(app, token) == ()


def test_an_added_bock_round_goes_through_the_file(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    add_bock(client, app, token)
    enter(client, app, token, {**CLUBS, "declarer": "3"})
    copy = reimport(client, token)
    assert hands(app, copy) == hands(app, token)
    assert "Clubs, with 2, won, Bock: +72" in client.get(f"/en/lists/{copy}").get_data(as_text=True)


# 2. How "two full rounds without Bock" count -------------------------------------------------

DIAMONDS = {"kind": "game", "declarer": "1", "game": "diamonds", "matadors": "1", "points": "61", "bid": "18"}


def _row(html: str, number: int) -> str:
    import re

    found = re.search(rf'<tr id="hand-{number}".*?</tr>', html, re.S)
    assert found, number
    return found.group(0)


@pytest.mark.parametrize("any_hands, starts, rule", [
    ("", 12, "Bock round after: two full rounds without Bock, counted in rounds from the first dealer (Anna)"),
    ("1", 10, "Bock round after: 6 hands in a row without Bock (two full rounds, from any hand)"),
])
def test_two_rounds_without_bock_count_as_the_list_says(client: FlaskClient, app: Flask, any_hands: str,
                                                         starts: int, rule: str) -> None:
    form = client.get("/en/lists/new").get_data(as_text=True)
    assert "In rounds from the first dealer: a round ends when the last player has dealt" in form
    assert "Any six hands in a row (eight at four players)" in form
    token = new_list(client, player_4="", preset="custom", kontra="1", bock="re", bock_two_rounds="1",
                     bock_two_rounds_any=any_hands)
    # Hand 1 has a Re: a Bock round for hands 2–4; then plain hands from hand 5.
    enter(client, app, token, {**DIAMONDS, "kontra": "1", "re": "1"})
    for _ in range(11):
        assert enter(client, app, token, DIAMONDS).status_code == 303
    html = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert rule in html
    started = [number for number in range(2, 13) if "two rounds without Bock" in _row(html, number)]
    assert started == [starts]


def test_at_four_players_any_eight_hands_in_a_row_count(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, preset="custom", bock="re", kontra="1", bock_two_rounds="1", bock_two_rounds_any="1")
    for number in range(1, 9):
        declarer = str(number % 4 + 1)  # never the dealer, who sits out
        assert enter(client, app, token, {**DIAMONDS, "declarer": declarer}).status_code == 303
    html = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Bock round after: 8 hands in a row without Bock (two full rounds, from any hand)" in html
    assert "two rounds without Bock" in _row(html, 8) and "two rounds without Bock" not in _row(html, 7)
    assert "Bock round: 4 hands left" in html


# 3. Ramsch entered as on paper ---------------------------------------------------------------

def test_a_ramsch_is_entered_with_the_losers_points_alone(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)  # the pub list plays a Ramsch when everybody passes
    # Hand 1: Anna deals and sits out; only Cem's 70 are written.
    assert enter(client, app, token, {"kind": "ramsch", "points_3": "70"}).status_code == 303
    # Hand 2: Ben sits out; Anna and Cem tie with 50 each.
    assert enter(client, app, token, {"kind": "ramsch", "points_1": "50", "points_3": "50"}).status_code == 303
    # Hand 3: Cem sits out; Ben 70 and Dora took no trick: doubled.
    assert enter(client, app, token, {"kind": "ramsch", "points_2": "70", "jungfrau_4": "1"}).status_code == 303
    # Hand 4: Dora sits out; Anna took every trick: nothing else is written.
    assert enter(client, app, token, {"kind": "ramsch", "durchmarsch": "1"}).status_code == 303
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Ramsch: Cem −70" in page
    assert "Ramsch: Anna −50, Cem −50" in page
    assert "Ramsch, Jungfrau: Ben −140" in page
    assert "Ramsch, Durchmarsch: Anna +120" in page
    # What was written is kept as written: the others stay empty.
    assert hands(app, token)[0]["points_2"] == "" and hands(app, token)[0]["points_3"] == "70"
    form = client.get(f"/en/lists/{token}/hands/1").get_data(as_text=True)
    assert 'name="points_3" type="number" inputmode="numeric" min="0" max="120" value="70"' in form
    assert 'name="points_2" type="number" inputmode="numeric" min="0" max="120" value=""' in form


def test_the_full_split_still_works_and_a_three_player_list_too(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, player_4="")
    assert enter(client, app, token, {"kind": "ramsch", "points_1": "30", "points_2": "50",
                                      "points_3": "40"}).status_code == 303
    assert enter(client, app, token, {"kind": "ramsch", "points_3": "61"}).status_code == 303
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Ramsch: Ben −50" in page and "Ramsch: Cem −61" in page


@pytest.mark.parametrize("fields, message, field", [
    ({"kind": "ramsch", "points_2": "30"},
     "Enter the loser&#39;s card points (the same for tied losers), or every player&#39;s.", "points_3"),
    ({"kind": "ramsch", "points_2": "50", "points_3": "40"},
     "Enter the loser&#39;s card points (the same for tied losers), or every player&#39;s.", "points_4"),
    ({"kind": "ramsch"},
     "Enter the loser&#39;s card points (the same for tied losers), or every player&#39;s.", "points_2"),
    ({"kind": "ramsch", "points_2": "40", "points_3": "40"},  # Dora would have 40 too: a loser
     "Enter the loser&#39;s card points (the same for tied losers), or every player&#39;s.", "points_4"),
    ({"kind": "ramsch", "points_2": "70", "jungfrau_2": "1"},
     "A player who took no trick has no card points.", "points_2"),
    ({"kind": "ramsch", "points_2": "130"}, "Card points are between 0 and 120.", "ramsch"),
    # Anna deals and sits out: her field is not on the form, so the problem is shown above the button.
    ({"kind": "ramsch", "points_1": "70"}, "This player deals this hand and sits out.", "notice"),
    ({"kind": "ramsch", "points_2": "sixty"}, "Enter a whole number.", "points_2"),
])
def test_a_ramsch_on_paper_is_checked_as_before(client: FlaskClient, app: Flask, fields: dict[str, str],
                                               message: str, field: str) -> None:
    token = new_list(client)
    response = enter(client, app, token, fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in html
    assert f'id="error-{field}"' in html if field != "notice" else '<p class="notice notice--error">' in html
    assert hands(app, token) == () and revision(app, token) == 0


def test_a_ramsch_on_paper_goes_through_the_file(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, {"kind": "ramsch", "points_2": "50", "points_3": "50"})
    copy = reimport(client, token)
    assert hands(app, copy) == hands(app, token)
    assert "Ramsch: Ben −50, Cem −50" in client.get(f"/en/lists/{copy}").get_data(as_text=True)


# 5. CSV that opens in a spreadsheet ----------------------------------------------------------

from webapp.i18n import LANGUAGES  # noqa: E402

HEADERS_SCORE = {"en": "Score Ben", "de": "Punkte Ben", "fr": "Points marqués Ben", "fi": "Pisteet Ben",
                 "ms": "Skor Ben"}
HEADERS = {  # the list's language: separator, the players' line, the game's column, a game name
    "en": (",", "Players", "Game", "Clubs"),
    "de": (";", "Spieler", "Spiel", "Kreuz"),
    "fr": (";", "Joueurs", "Jeu", "Trèfle"),
    "fi": (";", "Pelaajat", "Peli", "Risti"),
    "ms": (",", "Pemain", "Permainan", "Kelawar"),
}


def _club_evening(client: FlaskClient, app: Flask, **fields: str) -> str:
    token = new_list(client, **fields)
    enter(client, app, token, {**CLUBS, "kontra": "1", "re": "1"})
    enter(client, app, token, {"kind": "ramsch", "points_1": "0", "points_3": "70", "points_4": "50",
                               "jungfrau_1": "1"})
    add_bock(client, app, token)
    enter(client, app, token, {"kind": "game", "declarer": "4", "game": "null", "null_result": "lost", "bid": "23"})
    return token


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_file_is_in_the_lists_language_and_reads_back(client: FlaskClient, app: Flask, lang: str) -> None:
    token = _club_evening(client, app)
    exported = client.get(f"/{lang}/lists/{token}/list.csv")
    data = exported.get_data()
    assert data.startswith("\ufeff".encode())
    text = data.decode("utf-8-sig")
    separator, players, game, clubs = HEADERS[lang]
    lines = text.split("\r\n")
    assert lines[0] == f"kiebitz-scoresheet{separator}1"
    assert lines[2] == separator.join([players, "Anna", "Ben", "Cem", "Dora"])
    header = lines[5].split(separator)
    assert game in header and "game" not in header
    first = dict(zip(header, lines[6].split(separator)))
    assert first[game] == clubs
    assert first[HEADERS_SCORE[lang]] == "144"  # Ben's Clubs with 2, Kontra and Re: plain digits
    # Read back: by the list's language, and by any other.
    for reader_lang in (lang, "en", "de"):
        copy = reimport(client, token, reader_lang)
        assert hands(app, copy) == hands(app, token)


def test_the_file_carries_the_seeger_fabian_scores_of_a_seeger_fabian_list(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, preset="isko")
    enter(client, app, token, CLUBS)  # Ben wins 36: Seeger-Fabian +86
    enter(client, app, token, {**CLUBS, "declarer": "3", "points": "50"})  # Cem loses: −72, −122; others +30
    text = client.get(f"/de/lists/{token}/list.csv").get_data().decode("utf-8-sig")
    lines = text.split("\r\n")
    header = lines[5].split(";")
    assert "Seeger-Fabian Ben" in header and "Seeger-Fabian-Stand Anna" in header
    second = dict(zip(header, lines[7].split(";")))
    assert second["Seeger-Fabian Cem"] == "-122" and second["Seeger-Fabian Anna"] == "30"
    assert second["Seeger-Fabian-Stand Ben"] == "116" and second["Punkte Cem"] == "-72"  # 86 + 30
    classic = client.get(f"/de/lists/{new_list(client)}/list.csv").get_data().decode("utf-8-sig")
    assert "Seeger-Fabian" not in classic.split("\r\n")[5]
    assert hands(app, reimport(client, token, "fr")) == hands(app, token)


def test_a_name_that_looks_like_a_formula_is_kept_from_the_spreadsheet(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, player_2="=SUM(A1)")
    enter(client, app, token, CLUBS)
    text = client.get(f"/fr/lists/{token}/list.csv").get_data().decode("utf-8-sig")
    assert ";'=SUM(A1);" in text.split("\r\n")[2] + ";"
    assert not any(cell.startswith("=") for line in text.split("\r\n") for cell in line.split(";"))
    copy = reimport(client, token, "fi")
    assert hands(app, copy) == hands(app, token)
    with app.app_context():
        from webapp.storage import scoresheet as store
        stored = store.load_list(copy)
        assert stored is not None and stored.players[1] == "=SUM(A1)"


def test_a_bad_localized_file_is_refused_with_its_own_column_name(client: FlaskClient, app: Flask) -> None:
    token = _club_evening(client, app)
    data = client.get(f"/de/lists/{token}/list.csv").get_data().replace("Kreuz".encode(), b"Skat")
    response = client.post("/de/lists/import", data={"file": (io.BytesIO(data), "liste.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Zeile 7, Spalte „Spiel“" in response.get_data(as_text=True)


def test_no_header_or_game_name_means_two_things_in_any_language(app: Flask) -> None:
    from webapp.scoresheet.transfer import CODES, header
    from webapp.scoresheet.words import file_vocabulary

    players = ("Anna", "Ben", "Cem", "Dora")
    with app.test_request_context("/en/"):
        vocabulary = (CODES, *file_vocabulary())
    meaning: dict[str, str] = {}
    for words in vocabulary:
        for code in header(4, seeger_fabian=True):
            label = words.column(code, players).casefold()
            assert meaning.setdefault(label, code) == code, label
        for key, label in words.keys.items():
            assert meaning.setdefault(label.casefold(), f"line:{key}") == f"line:{key}", label
    games: dict[str, str] = {}
    for words in vocabulary:
        for code, name in words.games.items():
            assert games.setdefault(name.casefold(), code) == code, name


# 6. The list on another device ---------------------------------------------------------------

def _qr(url: str) -> str:
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=4, dark="#000", light="#fff"))


def test_qr_codes_open_the_edit_and_the_read_only_link_on_a_phone(client: FlaskClient, app: Flask) -> None:
    import re

    token = new_list(client)
    with app.app_context():
        from webapp.storage import scoresheet as store
        listed = store.load_list(token)
        assert listed is not None
        view = listed.view_token
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    codes = re.findall(r'<svg role="img" width="\d+" height="\d+" class="share__qr"><title>([^<]+)</title>'
                       r'(.*?)</svg>', page, re.S)
    assert [title for title, _ in codes] == ["QR code of the edit link", "QR code of the read-only link"]
    edit_drawing = _qr(f"http://localhost/en/lists/{token}").split(">", 1)[1]  # the code, without <svg>
    view_drawing = _qr(f"http://localhost/en/lists/{view}").split(">", 1)[1]
    assert codes[0][1] + "</svg>" == edit_drawing
    assert codes[1][1] + "</svg>" == view_drawing
    # The read-only page has the read-only code alone: nothing on it opens the list to change it.
    read_only = client.get(f"/en/lists/{view}").get_data(as_text=True)
    assert read_only.count('class="share__qr"') == 1 and view_drawing in read_only
    assert edit_drawing not in read_only and token not in read_only
    assert " style=" not in page  # drawn as SVG by the server: the page keeps its CSP


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_qr_codes_are_named_in_every_language(client: FlaskClient, lang: str) -> None:
    token = new_list(client)
    page = client.get(f"/{lang}/lists/{token}").get_data(as_text=True)
    assert page.count('class="share__qr"') == 2
    assert "QR code of the" not in page and "Scan it with" not in page
