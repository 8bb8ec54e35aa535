"""The home page, the card gallery and the preferences (the deck, the display settings)."""

from __future__ import annotations

import os

from flask import Blueprint, Flask, Response, jsonify, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from webapp import ai, display, parse, storage, web
from webapp import learner as current_learner
from webapp.ai.solver import PURE_PYTHON_ENV
from webapp.decks import Deck
from webapp.engine import DECK, Suit
from webapp.i18n import lazy_gettext
from webapp.storage import learning

bp = Blueprint("core", __name__, url_prefix="/<lang:lang>")


@bp.get("/")
def home() -> Response:
    """Say what Kiebitz is and lead to each part; a learner sees their streak."""
    learner = current_learner.current()
    streak = learning.streak_of(learner) if learner is not None else None
    return web.render("core/home.html", kept=(streak,), streak=streak)


@bp.get("/cards")
def cards() -> Response:
    """Show the 32 cards of the chosen deck with their names and card points."""
    suits = [[card for card in DECK if card.suit == suit] for suit in reversed(Suit)]
    for row in suits:
        row.sort(key=lambda card: (-card.points, -card.rank))
    return web.render("core/cards.html", kept=(), suits=suits)


@bp.post("/preferences")
def preferences() -> BaseResponse:
    """Remember the chosen deck in a cookie and go back to the page the visitor was on."""
    deck = Deck.from_slug(request.form.get("deck", ""))
    if deck is None:
        return web.error_page(400, lazy_gettext("Kiebitz has no such deck. Nothing was changed."))
    response = redirect(web.safe_next(request.form.get("next"), url_for("core.home")), code=303)
    web.set_preference_cookie(response, web.DECK_COOKIE, deck.slug)
    return response


@bp.get("/settings")
def settings() -> Response:
    """Show the display settings (card size, text size, contrast, colours, animations) as one form."""
    return web.render("core/settings.html", back=web.safe_next(request.args.get("next"), ""))


@bp.post("/settings")
def save_settings() -> BaseResponse:
    """Remember the chosen display settings in a cookie and go back to the page the visitor was on.

    A value that is not one of the choices changes nothing and says so.
    """
    try:
        chosen = display.current_display().with_form(request.form)
    except parse.Refused:
        return web.error_page(
            400, lazy_gettext("Kiebitz has no such display setting. Nothing was changed.")
        )
    response = redirect(web.safe_next(request.form.get("next"), url_for("core.settings")), code=303)
    web.set_preference_cookie(response, display.COOKIE, chosen.cookie_value())
    return response


def healthz() -> Response:
    """Tell a load balancer or a deploy check that this process serves: the database answers.

    It also says which solver the computer players use (``"compiled"``, or ``"python"`` when
    the compiled one was not built), since a deploy without it still works, only slowly.
    """
    storage.ping()
    response = jsonify(status="ok", solver=ai.solver_kind())
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    """Register the core pages, the health check, and warn when the compiled solver is missing."""
    app.register_blueprint(bp)
    app.add_url_rule("/healthz", "healthz", healthz, methods=["GET"])
    if ai.solver_kind() != "compiled" and os.environ.get(PURE_PYTHON_ENV) != "1":
        app.logger.warning(
            "The compiled solver (webapp.ai._csolver) is not built: the computer players and the "
            "hints use the pure-Python solver, which is much slower. See the README's 'Deploying'."
        )
