"""The deal of the day: which practice hand is each learner's counted try, and its score.

One row per learner and day: the first hand the learner started of that day's deal (a later
try is a practice hand like any other and counts nothing) and, once it is over, its score.
Rows go with their learner, and after `KEEP_DAYS` days (``PURGE_AFTER_DAYS["daily"]``).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import Date, DateTime, ForeignKey, Integer, String, UniqueConstraint, delete, func, select, update
from sqlalchemy.orm import Mapped, mapped_column

from webapp.storage import db, insert_missing
from webapp.storage.lessons import Learner

__all__ = ["DailyPlay", "KEEP_DAYS", "play_of", "play_of_hand", "start_play", "hand_over", "scores", "scores_of", "players"]

KEEP_DAYS = 30
"""Days a deal of the day stays playable, with its results: today and the 29 before."""


def _now() -> datetime:
    return datetime.now(UTC)


class DailyPlay(db.Model):  # type: ignore[name-defined,misc]
    """A learner's counted try at one day's deal."""

    __tablename__ = "daily_plays"
    __table_args__ = (UniqueConstraint("day", "learner_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    day: Mapped[date] = mapped_column(Date, index=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("lesson_learners.id", ondelete="CASCADE"), index=True)
    hand_id: Mapped[str] = mapped_column(String(32), unique=True)
    """The practice hand of the try."""
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The learner's tournament score of the hand (None until it is over)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


def play_of(learner: Learner | None, day: date) -> DailyPlay | None:
    """Return the learner's counted try at ``day``'s deal, or None."""
    if learner is None:
        return None
    found: DailyPlay | None = db.session.scalars(
        select(DailyPlay).where(DailyPlay.day == day, DailyPlay.learner_id == learner.id)
    ).first()
    return found


def play_of_hand(hand_id: str) -> DailyPlay | None:
    """Return the try that practice hand ``hand_id`` is, or None."""
    found: DailyPlay | None = db.session.scalars(select(DailyPlay).where(DailyPlay.hand_id == hand_id)).first()
    return found


def start_play(learner: Learner, day: date, hand_id: str) -> DailyPlay:
    """Make ``hand_id`` the learner's counted try at ``day``'s deal, unless they have one: return it.

    Two requests at once (a double click, two tabs) make one row: the first hand stays the try.
    """
    insert_missing(DailyPlay, day=day, learner_id=learner.id, hand_id=hand_id, created=_now())
    play = play_of(learner, day)
    assert play is not None
    return play


def hand_over(device: Learner, target: Learner) -> None:
    """Give ``target`` the tries of another browser's learner (a progress code joined them).

    On a day both played, ``target``'s try stays the counted one and the other is dropped (one
    result per learner and day); the caller commits.
    """
    played = set(db.session.scalars(select(DailyPlay.day).where(DailyPlay.learner_id == target.id)))
    db.session.execute(delete(DailyPlay).where(DailyPlay.learner_id == device.id, DailyPlay.day.in_(played)))
    db.session.execute(update(DailyPlay).where(DailyPlay.learner_id == device.id).values(learner_id=target.id))


def scores(day: date) -> list[tuple[int, int]]:
    """Return every score of ``day``'s finished tries and how many learners made it, lowest first."""
    rows = db.session.execute(
        select(DailyPlay.score, func.count())
        .where(DailyPlay.day == day, DailyPlay.score.is_not(None))
        .group_by(DailyPlay.score)
        .order_by(DailyPlay.score)
    )
    return [(int(score or 0), int(count)) for score, count in rows]  # no None: filtered out


def scores_of(learner: Learner | None, days: list[date]) -> dict[date, int]:
    """Return the learner's scores of ``days``' deals (days they did not finish are left out)."""
    if learner is None:
        return {}
    rows = db.session.execute(
        select(DailyPlay.day, DailyPlay.score)
        .where(DailyPlay.learner_id == learner.id, DailyPlay.day.in_(days), DailyPlay.score.is_not(None))
    )
    return {day: int(score or 0) for day, score in rows}  # no None: filtered out


def players(days: list[date]) -> dict[date, int]:
    """Return how many learners finished each of ``days``' deals (days nobody finished are left out)."""
    rows = db.session.execute(
        select(DailyPlay.day, func.count())
        .where(DailyPlay.day.in_(days), DailyPlay.score.is_not(None))
        .group_by(DailyPlay.day)
    )
    return {day: int(count) for day, count in rows}
