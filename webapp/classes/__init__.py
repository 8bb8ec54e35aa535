"""Classes: a teacher gives a class one lesson or a set of scoring drills, and sees the answers.

`activity` says what a class works through (the course's lesson steps, the calculator's
drills); `views` are the pages under ``/<lang>/classes`` and the short ``/join`` address
students type; the classes live in `webapp.storage.classes`.
"""

from __future__ import annotations

from flask import Flask

from webapp.i18n import lazy_gettext


def init_app(app: Flask) -> None:
    """Register the classes area."""
    from webapp import web
    from webapp.classes import news
    from webapp.classes.views import bp, short

    app.register_blueprint(short)
    web.register_area(
        app,
        bp,
        endpoint="classes.index",
        label=lazy_gettext("Classes"),
        description=lazy_gettext(
            "For teachers: give a whole class the same lesson or scoring drills. Students join "
            "with a code and a nickname, and you see their answers come in."
        ),
        order=50,
        navigation=False,
    )
    news.init_app(app)
