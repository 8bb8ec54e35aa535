"""The home page, the card gallery and the preferences (the deck)."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from webapp import web
from webapp.decks import Deck
from webapp.engine import DECK, Suit
from webapp.i18n import lazy_gettext

bp = Blueprint("core", __name__, url_prefix="/<lang:lang>")


@bp.get("/")
def home() -> Response:
    """Say what Kiebitz is and lead to each part."""
    return web.render("core/home.html")


@bp.get("/cards")
def cards() -> Response:
    """Show the 32 cards of the chosen deck with their names and card points."""
    suits = [[card for card in DECK if card.suit == suit] for suit in reversed(Suit)]
    for row in suits:
        row.sort(key=lambda card: (-card.points, -card.rank))
    return web.render("core/cards.html", suits=suits)


@bp.post("/preferences")
def preferences() -> BaseResponse:
    """Remember the chosen deck in a cookie and go back to the page the visitor was on."""
    deck = Deck.from_slug(request.form.get("deck", ""))
    if deck is None:
        return web.error_page(400, lazy_gettext("Kiebitz has no such deck. Nothing was changed."))
    response = redirect(web.safe_next(request.form.get("next"), url_for("core.home")), code=303)
    response.set_cookie(
        web.DECK_COOKIE,
        deck.slug,
        max_age=current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
        samesite="Lax",
        httponly=True,
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response


def init_app(app: Flask) -> None:
    """Register the core pages."""
    app.register_blueprint(bp)
