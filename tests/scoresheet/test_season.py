"""Seasons and player statistics, through the web client: a season of three lists added up by
hand, the statistics of a list with Kontra and Re, every refusal at its field, the read-only link,
merged names, every language, the clean-up."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES
from webapp.storage import scoresheet as lists_store
from webapp.storage import seasons as store

from .test_views import enter

THREE = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "player_4": ""}
FOUR = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "player_4": "Dora"}


def new_list(client: FlaskClient, players: dict[str, str], preset: str = "isko", title: str = "") -> str:
    response = client.post("/en/lists/new", data={**players, "preset": preset, "title": title})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def game(declarer: int, game_type: str, matadors: int, points: int, bid: int, **more: str) -> dict[str, str]:
    fields = {"kind": "game", "declarer": str(declarer), "game": game_type, "matadors": str(abs(matadors)),
              "points": str(points), "bid": str(bid), **more}
    if matadors < 0:
        fields["without"] = "1"
    return fields


def entered(client: FlaskClient, app: Flask, token: str, *hands: dict[str, str]) -> str:
    for fields in hands:
        assert enter(client, app, token, fields).status_code == 303
    return token


def start_season(client: FlaskClient, list_token: str, title: str = "Club season") -> str:
    response = client.post("/en/lists/seasons/new", data={"title": title, "list": f"http://localhost/en/lists/{list_token}"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def add(client: FlaskClient, season: str, link: str, lang: str = "en"):  # type: ignore[no-untyped-def]
    return client.post(f"/{lang}/lists/seasons/{season}/lists", data={"list": link})


def rows(html: str, table_class: str) -> list[list[str]]:
    """Return the text of each body row's cells of the table with ``table_class``."""
    table = re.search(rf'<table class="table {table_class}">(.*?)</table>', html, re.S)
    assert table, table_class
    body = table.group(1).split("<tbody>")[1]
    found = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        found.append([" ".join(unescape(re.sub(r"<[^>]+>", " ", cell)).split()) for cell in cells])
    return found


def lists_in(app: Flask, season: str) -> int:
    with app.app_context():
        stored = store.load_season(season)
        assert stored is not None
        return len(stored.lists)


@pytest.fixture
def three_evenings(client: FlaskClient, app: Flask) -> str:
    """A season of three lists, kept in the ISkO's tournament list (Seeger-Fabian, no house rules)."""
    # Evening 1, three players. Anna deals hand 1.
    #   Hand 1: Ben, Clubs with 2, 85 card points, bid 36: won. Clubs 12 × (2 + game) 3 = 36.
    #           Classic Ben +36. Seeger-Fabian Ben 36 + 50 = +86.
    #   Hand 2: Cem, Diamonds with 1, 61 card points, bid 18: won. Diamonds 9 × 2 = 18.
    #           Classic Cem +18. Seeger-Fabian Cem 18 + 50 = +68.
    first = entered(client, app, new_list(client, THREE, title="October"),
                    game(2, "clubs", 2, 85, 36), game(3, "diamonds", 1, 61, 18))
    # Evening 2, the same three, their names written otherwise ("anna", "BEN", " Cem ").
    #   Hand 1: anna, Hearts with 1, 50 card points, bid 18: lost. Hearts 10 × 2 = 20; lost −2 × 20 = −40.
    #           Classic anna −40. Seeger-Fabian anna −40 − 50 = −90, BEN and Cem +40 each (three players).
    second = entered(client, app, new_list(client, {"player_1": "anna", "player_2": "BEN", "player_3": " Cem ",
                                                    "player_4": ""}, title="November"),
                     game(1, "hearts", 1, 50, 18))
    # Evening 3, four players: Dora joins. The dealer sits out: Anna in hand 1, Ben in hand 2.
    #   Hand 1: Ben, Grand with 1, 70 card points, bid 24: won. Grand 24 × 2 = 48.
    #           Classic Ben +48. Seeger-Fabian Ben 48 + 50 = +98.
    #   Hand 2: Cem, Spades without 2, 40 card points, bid 33: lost. Spades 11 × 3 = 33; lost −66.
    #           Classic Cem −66. Seeger-Fabian Cem −66 − 50 = −116; Anna, Ben (sitting out) and
    #           Dora +30 each (four players).
    third = entered(client, app, new_list(client, FOUR, title="December"),
                    game(2, "grand", 1, 70, 24), game(3, "spades", -2, 40, 33))
    season = start_season(client, first)
    assert add(client, season, f"http://localhost/en/lists/{second}").status_code == 303
    assert add(client, season, third).status_code == 303  # the token alone is read as well
    client.get(f"/en/lists/seasons/{season}")  # reads the flashed messages
    return season


def test_a_season_of_three_lists_adds_them_up_as_by_hand(client: FlaskClient, three_evenings: str) -> None:
    # Seeger-Fabian over the season:  Anna 0 − 90 + 30 = −60;  Ben 86 + 40 + 98 + 30 = 254;
    #                                 Cem 68 + 40 − 116 = −8;  Dora 30.
    # Classic:                        Anna −40;  Ben 36 + 48 = 84;  Cem 18 − 66 = −48;  Dora 0.
    # Hands dealt into: Anna 2 + 1 + 1 = 4, Ben 2 + 1 + 1 = 4, Cem 2 + 1 + 2 = 5, Dora 2.
    # As declarer: Ben won 2; Cem won 1, lost 1 (50 %); Anna lost 1 (0 %); Dora declared none.
    # Ranked by Seeger-Fabian: Ben, Dora, Cem, Anna.
    page = client.get(f"/en/lists/seasons/{three_evenings}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert rows(html, "season-table") == [
        ["1", "Ben", "+254", "+84", "3", "4", "2", "2", "0", "100%"],
        ["2", "Dora", "+30", "0", "1", "2", "0", "0", "0", "–"],
        ["3", "Cem", "−8", "−48", "3", "5", "2", "1", "1", "50%"],
        ["4", "Anna", "−60", "−40", "3", "4", "1", "0", "1", "0%"],
    ]
    # The table of evenings (the chart's numbers): each player's running total, the evening's score in brackets.
    evenings = rows(html, "season-evenings")
    assert [row[1:5] for row in evenings] == [
        ["0 (0)", "+86 (+86)", "+68 (+68)", "–"],
        ["−90 (−90)", "+126 (+40)", "+108 (+40)", "–"],
        ["−60 (+30)", "+254 (+128)", "−8 (−116)", "+30 (+30)"],
    ]
    assert evenings[0][0].startswith("1. October") and evenings[2][0].startswith("3. December")
    assert '<svg class="chart__svg"' in html and "Seeger-Fabian totals of Anna, Ben, Cem, Dora over the season" in html
    assert html.count('class="chart__line chart__line--') == 8  # four lines and four legend swatches
    assert "Ben: +254" in html and "Anna: −60" in html


def test_the_season_statistics_count_every_evening(client: FlaskClient, three_evenings: str) -> None:
    html = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    stats = {row[0]: row[1:] for row in rows(html, "stats")}
    # Ben: Clubs 36 and Grand 48, both won: average (36 + 48) / 2 = 42; equally often, Grand counts.
    assert stats["Ben"] == ["2", "2", "0", "100%", "42", "Grand (1 game)", "0", "0", "0", "0"]
    # Cem: Diamonds 18 won, Spades 33 lost: average 25.5.
    assert stats["Cem"] == ["2", "1", "1", "50%", "25.5", "Spades (1 game)", "0", "0", "0", "0"]
    assert stats["Dora"] == ["0", "0", "0", "–", "–", "–", "0", "0", "0", "0"]
    assert "Over 3 evenings" in html


def test_statistics_of_a_list_with_kontra_and_re(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, FOUR, preset="pub")
    # Hand 1 (Anna sits out): Ben, Clubs with 2, 85, Kontra and Re: won, +144. Ben's side wins the
    #   Kontra and the Re; Cem and Dora lose both. The Re starts a Bock round.
    # Hand 2 (Ben sits out, Bock): Cem, Diamonds with 1, 50, Kontra: lost. Anna and Dora win a Kontra, Cem loses one.
    # Hand 3 (Cem sits out, Bock): Ben, Grand with 1, 70: won.
    # Hand 4 (Dora sits out, Bock): Ben, Clubs with 1, 61: won.
    entered(client, app, token, game(2, "clubs", 2, 85, 36, kontra="1", re="1"),
            game(3, "diamonds", 1, 50, 18, kontra="1"), game(2, "grand", 1, 70, 24), game(2, "clubs", 1, 61, 18))
    page = client.get(f"/en/lists/{token}/statistics")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    stats = {row[0]: row[1:] for row in rows(html, "stats")}
    # Ben: three games won, values 36 + 48 + 24 = 108, average 36; Clubs twice.
    assert stats["Ben"] == ["3", "3", "0", "100%", "36", "Clubs (2 games)", "1", "0", "1", "0"]
    assert stats["Cem"] == ["1", "0", "1", "0%", "18", "Diamonds (1 game)", "0", "2", "0", "1"]
    assert stats["Anna"] == ["0", "0", "0", "–", "–", "–", "1", "0", "0", "0"]
    assert stats["Dora"] == ["0", "0", "0", "–", "–", "–", "1", "1", "0", "1"]
    assert "Over 4 hands" in html
    sheet = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert f'href="/en/lists/{token}/statistics"' in sheet


def test_game_names_follow_the_page_language_and_deck(client: FlaskClient, app: Flask) -> None:
    token = entered(client, app, new_list(client, THREE), game(2, "clubs", 2, 85, 36), game(3, "clubs", 1, 61, 24))
    html = client.get(f"/de/lists/{token}/statistics").get_data(as_text=True)
    assert "Kreuz (1 Spiel)" in html  # the French-suited deck, the default
    client.set_cookie("deck", "german")
    german = client.get(f"/de/lists/{token}/statistics").get_data(as_text=True)
    assert "Eichel (1 Spiel)" in german and "Spielerstatistik" in german


def test_a_season_starts_from_a_list_page(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, THREE)
    sheet = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert f'href="/en/lists/seasons/new?list={token}"' in sheet
    form = client.get(f"/en/lists/seasons/new?list={token}").get_data(as_text=True)
    assert f'value="{token}"' in form
    response = client.post("/en/lists/seasons/new", data={"title": "", "list": token})
    assert response.status_code == 303
    season = response.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/en/lists/seasons/{season}").get_data(as_text=True)
    assert "Season of Anna, Ben, Cem" in page and "The season was started." in unescape(page)
    mine = client.get("/en/lists/").get_data(as_text=True)
    assert f"/en/lists/seasons/{season}" in mine and "1 list · last changed" in mine


@pytest.mark.parametrize("link, message", [
    ("", "Paste the edit link of a list."),
    ("   ", "Paste the edit link of a list."),
    ("Friday's list", "This is not the link of a list."),
    ("http://localhost/en/lists/abc!def", "This is not the link of a list."),
    ("http://localhost/en/lists/" + "x" * 70, "This is not the link of a list."),
    ("http://localhost/en/lists/" + "x" * 50, "No list has this link."),
    ("http://localhost/en/lists/AAAAAAAAAAAAAAAAAAAAAA", "No list has this link."),
])
def test_a_bad_link_is_refused_at_its_field_and_changes_nothing(
        client: FlaskClient, app: Flask, three_evenings: str, link: str, message: str) -> None:
    response = add(client, three_evenings, link)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert re.search(r'id="season-list"[^>]*aria-invalid="true" autofocus', html)
    assert 'id="error-list"' in html
    assert lists_in(app, three_evenings) == 3
    started = client.post("/en/lists/seasons/new", data={"title": "", "list": link})
    assert started.status_code == 422 and message in started.get_data(as_text=True)


def test_a_list_added_twice_a_read_only_link_and_other_players_are_refused(
        client: FlaskClient, app: Flask, three_evenings: str) -> None:
    with app.app_context():
        stored = store.load_season(three_evenings)
        assert stored is not None
        first = stored.lists[0]
    twice = add(client, three_evenings, f"http://localhost/en/lists/{first.token}/print")
    assert twice.status_code == 422 and "This list is in the season already." in twice.get_data(as_text=True)
    read_only = add(client, three_evenings, f"http://localhost/en/lists/{first.view_token}")
    assert read_only.status_code == 422
    assert "This is the list's read-only link. A list joins a season only by its edit link" in \
        unescape(read_only.get_data(as_text=True))
    others = new_list(client, {"player_1": "Xaver", "player_2": "Yvonne", "player_3": "Anna", "player_4": ""})
    refused = add(client, three_evenings, others)
    assert refused.status_code == 422 and "This list was played by other players" in refused.get_data(as_text=True)
    season_link = add(client, three_evenings, f"http://localhost/en/lists/seasons/{three_evenings}")
    assert season_link.status_code == 422 and "This is not the link of a list." in season_link.get_data(as_text=True)
    assert lists_in(app, three_evenings) == 3
    long_title = client.post("/en/lists/seasons/new", data={"title": "x" * 61, "list": first.token})
    assert long_title.status_code == 422 and "A title has at most 60 characters." in long_title.get_data(as_text=True)


def test_an_unknown_or_malformed_season_is_not_found(client: FlaskClient) -> None:
    for path in ("/en/lists/seasons/AAAAAAAAAAAAAAAAAAAAAA", "/en/lists/seasons/a%20b", "/en/lists/seasons/" + "x" * 80):
        assert client.get(path).status_code == 404
        assert client.post(f"{path}/lists", data={"list": "x"}).status_code == 404
        assert client.post(f"{path}/merge", data={"name": "a", "into": "b"}).status_code == 404


def test_the_read_only_link_shows_the_season_and_changes_nothing(
        client: FlaskClient, app: Flask, three_evenings: str) -> None:
    with app.app_context():
        stored = store.load_season(three_evenings)
        assert stored is not None
    view = stored.view_token
    page = client.get(f"/en/lists/seasons/{view}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "+254" in html and "read-only link" in html
    assert three_evenings not in html
    assert all(stored_list.token not in html for stored_list in stored.lists)  # the lists' read-only links only
    assert all(f"/en/lists/{stored_list.view_token}" in html for stored_list in stored.lists)
    assert 'action="/en/lists/seasons/' not in html
    extra = new_list(client, THREE)
    for path, data in (("lists", {"list": extra}), ("merge", {"name": "anna", "into": "ben"}),
                       ("lists/remove", {"list": stored.lists[0].view_token})):
        refused = client.post(f"/en/lists/seasons/{view}/{path}", data=data)
        assert refused.status_code == 403
        assert "This is the season's read-only link" in unescape(refused.get_data(as_text=True))
    assert lists_in(app, three_evenings) == 3
    keeper = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    assert f'value="http://localhost/en/lists/seasons/{view}"' in keeper
    assert f'value="http://localhost/en/lists/seasons/{three_evenings}"' in keeper


def test_names_that_differ_are_merged_and_counted_apart_again(
        client: FlaskClient, app: Flask, three_evenings: str) -> None:
    # A fourth evening where Dora is written "Dorothea": Ben, Clubs with 2, 85, bid 36: Seeger-Fabian +86.
    fourth = entered(client, app, new_list(client, {**FOUR, "player_4": "Dorothea"}, title="January"),
                     game(2, "clubs", 2, 85, 36))
    assert add(client, three_evenings, fourth).status_code == 303
    html = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    assert [row[1] for row in rows(html, "season-table")] == ["Ben", "Dora", "Dorothea", "Cem", "Anna"]
    same_table = client.post(f"/en/lists/seasons/{three_evenings}/merge", data={"name": "anna", "into": "ben"})
    assert same_table.status_code == 422
    assert "These two played at the same table (October): they are two players." in same_table.get_data(as_text=True)
    bad = client.post(f"/en/lists/seasons/{three_evenings}/merge", data={"name": "hansi", "into": "ben"})
    assert bad.status_code == 422 and "Choose one of the names offered." in bad.get_data(as_text=True)
    itself = client.post(f"/en/lists/seasons/{three_evenings}/merge", data={"name": "ben", "into": "ben"})
    assert itself.status_code == 422 and "Choose two different names." in itself.get_data(as_text=True)
    merged = client.post(f"/en/lists/seasons/{three_evenings}/merge", data={"name": "dorothea", "into": "dora"})
    assert merged.status_code == 303
    html = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    table = rows(html, "season-table")
    assert table[1] == ["2", "Dora", "+30", "0", "2", "3", "0", "0", "0", "–"]  # 30 + 0, one hand more
    assert "Dorothea counts as Dora." in html and "The names were merged" in html
    unmerged = client.post(f"/en/lists/seasons/{three_evenings}/unmerge", data={"name": "dorothea"})
    assert unmerged.status_code == 303
    assert [row[1] for row in rows(client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True),
                                   "season-table")] == ["Ben", "Dora", "Dorothea", "Cem", "Anna"]
    again = client.post(f"/en/lists/seasons/{three_evenings}/unmerge", data={"name": "dorothea"})
    assert again.status_code == 422 and "These names are not merged." in again.get_data(as_text=True)


def test_a_list_taken_out_of_the_season_stays_at_its_address(
        client: FlaskClient, app: Flask, three_evenings: str) -> None:
    with app.app_context():
        stored = store.load_season(three_evenings)
        assert stored is not None
    last = stored.lists[2]
    response = client.post(f"/en/lists/seasons/{three_evenings}/lists/remove", data={"list": last.view_token})
    assert response.status_code == 303 and lists_in(app, three_evenings) == 2
    html = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    assert "Dora" not in html.split("season-table")[1].split("</table>")[0]
    assert client.get(f"/en/lists/{last.token}").status_code == 200
    gone = client.post(f"/en/lists/seasons/{three_evenings}/lists/remove", data={"list": last.view_token})
    assert gone.status_code == 422 and "This list is not in the season." in gone.get_data(as_text=True)
    client.post(f"/en/lists/seasons/{three_evenings}/lists/remove", data={"list": stored.lists[1].view_token})
    alone = client.post(f"/en/lists/seasons/{three_evenings}/lists/remove", data={"list": stored.lists[0].view_token})
    assert alone.status_code == 422 and "A season keeps at least one list." in alone.get_data(as_text=True)
    assert lists_in(app, three_evenings) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_season_and_statistics_pages_speak_every_language(
        client: FlaskClient, app: Flask, three_evenings: str, lang: str) -> None:
    with app.app_context():
        stored = store.load_season(three_evenings)
        assert stored is not None
    pages = [f"/{lang}/lists/seasons/{three_evenings}", f"/{lang}/lists/seasons/{stored.view_token}",
             f"/{lang}/lists/{stored.lists[0].token}/statistics", f"/{lang}/lists/seasons/new", f"/{lang}/lists/"]
    for path in pages:
        page = client.get(path)
        assert page.status_code == 200, path
        assert english_leaks(page.get_data(as_text=True), lang) == [], path
    refused = add(client, three_evenings, "nonsense", lang)
    assert refused.status_code == 422 and english_leaks(refused.get_data(as_text=True), lang) == []
    merge = client.post(f"/{lang}/lists/seasons/{three_evenings}/merge", data={"name": "anna", "into": "ben"})
    assert merge.status_code == 422 and english_leaks(merge.get_data(as_text=True), lang) == []


def test_the_season_page_prints_without_its_forms(client: FlaskClient, three_evenings: str) -> None:
    html = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    assert "data-print hidden" in html
    css = client.get("/static/css/scoresheet.css").get_data(as_text=True)
    printed = css.split("@media print {")[1].split("\n}")[0]
    assert "form" in printed and ".share" in printed and ".sheet-links" in printed


def test_the_clean_up_removes_old_seasons_and_an_old_list_from_its_season(
        client: FlaskClient, app: Flask, runner, three_evenings: str) -> None:  # type: ignore[no-untyped-def]
    from datetime import datetime, timedelta

    from sqlalchemy import func, select, update

    from webapp.storage import db
    from webapp.storage.seasons import ScoreSeason, ScoreSeasonList

    with app.app_context():
        stored = store.load_season(three_evenings)
        assert stored is not None
        old = datetime.now() - timedelta(days=401)
        db.session.execute(update(lists_store.ScoreList)
                           .where(lists_store.ScoreList.token == stored.lists[0].token).values(updated=old))
        db.session.commit()
    other = start_season(client, new_list(client, THREE))
    result = runner.invoke(args=["purge"])
    assert "seasons: 0 removed" in result.output and "lists: 1 removed" in result.output
    assert lists_in(app, three_evenings) == 2  # the old list left the season, which stays
    html = client.get(f"/en/lists/seasons/{three_evenings}").get_data(as_text=True)
    assert [row[1:5] for row in rows(html, "season-evenings")][-1] == ["−60 (+30)", "+168 (+128)", "−76 (−116)", "+30 (+30)"]
    with app.app_context():
        db.session.execute(update(ScoreSeason).where(ScoreSeason.token == other).values(updated=old))
        db.session.commit()
    assert "seasons: 1 removed" in runner.invoke(args=["purge"]).output
    assert client.get(f"/en/lists/seasons/{other}").status_code == 404
    assert client.get(f"/en/lists/seasons/{three_evenings}").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ScoreSeasonList)) == 2
