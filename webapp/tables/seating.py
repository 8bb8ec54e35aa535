"""Seats and their people, as every table page handles them (Skat tables, Lieutenant Skat, practice).

A person's seat is bound to a secret in their browser's cookie (``seat-<table id>``); a free
seat has a join link (and its QR code); a form names the table's revision. What the pages of
each game do alike is here once: read and keep the secret, check a name, list the join links,
refuse a form that is not the viewer's or is stale, show a table by its id and answer the
"anything new?" poll.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, current_app, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import parse, web
from webapp.i18n import lazy_gettext, ngettext
from webapp.scoresheet.sheet import MAX_NAME
from webapp.storage import gametables as storage
from webapp.tables.news import woken
from webapp.tables.decide import Refusal, stale_form
from webapp.text import clean_text

__all__ = [
    "COOKIE", "NAME_MISSING", "NAME_TAKEN", "NOT_YOURS", "STALE", "secret", "keep_cookie", "keep_secret",
    "name_error", "message_error", "say", "join_links", "form_refusal", "page", "news",
]

COOKIE = "seat-"
"""Each table's seat secret is kept in the cookie ``seat-<table id>``."""

NAME_MISSING: LazyString = lazy_gettext("Enter your name, so that the others know who plays.")
NAME_TAKEN: LazyString = lazy_gettext("Somebody at this table already has that name: choose another.")
NOT_YOURS: LazyString = lazy_gettext(
    "You do not have a seat at this table, so nothing was changed. Open your own join link."
)
STALE: LazyString = lazy_gettext(
    "The table has moved on meanwhile (another player, or another tab), so nothing was changed. "
    "Here is where it stands now."
)

Loaded = TypeVar("Loaded")


def secret(table_id: str) -> str | None:
    """Return the seat secret this browser keeps for the table, if any."""
    return request.cookies.get(COOKIE + table_id)


def keep_cookie(response: BaseResponse, name: str, value: str) -> BaseResponse:
    """Keep ``value`` in the browser's HttpOnly cookie ``name`` (a seat's or a player's secret)."""
    response.set_cookie(
        name,
        value,
        max_age=current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response


def keep_secret(response: BaseResponse, table_id: str, value: str) -> BaseResponse:
    """Keep the person's seat secret for the table in their browser."""
    return keep_cookie(response, COOKIE + table_id, value)


def name_error(name: str, taken: tuple[str, ...] = ()) -> LazyString | str | None:
    """Return what is wrong with a player's name (none, too long, already at the table), or None."""
    if not name:
        return NAME_MISSING
    if len(name) > MAX_NAME:
        return ngettext("A name has at most %(num)s character.", "A name has at most %(num)s characters.", MAX_NAME)
    if name.casefold() in {other.casefold() for other in taken}:
        return NAME_TAKEN
    return None


def message_error(message: str) -> str | None:
    """Return the refusal of a seat's one-line message that is too long, or None."""
    if len(message) > storage.MESSAGE_LENGTH:
        return ngettext("A message has at most %(num)s character.", "A message has at most %(num)s characters.",
                        storage.MESSAGE_LENGTH)
    return None


def say(table_id: str, seat: int) -> str | None:
    """Keep the one-line message the form names as seat ``seat``'s (plain text; empty takes it
    back), whatever changed meanwhile; return the refusal of one too long instead."""
    text = clean_text(request.form.get("message", ""))
    if too_long := message_error(text):
        return too_long
    storage.say(table_id, seat, text)
    return None


def join_links(table: storage.Table) -> tuple[tuple[storage.Seat, str, str], ...]:
    """Return each free seat with its join link and the link's QR code."""
    return tuple(
        (seat, url := url_for("tables.join", table_id=table.id, token=seat.join_token, _external=True), web.qr_svg(url))
        for seat in table.seats if not seat.taken
    )


def hand_mark(game: str | None) -> str:
    """Return a short mark of the hand as it stands, which a move's form carries beside the revision."""
    return hashlib.blake2s((game or "").encode(), digest_size=8).hexdigest()


def form_refusal(seated: bool, revision: int, game: str | None = None, *,
                 words: bool = False) -> Refusal | None:
    """Refuse a form sent by somebody without a seat (403) or naming another revision (400, 409).

    A move's form (``game``: the hand as it stands) that names an older revision is still taken
    if it names this very hand: only words changed meanwhile (a message to the table, the hints),
    not the cards, so the move the person chose is still the one in front of them. A form of
    ``words`` only (the sender's message) is taken whatever changed meanwhile.
    """
    if not seated:
        return Refusal(NOT_YOURS, 403)
    refused = stale_form(request.form, revision, STALE)
    if refused is not None and refused.status == 409 and (
            words or game is not None and request.form.get("hand_mark") == hand_mark(game)):
        return None
    return refused


def page(loaded: Loaded | None, show: Callable[..., Response]) -> Response:
    """Show a table read by its id (404 if there is none); ``?hint=1`` asks for a hint."""
    if loaded is None:
        return web.error_page(404)
    return show(loaded, hint=request.args.get("hint") == "1")


def news(table_id: str, load: Callable[[str], Any], show: Callable[..., Response]) -> Response:
    """Answer "anything new?": 204 while the table is at the ``revision`` asked (and the time to
    ``wake`` at, if the poll names one, has not come), else the table.

    `webapp.tables.news` answers most of these before the app; this is the rest.
    """
    revision = parse.number_or_none(request.args.get("revision"), digits=9)
    wake = parse.number_or_none(request.args.get("wake"), digits=10)
    current = storage.revision_of(table_id)
    if current is None:
        return web.error_page(404)
    if revision == current and not woken(wake):
        return Response(status=204)
    loaded = load(table_id)
    return web.error_page(404) if loaded is None else show(loaded)
