"""The scoresheet's pages: my lists, a new list, the sheet with its entry form, edit, undo, files.

Each view parses the request, asks `sheet` (the list logic) and `webapp.storage.scoresheet`
(the database), and renders. Every change is a POST that carries the list's revision; a stale
one is refused with the current sheet shown.

A list opens by either of its keys at the same addresses: its token (to keep it) or its view
token (to read it: the sheet, the print view, the file, the chart). Opened by its view token,
every page is drawn from the view token alone, so it cannot show the token; a change (or the
page to change a hand) is refused with the sheet shown as it is (`_to_keep`).

What the sheet shows of its hands (their rows, the totals, the chart, the rounds to come) grows
with them: it is drawn once per revision of the list, language, deck and key (`Drawn`) and kept
in the database (`store.keep_page`); a view of a list that has not changed reads it back with
the list in one query and works nothing out (`_opened`).
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import Response, abort, current_app, flash, get_flashed_messages, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from webapp import ROOT, parse, ratelimit, security, web
from webapp.engine import BID_VALUES, BockTrigger, GameType
from webapp.engine.game import Phase
from webapp.i18n import current_locale, gettext, pgettext
from webapp.scoresheet import bp, words
from webapp.scoresheet.chart import chart
from webapp.scoresheet.forms import Form, NewList, entry_values, read_new_list, rules_form
from webapp.scoresheet.sheet import (
    MAX_NAME,
    MAX_TITLE,
    PRESETS,
    BockAdded,
    Entry,
    EntryError,
    Game,
    HouseRules,
    Issue,
    Preset,
    RoundKind,
    Sheet,
    Slot,
    build,
    check,
    entry_from_fields,
    entry_to_fields,
    hand_index,
    seats_at,
)
from webapp.scoresheet.transfer import FileError, read, write
from webapp.storage import scoresheet as store
from webapp.words import PHASES

LISTS_COOKIE = "scoresheet_lists"
REMEMBERED = 40  # lists a browser keeps in its cookie
GAME_ORDER = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND,
              GameType.NULL)
KINDS = ("game", "ramsch", "passed")


@dataclass(frozen=True)
class Opened:
    """A stored list opened by one of its keys, with its house rules: what a page shows around the hands."""

    stored: store.ListHead
    rules: HouseRules

    @property
    def names(self) -> tuple[str, ...]:
        """Return the players' names, seat by seat: the list's columns."""
        return self.stored.players

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Return the name at each seat of the table: at Skat for two the third is the computer."""
        return self.names + (gettext("Computer"),) * (seats_at(len(self.names)) - len(self.names))


@dataclass(frozen=True)
class Loaded(Opened):
    """A stored list with its entries and the sheet derived from them."""

    stored: store.StoredList
    entries: tuple[Entry, ...]
    sheet: Sheet


@dataclass(frozen=True)
class Drawn:
    """What the sheet page shows of the hands, drawn from the worked-out list: kept per revision.

    ``next`` is the slot of the hand to enter; the rest is HTML and text in the page's
    language and deck (``last_row``: the row of the last hand, which a hand added appends).
    """

    next: Slot
    totals: Markup
    table: Markup
    last_row: Markup
    chart: Markup
    upcoming: list[str]
    undo_label: str

    def parts(self) -> dict[str, object]:
        """Return what `store.keep_page` keeps (JSON)."""
        return {"next": [self.next.number, self.next.round.value], "totals": str(self.totals),
                "table": str(self.table), "last_row": str(self.last_row), "chart": str(self.chart),
                "upcoming": self.upcoming,
                "undo_label": self.undo_label}

    @classmethod
    def from_parts(cls, parts: dict[str, Any], players: int) -> Drawn:
        """Return the page kept as ``parts`` (by `parts`) of a list of ``players``."""
        number, kind = parts["next"]
        return cls(next=Slot(number, seats_at(players), RoundKind(kind)), totals=Markup(parts["totals"]),
                   table=Markup(parts["table"]), last_row=Markup(parts["last_row"]), chart=Markup(parts["chart"]),
                   upcoming=list(parts["upcoming"]),
                   undo_label=parts["undo_label"])


@functools.cache
def _code_version() -> str:
    """Return a hash of the code, templates and catalogs that draw a page (once per process).

    It is part of a kept page's key: after an upgrade, pages are drawn again by the new code.
    """
    digest = hashlib.blake2b(digest_size=8)
    for pattern in ("webapp/**/*.py", "templates/**/*.html", "translations/*/LC_MESSAGES/*.mo"):
        for path in sorted(ROOT.glob(pattern)):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _page_key() -> str:
    """Return the key of the page drawn for this request: its language, deck and the code's version."""
    return f"{current_locale()}/{web.current_deck().slug}/{_code_version()}"


def _load(token: str) -> Loaded:
    stored = store.load_list(token)
    if stored is None:
        abort(404)
    rules = HouseRules.from_tokens(stored.rules)
    players = len(stored.players)
    entries = tuple(entry_from_fields(fields, players=players) for fields in stored.hands)
    return Loaded(stored, rules, entries, build(players, rules, entries))


def _opened(token: str) -> tuple[Opened, Drawn]:
    """Open the list with its page as kept at its revision; work it out and draw it if none is kept."""
    found = store.load_page(token, _page_key())
    if found is None:
        abort(404)
    head, parts = found
    if parts is None:
        loaded = _load(token)
        return loaded, _drawn(loaded)
    return Opened(head, HouseRules.from_tokens(head.rules)), Drawn.from_parts(parts, len(head.players))


def _drawn(loaded: Loaded) -> Drawn:
    """Draw what the sheet shows of the list's hands and keep it for its revision."""
    context = _drawing_context(loaded, words.Phrases(web.current_deck()))
    drawn = Drawn(
        next=loaded.sheet.next,
        totals=Markup(render_template("scoresheet/_totals.html", **context)),
        table=Markup(render_template("scoresheet/_table.html", **context)),
        last_row=Markup(render_template("scoresheet/_last_row.html", **context)),
        chart=Markup(render_template("scoresheet/_chart.html", **context)),
        upcoming=context["upcoming"],
        undo_label=context["undo_label"],
    )
    store.keep_page(loaded.stored.token, loaded.stored.revision, _page_key(), drawn.parts())
    return drawn


def _to_keep(token: str) -> Loaded:
    """Load the list to change it: opened by its view token, the change is refused (403)."""
    loaded = _load(token)
    if not loaded.stored.editable:
        notice = gettext("This is the list's read-only link: it shows the list but cannot change it. "
                         "Nothing was changed. To enter hands, open the list with its edit link.")
        abort(_sheet(loaded, status=200 if web.is_htmx() else 403, notice=notice))
    return loaded


def _my_lists() -> list[store.Summary]:
    """Return the lists this browser made; the page that shows them carries their keys."""
    security.keep_private()
    return store.summaries(_known_tokens())


def _my_seasons() -> list[tuple[str, str, int, Any]]:
    from webapp.scoresheet.season_views import my_seasons

    return my_seasons()


def _known_tokens() -> list[str]:
    return [token for token in request.cookies.get(LISTS_COOKIE, "").split(".") if token][:REMEMBERED]


def _remember(response: BaseResponse, tokens: list[str]) -> BaseResponse:
    return _remember_cookie(response, LISTS_COOKIE, tokens)


def _remember_cookie(response: BaseResponse, name: str, tokens: list[str]) -> BaseResponse:
    """Keep ``tokens`` (lists or seasons this browser made) in the cookie ``name``."""
    from flask import current_app

    response.set_cookie(
        name,
        ".".join(tokens[:REMEMBERED]),
        max_age=current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response


def _revision() -> int | None:
    """Return the list revision the form was made on (None if it names none: stale)."""
    return parse.number_or_none(request.form.get("revision"), digits=9)


def _kinds(slot: Slot, rules: HouseRules) -> list[str]:
    """Return what may be entered for a hand in ``slot``: game, ramsch, passed."""
    if slot.round is RoundKind.RAMSCH:
        return ["ramsch", "game"] if rules.ramsch_grand_hand else ["ramsch"]
    return ["game", "ramsch" if rules.ramsch_passed_in else "passed"]


def _entry_form(loaded: Opened, slot: Slot, *, values: dict[str, str] | None = None,
                issue: Issue | None = None, number: int | None = None) -> dict[str, Any]:
    """Describe the entry form for ``slot``: its values, kinds, error and focus."""
    kinds = _kinds(slot, loaded.rules)
    values = dict(values or {})
    if values.get("kind") in KINDS and values["kind"] not in kinds:
        kinds.append(values["kind"])  # an edited hand that no longer fits keeps its kind shown
    values.setdefault("kind", kinds[0])
    if slot.round is RoundKind.RAMSCH and values["kind"] == "game":
        values["game"], values["hand"] = "grand", "1"
    first_points = f"points_{slot.seats[0] + 1}"
    focus = issue.field if issue else ("declarer" if values["kind"] == "game" else first_points)
    if focus == "ramsch":
        focus = first_points
    form = Form(values)
    error = words.issue_text(issue, loaded.rules) if issue else ""
    return {
        "slot": slot,
        "kinds": kinds,
        "kind_labels": _kind_labels(slot),
        "shown": _shown_fields(slot, loaded.rules),
        "form": form,
        "issue": issue,
        "error": error,
        "focus": focus,
        "marks": Marks(form, issue, error, focus),
        "number": number,
        "action": url_for(".edit_hand", token=loaded.stored.token, number=number) if number
        else url_for(".add_hand", token=loaded.stored.token),
    }


@dataclass(frozen=True, slots=True)
class Marks:
    """What the entry form writes into a field's tag and after it: checked, invalid, autofocus, the error.

    The template's ``error_for``, ``state`` and ``checked``, in Python: the form asks for them
    dozens of times.
    """

    form: Form
    issue: Issue | None
    error: str
    focus: str

    def error_for(self, name: str) -> Markup:
        """Return the error shown after field ``name``, if the problem is there."""
        if self.issue is None or self.issue.field != name:
            return Markup("")
        return Markup('<p class="field__error" id="error-%s">%s</p>') % (name, self.error)

    def state(self, name: str, first: bool = True) -> Markup:
        """Return the attributes of field ``name``: invalid (pointing at its error) and autofocus."""
        text = Markup("")
        if self.issue is not None and self.issue.field == name:
            text = Markup(' aria-invalid="true" aria-describedby="error-%s"') % name
        if first and self.focus == name:
            text += Markup(" autofocus")
        return text

    def checked(self, name: str, value: str) -> Markup:
        """Return `` checked`` if field ``name`` was sent with ``value``."""
        return Markup(" checked") if self.form.get(name) == value else Markup("")


def _kind_labels(slot: Slot) -> dict[str, str]:
    game = gettext("A Grand Hand instead") if slot.round is RoundKind.RAMSCH else gettext("A game")
    return {"game": game, "ramsch": pgettext("game", "Ramsch"), "passed": str(PHASES[Phase.PASSED_IN])}


def _shown_fields(slot: Slot, rules: HouseRules) -> set[str]:
    """Return the fields whose problems the entry form shows beside them."""
    shown = {"kind", "declarer", "schneider_announced", "schwarz_announced", "ouvert", "matadors",
             "points", "tricks", "durchmarsch", "ramsch"}
    shown |= {f"{name}_{seat + 1}" for seat in slot.seats for name in ("points", "jungfrau")}
    if slot.round is not RoundKind.RAMSCH:
        shown |= {"bid", "game", "hand", "null_result"} | ({"kontra", "re"} if rules.kontra else set())
    if rules.schieberamsch:
        shown.add("pushes")
    return shown


def _rows(loaded: Loaded, phrases: words.Phrases) -> list[dict[str, Any]]:
    """Describe each hand of the sheet for the table: reading, each player's cell, issues."""
    names = loaded.names
    hands_url = url_for(".add_hand", token=loaded.stored.token)  # a hand's page is hands_url/<number>
    seeger = loaded.rules.seeger_fabian
    signed = phrases.signed
    triggers = {trigger: str(words.TRIGGER_SHORT[trigger]) for trigger in BockTrigger}  # each looked up once
    added = str(words.ADDED_SHORT)
    rows = []
    for row in loaded.sheet.rows:
        issues = [words.issue_text(issue, loaded.rules) for issue in row.issues]
        if row.invalid is not None:
            issues.append(words.issue_text(row.invalid, loaded.rules))
        standing = row.seeger_fabian_totals if seeger else row.totals
        delta = row.seeger_fabian if seeger else row.scores
        slot = row.slot
        out = slot.sitting_out
        rows.append({
            "row": row,
            "dealer": loaded.seat_names[slot.dealer],
            "declarer": names[row.entry.declarer] if isinstance(row.entry, Game) else "",
            "reading": phrases.reading(row, names),
            "cells": [(signed(total), signed(change) if change else "", seat == out)
                      for seat, (total, change) in enumerate(zip(standing, delta))],
            "triggers": [triggers[trigger] for trigger in row.triggers]
            + ([str(words.TWO_ROUNDS_SHORT)] if row.two_rounds else [])
            + [added] * row.added_bock,
            "issues": issues,
            "change": phrases.text["change"] % {"number": slot.number},
            "edit": f"{hands_url}/{slot.number}",
        })
    return rows


def _undo_label(change: store.Change | None) -> str:
    if change is None:
        return ""
    if change.action is store.Action.ADD:
        return gettext("Undo: entering hand %(number)s", number=change.number)
    if change.action is store.Action.EDIT:
        return gettext("Undo: the change to hand %(number)s", number=change.number)
    if change.action is store.Action.BOCK:
        return gettext("Undo: the added Bock round")
    return gettext("Undo: deleting hand %(number)s", number=change.number)


def _form_context(loaded: Opened, phrases: words.Phrases) -> dict[str, Any]:
    """Return what every page of a list shows around the entry form (the hand form shows only this)."""
    return {
        "htmx": web.is_htmx(),
        "editable": loaded.stored.editable,
        "saved": False,
        "token": loaded.stored.token,
        "title": loaded.stored.title or gettext("List of %(players)s", players=", ".join(loaded.names)),
        "names": loaded.names,
        "rules": loaded.rules,
        "revision": loaded.stored.revision,
        "messages": get_flashed_messages(),
        "bid_values": BID_VALUES,
        "game_names": {game.value: phrases.games[game] for game in GAME_ORDER},
    }


def _drawing_context(loaded: Loaded, phrases: words.Phrases) -> dict[str, Any]:
    """Return what the hands, totals and chart are drawn from (``scoresheet/_table.html`` and others)."""
    sheet = loaded.sheet
    standings = [tuple(0 for _ in loaded.names)] + [
        row.seeger_fabian_totals if loaded.rules.seeger_fabian else row.totals for row in sheet.rows
    ]
    return {
        "editable": loaded.stored.editable,
        "names": loaded.names,
        "rules": loaded.rules,
        "sheet": sheet,
        "rows": _rows(loaded, phrases),
        "upcoming": words.upcoming(sheet.rounds),
        "undo_label": _undo_label(loaded.stored.last_change),
        "chart": chart(standings) if sheet.rows else None,
    }


def _context(loaded: Loaded, **extra: Any) -> dict[str, Any]:
    """Return what the print view shows: the form's context, the hands, totals and chart."""
    phrases = words.Phrases(web.current_deck())
    context = _form_context(loaded, phrases)
    context.update(_drawing_context(loaded, phrases))
    context["rule_lines"] = rule_lines(loaded.rules, loaded.names)
    context.update(extra)
    return context


def _sheet(loaded: Loaded, **shown: Any) -> Response:
    """Render the sheet page of a list worked out (a refused or stale change); see `_show`."""
    return _show(loaded, _drawn(loaded), **shown)


def _show(opened: Opened, drawn: Drawn, *, status: int = 200, form: dict[str, Any] | None = None,
          notice: str = "", saved: bool = False) -> Response:
    """Render the sheet page (or, for htmx, its swap region); read-only, it has no entry form."""
    context = _sheet_context(opened, drawn, form=form, notice=notice, saved=saved)
    return web.render("scoresheet/sheet.html", "scoresheet/_sheet.html", status=status, **context)


def _sheet_context(opened: Opened, drawn: Drawn, *, form: dict[str, Any] | None = None,
                   notice: str = "", saved: bool = False) -> dict[str, Any]:
    """Return what the sheet page shows: the list, its hands as drawn, the entry form and the links."""
    entry = form or (_entry_form(opened, drawn.next) if opened.stored.editable else None)
    links = _links(opened)
    context = _form_context(opened, words.Phrases(web.current_deck()))
    context.update(rule_lines=rule_lines(opened.rules, opened.names), drawn=drawn, entry=entry,
                   notice=notice, saved=saved, links=links, qr_codes=_qr_codes(links))
    return context


def _links(loaded: Opened) -> dict[str, str]:
    """Return the list's links to share: the edit link only to whoever opened the list by it."""
    links = {"view": url_for(".sheet", token=loaded.stored.view_token, _external=True)}
    if loaded.stored.editable:
        links["edit"] = url_for(".sheet", token=loaded.stored.token, _external=True)
    return links


def _qr_codes(links: dict[str, str]) -> dict[str, Markup]:
    """Return a QR code per link to share, to open it on a phone."""
    titles = {"edit": gettext("QR code of the edit link"), "view": gettext("QR code of the read-only link")}
    return {name: web.qr_svg(url, title=titles[name], svgclass="share__qr") for name, url in links.items()}


def _refused_status() -> int:
    """Return the status of a refused change: htmx swaps only a 200, a browser shows any."""
    return 200 if web.is_htmx() else 422


def _stale(loaded: Loaded, values: dict[str, str] | None = None) -> Response:
    notice = gettext(
        "This list was changed in another window or by another player. Here it is as it stands now; "
        "nothing was saved. Check the hands, then enter yours again."
    )
    form = _entry_form(loaded, loaded.sheet.next, values=values)
    return _sheet(loaded, status=200 if web.is_htmx() else 409, form=form, notice=notice)


def _saved(loaded: Loaded, message: str, anchor: str = "entry", *, added: bool = False) -> BaseResponse:
    """Answer a change that was saved: the fresh sheet at once for htmx, else a redirect (PRG).

    A hand ``added`` to a sheet that had hands answers htmx with what changed alone (`_added`).
    """
    token = loaded.stored.token
    if not web.is_htmx():
        flash(message)

    def fresh() -> BaseResponse:
        opened, drawn = _opened(token)
        if added and loaded.sheet.rows and opened.stored.revision == loaded.stored.revision + 1:
            return _added(opened, drawn, message)
        return _show(opened, drawn, notice=message, saved=True)

    return web.after_change(url_for(".sheet", token=token, _anchor=anchor), fresh)


def _added(opened: Opened, drawn: Drawn, message: str) -> Response:
    """Answer htmx for a hand added: its row, the standings, the next hand's form, notices and chart.

    The page it was added on shows the sheet one revision before: the rows of the hands before
    stay as they are (a hand changes nothing before it), so they are not sent again.
    """
    context = _form_context(opened, words.Phrases(web.current_deck()))
    context.update(rule_lines=rule_lines(opened.rules, opened.names), drawn=drawn, notice=message, saved=True,
                   entry=_entry_form(opened, drawn.next))
    response = current_app.make_response(render_template("scoresheet/_hand_added.html", **context))
    response.headers["HX-Retarget"] = "#sheet-standings"
    response.headers["HX-Reswap"] = "outerHTML"
    return response


@bp.get("/")
def index() -> BaseResponse:
    """Show the lists this browser made, and how to start or import one."""
    return web.render("scoresheet/index.html", lists=_my_lists(), seasons=_my_seasons(), import_error="")


@bp.route("/new", methods=["GET", "POST"])
def new_list() -> BaseResponse:
    """Ask for the players and the house rules; create the list."""
    if request.method == "GET":
        return web.render("scoresheet/new.html", **_new_context(rules_form(PRESETS[Preset.PUB]), None))
    form = Form(request.form.to_dict(), {"bock": request.form.getlist("bock")})
    try:
        wanted: NewList = read_new_list(request.form.to_dict(), request.form.getlist("bock"))
    except EntryError as error:
        return web.render("scoresheet/new.html", status=422, **_new_context(form, error.issue))
    ratelimit.check("lists")
    token = store.create_list(title=wanted.title, players=wanted.players, rules=wanted.rules.tokens(),
                              form_token=web.sent_form_token())
    response = redirect(url_for(".sheet", token=token), code=303)
    return _remember(response, [token, *_known_tokens()])


def _new_context(form: Form, issue: Issue | None) -> dict[str, Any]:
    return {
        "form": form,
        "issue": issue,
        "error": words.issue_text(issue, HouseRules()) if issue else "",
        "presets": words.PRESETS,
        "preset_help": words.PRESET_HELP,
        "rule_labels": words.RULE_LABELS,
        "rule_help": words.RULE_HELP,
        "triggers": [(trigger.value, words.TRIGGERS[trigger]) for trigger in BockTrigger],
        "two_rounds": words.TWO_ROUNDS,
        "max_name": MAX_NAME,
        "max_title": MAX_TITLE,
        "preset_tokens": {preset.value: " ".join(rules.tokens()) for preset, rules in PRESETS.items()},
    }


@bp.post("/import")
def import_list() -> BaseResponse:
    """Create a list from a CSV file saved by Kiebitz (or written by hand in its format)."""
    upload = request.files.get("file")
    data = upload.read() if upload else b""
    try:
        listing = read(data, words.file_vocabulary())
    except FileError as error:
        text = words.file_error_text(error, HouseRules())
        return web.render("scoresheet/index.html", status=422, lists=_my_lists(), seasons=_my_seasons(),
                          import_error=text)
    ratelimit.check("lists")
    token = store.create_list(title=listing.title, players=listing.players,
                              rules=listing.rules.tokens(), hands=listing.hands,
                              form_token=web.sent_form_token())
    flash(gettext("The list was read from the file."))
    response = redirect(url_for(".sheet", token=token), code=303)
    return _remember(response, [token, *_known_tokens()])


@bp.get("/<id:token>")
def sheet(token: str) -> BaseResponse:
    """Show the list: the entry form for the next hand, the hands, the totals and the chart.

    A list changes only by raising its revision, so its page at a revision (with the notices
    flashed to this visitor) is drawn once and kept: a view of an unchanged list reads the
    list's head alone. Should a change land between the two reads, the page drawn is the
    newer one, as anyone asks for a moment later.
    """
    head = store.load_head(token)
    if head is None:
        abort(404)
    return web.render("scoresheet/sheet.html", "scoresheet/_sheet.html",
                      kept=(head.revision, tuple(get_flashed_messages())),
                      draw=lambda: _sheet_context(*_opened(token)))


@bp.post("/<id:token>/hands")
def add_hand(token: str) -> BaseResponse:
    """Enter the next hand: checked, then committed at once; or shown again with the problem."""
    loaded = _to_keep(token)
    values = entry_values(request.form, len(loaded.names))
    if _revision() != loaded.stored.revision:
        return _stale(loaded, values)
    slot = loaded.sheet.next
    try:
        entry = entry_from_fields(values, players=len(loaded.names))
        check(len(loaded.names), loaded.rules, loaded.entries, entry)
    except EntryError as error:
        form = _entry_form(loaded, slot, values=values, issue=error.issue)
        return _sheet(loaded, status=_refused_status(), form=form)
    try:
        store.add_hand(token, loaded.stored.revision, entry_to_fields(entry))
    except store.Stale:
        return _stale(_load(token), values)
    return _saved(loaded, gettext("Hand %(number)s entered.", number=slot.number), added=True)


def _hand_slot(loaded: Loaded, number: int) -> Slot:
    if not 1 <= number <= len(loaded.sheet.rows):  # hands only: an added Bock round has no number
        abort(404)
    return loaded.sheet.rows[number - 1].slot


@bp.route("/<id:token>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(token: str, number: int) -> BaseResponse:
    """Change a hand that was entered; everything after it is worked out again."""
    loaded = _to_keep(token)
    slot = _hand_slot(loaded, number)
    if request.method == "GET":
        values = entry_to_fields(loaded.entries[hand_index(loaded.entries, number)])
        return _edit_page(loaded, _entry_form(loaded, slot, values=values, number=number))
    values = entry_values(request.form, len(loaded.names))
    if _revision() != loaded.stored.revision:
        return _stale(loaded)
    try:
        entry = entry_from_fields(values, players=len(loaded.names))
        check(len(loaded.names), loaded.rules, loaded.entries, entry, at=hand_index(loaded.entries, number))
    except EntryError as error:
        form = _entry_form(loaded, slot, values=values, issue=error.issue, number=number)
        return _edit_page(loaded, form, status=422)
    try:
        store.edit_hand(token, loaded.stored.revision, number, entry_to_fields(entry))
    except (store.Stale, store.NoSuchHand):
        return _stale(_load(token))
    return _saved(loaded, gettext("Hand %(number)s changed; the list was worked out again.", number=number),
                  anchor=f"hand-{number}")


def _edit_page(loaded: Loaded, form: dict[str, Any], status: int = 200) -> Response:
    """Render the hand form: it shows none of the hands, totals or chart, so they are not worked out."""
    context = _form_context(loaded, words.Phrases(web.current_deck()))
    return web.render("scoresheet/edit.html", status=status, entry=form, **context)


@bp.post("/<id:token>/hands/<int:number>/delete")
def delete_hand(token: str, number: int) -> BaseResponse:
    """Delete a hand; the hands after it move up, and undo brings it back."""
    loaded = _to_keep(token)
    _hand_slot(loaded, number)
    if _revision() != loaded.stored.revision:
        return _stale(loaded)
    try:
        store.delete_hand(token, loaded.stored.revision, number)
    except (store.Stale, store.NoSuchHand):
        return _stale(_load(token))
    return _saved(loaded, gettext("Hand %(number)s deleted. Undo brings it back.", number=number))


@bp.post("/<id:token>/bock")
def add_bock(token: str) -> BaseResponse:
    """Add one more Bock round, queued after the rounds to come (undo takes it back)."""
    loaded = _to_keep(token)
    if _revision() != loaded.stored.revision:
        return _stale(loaded)
    try:
        check(len(loaded.names), loaded.rules, loaded.entries, BockAdded())
    except EntryError as error:
        notice = words.issue_text(error.issue, loaded.rules)
        return _sheet(loaded, status=_refused_status(), notice=notice)
    try:
        store.add_bock(token, loaded.stored.revision)
    except store.Stale:
        return _stale(_load(token))
    return _saved(loaded, gettext("One more Bock round is queued."))


@bp.post("/<id:token>/undo")
def undo(token: str) -> BaseResponse:
    """Take back the last change (an entry, an edit or a deletion)."""
    loaded = _to_keep(token)
    if _revision() != loaded.stored.revision:
        return _stale(loaded)
    try:
        change = store.undo(token, loaded.stored.revision)
    except store.Stale:
        return _stale(_load(token))
    return _saved(loaded, _undone_text(change))


def _undone_text(change: store.Change | None) -> str:
    if change is None:
        return gettext("There is nothing to undo.")
    if change.action is store.Action.ADD:
        return gettext("Hand %(number)s was taken back.", number=change.number)
    if change.action is store.Action.EDIT:
        return gettext("The change to hand %(number)s was taken back.", number=change.number)
    if change.action is store.Action.BOCK:
        return gettext("The added Bock round was taken back.")
    return gettext("Hand %(number)s is back.", number=change.number)


@bp.get("/<id:token>/print")
def print_view(token: str) -> BaseResponse:
    """Show the list as a clean sheet for paper."""
    loaded = _load(token)
    return web.render("scoresheet/print.html", **_context(loaded, today=date.today(), editable=False))


@bp.get("/<id:token>/list.csv")
def export(token: str) -> BaseResponse:
    """Send the list as a CSV file that Kiebitz reads back (and spreadsheets open)."""
    loaded = _load(token)
    locale = current_locale()
    lang = locale.language if locale else ""
    text = write(loaded.stored.title, loaded.names, loaded.rules, loaded.sheet,
                 words.file_words(lang, web.current_deck()), computer=gettext("Computer"))
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="kiebitz-list-{date.today().isoformat()}.csv"'
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    return response


@bp.post("/<id:token>/forget")
def forget(token: str) -> BaseResponse:
    """Take a list off this browser's "my lists" (the list itself stays, at its address)."""
    response = redirect(url_for(".index"), code=303)
    return _remember(response, [known for known in _known_tokens() if known != token])


def rule_lines(rules: HouseRules, names: tuple[str, ...]) -> list[str]:
    """List the house rules a list of the players ``names`` is kept by, in words."""
    lines = [str(words.RULE_LABELS[name]) for name in words.RULE_LABELS if getattr(rules, name)]
    after = [words.TRIGGERS[trigger] for trigger in BockTrigger if trigger in rules.bock]
    lines += [gettext("Bock round after: %(trigger)s", trigger=trigger) for trigger in after]
    if rules.bock_two_rounds:
        lines.append(words.two_rounds_rule(rules, names))
    return lines

