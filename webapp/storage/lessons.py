"""Lesson progress without an account: an anonymous learner, their lessons and their steps.

The learner's id is a long random token kept in an HttpOnly cookie; nothing else identifies
them. Only progress is stored: stars, the step to resume at, mistakes, and each step's last
answer (so that its feedback can be shown again after a redirect or on another app process).
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy import ForeignKey, String, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import db, insert_missing

__all__ = [
    "Learner",
    "LessonProgress",
    "StepState",
    "new_learner",
    "find_learner",
    "progress_of",
    "lesson_progress",
    "step_state",
    "step_states",
    "restart_lesson",
    "count_miss",
]

ID_LENGTH = 43  # secrets.token_urlsafe(32)


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Learner(db.Model):  # type: ignore[name-defined,misc]
    """Someone taking the course, known only by a random id."""

    __tablename__ = "lesson_learners"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    created: Mapped[datetime] = mapped_column(default=_now)
    used: Mapped[datetime] = mapped_column(default=_now, index=True)
    """When the learner last changed their progress (old learners are purged)."""


class LessonProgress(db.Model):  # type: ignore[name-defined,misc]
    """One learner's progress in one lesson."""

    __tablename__ = "lesson_progress"

    learner_id: Mapped[str] = mapped_column(
        ForeignKey("lesson_learners.id", ondelete="CASCADE"), primary_key=True
    )
    lesson: Mapped[str] = mapped_column(String(40), primary_key=True)
    step: Mapped[int] = mapped_column(default=0)
    """The step to resume at (counted from 0)."""
    mistakes: Mapped[int] = mapped_column(default=0)
    """Wrong answers since the lesson was (re)started."""
    finished: Mapped[bool] = mapped_column(default=False)
    stars: Mapped[int] = mapped_column(default=0)
    """The best stars ever earned in this lesson (0: never finished)."""
    updated: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)


class StepState(db.Model):  # type: ignore[name-defined,misc]
    """One learner's work on one step: misses, the last answer, solved or not, hint shown."""

    __tablename__ = "lesson_steps"

    learner_id: Mapped[str] = mapped_column(
        ForeignKey("lesson_learners.id", ondelete="CASCADE"), primary_key=True
    )
    lesson: Mapped[str] = mapped_column(String(40), primary_key=True)
    step: Mapped[int] = mapped_column(primary_key=True)
    misses: Mapped[int] = mapped_column(default=0)
    solved: Mapped[bool] = mapped_column(default=False)
    answer: Mapped[str] = mapped_column(String(200), default="")
    hint: Mapped[bool] = mapped_column(default=False)


def new_learner() -> Learner:
    """Create a learner with a fresh random id."""
    learner = Learner(id=secrets.token_urlsafe(32))
    db.session.add(learner)
    return learner


def find_learner(learner_id: str | None) -> Learner | None:
    """Return the learner with this id, or None."""
    if not parse.is_token(learner_id) or len(learner_id) != ID_LENGTH:
        return None
    return db.session.get(Learner, learner_id)


def progress_of(learner: Learner | None) -> dict[str, LessonProgress]:
    """Return the learner's progress, by lesson slug."""
    if learner is None:
        return {}
    rows = db.session.scalars(select(LessonProgress).where(LessonProgress.learner_id == learner.id))
    return {row.lesson: row for row in rows}


def lesson_progress(learner: Learner, lesson: str) -> LessonProgress:
    """Return the learner's progress in a lesson, creating it at step 0; the learner is active now.

    Two requests may create the row at once: both get the one row.
    """
    learner.used = _now()
    row = db.session.get(LessonProgress, (learner.id, lesson))
    if row is None:
        insert_missing(LessonProgress, learner_id=learner.id, lesson=lesson, step=0, mistakes=0,
                       finished=False, stars=0)
        row = db.session.get(LessonProgress, (learner.id, lesson))
        assert row is not None
    return row


def step_state(learner: Learner | None, lesson: str, step: int, *, create: bool = False) -> StepState | None:
    """Return the learner's state on a step; create it when asked (the learner is active now)."""
    if learner is None:
        return None
    if create:
        learner.used = _now()
    row = db.session.get(StepState, (learner.id, lesson, step))
    if row is None and create:
        insert_missing(StepState, learner_id=learner.id, lesson=lesson, step=step, misses=0,
                       solved=False, answer="", hint=False)
        row = db.session.get(StepState, (learner.id, lesson, step))
        assert row is not None
    return row


def count_miss(state: StepState, progress: LessonProgress) -> None:
    """Count a wrong answer on a step and in its lesson, in the database itself.

    Two answers at once are both counted (``misses = misses + 1``, not a value read before).
    """
    state.misses = StepState.misses + 1
    progress.mistakes = LessonProgress.mistakes + 1
    db.session.flush()


def step_states(learner: Learner | None, lesson: str) -> dict[int, StepState]:
    """Return the learner's states on a lesson's steps, by step index."""
    if learner is None:
        return {}
    rows = db.session.scalars(
        select(StepState).where(StepState.learner_id == learner.id, StepState.lesson == lesson)
    )
    return {row.step: row for row in rows}


def restart_lesson(learner: Learner, lesson: str) -> None:
    """Start a lesson again from its first step; the best stars stay."""
    db.session.execute(
        delete(StepState).where(StepState.learner_id == learner.id, StepState.lesson == lesson)
    )
    row = lesson_progress(learner, lesson)
    row.step = 0
    row.mistakes = 0
    row.finished = False

