"""Spaced review: the lesson steps and scoring drills a learner got wrong come back.

A wrong answer puts the item (a step ``<lesson>/<number>``, a drill ``<level>/<seed>``) in the
learner's review set, due the next day. Each review day the first answer counts: a right one
moves it up the ladder of `INTERVALS` (3 days, then 7), a wrong one brings it back the next day
and starts the rights in a row again; after `RIGHTS_TO_LEARN` rights in a row it leaves the set
(``due`` is None). The row also keeps the day's answer, as a lesson step keeps its state, so
that the feedback shows again after a redirect.

>>> [next_due(date(2026, 12, 1), stage=stage).day for stage in (0, 1, 2, 3)]
[2, 4, 8, 8]
"""

from __future__ import annotations

from datetime import date, timedelta
from enum import Enum

from sqlalchemy import Date, ForeignKey, String, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from webapp.storage import db, insert_missing, learning
from webapp.storage.lessons import Learner

__all__ = ["Kind", "ReviewItem", "step_ref", "drill_ref", "INTERVALS", "RIGHTS_TO_LEARN", "next_due", "record_mistake",
           "due_items", "due_count", "item_of", "count_review", "begin_attempt", "hand_over"]

INTERVALS = (1, 3, 7)
"""Days until an item comes back: after a mistake, then after each right answer in a row."""
RIGHTS_TO_LEARN = 2
"""Right answers in a row (on review days) after which an item leaves the review set."""


class Kind(Enum):
    """What is reviewed."""

    STEP = "step"
    DRILL = "drill"


class ReviewItem(db.Model):  # type: ignore[name-defined,misc]
    """One item of a learner's review set: what, when it is due, the rights in a row, the day's answer."""

    __tablename__ = "review_items"

    learner_id: Mapped[str] = mapped_column(
        ForeignKey("lesson_learners.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    ref: Mapped[str] = mapped_column(String(60), primary_key=True)
    """A step's ``<lesson slug>/<number>`` or a drill's ``<level>/<seed>``."""
    due: Mapped[date | None] = mapped_column(Date, nullable=True, index=True)
    """The day it comes back (None: learnt, out of the set until it is missed again)."""
    stage: Mapped[int] = mapped_column(default=0)
    """Rungs climbed on the ladder of `INTERVALS` (right answers on review days)."""
    rights: Mapped[int] = mapped_column(default=0)
    """Right answers in a row on review days."""
    reviewed: Mapped[date | None] = mapped_column(Date, nullable=True)
    """The day of the last counted review answer."""
    attempt: Mapped[date | None] = mapped_column(Date, nullable=True)
    """The review day that ``answer``, ``solved``, ``misses`` and ``hint`` belong to."""
    answer: Mapped[str] = mapped_column(String(200), default="")
    solved: Mapped[bool] = mapped_column(default=False)
    misses: Mapped[int] = mapped_column(default=0)
    hint: Mapped[bool] = mapped_column(default=False)

    @property
    def counted_today(self) -> bool:
        """Tell whether today's review answer has been counted."""
        return self.reviewed == learning.today()

    @property
    def open(self) -> bool:
        """Tell whether the item may be answered now: due, or answered today (its feedback)."""
        return (self.due is not None and self.due <= learning.today()) or self.attempt == learning.today()


def step_ref(slug: str, number: int) -> str:
    """Return the reference of lesson step ``number`` (counted from 1)."""
    return f"{slug}/{number}"


def drill_ref(level: int, seed: int) -> str:
    """Return the reference of the scoring drill of ``level`` and ``seed``."""
    return f"{level}/{seed}"


def next_due(day: date, *, stage: int) -> date:
    """Return when an item on rung ``stage`` of the ladder comes back, counted from ``day``."""
    return day + timedelta(days=INTERVALS[min(stage, len(INTERVALS) - 1)])


def record_mistake(learner: Learner, kind: Kind, ref: str) -> None:
    """Put an item the learner got wrong (in a lesson or a drill) in their set, due tomorrow.

    An item already in the set (or learnt) comes back tomorrow and starts its rights in a row
    again; the rungs it climbed stay, so that its next right answer waits longer.
    """
    today = learning.today()
    insert_missing(ReviewItem, learner_id=learner.id, kind=kind.value, ref=ref, due=next_due(today, stage=0),
                   stage=0, rights=0, answer="", solved=False, misses=0, hint=False)
    row = db.session.get(ReviewItem, (learner.id, kind.value, ref))
    assert row is not None
    row.due = next_due(today, stage=0)
    row.rights = 0


def hand_over(device: Learner, target: Learner) -> None:
    """Give ``target`` the review items of another browser's learner (a progress code joined them).

    An item both have stays as ``target`` has it; the caller commits.
    """
    for item in db.session.scalars(select(ReviewItem).where(ReviewItem.learner_id == device.id)).all():
        if db.session.get(ReviewItem, (target.id, item.kind, item.ref)) is None:
            insert_missing(ReviewItem, learner_id=target.id, kind=item.kind, ref=item.ref, due=item.due,
                           stage=item.stage, rights=item.rights, reviewed=item.reviewed, attempt=item.attempt,
                           answer=item.answer, solved=item.solved, misses=item.misses, hint=item.hint)
    db.session.execute(delete(ReviewItem).where(ReviewItem.learner_id == device.id))


def due_items(learner: Learner | None) -> list[ReviewItem]:
    """Return the learner's items due today (or earlier), the longest waiting first."""
    if learner is None:
        return []
    return list(db.session.scalars(
        select(ReviewItem)
        .where(ReviewItem.learner_id == learner.id, ReviewItem.due <= learning.today())
        .order_by(ReviewItem.due, ReviewItem.kind, ReviewItem.ref)
    ))


def due_count(learner: Learner | None) -> int:
    """Return how many items the learner has to review today."""
    return len(due_items(learner))


def item_of(learner: Learner | None, kind: Kind, ref: str) -> ReviewItem | None:
    """Return the learner's review item, or None."""
    if learner is None:
        return None
    return db.session.get(ReviewItem, (learner.id, kind.value, ref))


def begin_attempt(item: ReviewItem) -> None:
    """Start today's answer to a due item afresh (yesterday's answer is not today's)."""
    today = learning.today()
    if item.attempt != today:
        item.attempt = today
        item.answer = ""
        item.solved = False
        item.misses = 0
        item.hint = False


def count_review(item: ReviewItem, *, right: bool) -> bool:
    """Count today's first finished answer to a due item: up the ladder, or back to tomorrow.

    Counted once a day: a later answer on the same day changes nothing. Returns whether this
    answer was counted.
    """
    today = learning.today()
    if item.counted_today or item.due is None or item.due > today:
        return False
    item.reviewed = today
    if right:
        item.rights += 1
        item.stage += 1
        item.due = None if item.rights >= RIGHTS_TO_LEARN else next_due(today, stage=item.stage)
    else:
        item.rights = 0
        item.due = next_due(today, stage=0)
    return True
