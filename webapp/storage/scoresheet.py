"""Scoresheets: lists, their hands, and the change log that undo walks back.

A list has two keys (``secrets.token_urlsafe``, unguessable): its token, which opens it to keep
(whoever has the URL may enter, change and delete hands), and its view token, which opens it to
read only. A list loaded by its view token says so (`StoredList.editable` is false) and never
carries its token; every change is made by the token alone. Each hand is a row holding the entry's string fields; a deleted hand stays as a
row marked deleted, so that undo can bring it back at its place (hands are ordered by id). Every
change is logged with the fields before and after it; undo reverts the newest change not undone
yet and marks it undone. Each change is one transaction and carries the revision of the list it
was made on: a change made on an older revision (another tab, another person) is refused with
`Stale`, and nothing is written.

A page of a list (its hands as HTML, its totals, its chart) costs time in its number of hands;
it is kept, drawn, per revision of the list (`ScorePage`, one row per list and key: language,
deck, read or keep): a view of an unchanged list reads it instead of working the list out
again, and every change raises the revision, so a kept page of an older one is never shown.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Any, Unpack

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, bindparam, case, or_, select, update
from sqlalchemy.engine import Row
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import MadeByForm, add_once, db, upsert_insert

__all__ = [
    "Action",
    "Change",
    "ListHead",
    "StoredList",
    "Summary",
    "Stale",
    "NoSuchHand",
    "new_token",
    "create_list",
    "load_list",
    "load_page",
    "keep_page",
    "summaries",
    "add_hand",
    "edit_hand",
    "delete_hand",
    "undo",
    "add_bock",
    "BOCK_ADDED",
    "TOKEN_LENGTH",
]

TOKEN_LENGTH = 43
TITLE_LENGTH = 80
NAME_LENGTH = 40
PAGE_KEY_LENGTH = 64

Fields = dict[str, str]

BOCK_ADDED: Fields = {"kind": "bock"}
"""The fields of a Bock round added by hand: kept in order among the hands, but no hand itself
(hands are numbered without them)."""


def _is_hand(fields: Mapping[str, str]) -> bool:
    return fields.get("kind") != BOCK_ADDED["kind"]


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """Return a fresh unguessable list token (128 random bits)."""
    return secrets.token_urlsafe(16)


class ScoreList(MadeByForm, db.Model):  # type: ignore[name-defined,misc]
    """A list: its players, house rules, and revision (raised by every change)."""

    __tablename__ = "scoresheet_lists"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    title: Mapped[str] = mapped_column(String(TITLE_LENGTH), default="")
    players: Mapped[list[str]] = mapped_column(JSON)
    rules: Mapped[list[str]] = mapped_column(JSON)
    revision: Mapped[int] = mapped_column(default=0)
    created: Mapped[datetime] = mapped_column(default=_now)
    updated: Mapped[datetime] = mapped_column(default=_now, index=True)


class ScoreHand(db.Model):  # type: ignore[name-defined,misc]
    """One hand of a list: the entry's string fields; deleted hands stay for undo."""

    __tablename__ = "scoresheet_hands"

    id: Mapped[int] = mapped_column(primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("scoresheet_lists.id", ondelete="CASCADE"), index=True)
    fields: Mapped[dict[str, str]] = mapped_column(JSON)
    deleted: Mapped[bool] = mapped_column(default=False)


class ScoreChange(db.Model):  # type: ignore[name-defined,misc]
    """One change to a list's hands, with the fields before and after it."""

    __tablename__ = "scoresheet_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("scoresheet_lists.id", ondelete="CASCADE"), index=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("scoresheet_hands.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(8))
    before: Mapped[dict[str, str] | None] = mapped_column(JSON)
    after: Mapped[dict[str, str] | None] = mapped_column(JSON)
    undone: Mapped[bool] = mapped_column(default=False)
    created: Mapped[datetime] = mapped_column(default=_now)


class ScorePage(db.Model):  # type: ignore[name-defined,misc]
    """A list's page as drawn at one revision, for one key (its language, deck, read or keep)."""

    __tablename__ = "scoresheet_pages"
    __table_args__ = (UniqueConstraint("list_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("scoresheet_lists.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(PAGE_KEY_LENGTH))
    revision: Mapped[int]
    parts: Mapped[dict[str, object]] = mapped_column(JSON)


class Action(Enum):
    """What a change did to a hand."""

    ADD = "add"
    EDIT = "edit"
    DELETE = "delete"
    BOCK = "bock"  # one more Bock round, added by hand


@dataclass(frozen=True, slots=True)
class Change:
    """A change that undo would revert: what it did, to which hand (numbered from 1).

    An added Bock round has the number of the hand it comes before.
    """

    action: Action
    number: int


@dataclass(frozen=True, slots=True)
class ListHead:
    """A list as stored, without its hands: what a page shows around them.

    ``token`` is the key the list was loaded by: its token if ``editable``, else its view token.
    """

    token: str
    view_token: str
    editable: bool
    title: str
    players: tuple[str, ...]
    rules: tuple[str, ...]
    revision: int


@dataclass(frozen=True, slots=True)
class StoredList(ListHead):
    """A list as stored: its hands' fields in order, and the change undo would revert."""

    created: datetime
    updated: datetime
    hands: tuple[Fields, ...]
    last_change: Change | None


@dataclass(frozen=True, slots=True)
class Summary:
    """A list in a listing of lists."""

    token: str
    title: str
    players: tuple[str, ...]
    hands: int
    updated: datetime


class Stale(Exception):
    """The list changed since the page the change came from was shown."""


class NoSuchHand(Exception):
    """The hand number names no hand of the list."""


def create_list(*, title: str, players: Sequence[str], rules: Sequence[str],
                hands: Iterable[Mapping[str, str]] = (), form_token: str | None = None) -> str:
    """Store a new list (with its hands, for an import) in one transaction; return its token.

    The same ``form_token`` twice (a double click) makes one list: the second call returns it.
    """
    record = ScoreList(token=new_token(), title=title, players=list(players), rules=list(rules),
                       form_token=form_token)
    made = add_once(record)
    if made is not record:
        return str(made.token)
    for fields in hands:
        hand = ScoreHand(list_id=record.id, fields=dict(fields))
        db.session.add(hand)
    db.session.commit()
    return record.token


def _find(token: str) -> ScoreList | None:
    if not parse.is_token(token) or len(token) > TOKEN_LENGTH:
        return None
    return db.session.execute(select(ScoreList).filter_by(token=token)).scalar_one_or_none()


def _live_hands(list_id: int) -> list[ScoreHand]:
    """Return the list's live hands in order (not the Bock rounds added by hand)."""
    query = select(ScoreHand).filter_by(list_id=list_id, deleted=False).order_by(ScoreHand.id)
    return [hand for hand in db.session.execute(query).scalars() if _is_hand(hand.fields)]


def _last_change(list_id: int) -> ScoreChange | None:
    query = (select(ScoreChange).filter_by(list_id=list_id, undone=False)
             .order_by(ScoreChange.id.desc()).limit(1))
    return db.session.execute(query).scalar_one_or_none()


def _live_fields(list_id: int) -> list[tuple[int, dict[str, str]]]:
    """Return the id and fields of each live hand, in order: plain rows, no objects for the session to track."""
    return [(hand_id, fields) for hand_id, fields in db.session.execute(_LIVE_FIELDS, {"list_id": list_id})]


def _number_of(hand_id: int, live: Iterable[int]) -> int:
    """Return the number a hand has among the ``live`` hands' ids, or would have if brought back."""
    return 1 + sum(1 for live_id in live if live_id < hand_id)


# The statements of `load_list`, built once: a page reads a list with two queries (the list with
# the change undo would revert, then its live hands), without objects for the session to track.
_LAST_CHANGE_ID = (
    select(ScoreChange.id)
    .where(ScoreChange.list_id == ScoreList.id, ScoreChange.undone.is_(False))
    .order_by(ScoreChange.id.desc())
    .limit(1)
    .correlate(ScoreList)
    .scalar_subquery()
)
_LIST_WITH_CHANGE = (
    select(ScoreList.id, ScoreList.token, ScoreList.view_token, ScoreList.title, ScoreList.players,
           ScoreList.rules, ScoreList.revision, ScoreList.created, ScoreList.updated, ScoreChange.action,
           ScoreChange.hand_id)
    .outerjoin(ScoreChange, ScoreChange.id == _LAST_CHANGE_ID)
    .where(or_(ScoreList.token == bindparam("token"), ScoreList.view_token == bindparam("token")))
)
_LIVE_FIELDS = (
    select(ScoreHand.id, ScoreHand.fields)
    .where(ScoreHand.list_id == bindparam("list_id"), ScoreHand.deleted.is_(False))
    .order_by(ScoreHand.id)
)


def load_list(token: str) -> StoredList | None:
    """Return the list with this token (to keep) or view token (to read), or None."""
    if not parse.is_token(token) or len(token) > TOKEN_LENGTH:
        return None
    found = db.session.execute(_LIST_WITH_CHANGE, {"token": token}).one_or_none()
    if found is None:
        return None
    live = _live_fields(found.id)
    return StoredList(
        token=token,
        view_token=found.view_token,
        editable=found.token == token,
        title=found.title,
        players=tuple(found.players),
        rules=tuple(found.rules),
        revision=found.revision,
        created=found.created,
        updated=found.updated,
        hands=tuple(dict(fields) for _, fields in live),
        last_change=None if found.action is None else Change(
            Action(found.action),
            _number_of(found.hand_id, (hand_id for hand_id, fields in live if _is_hand(fields))),
        ),
    )


_LIST_HEAD = (
    select(ScoreList.token, ScoreList.view_token, ScoreList.title, ScoreList.players, ScoreList.rules,
           ScoreList.revision)
    .where(or_(ScoreList.token == bindparam("token"), ScoreList.view_token == bindparam("token")))
)
_LIST_WITH_PAGE = (
    _LIST_HEAD.add_columns(ScorePage.parts)
    .outerjoin(ScorePage, (ScorePage.list_id == ScoreList.id) & (ScorePage.revision == ScoreList.revision)
               & (ScorePage.key == case((ScoreList.token == bindparam("token"), bindparam("keep")),
                                        else_=bindparam("read"))))
)


def _page_key(key: str, editable: bool) -> str:
    return f"{key}/{'keep' if editable else 'read'}"


def load_head(token: str) -> ListHead | None:
    """Return the list with this token or view token, without its hands or pages (None: no such list)."""
    if not parse.is_token(token) or len(token) > TOKEN_LENGTH:
        return None
    found = db.session.connection().execute(_LIST_HEAD, {"token": token}).one_or_none()
    return None if found is None else _head(token, found)


def _head(token: str, found: Row[Unpack[tuple[Any, ...]]]) -> ListHead:
    """Return the list's head from a row of `_LIST_HEAD` or `_LIST_WITH_PAGE`, as ``token`` opened it."""
    return ListHead(token=token, view_token=found.view_token, editable=found.token == token, title=found.title,
                    players=tuple(found.players), rules=tuple(found.rules), revision=found.revision)


def load_page(token: str, key: str) -> tuple[ListHead, dict[str, object] | None] | None:
    """Return the list with this token or view token, and its page kept for ``key`` at its revision.

    One query, without the hands. The page is the one for the list opened to keep or to read,
    as ``token`` opens it, and None if none was kept at this revision; None if there is no such list.
    """
    if not parse.is_token(token) or len(token) > TOKEN_LENGTH:
        return None
    keys = {"keep": _page_key(key, True), "read": _page_key(key, False)}
    found = db.session.connection().execute(_LIST_WITH_PAGE, {"token": token, **keys}).one_or_none()
    if found is None:
        return None
    return _head(token, found), found.parts


def keep_page(token: str, revision: int, key: str, parts: Mapping[str, object]) -> None:
    """Keep the page of the list at ``revision`` for ``key`` (replacing an older revision's).

    A page of a revision older than the one kept (a slow request) leaves the kept one.
    """
    found = db.session.execute(
        select(ScoreList.id, ScoreList.token).where(or_(ScoreList.token == token, ScoreList.view_token == token))
    ).one_or_none()
    if found is None:
        return
    insert = upsert_insert(ScorePage).values(list_id=found.id, key=_page_key(key, found.token == token),
                                             revision=revision, parts=dict(parts))
    db.session.execute(insert.on_conflict_do_update(
        index_elements=["list_id", "key"],
        set_={"revision": insert.excluded.revision, "parts": insert.excluded.parts},
        where=ScorePage.revision < insert.excluded.revision,
    ))
    db.session.commit()


def summaries(tokens: Iterable[str]) -> list[Summary]:
    """Return the lists with these tokens that exist, most recently changed first."""
    wanted = [token for token in tokens if parse.is_token(token) and len(token) <= TOKEN_LENGTH]
    if not wanted:
        return []
    records = db.session.execute(select(ScoreList).where(ScoreList.token.in_(wanted))).scalars()
    found = [
        Summary(record.token, record.title, tuple(record.players), len(_live_hands(record.id)),
                record.updated)
        for record in records
    ]
    return sorted(found, key=lambda summary: summary.updated, reverse=True)


def _begin_change(token: str, revision: int) -> ScoreList:
    """Raise the list's revision if it is still ``revision``; else raise `Stale` (or LookupError)."""
    record = _find(token)
    if record is None:
        raise LookupError(token)
    bumped = db.session.execute(
        update(ScoreList)
        .where(ScoreList.id == record.id, ScoreList.revision == revision)
        .values(revision=revision + 1, updated=_now())
        .execution_options(synchronize_session=False)
    )
    if bumped.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise Stale(token)
    return record


def _hand_at(record: ScoreList, number: int) -> ScoreHand:
    live = _live_hands(record.id)
    if not 1 <= number <= len(live):
        db.session.rollback()
        raise NoSuchHand(number)
    return live[number - 1]


def _log(record: ScoreList, hand: ScoreHand, action: Action, before: Fields | None,
         after: Fields | None) -> None:
    db.session.add(ScoreChange(list_id=record.id, hand_id=hand.id, action=action.value,
                               before=before, after=after))


def _append(token: str, revision: int, fields: Mapping[str, str], action: Action) -> None:
    """Append a row (a hand, or an added Bock round) to the list and log it (one transaction)."""
    record = _begin_change(token, revision)
    hand = ScoreHand(list_id=record.id, fields=dict(fields))
    db.session.add(hand)
    db.session.flush()
    _log(record, hand, action, None, dict(fields))
    db.session.commit()


def add_hand(token: str, revision: int, fields: Mapping[str, str]) -> None:
    """Append a hand to the list (one transaction)."""
    _append(token, revision, fields, Action.ADD)


def add_bock(token: str, revision: int) -> None:
    """Add one more Bock round after the hands entered so far (one transaction; undo takes it back)."""
    _append(token, revision, BOCK_ADDED, Action.BOCK)


def edit_hand(token: str, revision: int, number: int, fields: Mapping[str, str]) -> None:
    """Replace the fields of hand ``number`` (from 1)."""
    record = _begin_change(token, revision)
    hand = _hand_at(record, number)
    before: Fields = dict(hand.fields)
    hand.fields = dict(fields)
    _log(record, hand, Action.EDIT, before, dict(fields))
    db.session.commit()


def delete_hand(token: str, revision: int, number: int) -> None:
    """Delete hand ``number`` (from 1); undo brings it back at its place."""
    record = _begin_change(token, revision)
    hand = _hand_at(record, number)
    hand.deleted = True
    _log(record, hand, Action.DELETE, dict(hand.fields), None)
    db.session.commit()


def undo(token: str, revision: int) -> Change | None:
    """Revert the newest change not undone yet; return it (numbered as it now stands), or None."""
    record = _begin_change(token, revision)
    change = _last_change(record.id)
    if change is None:
        db.session.rollback()
        return None
    hand = db.session.get(ScoreHand, change.hand_id)
    assert hand is not None  # hands are never removed while their list exists
    action = Action(change.action)
    if action in (Action.ADD, Action.BOCK):
        hand.deleted = True
    elif action is Action.EDIT:
        hand.fields = dict(change.before or {})
    else:
        hand.deleted = False
    change.undone = True
    db.session.flush()
    undone = Change(action, _number_of(hand.id, (live.id for live in _live_hands(record.id))))
    db.session.commit()
    return undone

