"""The course: one module per lesson, in order."""

from __future__ import annotations

from ..lesson import Lesson
from . import (
    bidding, deck, grand, house, lieutenant, matadors, null, points, result, scoring, skat, strategy, table,
    tricks, trumps, value,
)

LESSONS: tuple[Lesson, ...] = tuple(
    module.LESSON
    for module in (
        deck, tricks, points, table, trumps, grand, null, matadors, bidding, skat, value, result, scoring,
        house, strategy, lieutenant,
    )
)
"""Every lesson, in course order: none uses a concept that a later one teaches (`Lesson.teaches`)."""

_BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}


def lesson_named(slug: str) -> Lesson | None:
    """Return the lesson with this slug, or None."""
    return _BY_SLUG.get(slug)


def number_of(lesson: Lesson) -> int:
    """Return the lesson's number in the course, from 1."""
    return LESSONS.index(lesson) + 1
