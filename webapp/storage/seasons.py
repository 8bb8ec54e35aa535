"""Seasons: several lists of the same players, added up in one table.

A season has two keys like a list (`webapp.storage.scoresheet`): its token opens it to keep
(add and take out lists, merge names), its view token to read only. Its lists are rows of
``scoresheet_season_lists``; a list is added by its own token (its edit link: only who keeps a
list may put it in a season), at most once per season. ``merges`` maps a player name's key to
the key it counts as (`webapp.scoresheet.season.name_key`). Each change is one transaction and
touches the season (``updated``), which is what the clean-up goes by.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import MadeByForm, add_once, db
from webapp.storage.scoresheet import TOKEN_LENGTH, ScoreList, StoredList, _now, load_list, new_token

__all__ = [
    "StoredSeason",
    "AlreadyIn",
    "MAX_LISTS",
    "create_season",
    "load_season",
    "find_list",
    "add_list",
    "remove_list",
    "set_merges",
    "season_titles",
]

TITLE_LENGTH = 80
MAX_LISTS = 60
"""The most lists a season holds (a year of weekly evenings)."""


class ScoreSeason(MadeByForm, db.Model):  # type: ignore[name-defined,misc]
    """A season: its keys, title and merged names."""

    __tablename__ = "scoresheet_seasons"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    title: Mapped[str] = mapped_column(String(TITLE_LENGTH), default="")
    merges: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    created: Mapped[datetime] = mapped_column(default=_now)
    updated: Mapped[datetime] = mapped_column(default=_now, index=True)


class ScoreSeasonList(db.Model):  # type: ignore[name-defined,misc]
    """A list in a season."""

    __tablename__ = "scoresheet_season_lists"
    __table_args__ = (UniqueConstraint("season_id", "list_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("scoresheet_seasons.id", ondelete="CASCADE"), index=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("scoresheet_lists.id", ondelete="CASCADE"), index=True)


@dataclass(frozen=True, slots=True)
class StoredSeason:
    """A season as stored: its lists (loaded by their tokens), oldest first.

    ``token`` is the key the season was loaded by: its token if ``editable``, else its view token.
    """

    token: str
    view_token: str
    editable: bool
    title: str
    merges: dict[str, str]
    created: datetime
    updated: datetime
    lists: tuple[StoredList, ...]


class AlreadyIn(Exception):
    """The list is in the season already."""


def _usable(token: str) -> bool:
    return parse.is_token(token) and len(token) <= TOKEN_LENGTH


def _find(token: str) -> ScoreSeason | None:
    if not _usable(token):
        return None
    return db.session.execute(select(ScoreSeason).filter_by(token=token)).scalar_one_or_none()


def find_list(token: str) -> StoredList | None:
    """Return the list whose edit token this is (a view token finds none), or None."""
    found = load_list(token) if _usable(token) else None
    return found if found is not None and found.editable else None


def create_season(*, title: str, list_token: str, form_token: str | None = None) -> str:
    """Store a new season holding the list with ``list_token`` (one transaction); return its token.

    Raise LookupError if no list has that edit token. The same ``form_token`` twice makes one season.
    """
    record = ScoreSeason(token=new_token(), title=title, merges={}, form_token=form_token)
    list_id = _list_id(list_token)
    made = add_once(record)
    if made is not record:
        return str(made.token)
    db.session.add(ScoreSeasonList(season_id=record.id, list_id=list_id))
    db.session.commit()
    return record.token


def _list_id(list_token: str) -> int:
    if not _usable(list_token):
        raise LookupError(list_token)
    found = db.session.execute(select(ScoreList.id).filter_by(token=list_token)).scalar_one_or_none()
    if found is None:
        raise LookupError(list_token)
    return int(found)


def load_season(token: str) -> StoredSeason | None:
    """Return the season with this token (to keep) or view token (to read), or None."""
    if not _usable(token):
        return None
    record = db.session.execute(
        select(ScoreSeason).where((ScoreSeason.token == token) | (ScoreSeason.view_token == token))
    ).scalar_one_or_none()
    if record is None:
        return None
    list_tokens = db.session.execute(
        select(ScoreList.token)
        .join(ScoreSeasonList, ScoreSeasonList.list_id == ScoreList.id)
        .where(ScoreSeasonList.season_id == record.id)
        .order_by(ScoreList.created, ScoreList.id)
    ).scalars().all()
    lists = tuple(stored for stored in map(load_list, list_tokens) if stored is not None)
    return StoredSeason(
        token=token,
        view_token=record.view_token,
        editable=record.token == token,
        title=record.title,
        merges=dict(record.merges or {}),
        created=record.created,
        updated=record.updated,
        lists=lists,
    )


def _touch(record: ScoreSeason) -> None:
    record.updated = _now()


def add_list(token: str, list_token: str) -> None:
    """Add the list with edit token ``list_token`` to the season (one transaction).

    Raise LookupError for an unknown season or list, `AlreadyIn` if it is in the season already.
    """
    record = _find(token)
    if record is None:
        raise LookupError(token)
    list_id = _list_id(list_token)
    present = db.session.execute(
        select(ScoreSeasonList.id).filter_by(season_id=record.id, list_id=list_id)
    ).first()
    if present is not None:
        raise AlreadyIn(list_token)
    db.session.add(ScoreSeasonList(season_id=record.id, list_id=list_id))
    _touch(record)
    try:
        db.session.commit()
    except IntegrityError:  # the same list added at the same moment in another tab
        db.session.rollback()
        raise AlreadyIn(list_token) from None


def remove_list(token: str, view_token: str) -> bool:
    """Take the list with ``view_token`` out of the season (the list itself stays); tell if it was in."""
    record = _find(token)
    if record is None:
        raise LookupError(token)
    if not _usable(view_token):
        return False
    list_id = db.session.execute(select(ScoreList.id).filter_by(view_token=view_token)).scalar_one_or_none()
    if list_id is None:
        return False
    gone = db.session.execute(
        delete(ScoreSeasonList)
        .where(ScoreSeasonList.season_id == record.id, ScoreSeasonList.list_id == list_id)
        .execution_options(synchronize_session=False)
    )
    if not gone.rowcount:  # type: ignore[attr-defined]
        db.session.rollback()
        return False
    _touch(record)
    db.session.commit()
    return True


def set_merges(token: str, merges: dict[str, str]) -> None:
    """Replace the season's merged names (one transaction)."""
    record = _find(token)
    if record is None:
        raise LookupError(token)
    record.merges = dict(merges)
    _touch(record)
    db.session.commit()


def season_titles(tokens: list[str]) -> list[tuple[str, str, int, datetime]]:
    """Return the token, title, number of lists and last change of the seasons with these tokens."""
    wanted = [token for token in tokens if _usable(token)]
    if not wanted:
        return []
    records = db.session.execute(select(ScoreSeason).where(ScoreSeason.token.in_(wanted))).scalars().all()
    found = []
    for record in records:
        count = len(db.session.execute(
            select(ScoreSeasonList.id).filter_by(season_id=record.id)).scalars().all())
        found.append((record.token, record.title, count, record.updated))
    return sorted(found, key=lambda item: item[3], reverse=True)
