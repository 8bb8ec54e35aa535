"""Interactive lessons: a course from the deck to scoring a list, learnt by doing.

Lessons are data (`webapp.lessons.course`, one module per lesson); each step is checked by
small goals that ask the engine (`webapp.lessons.goals`); progress is kept for an anonymous
learner (`webapp.storage.lessons`). URLs live under ``/<lang>/learn``.
"""

from __future__ import annotations

from flask import Flask

from webapp import web
from webapp.i18n import lazy_gettext as _


def init_app(app: Flask) -> None:
    """Register the lessons area."""
    from . import devices, handouts, present, review  # noqa: F401  (their views join the blueprint)
    from .views import bp

    web.register_area(
        app, bp, endpoint="lessons.course", label=_("Learn"),
        description=_("Short interactive lessons: from the cards to keeping the list. Every answer explained, progress kept without an account."),
        order=10,
    )
