"""The scoring drills' streaks: one row per anonymous visitor, nothing else.

A visitor is the random id in the ``visitor`` cookie; the row keeps the current streak, the best
one, the last exercise that was counted (so answering it again counts nothing) and when the row
was last used (so old rows can be cleared).
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import DateTime, String
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import db, insert_missing

__all__ = ["DrillStreak", "streak_of", "count_answer"]


def _now() -> datetime:
    return datetime.now(timezone.utc)


class DrillStreak(db.Model):  # type: ignore[name-defined,misc]
    """Right answers in a row in the scoring drills, per anonymous visitor."""

    __tablename__ = "calculator_drill_streak"

    visitor: Mapped[str] = mapped_column(String(64), primary_key=True)
    streak: Mapped[int] = mapped_column(default=0)
    best: Mapped[int] = mapped_column(default=0)
    last_exercise: Mapped[str] = mapped_column(String(32), default="")
    used: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


def streak_of(visitor: str | None) -> DrillStreak | None:
    """Return the visitor's streak row, if there is one."""
    if not parse.is_token(visitor):
        return None
    return db.session.get(DrillStreak, visitor)


def count_answer(visitor: str, exercise: str, *, solved: bool) -> DrillStreak:
    """Count a finished exercise once: a solved one extends the streak, a missed one ends it.

    Two requests may create the same visitor's row at once; both get the one row.
    """
    row = db.session.get(DrillStreak, visitor)
    if row is None:
        insert_missing(DrillStreak, visitor=visitor, streak=0, best=0, last_exercise="")
        row = db.session.get(DrillStreak, visitor)
        assert row is not None
    if row.last_exercise != exercise:
        row.streak = row.streak + 1 if solved else 0
        row.best = max(row.best, row.streak)
        row.last_exercise = exercise
    row.used = _now()
    db.session.commit()
    return row
