"""What keeps a learner learning: the days they were active, and their streak of such days.

A learner (`webapp.storage.lessons.Learner`) is active on a day when they answer a lesson step,
a drill exercise, a review or the deal of the day; each area says so through
:func:`record_activity`. Days are UTC dates: the server does not know the learner's time zone
(no script, no account), and a UTC day is the same on every device the learner uses. The
streak counts the active days of an unbroken run; one day without activity per ISO week (Monday
to Sunday) is a rest day and does not break it, a second one in the same week does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal

from sqlalchemy import Date, ForeignKey, String, select
from sqlalchemy.orm import Mapped, mapped_column

from webapp.storage import db, insert_missing
from webapp.storage.lessons import Learner

__all__ = ["Activity", "Kind", "KINDS", "Streak", "record_activity", "active_days", "streak_of", "today"]

Kind = Literal["step", "drill", "review", "deal"]
KINDS: tuple[Kind, ...] = ("step", "drill", "review", "deal")
"""What counts as activity: a lesson step, a drill exercise, a review, the deal of the day."""


def today() -> date:
    """Return today's date in UTC (the one clock of activity; tests set it)."""
    return datetime.now(UTC).date()


class Activity(db.Model):  # type: ignore[name-defined,misc]
    """A day on which a learner did something of one kind (one row per learner, day and kind)."""

    __tablename__ = "learning_activity"

    learner_id: Mapped[str] = mapped_column(
        ForeignKey("lesson_learners.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)


def record_activity(learner: Learner, kind: Kind, day: date | None = None) -> None:
    """Note that ``learner`` did something of ``kind`` on ``day`` (today, UTC, by default).

    Once per learner, day and kind (two requests at once make one row); the caller commits.
    The learner counts as active now, so their rows are not purged.
    """
    if kind not in KINDS:
        raise ValueError(f"not a kind of activity: {kind!r}")
    learner.used = datetime.now(UTC).replace(tzinfo=None)
    insert_missing(Activity, learner_id=learner.id, day=day or today(), kind=kind)


def active_days(learner: Learner | None) -> set[date]:
    """Return the days on which the learner was active."""
    if learner is None:
        return set()
    return set(db.session.scalars(select(Activity.day).where(Activity.learner_id == learner.id)))


@dataclass(frozen=True, slots=True)
class Streak:
    """A learner's current streak: its active days, and whether this ISO week's rest day is taken."""

    days: int
    rest_taken: bool
    """Whether a day of this week (before today) was already without activity inside the streak."""
    active_today: bool


def streak_from(days: Iterable[date], on: date) -> Streak:
    """Work out the streak on day ``on`` from the active days.

    Today does not break anything yet (there is still time); going back from yesterday, each
    day without activity uses its ISO week's one rest day, and a second such day in a week ends
    the streak. Only active days are counted.

    >>> monday = date(2026, 11, 30)
    >>> streak_from([monday, monday + timedelta(2)], monday + timedelta(3)).days
    2
    >>> streak_from([monday - timedelta(3), monday + timedelta(2)], monday + timedelta(2)).days
    1
    """
    active = set(days)
    first = min(active, default=on)
    count = 0
    start = on
    rests: list[date] = []
    day = on
    while day >= first:
        if day in active:
            count += 1
            start = day
        elif day != on:
            week = day.isocalendar()[:2]
            if any(rest.isocalendar()[:2] == week for rest in rests):
                break
            rests.append(day)
        day -= timedelta(days=1)
    this_week = on.isocalendar()[:2]
    rest_taken = any(rest > start and rest.isocalendar()[:2] == this_week for rest in rests)
    return Streak(days=count, rest_taken=rest_taken, active_today=on in active)


def streak_of(learner: Learner | None, on: date | None = None) -> Streak:
    """Return the learner's streak on day ``on`` (today by default)."""
    return streak_from(active_days(learner), on or today())
