"""Practice hands: the learner plays whole hands against two computer players, with a coach.

URLs under ``/<lang>/play``: the start page, a shared deal (``/deal/<seed>``: every visitor
gets their own copy), and the learner's own hand (``/<id>``), with undo, hints, replay and the
result with "could I have won?".
"""

from __future__ import annotations

from flask import Flask

from webapp import web
from webapp.i18n import lazy_gettext
from webapp.practice import daily, present  # noqa: F401  (their views join the blueprint)
from webapp.practice.views import bp


def init_app(app: Flask) -> None:
    """Register the practice area."""
    web.register_area(
        app,
        bp,
        endpoint="practice.index",
        label=lazy_gettext("Practice"),
        description=lazy_gettext(
            "Play whole hands against two computer players, with hints that explain why."
        ),
        order=20,
    )
