"""The learner of the request (the ``learner`` cookie), for the areas that keep something for them
beyond the lessons: the review (`webapp.lessons.review`), the deal of the day (`webapp.practice.daily`)."""

from __future__ import annotations

from .views import _learner as current, _learner_or_new as current_or_new, _remember as remember

__all__ = ["current", "current_or_new", "remember"]
