"""Scoring: the calculator that shows its work, scoring drills, and the JSON scoring API.

Pages under ``/<lang>/calculator`` (the drills under ``…/calculator/drills``); the API at
``/api/v1/score``. All arithmetic is the engine's (`webapp.engine.score`).
"""

from __future__ import annotations

from flask import Flask

from webapp import web
from webapp.i18n import lazy_gettext

from . import api, present, views  # present: its view joins the blueprint

__all__ = ["init_app"]


def init_app(app: Flask) -> None:
    """Register the calculator pages (in the navigation) and the scoring API."""
    web.register_area(
        app,
        views.bp,
        endpoint="calculator.page",
        label=lazy_gettext("Scoring"),
        description=lazy_gettext(
            "Work out the value and the score of any game, with every step explained; practise "
            "with scoring drills until counting is automatic."
        ),
        order=30,
    )
    app.register_blueprint(api.bp)
