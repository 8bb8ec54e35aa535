"""Lieutenant Skat's pages under ``/<lang>/tables/lieutenant``: start, play, poll, series, statistics.

A Lieutenant Skat table is a table of the table model (`webapp.storage.gametables`): the same
seats bound to cookie secrets, the same join link (with its QR code) for a person in another
browser, the same revision that makes a stale tab's move change nothing, and the same
clean-up. Two people on one device hold both seats with one secret. What a Lieutenant Skat
table adds (who starts, the series, whose statistics) is in `webapp.storage.lieutenant`; a
player's message to the other is their seat's, as at every table.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Response, redirect, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import parse, ratelimit, security, web
from webapp.engine import LieutenantDeal, LieutenantState, Play
from webapp.i18n import gettext, lazy_gettext
from webapp.practice import players
from webapp.storage import gametables as storage
from webapp.storage import lieutenant as series_storage
from webapp.tables import lieutenant as flow
from webapp.tables import lieutenant_words as lwords
from webapp.tables import model
from webapp.tables import seating
from webapp.tables.decide import BAD_FORM
from webapp.tables.seating import NOT_YOURS, STALE, keep_secret, message_error, name_error
from webapp.tables.seating import secret as seat_secret
from webapp.tables.views import BAD_CHOICE, NOT_OVER, NOT_YOUR_TURN, bp
from webapp.text import clean_text

STATS_COOKIE = "lieutenant-stats"
"""The cookie that keeps the secret of this browser's statistics (games played on one device)."""

BAD_DEAL: LazyString = lazy_gettext("This link does not name a deal of Lieutenant Skat.")
WAITING: LazyString = lazy_gettext("The other player has not sat down yet, so nothing was changed.")


class Loaded:
    """A Lieutenant Skat table read back: the stored table, its series and the current game."""

    __slots__ = ("table", "series", "state", "results")

    def __init__(self, table: storage.Table, series: series_storage.Series, state: LieutenantState) -> None:
        self.table = table
        self.series = series
        self.state = state
        self.results = tuple(flow.result_of(points) for points in series.results)

    @property
    def starting(self) -> flow.Starting:
        """Return who leads each game."""
        return flow.Starting(self.series.starting)

    @property
    def computers(self) -> tuple[int, ...]:
        """Return the players the computer plays."""
        return tuple(seat.number for seat in self.table.seats if seat.computer)

    @property
    def remote(self) -> bool:
        """Tell whether the players sit in two browsers (their secrets differ)."""
        holders = {seat.secret_hash for seat in self.table.seats if not seat.computer}
        return len(holders) > 1 or any(not seat.taken for seat in self.table.seats)

    def hint_seed(self) -> int:
        """Return the seed of the hint at this point of the game (the same for the same deal and cards)."""
        return model.move_seed(flow.game_seed(self.state.deal), len(self.state.actions))


def _load(table_id: str) -> Loaded | None:
    table = storage.load(table_id)
    if table is None or table.family != model.LIEUTENANT.key or table.game is None:
        return None
    series = series_storage.load_series(table_id)
    if series is None:
        return None
    try:
        state = LieutenantState.parse(table.game)
        flow.Starting(series.starting)
    except ValueError:  # also IllegalAction: a notation the engine no longer accepts
        return None
    return Loaded(table, series, state)


def _table_url(table_id: str, **args: Any) -> str:
    return url_for("tables.lieutenant_table", table_id=table_id, **args)


def _browser_secret() -> str | None:
    secret = request.cookies.get(STATS_COOKIE)
    return secret if parse.is_token(secret) else None


def _keep_browser_secret(response: BaseResponse, secret: str) -> BaseResponse:
    return seating.keep_cookie(response, STATS_COOKIE, secret)


def _browser_statistics() -> tuple[series_storage.Stat, ...]:
    secret = _browser_secret()
    return series_storage.statistics(series_storage.browser_owner(secret)) if secret else ()


# ----------------------------------------------------------------------------- start


def _start_form(errors: dict[str, LazyString | str] | None = None, values: dict[str, str] | None = None,
                status: int = 200, notice: LazyString | str | None = None) -> Response:
    values = dict(values or {})
    deal = values.get("deal") or request.args.get("deal", "")
    if deal and _replayed(deal) is None:
        notice, deal = BAD_DEAL, ""
        status = max(status, 400)
    values["deal"] = deal
    return web.render(
        "tables/lieutenant_start.html",
        status=status,
        errors=errors or {},
        values=values,
        sides=tuple((side.value, lwords.SIDES[side.value]) for side in flow.Side),
        startings=tuple((starting.value, lwords.STARTINGS[starting.value]) for starting in flow.Starting),
        levels=lwords.LEVELS,
        default_level=LEVEL_DEFAULT,
        statistics=_browser_statistics(),
        notice=notice,
        max_name=storage.NAME_LENGTH,
        max_message=storage.MESSAGE_LENGTH,
        lwords=lwords,
    )


LEVEL_DEFAULT = "easy"
"""The computer's level a new game starts with (the strongest is one click away)."""


def _replayed(text: str) -> LieutenantDeal | None:
    try:
        return LieutenantDeal.parse(text) if len(text) < 80 else None
    except ValueError:
        return None


@bp.get("/lieutenant/")
def lieutenant() -> Response:
    """Offer a game of Lieutenant Skat: who plays, names, who starts; and the statistics."""
    values = {"side": request.args.get("side", ""), "level": request.args.get("level", "")}
    return _start_form(values=values)


@bp.post("/lieutenant/")
def lieutenant_open() -> Response | BaseResponse:
    """Open a Lieutenant Skat table with the host as player 1 and start its first game."""
    form = request.form
    values = {key: form.get(key, "") for key in ("name", "side", "other", "level", "starting", "message", "deal")}
    errors: dict[str, LazyString | str] = {}
    name = clean_text(values["name"])
    if error := name_error(name):
        errors["name"] = error
    side = flow.Side(values["side"]) if values["side"] in {s.value for s in flow.Side} else None
    if side is None:
        errors["side"] = BAD_CHOICE
    other = clean_text(values["other"])
    if side is flow.Side.HERE and (error := name_error(other, (name,))):
        errors["other"] = error
    level = values["level"] or LEVEL_DEFAULT
    if level not in players.LEVELS:
        errors["level"] = BAD_CHOICE
    if values["starting"] not in {s.value for s in flow.Starting}:
        errors["starting"] = BAD_CHOICE
    message = clean_text(values["message"])
    if error := message_error(message):
        errors["message"] = error
    replay = values["deal"] or None
    if replay is not None and _replayed(replay) is None:
        errors["deal"] = BAD_DEAL
    if errors or side is None:
        return _start_form(errors, values, 400)
    ratelimit.check("hands")
    secret = storage.new_secret()
    table_seed = secrets.randbelow(2**62)
    table_id = storage.create(
        family=model.LIEUTENANT.key, preset="-", level=level, seed=table_seed, host=name, host_secret=secret,
        seats=2, computers=(1,) if side is flow.Side.COMPUTER else (),
        computer_name=gettext("Computer"), here={1: other} if side is flow.Side.HERE else None,
        form_token=web.sent_form_token(),
    )
    browser = _browser_secret() or storage.new_secret()
    owner = series_storage.table_owner(table_id) if side is flow.Side.REMOTE else series_storage.browser_owner(browser)
    series_storage.create_series(table_id, starting=values["starting"], deal=replay, owner=owner)
    table = storage.load(table_id)
    if table is not None and table.game is None and message:
        storage.say(table_id, 0, message)
        table = storage.load(table_id)  # the host's message raised the revision the first game starts from
    if table is not None and table.game is None:
        starting = flow.Starting(values["starting"])
        state = flow.start(table_seed, 0, starting, replay)
        computers = (1,) if side is flow.Side.COMPUTER else ()
        state = flow.advance(state, computers, level=level)
        storage.save_hand(table_id, table.revision, game=str(state))
    response = keep_secret(redirect(_table_url(table_id), code=303), table_id, secret)
    return _keep_browser_secret(response, browser)


# ----------------------------------------------------------------------------- the table


def _mine(loaded: Loaded) -> tuple[int, ...]:
    """Return the players the viewer holds (two when two people share this device)."""
    return tuple(seat.number for seat in loaded.table.seats_of(seat_secret(loaded.table.id)))


def _show(loaded: Loaded, *, notice: LazyString | str | None = None, status: int = 200,
          hint: bool = False) -> Response:
    """Render the table for the viewer, from their side (or both sides on a shared screen)."""
    security.keep_private()
    table, state = loaded.table, loaded.state
    mine = _mine(loaded)
    bottom = min(mine) if mine else 0
    to_act = state.to_act
    can_play = table.full and to_act is not None and to_act in mine
    names = tuple(seat.name or gettext("Player 2") for seat in table.seats)
    context: dict[str, Any] = {
        "messages": tuple(seat for seat in table.seats if seat.message and seat.number not in mine),
        "sent": table.seats[mine[0]].message if mine else "",
        "max_message": storage.MESSAGE_LENGTH,
        "loaded": loaded,
        "table": table,
        "state": state,
        "mine": mine,
        "names": names,
        "order": (1 - bottom, bottom),
        "piles": (flow.piles(state, 0), flow.piles(state, 1)),
        "legal": set(state.legal_cards()) if can_play else set(),
        "can_play": can_play,
        "notice": notice,
        "result": state.result,
        "lwords": lwords,
        "totals": flow.totals(loaded.results),
        "joins": (),
        "poll_url": url_for("tables.lieutenant_news", table_id=table.id, revision=table.revision),
        "table_url": _table_url(table.id),
        "htmx_answer": web.is_htmx(),
        "last_trick": state.tricks[-1] if state.tricks else None,
        "hint": lwords.hint_text(state, loaded.hint_seed()) if hint and can_play else None,
        "permalink": url_for("tables.lieutenant", deal=str(state.deal), _external=True),
        "statistics": series_storage.statistics(loaded.series.owner) if mine else (),
    }
    if mine and not table.full:
        context["joins"] = seating.join_links(table)
    code = 200 if web.is_htmx() else status
    return web.render("tables/lieutenant.html", "tables/_lieutenant.html", status=code, **context)


@bp.get("/lieutenant/<id:table_id>")
def lieutenant_table(table_id: str) -> Response:
    """Show the game where it stands; ``?hint=1`` adds the computer's advice for the player to move."""
    return seating.page(_load(table_id), _show)


@bp.get("/lieutenant/<id:table_id>/news")
def lieutenant_news(table_id: str) -> Response:
    """Answer "anything new?": 204 while the table is at ``revision``, else the table itself."""
    return seating.news(table_id, _load, _show)


def _after(table_id: str) -> BaseResponse:
    """Show the table after the viewer's change: at once for htmx (one round trip, as at the Skat
    tables), by POST-redirect-GET without JavaScript."""
    return web.after_change(_table_url(table_id), lambda: lieutenant_table(table_id))


def _checked(loaded: Loaded, *, words: bool = False) -> tuple[int, ...] | Response:
    """Return the viewer's players, or the refusal of a form that is not theirs or is stale (a
    form of ``words`` only, a message, is never stale)."""
    mine = _mine(loaded)
    refused = seating.form_refusal(bool(mine), loaded.table.revision, words=words)
    if refused is not None:
        return _show(loaded, notice=refused.notice, status=refused.status)
    return mine


@bp.post("/lieutenant/<id:table_id>/play")
def lieutenant_play(table_id: str) -> Response | BaseResponse:
    """Play the viewer's card, let the computer answer, store it if nobody was faster."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mine = _checked(loaded)
    if isinstance(mine, Response):
        return mine
    state = loaded.state
    if not loaded.table.full:
        return _show(loaded, notice=WAITING, status=409)
    if state.to_act is None or state.to_act not in mine:
        return _show(loaded, notice=NOT_YOUR_TURN, status=409)
    try:
        card = parse.card(request.form.get("card", ""))
    except parse.Refused:
        return _show(loaded, notice=BAD_FORM, status=400)
    refusal = lwords.refusal(state, card)
    if refusal is not None:
        return _show(loaded, notice=refusal, status=400)
    after = flow.advance(state.apply(Play(card)), loaded.computers, level=loaded.table.level)
    if not storage.save_hand(table_id, loaded.table.revision, game=str(after)):
        fresh = _load(table_id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    if after.result is not None:
        _count(loaded, after)
    return _after(table_id)


def _count(loaded: Loaded, state: LieutenantState) -> None:
    """Add a finished game to the series and to its players' statistics (once: by the request that finished it)."""
    result = state.result
    assert result is not None
    series_storage.add_result(loaded.table.id, result.points)
    series_storage.count_game(loaded.series.owner, (
        (seat.name, flow.outcome(result, seat.number), result.game_points[seat.number])
        for seat in loaded.table.seats))


@bp.post("/lieutenant/<id:table_id>/next")
def lieutenant_next(table_id: str) -> Response | BaseResponse:
    """Start the next game of the series once this one is over."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mine = _checked(loaded)
    if isinstance(mine, Response):
        return mine
    if loaded.state.result is None:
        return _show(loaded, notice=NOT_OVER, status=409)
    number = loaded.table.number + 1
    state = flow.start(loaded.table.seed, number, loaded.starting, loaded.series.deal)
    state = flow.advance(state, loaded.computers, level=loaded.table.level)
    if not storage.save_hand(table_id, loaded.table.revision, game=str(state), number=number):
        fresh = _load(table_id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    return _after(table_id)


@bp.post("/lieutenant/<id:table_id>/message")
def lieutenant_message(table_id: str) -> Response | BaseResponse:
    """Keep the sender's one-line message to the other player in their seat (empty takes it
    back); the other player's poll shows it."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mine = _checked(loaded, words=True)
    if isinstance(mine, Response):
        return mine
    too_long = seating.say(table_id, mine[0])
    return _after(table_id) if too_long is None else _show(loaded, notice=too_long, status=400)


# ----------------------------------------------------------------------------- statistics


def _clear_page(owner: str | None, back: str, action: str, status: int = 200) -> Response:
    security.keep_private()
    found = series_storage.statistics(owner) if owner else ()
    return web.render("tables/lieutenant_clear.html", status=status, statistics=found, back=back,
                      action=action, lwords=lwords)


@bp.get("/lieutenant/statistics/clear")
def lieutenant_clear() -> Response:
    """Ask before clearing this browser's statistics (the games played on this device)."""
    secret = _browser_secret()
    return _clear_page(series_storage.browser_owner(secret) if secret else None,
                       url_for("tables.lieutenant"), url_for("tables.lieutenant_clear"))


@bp.post("/lieutenant/statistics/clear")
def lieutenant_cleared() -> BaseResponse:
    """Clear this browser's statistics."""
    secret = _browser_secret()
    if secret:
        series_storage.clear_statistics(series_storage.browser_owner(secret))
    return redirect(url_for("tables.lieutenant"), code=303)


@bp.get("/lieutenant/<id:table_id>/statistics/clear")
def lieutenant_table_clear(table_id: str) -> Response:
    """Ask before clearing the statistics of a table whose players sit in two browsers."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    if not _mine(loaded):
        return _show(loaded, notice=NOT_YOURS, status=403)
    return _clear_page(loaded.series.owner, _table_url(table_id),
                       url_for("tables.lieutenant_table_clear", table_id=table_id))


@bp.post("/lieutenant/<id:table_id>/statistics/clear")
def lieutenant_table_cleared(table_id: str) -> Response | BaseResponse:
    """Clear the statistics the table's games count to (a seated player only)."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    if not _mine(loaded):
        return _show(loaded, notice=NOT_YOURS, status=403)
    series_storage.clear_statistics(loaded.series.owner)
    storage.bump(table_id)
    return _after(table_id)
