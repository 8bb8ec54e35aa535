"""The tables' pages: open a table, join a seat by its link, play, poll for news.

Each person's seat is bound to a secret in their browser's cookie (``seat-<table id>``); the
join link of a seat works once. Every page is drawn from the viewer's seat view alone, in the
viewer's language and deck. A move names the table's revision (409 when stale); the "anything
new?" poll answers 204 while the revision is the same.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import Any

from flask import Blueprint, Response, current_app, redirect, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import parse, ratelimit, security, web, words
from webapp.engine import GameState, Position
from webapp.i18n import gettext, lazy_gettext
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
from webapp.tables import seating
from webapp.tables.decide import Refusal, decide
from webapp.tables.seating import STALE
from webapp.text import clean_text

bp = Blueprint("tables", __name__, url_prefix="/<lang:lang>/tables")

TABLE_PRESETS: tuple[Preset, ...] = (Preset.ISKO, Preset.PUB)

BAD_CHOICE: LazyString = lazy_gettext("Choose one of the offered options.")
SEAT_TAKEN: LazyString = lazy_gettext(
    "This seat has been taken: somebody used its link first. Ask the host for another link."
)
NOT_YOUR_TURN: LazyString = lazy_gettext("It is not your turn, so nothing was changed.")
NOT_OVER: LazyString = lazy_gettext("This hand is not over yet.")
HOST_ONLY: LazyString = lazy_gettext("Only the host can do that, so nothing was changed.")
NOT_IDLE: LazyString = lazy_gettext(
    "That seat is not waiting for its player, so nothing was changed: the computer takes over a "
    "seat only when it has been that player's turn for a while."
)
FAMILY_NAMES: dict[str, LazyString] = {
    "three": lazy_gettext("Skat for three: three people"),
    "two": lazy_gettext(
        "Skat for two: two people, the computer in the third seat; it never bids and always plays "
        "with the defender"
    ),
    "four": lazy_gettext("Four at the table: four people; the dealer sits out each hand"),
    "practice": lazy_gettext("Practice: you and two computer players, with hints"),
    "practice-four": lazy_gettext(
        "Practice at a table of four: you and three computer players, with hints; the dealer sits out "
        "each hand"
    ),
}
"""What the open form says of each family."""
IDLE = timedelta(minutes=2)
"""How long a person may keep the table waiting before the host can let the computer play for them
(``TABLE_IDLE_SECONDS`` in the configuration sets another)."""


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
    mark: str
    """The hand as it stands (`seating.hand_mark`): a move's form names it beside the revision."""


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

    def people(self, number: int | None = None) -> tuple[Position, ...]:
        """Return the positions people play in hand ``number`` (the current one by default):
        not the computer seats, nor a seat a computer player holds meanwhile."""
        positions = self.positions if number is None else model.seat_positions(number, self.family.seats)
        return tuple(position for seat, position in zip(self.table.seats, positions)
                     if position is not None and not seat.played_by_computer)

    def seat_at(self, position: Position) -> storage.Seat:
        """Return the seat that holds ``position`` this hand."""
        return self.table.seats[self.positions.index(position)]


def _load(table_id: str) -> Loaded | None:
    table = storage.load(table_id)
    if table is None or table.single or table.family not in model.FAMILIES:
        return None  # a practice hand of /play is served there
    try:
        rules = PRESETS[Preset(table.preset)]
        state = GameState.parse(table.game) if table.game is not None else None
    except ValueError:  # also IllegalAction: a notation the engine no longer accepts
        return None
    return Loaded(table, model.family(table.family), rules, state)


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
    return _advance(loaded, state, loaded.people(number), number)


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
    names = [seat.name for seat in loaded.table.seats[:loaded.family.columns]]
    token = lists.create_list(title="", players=names, rules=loaded.rules.tokens())
    sheet = build(len(names), loaded.rules, ())
    state = _deal(loaded, 0, sheet)
    if storage.begin(table_id, loaded.table.revision, list_token=token, game=str(state)) and state.finished:
        began = _load(table_id)
        assert began is not None
        _record(began, state)  # the person sat out and the computers played it all


def _record(loaded: Loaded, state: GameState, number: int | None = None) -> None:
    """Write finished hand ``number`` (the current one by default) into the table's list (the one
    request that finished it does)."""
    found = _sheet(loaded)
    if found is None:
        return
    _, stored = found
    positions = loaded.positions if number is None else model.seat_positions(number, loaded.family.seats)
    entry = model.entry_for(state, positions)
    lists.add_hand(stored.token, stored.revision, entry_to_fields(entry))


# ----------------------------------------------------------------------------- pages


def _open_form(errors: dict[str, LazyString | str] | None = None, values: dict[str, str] | None = None,
               status: int = 200) -> Response:
    return web.render(
        "tables/open.html",
        status=status,
        families=tuple(model.FAMILIES),
        family_names=FAMILY_NAMES,
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
    name_error = seating.name_error(name)
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
        host=name, host_secret=secret, seats=family.seats, hints=family.people == 1,
        computers=range(family.people, family.seats), computer_name=gettext("Computer"),
        form_token=web.sent_form_token(),
    )
    _begin_if_full(table_id)
    return seating.keep_secret(redirect(_table_url(table_id), code=303), table_id, secret)


def _show(loaded: Loaded, *, notice: LazyString | str | None = None, status: int = 200,
          hint: bool = False) -> Response:
    """Render the table for the viewer: their own seat view, or what an onlooker may see.

    ``hint``: the viewer asked the coach (given only where the host allows hints).
    """
    security.keep_private()
    table = loaded.table
    mine = table.seat_of(seating.secret(table.id))
    host = mine is not None and mine.number == 0
    idle = _idle_seat(loaded) if host else None
    context: dict[str, Any] = {
        "host": host,
        "messages": tuple(seat for seat in table.seats if seat.message and seat != mine),
        "max_message": storage.MESSAGE_LENGTH,
        "idle": idle,
        "loaded": loaded,
        "table": table,
        "mine": mine,
        "notice": notice,
        "poll_url": url_for("tables.poll", table_id=table.id, revision=table.revision,
                            wake=_idle_from(loaded) if host and idle is None else None),
        "table_url": _table_url(table.id),
        "joins": (),
        "standings": None,
        "list_url": None,
        "action_url": url_for("tables.act", table_id=table.id),
        "table_mode": True,
        "htmx_answer": web.is_htmx(),
    }
    if mine is not None and not table.full:
        context["joins"] = seating.join_links(table)
    found = _sheet(loaded)
    if found is not None:
        sheet, stored = found
        context["standings"] = tuple(zip(stored.players, sheet.standings))
        context["hands_played"] = len(sheet.rows)
        context["list_url"] = url_for("scoresheet.sheet", token=stored.view_token)
    if loaded.state is not None and mine is not None:
        position = loaded.positions[mine.number]
        context["sitting_out"] = position is None  # the dealer at a four-table
        context["hand_over"] = loaded.state.finished
        if position is not None:
            shown = screen.screen(loaded.state, position, animate=notice is None and not hint)
            allowed = table.hints and shown.your_turn and not mine.standin
            advice = None
            if allowed and hint:
                seed = model.move_seed(model.hand_seed(table.seed, table.number), len(loaded.state.actions))
                advice = players.hint(shown.view, seed=seed)
            context.update(
                hand=Hand(table.id, position, table.revision, table.seed, seating.hand_mark(table.game)),
                screen=shown,
                hint=advice,
                hint_asked=allowed and hint,
                hint_url=url_for("tables.table", table_id=table.id, hint=1) if allowed else None,
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


def _idle_time() -> timedelta:
    seconds = current_app.config.get("TABLE_IDLE_SECONDS")
    return IDLE if seconds is None else timedelta(seconds=seconds)


def _waiting_for(loaded: Loaded) -> storage.Seat | None:
    """Return the seat of the person the table waits for, if it waits for a person."""
    state = loaded.state
    if state is None or state.finished or state.to_act is None:
        return None
    seat = loaded.seat_at(state.to_act)
    return None if seat.played_by_computer else seat


def _idle_seat(loaded: Loaded) -> storage.Seat | None:
    """Return the person's seat that has kept the table waiting for `IDLE`, if there is one."""
    seat = _waiting_for(loaded)
    if seat is None or loaded.table.quiet_for(datetime.now(timezone.utc)) < _idle_time():
        return None
    return seat


def _idle_from(loaded: Loaded) -> int | None:
    """Return when (seconds since 1970) the person the table waits for (not the host) will have
    kept it waiting for `IDLE` (for a table not idle yet): the host's poll asks for the table again
    then, so that the offer to let the computer play appears without a reload."""
    seat, since = _waiting_for(loaded), loaded.table.quiet_since()
    if seat is None or since is None or seat.number == 0:
        return None
    return math.ceil((since + _idle_time()).timestamp())


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
    return seating.page(_load(table_id), _show)


@bp.get("/<id:table_id>/news")
def poll(table_id: str) -> Response:
    """Answer "anything new?": 204 while the table is at ``revision``, else the table itself."""
    return seating.news(table_id, _load, _show)


@bp.route("/<id:table_id>/join/<id:token>", methods=["GET", "POST"])
def join(table_id: str, token: str) -> Response | BaseResponse:
    """Take a free seat by its link, with a name; a person already seated goes to the table."""
    table = storage.load(table_id)  # a table of any family: Lieutenant Skat's seats join here too
    if table is None or table.single or (table.family not in model.FAMILIES
                                         and table.family != model.LIEUTENANT.key):
        return web.error_page(404)
    url = (url_for("tables.lieutenant_table", table_id=table_id) if table.family == model.LIEUTENANT.key
           else _table_url(table_id))
    if table.seat_of(seating.secret(table_id)) is not None:
        return redirect(url, code=303)
    seat = next((seat for seat in table.seats if seat.join_token == token), None)
    if seat is None:
        return web.error_page(404)
    if seat.taken:
        return _join_form(table, token, notice=SEAT_TAKEN, status=409)
    if request.method == "GET":
        return _join_form(table, token)
    name = clean_text(request.form.get("name", ""))
    error = seating.name_error(name, tuple(other.name for other in table.seats if other.taken))
    if error:
        return _join_form(table, token, error=error, name=name, status=400)
    secret = storage.new_secret()
    if not storage.take_seat(table_id, token, name=name, secret=secret):
        return _join_form(table, token, notice=SEAT_TAKEN, status=409)
    _begin_if_full(table_id)
    return seating.keep_secret(redirect(url, code=303), table_id, secret)


def _join_form(table: storage.Table, token: str, *, notice: LazyString | str | None = None,
               error: LazyString | str | None = None, name: str = "", status: int = 200) -> Response:
    security.keep_private()
    host = table.seats[0].name
    return web.render("tables/join.html", status=status, table=table, token=token, notice=notice,
                      error=error, name=name, host=host, max_name=MAX_NAME,
                      messages=tuple(seat for seat in table.seats if seat.message),
                      lieutenant=table.family == model.LIEUTENANT.key,
                      open=not any(seat.join_token == token and seat.taken for seat in table.seats))


def _member(loaded: Loaded, *, move: bool = False, words: bool = False) -> storage.Seat | Response:
    """Return the viewer's seat, or the refusal (403, 400, 409) of their form (a ``move``, a form
    of ``words`` only: see `seating.form_refusal`)."""
    mine = loaded.table.seat_of(seating.secret(loaded.table.id))
    refused = seating.form_refusal(mine is not None, loaded.table.revision,
                                   loaded.table.game if move else None, words=words)
    if refused is not None:
        return _show(loaded, notice=refused.notice, status=refused.status)
    assert mine is not None  # a form without a seat is refused
    return mine


def _member_of(table_id: str, *, words: bool = False) -> tuple[Loaded, storage.Seat] | Response:
    """Return the table and the viewer's seat for a form they sent, or the refusal (404, 403, …;
    a form of ``words`` only: see `seating.form_refusal`)."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mine = _member(loaded, words=words)
    return mine if isinstance(mine, Response) else (loaded, mine)


def _host_of(table_id: str) -> Loaded | Response:
    """Return the table for a form its host sent, or the refusal (403 for anybody else)."""
    found = _member_of(table_id)
    if isinstance(found, Response):
        return found
    loaded, mine = found
    return loaded if mine.number == 0 else _show(loaded, notice=HOST_ONLY, status=403)


def _mover(loaded: Loaded) -> tuple[storage.Seat, Position] | Response:
    """Return the viewer's seat and position, or the refusal (403, 409) of their move."""
    mine = _member(loaded, move=True)
    if isinstance(mine, Response):
        return mine
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
    state = decide(request.form.to_dict(flat=False), loaded.state, position,
                   lambda after: _advance(loaded, after, loaded.people(), loaded.table.number))
    if isinstance(state, Refusal):
        return _show(loaded, notice=state.notice, status=state.status)
    game = str(state)
    if not storage.save_hand(table_id, loaded.table.revision, game=game):
        fresh = _load(table_id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    if state.finished:
        _record(loaded, state)
    # The table as just stored (the one UPDATE raised the revision by one): no second read.
    stored = replace(loaded.table, revision=loaded.table.revision + 1, game=game,
                     updated_at=datetime.now(timezone.utc))
    return _after(table_id, replace(loaded, table=stored, state=state))


@bp.post("/<id:table_id>/next")
def next_hand(table_id: str) -> Response | BaseResponse:
    """Deal the next hand once this one is over; the deal passes on."""
    loaded = _load(table_id)
    if loaded is None:
        return web.error_page(404)
    mine = _member(loaded)  # any seated person deals on, the dealer who sat out too
    if isinstance(mine, Response):
        return mine
    if loaded.state is None or not loaded.state.finished:
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
    if state.finished:  # the computers played it all: the person sat out
        _record(loaded, state, number)
    return _after(table_id)


def _after(table_id: str, known: Loaded | None = None) -> BaseResponse:
    """Show the table after the viewer's change: at once for htmx (one round trip), by
    POST-redirect-GET without JavaScript; ``known`` is the table as the change left it."""
    def fresh() -> BaseResponse:
        loaded = known or _load(table_id)
        return web.error_page(404) if loaded is None else _show(loaded)
    return web.after_change(_table_url(table_id), fresh)


def _changed(loaded: Loaded, done: bool) -> Response | BaseResponse:
    """Go back to the table after a change; if another change came first, show it (409)."""
    if not done:
        fresh = _load(loaded.table.id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    return _after(loaded.table.id)


@bp.post("/<id:table_id>/hints")
def hints(table_id: str) -> Response | BaseResponse:
    """Let the host allow hints for every seat (a teaching evening), or stop them."""
    loaded = _host_of(table_id)
    if isinstance(loaded, Response):
        return loaded
    allow = request.form.get("allow", "")
    if allow not in ("", "1"):
        return _show(loaded, notice=BAD_CHOICE, status=400)
    return _changed(loaded, storage.allow_hints(table_id, loaded.table.revision, allow == "1"))


@bp.post("/<id:table_id>/message")
def message(table_id: str) -> Response | BaseResponse:
    """Set the viewer's one-line message to the table (plain text; empty takes it back), even
    if the table moved on since their page was drawn."""
    found = _member_of(table_id, words=True)
    if isinstance(found, Response):
        return found
    loaded, mine = found
    too_long = seating.say(table_id, mine.number)
    return _after(table_id) if too_long is None else _show(loaded, notice=too_long, status=400)


@bp.post("/<id:table_id>/stand-in")
def stand_in(table_id: str) -> Response | BaseResponse:
    """Let the host hand the seat that keeps the table waiting to a computer player."""
    loaded = _host_of(table_id)
    if isinstance(loaded, Response):
        return loaded
    idle = _idle_seat(loaded)
    number = parse.number_or_none(request.form.get("seat"), digits=1)
    if idle is None or number != idle.number:
        return _show(loaded, notice=NOT_IDLE, status=409)
    assert loaded.state is not None
    seats = tuple(replace(seat, standin=True) if seat.number == number else seat for seat in loaded.table.seats)
    handed = replace(loaded, table=replace(loaded.table, seats=seats))
    state = _advance(handed, loaded.state, handed.people(), loaded.table.number)
    done = storage.stand_in(table_id, loaded.table.revision, number, standin=True, game=str(state))
    if done and state.finished:
        _record(loaded, state)
    return _changed(loaded, done)


@bp.post("/<id:table_id>/back")
def take_back(table_id: str) -> Response | BaseResponse:
    """Give the viewer their seat back from the computer player that held it meanwhile."""
    found = _member_of(table_id)
    if isinstance(found, Response):
        return found
    loaded, mine = found
    if not mine.standin:
        return redirect(_table_url(table_id), code=303)
    return _changed(loaded, storage.stand_in(table_id, loaded.table.revision, mine.number, standin=False))
