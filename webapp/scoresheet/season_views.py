"""The pages of seasons and of player statistics.

A season is started from a list (its page has the button) or with a list's edit link; more
lists join by their edit links. Opened by its view token, a season page shows the table and
links to its lists' read-only pages, never their edit links; every change needs its token.
Every refusal names the field and changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import abort, flash, get_flashed_messages, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from webapp import parse, ratelimit, security, web
from webapp.engine import GameType
from webapp.i18n import gettext, ngettext, number, percent
from webapp.scoresheet import bp, words
from webapp.scoresheet.chart import chart
from webapp.scoresheet.season import Evening, PlayerStats, Season, name_key, resolve, season, shared_players, statistics
from webapp.scoresheet.sheet import MAX_TITLE, HouseRules, build, clean_text, entry_from_fields
from webapp.scoresheet.views import _load, _qr_codes, _remember_cookie
from webapp.storage import scoresheet as lists_store
from webapp.storage import seasons as store

SEASONS_COOKIE = "scoresheet_seasons"
MIN_SHARED = 2
"""How many of a list's players must play in the season already for the list to join it."""
_LINK = re.compile(r"/lists/(" + parse.TOKEN + r")/?(?:(?:print|statistics|list\.csv)/?)?(?:[?#].*)?$")


def _list_token(text: str) -> str | None:
    """Return the token in a list's link (or the token itself), or None if it is no list's link."""
    text = text.strip()
    if parse.is_token(text):
        return text
    found = _LINK.search(text)
    return found.group(1) if found and "/lists/seasons/" not in text else None


@dataclass(frozen=True, slots=True)
class Refused(Exception):
    """A change refused: the field it is about and what to say."""

    field: str
    text: str


def _evening(stored: lists_store.StoredList) -> Evening:
    rules = HouseRules.from_tokens(stored.rules)
    players = len(stored.players)
    entries = [entry_from_fields(fields, players=players) for fields in stored.hands]
    return Evening(stored.title, stored.created, stored.players, build(players, rules, entries))


def _season_or_404(token: str) -> store.StoredSeason:
    found = store.load_season(token)
    if found is None:
        abort(404)
    return found


def _find_list(text: str, evenings: list[Evening] | None, merges: dict[str, str]) -> lists_store.StoredList:
    """Return the list a pasted link names, to join a season of ``evenings`` (None: a new season)."""
    if not text.strip():
        raise Refused("list", gettext("Paste the edit link of a list."))
    token = _list_token(text)
    if token is None:
        raise Refused("list", gettext("This is not the link of a list. Copy the address of the list's page "
                                      "(its edit link) and paste it here."))
    found = store.find_list(token)
    if found is None:
        if lists_store.load_list(token) is not None:
            raise Refused("list", gettext("This is the list's read-only link. A list joins a season only by "
                                          "its edit link: ask whoever keeps the list for it."))
        raise Refused("list", gettext("No list has this link. Check that it was copied whole."))
    if evenings is not None and shared_players(evenings, found.players, merges) < MIN_SHARED:
        raise Refused("list", gettext(
            "This list was played by other players: at least two of its players must play in the season "
            "already. Names count as the same whatever their capitals and spaces; names that differ "
            "otherwise can be merged once the list is in."))
    return found


def _title(text: str) -> str:
    title = clean_text(text)
    if len(title) > MAX_TITLE:
        raise Refused("title", ngettext("A title has at most %(num)d character.",
                                        "A title has at most %(num)d characters.", MAX_TITLE))
    return title


def _known_seasons() -> list[str]:
    return [token for token in request.cookies.get(SEASONS_COOKIE, "").split(".") if token][:40]


def my_seasons() -> list[tuple[str, str, int, Any]]:
    """Return the seasons this browser started (token, title, number of lists, last change)."""
    security.keep_private()
    return store.season_titles(_known_seasons())


@bp.route("/seasons/new", methods=["GET", "POST"])
def new_season() -> BaseResponse:
    """Start a season with a list (from the list's page, or by pasting its edit link)."""
    if request.method == "GET":
        return web.render("scoresheet/season_new.html", values={"title": "", "list": request.args.get("list", "")},
                          refused=None)
    values = {"title": request.form.get("title", ""), "list": request.form.get("list", "")}
    try:
        title = _title(values["title"])
        found = _find_list(values["list"], None, {})
    except Refused as refused:
        return web.render("scoresheet/season_new.html", status=422, values=values, refused=refused)
    ratelimit.check("lists")
    token = store.create_season(title=title, list_token=found.token, form_token=web.sent_form_token())
    flash(gettext("The season was started. Add the other evenings' lists by their edit links."))
    response = redirect(url_for(".season_page", token=token), code=303)
    return _remember_cookie(response, SEASONS_COOKIE, [token, *_known_seasons()])


@dataclass(frozen=True)
class _Loaded:
    stored: store.StoredSeason
    evenings: list[Evening]
    table: Season


def _load_season(token: str) -> _Loaded:
    stored = _season_or_404(token)
    evenings = [_evening(stored_list) for stored_list in stored.lists]
    return _Loaded(stored, evenings, season(evenings, stored.merges))


def _to_keep(token: str) -> _Loaded:
    loaded = _load_season(token)
    if not loaded.stored.editable:
        notice = gettext("This is the season's read-only link: it shows the season but cannot change it. "
                         "Nothing was changed.")
        abort(_season_page(loaded, status=403, notice=notice))
    return loaded


def stats_rows(players: list[PlayerStats]) -> list[dict[str, Any]]:
    """Describe each player's statistics for the statistics table, in the page's language."""
    games = words.Phrases(web.current_deck()).games
    rows = []
    for stats in players:
        most: GameType | None = stats.most_played
        rows.append({
            "stats": stats,
            "most_played": games[most] if most else "",
            "most_played_count": stats.games[most] if most else 0,
            "won_percent": "–" if stats.won_percent is None else percent(stats.won_percent),
            "average_value": "–" if stats.average_value is None else number(stats.average_value),
        })
    return rows


def _season_page(loaded: _Loaded, *, status: int = 200, notice: str = "",
                 refused: Refused | None = None, values: dict[str, str] | None = None) -> BaseResponse:
    stored = loaded.stored
    table = loaded.table
    links = {"view": url_for(".season_page", token=stored.view_token, _external=True)}
    if stored.editable:
        links["edit"] = url_for(".season_page", token=stored.token, _external=True)
    names = [player.stats.name for player in table.order]
    merged = [(alias, resolve(alias, stored.merges)) for alias in stored.merges]
    spelled = {name_key(name): name for evening in loaded.evenings for name in evening.names}
    evening_rows = []
    for number, (evening, stored_list) in enumerate(zip(loaded.evenings, stored.lists)):
        evening_rows.append({
            "number": number + 1,
            "title": evening.title or ", ".join(evening.names),
            "started": evening.started,
            "hands": len(evening.sheet.rows),
            "url": url_for(".sheet", token=stored_list.token if stored.editable else stored_list.view_token),
            "view_token": stored_list.view_token,
            "cells": [(loaded.table.standings[number + 1][seat], player.scores[number])
                      for seat, player in enumerate(table.order)],
        })
    return web.render(
        "scoresheet/season.html",
        status=status,
        token=stored.token,
        editable=stored.editable,
        title=stored.title or gettext("Season of %(players)s", players=", ".join(names)),
        table=table,
        names=names,
        evenings=evening_rows,
        stats=stats_rows([player.stats for player in table.players]),
        chart=chart(table.standings) if loaded.evenings and names else None,
        merged=[(spelled.get(alias, alias), spelled.get(into, into)) for alias, into in merged],
        merge_keys=[alias for alias, _ in merged],
        links=links,
        qr_codes=_qr_codes(links),
        notice=notice,
        refused=refused,
        values=values or {},
        messages=get_flashed_messages(),
        max_lists=store.MAX_LISTS,
    )


def _refuse(loaded: _Loaded, refused: Refused, values: dict[str, str]) -> BaseResponse:
    return _season_page(loaded, status=422, refused=refused, values=values)


def _done(token: str, message: str) -> BaseResponse:
    flash(message)
    return redirect(url_for(".season_page", token=token), code=303)


@bp.get("/seasons/<id:token>")
def season_page(token: str) -> BaseResponse:
    """Show the season: its table, the evenings, the chart, the statistics; to its keeper the forms."""
    return _season_page(_load_season(token))


@bp.post("/seasons/<id:token>/lists")
def season_add(token: str) -> BaseResponse:
    """Add a list to the season by its edit link."""
    loaded = _to_keep(token)
    values = {"list": request.form.get("list", "")}
    try:
        if len(loaded.stored.lists) >= store.MAX_LISTS:
            raise Refused("list", ngettext("A season holds at most %(num)d list.",
                                           "A season holds at most %(num)d lists.", store.MAX_LISTS))
        found = _find_list(values["list"], loaded.evenings, loaded.stored.merges)
        if any(stored.view_token == found.view_token for stored in loaded.stored.lists):
            raise Refused("list", gettext("This list is in the season already."))
        try:
            store.add_list(token, found.token)
        except store.AlreadyIn:
            raise Refused("list", gettext("This list is in the season already.")) from None
    except Refused as refused:
        return _refuse(loaded, refused, values)
    return _done(token, gettext("The list was added to the season."))


@bp.post("/seasons/<id:token>/lists/remove")
def season_remove(token: str) -> BaseResponse:
    """Take a list out of the season (the list itself stays at its address)."""
    loaded = _to_keep(token)
    view_token = request.form.get("list", "")
    if len(loaded.stored.lists) <= 1 or not store.remove_list(token, view_token):
        text = (gettext("A season keeps at least one list.") if len(loaded.stored.lists) <= 1
                else gettext("This list is not in the season."))
        return _season_page(loaded, status=422, notice=text)
    return _done(token, gettext("The list was taken out of the season; the list itself stays at its address."))


@bp.post("/seasons/<id:token>/merge")
def season_merge(token: str) -> BaseResponse:
    """Count one name as another (the same player written differently on two evenings)."""
    loaded = _to_keep(token)
    values = {"name": request.form.get("name", ""), "into": request.form.get("into", "")}
    keys = {player.key for player in loaded.table.order}
    name, into = values["name"], values["into"]
    merges = dict(loaded.stored.merges)
    try:
        if name not in keys:
            raise Refused("name", gettext("Choose one of the names offered."))
        if into not in keys:
            raise Refused("into", gettext("Choose one of the names offered."))
        if name == into:
            raise Refused("into", gettext("Choose two different names."))
        for evening in loaded.evenings:
            present = {resolve(name_key(player), merges) for player in evening.names}
            if name in present and into in present:
                raise Refused("into", gettext(
                    "These two played at the same table (%(list)s): they are two players.",
                    list=evening.title or ", ".join(evening.names)))
    except Refused as refused:
        return _refuse(loaded, refused, values)
    merges = {alias: (into if target == name else target) for alias, target in merges.items()}
    merges[name] = into
    store.set_merges(token, merges)
    return _done(token, gettext("The names were merged: they count as one player."))


@bp.post("/seasons/<id:token>/unmerge")
def season_unmerge(token: str) -> BaseResponse:
    """Undo a merge: the name counts as a player of its own again."""
    loaded = _to_keep(token)
    name = request.form.get("name", "")
    merges = dict(loaded.stored.merges)
    if name not in merges:
        return _season_page(loaded, status=422, notice=gettext("These names are not merged."))
    del merges[name]
    store.set_merges(token, merges)
    return _done(token, gettext("The names count as two players again."))


@bp.get("/<id:token>/statistics")
def list_statistics(token: str) -> BaseResponse:
    """Show each player's statistics over a list."""
    loaded = _load(token)
    title = loaded.stored.title or gettext("List of %(players)s", players=", ".join(loaded.names))
    return web.render("scoresheet/statistics.html", token=token, title=title,
                      hands=len(loaded.sheet.rows), stats=stats_rows(statistics(loaded.sheet, loaded.names)))
