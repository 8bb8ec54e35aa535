"""The scoresheet (Skatliste): lists for three or four players with house rules.

`sheet` is the list logic (pure: seats, rounds, scores, totals, derived from the entries);
`transfer` reads and writes a list as CSV; `chart` lays out the running totals; `views` are the
pages under ``/<lang>/lists``; the lists live in `webapp.storage.scoresheet`.
"""

from __future__ import annotations

from flask import Blueprint, Flask

from webapp.i18n import lazy_gettext

bp = Blueprint("scoresheet", __name__, url_prefix="/<lang:lang>/lists")


def init_app(app: Flask) -> None:
    """Register the scoresheet pages and list them in the navigation."""
    from webapp import web
    from webapp.scoresheet import html, season_views, views  # noqa: F401  (the routes, the table's rows)

    web.register_area(
        app,
        bp,
        endpoint="scoresheet.index",
        label=lazy_gettext("Scoresheet"),
        description=lazy_gettext(
            "Keep the list of your evening for three or four players, with your house rules: "
            "Kontra and Re, Bock and Ramsch rounds. Totals are always right, and undo is one click away."
        ),
        order=40,
    )
