"""Lieutenant Skat at a table: each table's series, and all-time statistics per player name.

The table itself, its seats, join links and revision are the table model's
(`webapp.storage.gametables`); a Lieutenant Skat table adds one row here: who starts each game,
the deal to replay first (a permalink), the card points of each finished game (the series),
and whose statistics its games count to. A player's message to the other is their seat's.

Statistics are kept per *owner*: a browser (for games played on one device: the hash of a
secret in its cookie) or a table (for games across two browsers). Each row is one player
name's games played, won, drawn, and game points.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from webapp.storage import db

__all__ = [
    "LieutenantSeries",
    "LieutenantStat",
    "Series",
    "Stat",
    "browser_owner",
    "table_owner",
    "create_series",
    "load_series",
    "add_result",
    "count_game",
    "statistics",
    "clear_statistics",
]

def _now() -> datetime:
    return datetime.now(timezone.utc)


def browser_owner(secret: str) -> str:
    """Return the owner of a browser's statistics: the hash of the secret in its cookie."""
    return hashlib.sha256(f"browser:{secret}".encode()).hexdigest()


def table_owner(table_id: str) -> str:
    """Return the owner of a table's statistics (a game across two browsers)."""
    return hashlib.sha256(f"table:{table_id}".encode()).hexdigest()


class LieutenantSeries(db.Model):  # type: ignore[name-defined,misc]
    """What a Lieutenant Skat table adds to its `GameTable` row."""

    __tablename__ = "lieutenant_series"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True)
    starting: Mapped[str] = mapped_column(String(16))
    """Who leads each game: "1", "2" or "alternate"."""
    deal: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The first game's deal when a permalink replays it; None for the table's own series."""
    results: Mapped[str] = mapped_column(Text, default="")
    """Each finished game's card points, "90:30 60:60": the series."""
    owner: Mapped[str] = mapped_column(String(64))
    """Whose statistics the games count to (`browser_owner` or `table_owner`)."""


class LieutenantStat(db.Model):  # type: ignore[name-defined,misc]
    """One player name's all-time games for one owner."""

    __tablename__ = "lieutenant_stat"
    __table_args__ = (UniqueConstraint("owner", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(40))
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    drawn: Mapped[int] = mapped_column(Integer, default=0)
    game_points: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


@dataclass(frozen=True, slots=True)
class Series:
    """A table's series as read."""

    starting: str
    deal: str | None
    results: tuple[tuple[int, int], ...]
    owner: str


@dataclass(frozen=True, slots=True)
class Stat:
    """A player name's all-time games."""

    name: str
    played: int
    won: int
    drawn: int
    game_points: int


def create_series(table_id: str, *, starting: str, deal: str | None, owner: str) -> None:
    """Store a new table's series (the table row exists already)."""
    if db.session.get(LieutenantSeries, table_id) is None:
        db.session.add(LieutenantSeries(table_id=table_id, starting=starting, deal=deal, results="", owner=owner))
        db.session.commit()


def _results(text: str) -> tuple[tuple[int, int], ...]:
    pairs = []
    for word in text.split():
        first, _, second = word.partition(":")
        pairs.append((int(first), int(second)))
    return tuple(pairs)


def load_series(table_id: str) -> Series | None:
    """Return the table's series, or None if it is not a Lieutenant Skat table."""
    record = db.session.get(LieutenantSeries, table_id)
    if record is None:
        return None
    try:
        results = _results(record.results)
    except ValueError:
        return None
    series = Series(record.starting, record.deal, results, record.owner)
    db.session.expire_all()
    return series


def add_result(table_id: str, points: tuple[int, int]) -> None:
    """Add a finished game's card points to the series."""
    record = db.session.get(LieutenantSeries, table_id)
    if record is not None:
        record.results = f"{record.results} {points[0]}:{points[1]}".strip()
        db.session.commit()
        db.session.expire_all()


def count_game(owner: str, games: Iterable[tuple[str, int, int]]) -> None:
    """Count a finished game for each (name, outcome, game points); outcome 1 won, 0 drawn, -1 lost."""
    for name, outcome, points in games:
        for _attempt in range(2):  # a row made meanwhile by another request: count into it
            row = db.session.execute(select(LieutenantStat).filter_by(owner=owner, name=name)).scalar_one_or_none()
            if row is None:
                row = LieutenantStat(owner=owner, name=name, played=0, won=0, drawn=0, game_points=0)
                db.session.add(row)
            row.played += 1
            row.won += outcome > 0
            row.drawn += outcome == 0
            row.game_points += points
            row.updated_at = _now()
            try:
                db.session.commit()
                break
            except IntegrityError:
                db.session.rollback()
    db.session.expire_all()


def statistics(owner: str) -> tuple[Stat, ...]:
    """Return an owner's statistics, most games first."""
    rows = db.session.execute(select(LieutenantStat).filter_by(owner=owner)
                              .order_by(LieutenantStat.played.desc(), LieutenantStat.name)).scalars()
    found = tuple(Stat(row.name, row.played, row.won, row.drawn, row.game_points) for row in rows)
    db.session.rollback()
    return found


def clear_statistics(owner: str) -> int:
    """Remove an owner's statistics; return how many names were cleared."""
    result = db.session.execute(delete(LieutenantStat).where(LieutenantStat.owner == owner))
    db.session.commit()
    return int(getattr(result, "rowcount", 0) or 0)
