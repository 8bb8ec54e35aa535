"""What keeps a learner learning: the days they were active, and their streak of such days.

A learner (`webapp.storage.lessons.Learner`) is active on a day when they answer a lesson step,
a drill exercise, a review or the deal of the day; each area says so through
:func:`record_activity`. Days are UTC dates: the server does not know the learner's time zone
(no script, no account), and a UTC day is the same on every device the learner uses. The
streak counts the active days of an unbroken run; one day without activity per ISO week (Monday
to Sunday) is a rest day and does not break it, a second one in the same week does.

Also here: the learner's progress code (kept as a hash) and linked drill visitor, which bind
another browser to the same learner (:func:`carry_on` merges what that browser had), and the
outcomes of their practice hands, read through :func:`practice_statistics` alone.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal

from sqlalchemy import Date, ForeignKey, String, delete, select, update
from sqlalchemy.orm import Mapped, mapped_column

from webapp.storage import db, insert_missing
from webapp.storage.calculator import DrillStreak
from webapp.storage.lessons import Learner, LessonProgress, StepState, progress_of

__all__ = [
    "Activity", "Kind", "KINDS", "Streak", "record_activity", "active_days", "streak_of", "today",
    "LearnerLink", "new_code", "normal_code", "grouped", "code_made", "is_current_code", "learner_by_code",
    "drill_visitor", "link_visitor", "carry_on",
    "PracticeResult", "record_hand", "practice_statistics", "PracticeStatistics", "GameStatistics",
]

Kind = Literal["step", "drill", "review", "deal"]
KINDS: tuple[Kind, ...] = ("step", "drill", "review", "deal")
"""What counts as activity: a lesson step, a drill exercise, a review, the deal of the day."""


def _utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


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
    learner.used = _utc_now()
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


# ---------------------------------------------------------------- progress codes (another device)

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The characters of a progress code: digits and capitals without the look-alikes 0, O, 1, I and L."""
CODE_LENGTH = 12
"""31 ** 12 codes, about 59 bits: not to be guessed at the few tries per hour the rate limit allows."""
CODE_GROUP = 4


class LearnerLink(db.Model):  # type: ignore[name-defined,misc]
    """What ties a learner to their other devices: the hash of their progress code, their drill visitor."""

    __tablename__ = "learning_links"

    learner_id: Mapped[str] = mapped_column(
        ForeignKey("lesson_learners.id", ondelete="CASCADE"), primary_key=True
    )
    code_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    """SHA-256 of the current code (a random code needs no slow hash); None: no code yet."""
    code_made: Mapped[datetime | None] = mapped_column(nullable=True)
    visitor: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The drill visitor id (`webapp.storage.calculator`) whose streak and level are this learner's."""


def _hash(code: str) -> str:
    return hashlib.sha256(code.encode("ascii")).hexdigest()


def normal_code(text: str | None) -> str | None:
    """Return a typed code in its plain form (capitals, no spaces or dashes), or None if it is not one.

    >>> normal_code(" k7qm-3xpa 9trd ")
    'K7QM3XPA9TRD'
    >>> normal_code("K7QM-3XPA-9TR0") is None  # a zero is never part of a code
    True
    """
    if text is None or len(text) > 4 * CODE_LENGTH:
        return None
    plain = "".join(text.split()).replace("-", "").upper()
    if len(plain) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in plain):
        return None
    return plain


def grouped(code: str) -> str:
    """Return a code in groups of four for reading aloud or typing: ``K7QM-3XPA-9TRD``."""
    return "-".join(code[start:start + CODE_GROUP] for start in range(0, len(code), CODE_GROUP))


def _link(learner: Learner) -> LearnerLink:
    insert_missing(LearnerLink, learner_id=learner.id)
    link = db.session.get(LearnerLink, learner.id)
    assert link is not None
    return link


def new_code(learner: Learner) -> str:
    """Give the learner a fresh progress code (the old one stops working) and return it, grouped.

    Only its hash is kept: the code itself is shown once, on the device that made it.
    """
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    link = _link(learner)
    link.code_hash = _hash(code)
    link.code_made = _utc_now()
    learner.used = _utc_now()
    return grouped(code)


def code_made(learner: Learner | None) -> datetime | None:
    """Return when the learner's current code was made (None: they have none)."""
    link = db.session.get(LearnerLink, learner.id) if learner is not None else None
    return link.code_made if link is not None and link.code_hash is not None else None


def is_current_code(learner: Learner, code: str | None) -> bool:
    """Tell whether ``code`` is the learner's current code (a retired one is not)."""
    plain = normal_code(code)
    link = db.session.get(LearnerLink, learner.id)
    return plain is not None and link is not None and link.code_hash == _hash(plain)


def learner_by_code(code: str | None) -> Learner | None:
    """Return the learner whose current code this is, or None (a wrong or retired code)."""
    plain = normal_code(code)
    if plain is None:
        return None
    link = db.session.scalars(select(LearnerLink).where(LearnerLink.code_hash == _hash(plain))).first()
    return db.session.get(Learner, link.learner_id) if link is not None else None


def drill_visitor(learner: Learner | None) -> str | None:
    """Return the drill visitor id whose streak is the learner's, if one is linked."""
    link = db.session.get(LearnerLink, learner.id) if learner is not None else None
    return link.visitor if link is not None else None


def link_visitor(learner: Learner, visitor: str) -> None:
    """Make ``visitor``'s drill streak the learner's, unless they have one already."""
    link = _link(learner)
    if link.visitor is None:
        link.visitor = visitor


def _better(mine: LessonProgress, theirs: LessonProgress) -> bool:
    return (mine.stars, mine.finished, mine.step) > (theirs.stars, theirs.finished, theirs.step)


def _merge_lessons(device: Learner, target: Learner) -> None:
    """Keep, lesson by lesson, the better progress (more stars, finished, further on) of the two."""
    theirs = progress_of(target)
    for lesson, mine in progress_of(device).items():
        kept = theirs.get(lesson)
        loser = device if kept is not None and not _better(mine, kept) else target
        for table in (StepState, LessonProgress):
            db.session.execute(delete(table).where(table.learner_id == loser.id, table.lesson == lesson))
        if loser is target:
            for table in (StepState, LessonProgress):
                db.session.execute(
                    update(table).where(table.learner_id == device.id, table.lesson == lesson)
                    .values(learner_id=target.id)
                )


def _drill_level(row: DrillStreak) -> str:
    """Return the level of a visitor's last drill (kept as ``level/seed``), padded to compare as text."""
    return row.last_exercise.partition("/")[0].zfill(3)


def _merge_drills(visitor: str, into: str) -> None:
    """Keep the better drill streak of two visitors under ``into``: the longer streak and best, the higher level."""
    mine, theirs = db.session.get(DrillStreak, visitor), db.session.get(DrillStreak, into)
    if mine is None:
        return
    if theirs is None:
        db.session.execute(update(DrillStreak).where(DrillStreak.visitor == visitor).values(visitor=into))
        return
    if (_drill_level(mine), mine.streak) > (_drill_level(theirs), theirs.streak):
        theirs.last_exercise = mine.last_exercise
    theirs.streak = max(theirs.streak, mine.streak)
    theirs.best = max(theirs.best, mine.best)
    db.session.delete(mine)


def carry_on(device: Learner | None, visitor: str | None, target: Learner) -> str | None:
    """Bind a device to ``target``'s progress, merging in what the device had (``device``, ``visitor``).

    Lessons keep the better of the two; drill streaks the better; active days and practice hands
    add up. The device's own learner goes. Returns the drill visitor the device uses from now on.
    The caller commits.
    """
    db.session.flush()
    own_visitor = drill_visitor(device) or visitor
    if device is not None and device.id != target.id:
        _merge_lessons(device, target)
        for day, kind in db.session.execute(
            select(Activity.day, Activity.kind).where(Activity.learner_id == device.id)
        ).all():
            insert_missing(Activity, learner_id=target.id, day=day, kind=kind)
        db.session.execute(update(PracticeResult).where(PracticeResult.learner_id == device.id)
                           .values(learner_id=target.id))
        for table in (Activity, LearnerLink):
            db.session.execute(delete(table).where(table.learner_id == device.id))
        db.session.execute(delete(Learner).where(Learner.id == device.id))
    link = _link(target)
    if link.visitor is None:
        link.visitor = own_visitor
    elif own_visitor is not None and own_visitor != link.visitor:
        _merge_drills(own_visitor, link.visitor)
    target.used = _utc_now()
    db.session.flush()
    db.session.expire_all()
    return link.visitor


# ---------------------------------------------------------------- practice statistics

STATISTICS_DAYS = 30


class PracticeResult(db.Model):  # type: ignore[name-defined,misc]
    """The outcome of one finished practice hand, for the learner who played it."""

    __tablename__ = "learning_hands"

    hand_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    learner_id: Mapped[str] = mapped_column(
        ForeignKey("lesson_learners.id", ondelete="CASCADE"), index=True
    )
    day: Mapped[date] = mapped_column(Date)
    game: Mapped[str] = mapped_column(String(8))
    """The game type's notation value (``grand``, ``clubs``, …)."""
    declarer: Mapped[bool] = mapped_column()
    """Whether the learner was the declarer (else a defender)."""
    won: Mapped[bool] = mapped_column()
    """Whether the learner's side won."""
    score: Mapped[int] = mapped_column()
    """The learner's Seeger-Fabian score for the game."""


def record_hand(learner: Learner, hand_id: str, *, game: str, declarer: bool, won: bool, score: int,
                day: date | None = None) -> None:
    """Keep the outcome of a finished practice hand once (the first finish counts); the caller commits."""
    learner.used = _utc_now()
    insert_missing(PracticeResult, hand_id=hand_id, learner_id=learner.id, day=day or today(), game=game,
                   declarer=declarer, won=won, score=score)


@dataclass(frozen=True, slots=True)
class GameStatistics:
    """Hands of one game type (or all of them): how many, how many won on each side."""

    game: str
    played: int
    declared: int
    won_declaring: int
    defended: int
    won_defending: int
    score: int


@dataclass(frozen=True, slots=True)
class PracticeStatistics:
    """A learner's practice over the last days: by game type, and all together."""

    games: tuple[GameStatistics, ...]
    total: GameStatistics
    days: int

    @property
    def average(self) -> float | None:
        """The average score per hand (None: no hand played)."""
        return self.total.score / self.total.played if self.total.played else None


def _statistics(game: str, results: list[PracticeResult]) -> GameStatistics:
    return GameStatistics(
        game=game,
        played=len(results),
        declared=sum(1 for result in results if result.declarer),
        won_declaring=sum(1 for result in results if result.declarer and result.won),
        defended=sum(1 for result in results if not result.declarer),
        won_defending=sum(1 for result in results if not result.declarer and result.won),
        score=sum(result.score for result in results),
    )


def practice_statistics(learner: Learner | None, on: date | None = None,
                        games: tuple[str, ...] = ()) -> PracticeStatistics:
    """Return the learner's practice statistics over the ``STATISTICS_DAYS`` days up to ``on`` (today).

    The one place practice statistics are read; ``games`` orders the game types (others follow).
    """
    since = (on or today()) - timedelta(days=STATISTICS_DAYS - 1)
    results: list[PracticeResult] = []
    if learner is not None:
        results = list(db.session.scalars(
            select(PracticeResult).where(PracticeResult.learner_id == learner.id, PracticeResult.day >= since)
        ))
    order = list(games) + sorted({result.game for result in results} - set(games))
    by_game = tuple(
        _statistics(game, [result for result in results if result.game == game])
        for game in order if any(result.game == game for result in results)
    )
    return PracticeStatistics(by_game, _statistics("", results), STATISTICS_DAYS)
