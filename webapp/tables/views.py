"""The tables' pages: open a table, join a seat by its link, play, poll for news.

Each person's seat is bound to a secret in their browser's cookie (``seat-<table id>``); the
join link of a seat works once. Every page is drawn from the viewer's seat view alone, in the
viewer's language and deck. A move names the table's revision (409 when stale); the "anything
new?" poll answers 204 while the revision is the same.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import segno
from flask import Blueprint, Response, current_app, redirect, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import parse, ratelimit, security, web, words
from webapp.engine import GameState, IllegalAction, Position, Reason, parse_action
from webapp.i18n import gettext, lazy_gettext, ngettext
from webapp.practice import phrases, players, screen
from webapp.practice.table import computer
from webapp.scoresheet import words as sheet_words
from webapp.scoresheet.sheet import (
    MAX_NAME,
    PRESETS,
    HouseRules,
    Preset,
    Sheet,
    build,
    entry_from_fields,
    entry_to_fields,
)
from webapp.storage import gametables as storage
from webapp.storage import scoresheet as lists
from webapp.tables import model
from webapp.text import clean_text

bp = Blueprint("tables", __name__, url_prefix="/<lang:lang>/tables")

COOKIE = "seat-"
"""Each table's seat secret is kept in the cookie ``seat-<table id>``."""
TABLE_PRESETS: tuple[Preset, ...] = (Preset.ISKO, Preset.PUB)

BAD_CHOICE: LazyString = lazy_gettext("Choose one of the offered options.")
NAME_MISSING: LazyString = lazy_gettext("Enter your name, so that the others know who plays.")
NAME_TAKEN: LazyString = lazy_gettext("Somebody at this table already has that name: choose another.")
SEAT_TAKEN: LazyString = lazy_gettext(
    "This seat has been taken: somebody used its link first. Ask the host for another link."
)
NOT_YOURS: LazyString = lazy_gettext(
    "You do not have a seat at this table, so nothing was changed. Open your own join link."
)
STALE: LazyString = lazy_gettext(
    "The table has moved on meanwhile (another player, or another tab), so nothing was changed. "
    "Here is where it stands now."
)
NOT_YOUR_TURN: LazyString = lazy_gettext("It is not your turn, so nothing was changed.")
BAD_FORM: LazyString = lazy_gettext(
    "That form could not be read, so nothing was changed. Use the buttons on this page."
)
TWO_CARDS: LazyString = lazy_gettext("Choose exactly two cards to lay away.")
NOT_OVER: LazyString = lazy_gettext("This hand is not over yet.")


@bp.context_processor
def tables_context() -> dict[str, Any]:
    """Give the tables' templates (and the practice table they include) their words."""
    return {"phrases": phrases, "words": words}


@dataclass(frozen=True, slots=True)
class Hand:
    """What the practice table's templates call ``hand``: the viewer's seat in the current hand."""

    id: str
    seat: Position
    revision: int
    seed: int


@dataclass(frozen=True, slots=True)
class Loaded:
    """A table read back: the stored row, its family and rules, and the current hand."""

    table: storage.Table
    family: model.Family
    rules: HouseRules
    state: GameState | None

    @property
    def positions(self) -> tuple[Position | None, ...]:
        """Return each seat's position in the current hand."""
        return model.seat_positions(self.table.number, self.family.seats)

    def people(self) -> tuple[Position, ...]:
        """Return the positions people hold in the current hand."""
        return tuple(position for seat, position in zip(self.table.seats, self.positions)
                     if position is not None and not seat.computer)

    def seat_at(self, position: Position) -> storage.Seat:
        """Return the seat that holds ``position`` this hand."""
        return self.table.seats[self.positions.index(position)]


def _load(table_id: str) -> Loaded | None:
    table = storage.load(table_id)
    if table is None or table.family not in model.FAMILIES:
        return None
    try:
        rules = PRESETS[Preset(table.preset)]
        state = GameState.parse(table.game) if table.game is not None else None
    except ValueError:  # also IllegalAction: a notation the engine no longer accepts
        return None
    return Loaded(table, model.family(table.family), rules, state)


def _secret(table_id: str) -> str | None:
    return request.cookies.get(COOKIE + table_id)


def _keep_secret(response: BaseResponse, table_id: str, secret: str) -> BaseResponse:
    response.set_cookie(
        COOKIE + table_id,
        secret,
        max_age=current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response


def _table_url(table_id: str) -> str:
    return url_for("tables.table", table_id=table_id)


def _sheet(loaded: Loaded) -> tuple[Sheet, lists.StoredList] | None:
    """Return the table's list as a scoresheet (None before every seat is held)."""
    token = loaded.table.list_token
    stored = lists.load_list(token) if token else None
    if stored is None:
        return None
    entries = tuple(entry_from_fields(fields, players=len(stored.players)) for fields in stored.hands)
    return build(len(stored.players), loaded.rules, entries), stored


def _deal(loaded: Loaded, number: int, sheet: Sheet) -> GameState:
    """Return hand ``number`` of the table, the computer seats moved up to a person's turn."""
    state = model.start(model.hand_seed(loaded.table.seed, number), model.options_for(loaded.rules, sheet.next))
    positions = model.seat_positions(number, loaded.family.seats)
    people = [p for seat, p in zip(loaded.table.seats, positions) if p is not None and not seat.computer]
    return _advance(loaded, state, people, number)


def _advance(loaded: Loaded, state: GameState, people: list[Position] | tuple[Position, ...],
             number: int) -> GameState:
    """Let the computer seats of hand ``number`` move until a person must decide."""
    return model.advance(state, people, level=loaded.table.level,
                         seed=model.hand_seed(loaded.table.seed, number),
                         choose=computer, computer_bids=loaded.family.computer_bids)


def _begin_if_full(table_id: str) -> None:
    """Once every seat is held, give the table its list and deal the first hand."""
    loaded = _load(table_id)
    if loaded is None or not loaded.table.full or loaded.state is not None:
        return
    names = [seat.name for seat in loaded.table.seats]
    token = lists.create_list(title="", players=names, rules=loaded.rules.tokens())
    sheet = build(len(names), loaded.rules, ())
    state = _deal(loaded, 0, sheet)
    storage.begin(table_id, loaded.table.revision, list_token=token, game=str(state))


def _record(loaded: Loaded, state: GameState) -> None:
    """Write a finished hand into the table's list (the one request that finished it does)."""
    found = _sheet(loaded)
    if found is None:
        return
    _, stored = found
    entry = model.entry_for(state, loaded.positions)
    lists.add_hand(stored.token, stored.revision, entry_to_fields(entry))


# ----------------------------------------------------------------------------- pages


def _name_error(name: str, taken: tuple[str, ...] = ()) -> LazyString | str | None:
    if not name:
        return NAME_MISSING
    if len(name) > MAX_NAME:
        return ngettext("A name has at most %(num)s character.", "A name has at most %(num)s characters.", MAX_NAME)
    if name.casefold() in {other.casefold() for other in taken}:
        return NAME_TAKEN
    return None


def _open_form(errors: dict[str, LazyString | str] | None = None, values: dict[str, str] | None = None,
               status: int = 200) -> Response:
    return web.render(
        "tables/open.html",
        status=status,
        families=tuple(model.FAMILIES),
        presets=TABLE_PRESETS,
        preset_names=sheet_words.PRESETS,
        preset_help=sheet_words.PRESET_HELP,
        levels=phrases.LEVELS,
        default_level=players.DEFAULT_LEVEL,
        errors=errors or {},
        values=values or {},
        max_name=MAX_NAME,
    )


@bp.get("/")
def index() -> Response:
    """Offer to open a table: the game, the house rules, the computer's level, the host's name."""
    return _open_form()


@bp.post("/")
def open_table() -> Response | BaseResponse:
    """Open a table with the host in the first seat; the others get join links."""
    form = request.form
    values = {key: form.get(key, "") for key in ("name", "family", "preset", "level")}
    errors: dict[str, LazyString | str] = {}
    name = clean_text(values["name"])
    name_error = _name_error(name)
    if name_error:
        errors["name"] = name_error
    if values["family"] not in model.FAMILIES:
        errors["family"] = BAD_CHOICE
    if values["preset"] not in {preset.value for preset in TABLE_PRESETS}:
        errors["preset"] = BAD_CHOICE
    level = values["level"] or players.DEFAULT_LEVEL
    if level not in players.LEVELS:
        errors["level"] = BAD_CHOICE
    if errors:
        return _open_form(errors, values, 400)
    ratelimit.check("hands")
    family = model.family(values["family"])
    secret = storage.new_secret()
    table_id = storage.create(
        family=family.key, preset=values["preset"], level=level, seed=secrets.randbelow(2**62),
        host=name, host_secret=secret, seats=family.seats,
        computers=range(family.people, family.seats), computer_name=gettext("Computer"),
        form_token=web.sent_form_token(),
    )
    _begin_if_full(table_id)
    return _keep_secret(redirect(_table_url(table_id), code=303), table_id, secret)


def _qr(url: str) -> str:
    """Return the QR code of ``url`` as an inline SVG (drawn here: no script, no other server)."""
    return str(segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff",
                                                      omitsize=False))


def _show(loaded: Loaded, *, notice: LazyString | str | None = None, status: int = 200) -> Response:
    """Render the table for the viewer: their own seat view, or what an onlooker may see."""
    security.keep_private()
    table = loaded.table
    mine = table.seat_of(_secret(table.id))
    context: dict[str, Any] = {
        "loaded": loaded,
        "table": table,
        "mine": mine,
        "notice": notice,
        "poll_url": url_for("tables.poll", table_id=table.id, revision=table.revision),
        "table_url": _table_url(table.id),
        "joins": (),
        "standings": None,
        "list_url": None,
        "action_url": url_for("tables.act", table_id=table.id),
        "table_mode": True,
        "htmx_answer": web.is_htmx(),
    }
    if mine is not None and not table.full:
        context["joins"] = tuple(
            (seat, url := url_for("tables.join", table_id=table.id, token=seat.join_token, _external=True), _qr(url))
            for seat in table.seats if not seat.taken
        )
    found = _sheet(loaded)
    if found is not None:
        sheet, stored = found
        # Only people are scored: in Skat for two the computer's column is not a standing.
        context["standings"] = tuple((name, total) for seat, name, total
                                     in zip(table.seats, stored.players, sheet.standings) if not seat.computer)
        context["hands_played"] = len(sheet.rows)
        context["list_url"] = url_for("scoresheet.sheet", token=stored.view_token)
    if loaded.state is not None and mine is not None:
        position = loaded.positions[mine.number]
        if position is not None:
            shown = screen.screen(loaded.state, position, animate=notice is None)
            context.update(
                hand=Hand(table.id, position, table.revision, table.seed),
                screen=shown,
                hint=None,
                hint_asked=False,
                worth=(),
                can_undo=False,
                finished=loaded.state.finished,
                seat_labels=_seat_names(loaded, position),
            )
    if loaded.state is not None:
        to_act = loaded.state.to_act
        context["waiting_for"] = None if to_act is None or loaded.state.finished else loaded.seat_at(to_act)
    code = 200 if web.is_htmx() else status
    return web.render("tables/table.html", "tables/_table.html", status=code, **context)


def _seat_names(loaded: Loaded, viewer: Position) -> tuple[str, str, str]:
    """Name the three positions for the viewer: "you (forehand)", "Anna (middlehand)"."""
    names = []
    for position in Position:
        if position == viewer:
            names.append(phrases.seat_name(position, viewer))
        else:
            # TRANSLATORS: a player at the table and their position, e.g. "Anna (middlehand)".
            names.append(gettext("%(name)s (%(position)s)", name=loaded.seat_at(position).name,
                                 position=words.POSITIONS[position]))
    return names[0], names[1], names[2]


@bp.get("/<id:table_id>")
def table(table_id: str) -> Response:
    """Show the table where it stands, from the viewer's seat."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    return _show(loaded)


@bp.get("/<id:table_id>/news")
def poll(table_id: str) -> Response:
    """Answer "anything new?": 204 while the table is at ``revision``, else the table itself."""
    revision = parse.number_or_none(request.args.get("revision"), digits=9)
    current = storage.revision_of(table_id)
    if current is None:
        return web.error_page(404)
    if revision == current:
        return Response(status=204)
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    return _show(loaded)


@bp.route("/<id:table_id>/join/<id:token>", methods=["GET", "POST"])
def join(table_id: str, token: str) -> Response | BaseResponse:
    """Take a free seat by its link, with a name; a person already seated goes to the table."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    if loaded.table.seat_of(_secret(table_id)) is not None:
        return redirect(_table_url(table_id), code=303)
    seat = next((seat for seat in loaded.table.seats if seat.join_token == token), None)
    if seat is None:
        return web.error_page(404)
    if seat.taken:
        return _join_form(loaded, token, notice=SEAT_TAKEN, status=409)
    if request.method == "GET":
        return _join_form(loaded, token)
    name = clean_text(request.form.get("name", ""))
    error = _name_error(name, tuple(other.name for other in loaded.table.seats if other.taken))
    if error:
        return _join_form(loaded, token, error=error, name=name, status=400)
    secret = storage.new_secret()
    if not storage.take_seat(table_id, token, name=name, secret=secret):
        return _join_form(loaded, token, notice=SEAT_TAKEN, status=409)
    _begin_if_full(table_id)
    return _keep_secret(redirect(_table_url(table_id), code=303), table_id, secret)


def _join_form(loaded: Loaded, token: str, *, notice: LazyString | str | None = None,
               error: LazyString | str | None = None, name: str = "", status: int = 200) -> Response:
    security.keep_private()
    host = loaded.table.seats[0].name
    return web.render("tables/join.html", status=status, loaded=loaded, token=token, notice=notice,
                      error=error, name=name, host=host, max_name=MAX_NAME,
                      open=not any(seat.join_token == token and seat.taken for seat in loaded.table.seats))


def _mover(loaded: Loaded) -> tuple[storage.Seat, Position] | Response:
    """Return the viewer's seat and position, or the refusal (403, 409) of their move."""
    mine = loaded.table.seat_of(_secret(loaded.table.id))
    if mine is None:
        return _show(loaded, notice=NOT_YOURS, status=403)
    revision = parse.number_or_none(request.form.get("revision"), digits=9)
    if revision is None:
        return _show(loaded, notice=BAD_FORM, status=400)
    if revision != loaded.table.revision:
        return _show(loaded, notice=STALE, status=409)
    position = loaded.positions[mine.number]
    if loaded.state is None or position is None:
        return _show(loaded, notice=NOT_YOUR_TURN, status=409)
    return mine, position


@bp.post("/<id:table_id>/act")
def act(table_id: str) -> Response | BaseResponse:
    """Take the viewer's decision, let the computer seats answer, store it if nobody was faster."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mover = _mover(loaded)
    if isinstance(mover, Response):
        return mover
    _, position = mover
    assert loaded.state is not None
    if loaded.state.finished or loaded.state.to_act != position:
        return _show(loaded, notice=NOT_YOUR_TURN, status=409)
    form = request.form.to_dict(flat=False)
    if "discard" in form and len(form["discard"]) != 2:
        return _show(loaded, notice=TWO_CARDS, status=400)
    try:
        action = parse_action(screen.parse_choice(form) or "")
    except ValueError:
        return _show(loaded, notice=words.illegal(Reason.UNKNOWN_ACTION), status=400)
    try:
        state = _advance(loaded, loaded.state.apply(action, by=position), loaded.people(),
                         loaded.table.number)
    except IllegalAction as refusal:
        return _show(loaded, notice=words.illegal(refusal.reason), status=400)
    if not storage.save_hand(table_id, loaded.table.revision, game=str(state)):
        fresh = _load(table_id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    if state.finished:
        _record(loaded, state)
    return redirect(_table_url(table_id), code=303)


@bp.post("/<id:table_id>/next")
def next_hand(table_id: str) -> Response | BaseResponse:
    """Deal the next hand once this one is over; the deal passes on."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mover = _mover(loaded)
    if isinstance(mover, Response):
        return mover
    assert loaded.state is not None
    if not loaded.state.finished:
        return _show(loaded, notice=NOT_OVER, status=409)
    found = _sheet(loaded)
    if found is None:
        return web.error_page(404)
    number = loaded.table.number + 1
    state = _deal(loaded, number, found[0])
    if not storage.save_hand(table_id, loaded.table.revision, game=str(state), number=number):
        fresh = _load(table_id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    return redirect(_table_url(table_id), code=303)
