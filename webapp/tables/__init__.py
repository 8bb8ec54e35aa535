"""Tables with people: Skat for three and Skat for two across browsers, with the list kept.

`model` is the table model (pure: game families, seats and positions, house rules as engine
options, the computer seats' moves, a finished hand as a list entry; the practice table uses
its flow too); `views` are the pages under ``/<lang>/tables``; the tables live in
`webapp.storage.gametables`, their lists in `webapp.storage.scoresheet`.
"""

from __future__ import annotations

from flask import Flask

from webapp.i18n import lazy_gettext


def init_app(app: Flask) -> None:
    """Register the tables area."""
    from webapp import web
    from webapp.tables import news
    from webapp.tables import lieutenant_views  # noqa: F401  (Lieutenant Skat's pages, on the same blueprint)
    from webapp.tables.views import bp

    web.register_area(
        app,
        bp,
        endpoint="tables.index",
        label=lazy_gettext("Tables"),
        description=lazy_gettext(
            "Play with friends in other browsers: Skat for three, or Skat for two with the "
            "computer in the third seat. Send a link, play, and the list keeps itself."
        ),
        order=25,
    )
    news.init_app(app)
