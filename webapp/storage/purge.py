"""Clean-up: remove anonymous data that nobody has touched for a while (``flask --app webapp purge``).

Each kind of data has a table, a column saying when it was last changed, and the tables that
hang on its rows. How many days a kind is kept is the setting ``PURGE_AFTER_DAYS``. Rows go in
small batches, each its own short transaction, and each DELETE checks the age again, so the
command may run while the app serves: a row someone touches meanwhile stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import click
from flask import Flask, current_app
from sqlalchemy import ColumnElement, and_, delete, select
from sqlalchemy.orm import InstrumentedAttribute

from webapp.storage import db
from webapp.storage.calculator import DrillStreak
from webapp.storage.classes import ClassAnswer, ClassRoom, ClassStudent
from webapp.storage.daily import DailyPlay
from webapp.storage.gametables import GameSeat, GameTable
from webapp.storage.learning import Activity, LearnerLink, PracticeResult, drill_visitor
from webapp.storage.lessons import Learner, LessonProgress, StepState
from webapp.storage.lieutenant import LieutenantSeries, LieutenantStat
from webapp.storage.ratelimit import forget_ended
from webapp.storage.review import ReviewItem
from webapp.storage.scoresheet import ScoreChange, ScoreHand, ScoreList, ScorePage
from webapp.storage.seasons import ScoreSeason, ScoreSeasonList

BATCH = 500
"""Rows removed per transaction by default."""


@dataclass(frozen=True)
class Purgeable:
    """A kind of anonymous data: its rows' key, when each was last changed, the rows that hang on it."""

    kind: str
    key: InstrumentedAttribute[Any]
    touched: InstrumentedAttribute[Any]
    children: tuple[InstrumentedAttribute[Any], ...] = ()
    """The columns of other tables that refer to ``key`` (removed with it, first listed first)."""
    aware: bool = False
    """Whether ``touched`` keeps times with their time zone (else naive UTC)."""
    only: ColumnElement[bool] | None = None
    """Which rows of ``key``'s table are of this kind (None: all)."""

    def where(self, before: datetime) -> ColumnElement[bool]:
        """Return the condition of this kind's rows untouched since ``before``."""
        untouched = self.touched < before
        return untouched if self.only is None else and_(self.only, untouched)


LEARNER_ROWS: tuple[InstrumentedAttribute[Any], ...] = (
    Activity.learner_id, LearnerLink.learner_id, PracticeResult.learner_id, StepState.learner_id,
    LessonProgress.learner_id, ReviewItem.learner_id, DailyPlay.learner_id,
)
"""Everything kept for a learner: the columns of the tables that refer to them."""

PURGEABLE: tuple[Purgeable, ...] = (
    Purgeable("hands", GameTable.id, GameTable.updated_at, (GameSeat.table_id,), aware=True,
              only=GameTable.single.is_(True)),
    Purgeable("learners", Learner.id, Learner.used, LEARNER_ROWS),
    Purgeable("visitors", DrillStreak.visitor, DrillStreak.used, aware=True),
    Purgeable("tables", GameTable.id, GameTable.updated_at, (GameSeat.table_id, LieutenantSeries.table_id),
              aware=True, only=GameTable.single.is_(False)),
    Purgeable("statistics", LieutenantStat.id, LieutenantStat.updated_at, aware=True),
    Purgeable("classes", ClassRoom.id, ClassRoom.updated_at, (ClassAnswer.class_id, ClassStudent.class_id),
              aware=True),
    Purgeable("daily", DailyPlay.id, DailyPlay.day),
    Purgeable("lists", ScoreList.id, ScoreList.updated,
              (ScoreChange.list_id, ScoreHand.list_id, ScoreSeasonList.list_id, ScorePage.list_id)),
    Purgeable("seasons", ScoreSeason.id, ScoreSeason.updated, (ScoreSeasonList.season_id,)),
)
"""Everything ``purge`` removes; a new kind of anonymous data adds its line (and a default in config)."""


def forget_learner(learner: Learner) -> None:
    """Forget everything kept for a learner, who stays as new: progress and stars, active days,
    practice statistics, review items, deal-of-the-day tries, the progress code, and the drill
    streak of their linked visitor. The caller commits."""
    visitor = drill_visitor(learner)
    if visitor is not None:
        db.session.execute(delete(DrillStreak).where(DrillStreak.visitor == visitor))
    for column in LEARNER_ROWS:
        db.session.execute(
            delete(column.class_).where(column == learner.id).execution_options(synchronize_session=False)
        )


@dataclass(frozen=True, slots=True)
class Purged:
    """What one kind's purge removed: rows (their dependent rows aside), in how many batches."""

    kind: str
    removed: int
    batches: int


def cutoff(days: int, *, aware: bool, now: datetime | None = None) -> datetime:
    """Return the moment before which a row counts as untouched for ``days`` days."""
    moment = (now or datetime.now(UTC)) - timedelta(days=days)
    return moment if aware else moment.replace(tzinfo=None)


def remove(purgeable: Purgeable, keys: Sequence[Any], before: datetime) -> list[Any]:
    """Remove those of ``keys``' rows still untouched since ``before``, with their dependent rows.

    One transaction; returns the keys removed.
    """
    table = purgeable.key.class_
    gone = list(db.session.scalars(
        delete(table)
        .where(purgeable.key.in_(keys), purgeable.where(before))
        .returning(purgeable.key)
        .execution_options(synchronize_session=False)
    ))
    for child in purgeable.children:  # PostgreSQL cascades; SQLite does not enforce the keys
        if gone:
            db.session.execute(
                delete(child.class_).where(child.in_(gone)).execution_options(synchronize_session=False)
            )
    db.session.commit()
    return gone


def purge(purgeable: Purgeable, days: int, *, batch: int = BATCH, now: datetime | None = None) -> Purged:
    """Remove the rows of a kind untouched for ``days`` days, ``batch`` at a time."""
    before = cutoff(days, aware=purgeable.aware, now=now)
    removed = batches = 0
    while True:
        keys = list(db.session.scalars(
            select(purgeable.key).where(purgeable.where(before)).order_by(purgeable.touched).limit(batch)
        ))
        if not keys:
            break
        removed += len(remove(purgeable, keys, before))
        batches += 1
        if len(keys) < batch:
            break
    return Purged(purgeable.kind, removed, batches)


def purge_all(days: dict[str, int], *, batch: int = BATCH, now: datetime | None = None) -> list[Purged]:
    """Purge every kind after its number of days, and forget the rate-limit windows that ended."""
    done = [purge(purgeable, days[purgeable.kind], batch=batch, now=now) for purgeable in PURGEABLE]
    forget_ended(int((now or datetime.now(UTC)).timestamp()))
    return done


def init_app(app: Flask) -> None:
    """Add the ``purge`` command."""

    @app.cli.command("purge")
    @click.option("--batch", default=BATCH, show_default=True, type=click.IntRange(1),
                  help="Rows removed per transaction.")
    def purge_command(batch: int) -> None:
        """Remove anonymous data untouched for longer than PURGE_AFTER_DAYS says."""
        days: dict[str, int] = current_app.config["PURGE_AFTER_DAYS"]
        for purged in purge_all(days, batch=batch):
            click.echo(f"{purged.kind}: {purged.removed} removed in {purged.batches} batches "
                       f"(untouched for {days[purged.kind]} days)")
