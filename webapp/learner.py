"""The learner of this browser: the anonymous row its ``learner`` cookie names.

Lessons, drills and practice all count progress for the same learner (`webapp.storage.lessons`),
so that a streak, the statistics and a progress code cover everything they did.
"""

from __future__ import annotations

from typing import TypeVar

from flask import current_app, g, request
from werkzeug.wrappers import Response as BaseResponse

from webapp import ratelimit
from webapp.storage import lessons as store

COOKIE = "learner"

Reply = TypeVar("Reply", bound=BaseResponse)


def current() -> store.Learner | None:
    """Return the learner of the cookie (or the one made earlier in this request), or None."""
    made: store.Learner | None = g.get("kiebitz_new_learner")
    return made or store.find_learner(request.cookies.get(COOKIE))


def current_or_new() -> store.Learner:
    """Return the learner of the cookie, or a new one (counted by the rate limit)."""
    learner = current()
    if learner is None:
        ratelimit.check("learners")
        learner = g.kiebitz_new_learner = store.new_learner()  # one learner per request, whoever asks
    return learner


def remember(response: Reply, learner: store.Learner) -> Reply:
    """Set the learner cookie when it is missing or names someone else."""
    if request.cookies.get(COOKIE) != learner.id:
        response.set_cookie(
            COOKIE, learner.id, max_age=current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
            httponly=True, samesite="Lax", secure=current_app.config["SESSION_COOKIE_SECURE"],
        )
    return response
