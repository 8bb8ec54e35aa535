"""The home page."""

from __future__ import annotations

from flask import Blueprint, Flask, Response

from webapp import web

bp = Blueprint("core", __name__, url_prefix="/<lang:lang>")


@bp.get("/")
def home() -> Response:
    """Say what Kiebitz is and lead to each part."""
    return web.render("core/home.html")


def init_app(app: Flask) -> None:
    """Register the core pages."""
    app.register_blueprint(bp)
