"""The learner of the request (the ``learner`` cookie), for the areas that keep something for them
beyond the lessons: the review (`webapp.lessons.review`), the deal of the day (`webapp.practice.daily`).

The lessons' views are imported when called: they import the practice area, whose deal of the
day imports this module, so a module-level import makes ``import webapp.lessons.views`` circular.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from webapp.storage.lessons import Learner
    from werkzeug.wrappers import Response

__all__ = ["current", "current_or_new", "remember"]


def current() -> Learner | None:
    """Return the learner of the request's cookie, or None."""
    from .views import _learner

    return _learner()


def current_or_new() -> Learner:
    """Return the learner of the cookie, or a new one (counted by the rate limit)."""
    from .views import _learner_or_new

    return _learner_or_new()


def remember(response: Response, learner: Learner) -> Response:
    """Set the learner cookie on ``response`` when it is missing or different."""
    from .views import _remember

    return _remember(response, learner)
