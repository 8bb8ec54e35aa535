"""Presentation mode for practice deals: a whole hand stepped through on a projector.

``/<lang>/play/present/<game>?at=N&seat=S`` shows slide ``N`` of the hand written in the
engine's notation (deal and actions), so a link holds the hand and the position and keeps
working for ever; ``seat`` shows only that seat's cards open. A finished practice hand
(``/<lang>/play/<id>/present``) and a deal number played out by computer players
(``/<lang>/play/deal/<seed>/present?level=medium``) lead there.

`deal_context` gives a template everything ``practice/_present_deal.html`` needs, so another
area (a class on the projector) can show a slide without this blueprint.
"""

from __future__ import annotations

from typing import Any

from flask import Response, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from webapp import parse, web, words
from webapp.engine import Deal, GameState, Phase, Position
from webapp.i18n import lazy_gettext
from webapp.practice import phrases, slides, table
from webapp.practice.players import LEVELS
from webapp.practice.views import BAD_CHOICE, _load, bp
from webapp.tables.model import advance

MAX_NOTATION = 600
"""A hand's notation is about 250 characters; anything much longer is not a hand."""
PRESENT_LEVEL = "medium"
"""The computer players of a deal number played out for a presentation, unless chosen."""
BAD_POSITION = lazy_gettext(
    "That position of the presentation could not be read. Use the buttons or the arrow keys."
)


def parse_game(text: str) -> GameState | None:
    """Return the hand written in ``text`` (the engine's notation), or None if it is not one."""
    if len(text) > MAX_NOTATION:
        return None
    try:
        return GameState.parse(text)
    except ValueError:  # also IllegalAction
        return None


def slide_url(state: GameState, at: int, seat: Position | None = None, **values: Any) -> str:
    """Return the URL of slide ``at`` of ``state`` (optionally from one seat)."""
    if seat is not None:
        values["seat"] = seat.value
    return url_for("practice.present", game=str(state), at=at, **values)


def deal_context(state: GameState, at: int, seat: Position | None = None) -> dict[str, Any]:
    """Return what ``practice/_present_deal.html`` shows of slide ``at`` of ``state``.

    ``seat`` shows only that seat's cards open (None: all hands open).
    """
    shown = slides.frame(state, at)
    before = slides.frame(state, shown.index - 1) if shown.index > 0 else shown
    names = tuple(str(words.position_name(position)) for position in Position)
    return {
        "frame": shown,
        "before": before,
        "stage": shown.slide.stage.value,
        "open_seat": seat,
        "positions": tuple(Position),
        "names": names,
        "auction_title": words.PHASES[Phase.BIDDING],
        "phrases": phrases,
        "words": words,
        "url_at": lambda index: slide_url(state, index, seat),
    }


@bp.get("/present/<string(maxlength=600):game>")
def present(game: str) -> Response:
    """Show one slide of a hand on the projector: ``at`` (from 0) and ``seat`` in the query."""
    state = parse_game(game)
    if state is None:
        return web.error_page(404)
    at = parse.number_or_none(request.args.get("at", "0"), digits=3)
    seat: Position | None = None
    if request.args.get("seat"):
        try:
            seat = Position(parse.seat(request.args["seat"]))
        except parse.Refused:
            return web.error_page(400, BAD_POSITION)
    if at is None:
        return web.error_page(400, BAD_POSITION)
    context = deal_context(state, at, seat)
    return web.render("practice/present.html", "practice/_present_deal.html",
                      leave_url=url_for("practice.index"), **context)


@bp.get("/<id:hand_id>/present")
def present_hand(hand_id: str) -> Response | BaseResponse:
    """Present a finished practice hand (an unfinished one would show the hidden cards)."""
    loaded = _load(hand_id)
    if loaded is None or not loaded.state.finished:
        return web.error_page(404)
    return redirect(slide_url(loaded.state, 0), code=303)


@bp.get("/deal/<int(max=999999999999999999):seed>/present")
def present_deal(seed: int) -> Response | BaseResponse:
    """Play out deal ``seed`` with computer players in every seat and present it.

    ``level`` picks the computer players (medium unless chosen); the same deal and level give
    the same hand on every machine.
    """
    level = request.args.get("level", PRESENT_LEVEL)
    if level not in LEVELS:
        return web.error_page(400, BAD_CHOICE)
    state = advance(GameState.new(Deal.from_seed(seed)), (), level=level, seed=seed, choose=table.computer)
    return redirect(slide_url(state, 0), code=303)
