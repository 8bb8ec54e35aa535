"""Tables with people: one row per table (its current hand as game notation) and one per seat.

A table has an unguessable id (its URL), a game family, the house rules' preset, the computer
players' level, the number of the hand being played with its deal and notation, and a revision
that every change raises: a move names the revision it was made on, and the check and the
write are one UPDATE, so of two moves at once exactly one is applied. The "anything new?"
poll reads the revision alone.

A seat is held by a computer player, or by a person bound to a secret kept in their browser's
cookie (only its hash is stored). A free seat has a join token (its link); taking it is one
UPDATE that needs the seat still free, so a join link works once. Once every seat is held, the
table gets its list (a scoresheet list, `webapp.storage.scoresheet`): finished hands go there.
A table untouched for 30 days is removed by ``flask purge`` (its seats with it).

A practice hand of ``/play`` is a table too (`create_hand`): one person's seat, computer players
in the others, a single hand and no list, played by whoever has its link; it keeps its "could I
have won?" review. (The practice statistics keep a finished hand's outcome under its id, in
`webapp.storage.learning`; the deal of the day its try, in `webapp.storage.daily`.)
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import (BigInteger, Boolean, DateTime, Engine, ForeignKey, Integer, String, Text, Update,
                        bindparam, false, func, select, update)
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import MadeByForm, add_once, db

__all__ = [
    "GameTable",
    "GameSeat",
    "Table",
    "Seat",
    "new_secret",
    "create",
    "load",
    "revision_of",
    "revision_on",
    "take_seat",
    "begin",
    "save_hand",
    "allow_hints",
    "say",
    "stand_in",
    "MESSAGE_LENGTH",
    "bump",
    "PracticeHand",
    "create_hand",
    "load_hand",
    "save_review",
]

ID_BYTES = 18
"""Random bytes in a table's id and a join token: unguessable, 24 URL-safe characters."""
NAME_LENGTH = 40
MESSAGE_LENGTH = 80
"""The most characters of a seat's one-line message to the table."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _aware(moment: datetime) -> datetime:
    """Return ``moment`` with its time zone (SQLite gives it back without)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def new_secret() -> str:
    """Return a fresh seat secret for a person's cookie (128 random bits)."""
    return secrets.token_urlsafe(16)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class GameTable(MadeByForm, db.Model):  # type: ignore[name-defined,misc]
    """A table: its family, house rules, level and current hand."""

    __tablename__ = "game_table"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    family: Mapped[str] = mapped_column(String(16))
    preset: Mapped[str] = mapped_column(String(16))
    level: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    """The table's series of deals (`webapp.tables.model.hand_seed`)."""
    number: Mapped[int] = mapped_column(Integer, default=0)
    """The hand being played, from 0; the deal passes on with each."""
    game: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The current hand's notation; None until every seat is held."""
    list_token: Mapped[str | None] = mapped_column(String(43), nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the host allows hints for every seat (off by default at a table with people)."""
    single: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
    """A practice hand of ``/play``: one hand of deal ``seed``, no list, played by whoever has its
    link (its person holds seat 0; ``number`` says the position the person plays)."""
    review: Mapped[str | None] = mapped_column(Text, nullable=True)
    """A practice hand's "could I have won?" once worked out (JSON, see `webapp.practice.review`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


class GameSeat(db.Model):  # type: ignore[name-defined,misc]
    """A seat: a computer player, a person (the hash of their secret), or free (a join token)."""

    __tablename__ = "game_seat"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    computer: Mapped[bool] = mapped_column(Boolean, default=False)
    secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    join_token: Mapped[str] = mapped_column(String(32), unique=True)
    message: Mapped[str] = mapped_column(String(MESSAGE_LENGTH), default="", server_default="")
    """The person's one-line message to the table (plain text)."""
    standin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether a computer player holds the person's seat meanwhile (the host handed it over)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as read: its number (from 0), name, and who holds it."""

    number: int
    name: str
    computer: bool
    taken: bool
    join_token: str
    secret_hash: str | None
    message: str = ""
    standin: bool = False

    @property
    def played_by_computer(self) -> bool:
        """Tell whether a computer player makes this seat's moves (for good, or standing in)."""
        return self.computer or self.standin

    def holds(self, secret: str | None) -> bool:
        """Tell whether ``secret`` (from a cookie) is this seat's person's."""
        return bool(secret) and self.secret_hash is not None and secrets.compare_digest(
            self.secret_hash, _hash(secret or ""))


@dataclass(frozen=True, slots=True)
class Table:
    """A table as read, with its seats in order."""

    id: str
    family: str
    preset: str
    level: str
    seed: int
    number: int
    game: str | None
    list_token: str | None
    revision: int
    seats: tuple[Seat, ...]
    hints: bool = False
    updated_at: datetime | None = None
    """When the table last changed (with its time zone)."""
    single: bool = False
    """A practice hand of ``/play`` (see `GameTable.single`)."""

    def quiet_for(self, now: datetime) -> timedelta:
        """Return how long nothing has happened at the table."""
        return timedelta(0) if self.updated_at is None else now - _aware(self.updated_at)

    def quiet_since(self) -> datetime | None:
        """Return when the table last changed (None: not known)."""
        return None if self.updated_at is None else _aware(self.updated_at)

    def seat_of(self, secret: str | None) -> Seat | None:
        """Return the seat ``secret`` holds at this table, or None."""
        return next((seat for seat in self.seats if seat.holds(secret)), None)

    def seats_of(self, secret: str | None) -> tuple[Seat, ...]:
        """Return every seat ``secret`` holds (two people on one device hold two)."""
        return tuple(seat for seat in self.seats if seat.holds(secret))

    @property
    def full(self) -> bool:
        """Tell whether every seat is held."""
        return all(seat.taken for seat in self.seats)


def create(*, family: str, preset: str, level: str, seed: int, host: str, host_secret: str,
           seats: int, computers: Sequence[int] = (), computer_name: str = "",
           hints: bool = False, here: Mapping[int, str] | None = None,
           form_token: str | None = None) -> str:
    """Store a new table with the host in seat 0 and computers in ``computers``; return its id.

    ``here`` names the other seats held on the host's device (two people on one screen): the
    host's secret holds them too.

    The same ``form_token`` twice (a double click) makes one table: the second call returns it.
    """
    record = GameTable(id=secrets.token_urlsafe(ID_BYTES), family=family, preset=preset,
                       level=level, seed=seed, number=0, revision=0, hints=hints, form_token=form_token)
    made = add_once(record)
    if made is not record:
        return str(made.id)
    for number in range(seats):
        computer = number in computers
        local = number == 0 or number in (here or {})
        db.session.add(GameSeat(
            table_id=record.id, number=number, computer=computer,
            name=host if number == 0 else (computer_name if computer else (here or {}).get(number, "")),
            secret_hash=_hash(host_secret) if local else None,
            join_token=secrets.token_urlsafe(ID_BYTES),
        ))
    db.session.commit()
    return str(record.id)


def load(table_id: str) -> Table | None:
    """Return the table with this id and its seats, or None."""
    if not parse.is_token(table_id) or len(table_id) > 32:
        return None
    connection = db.session.connection()  # two prepared reads of plain rows: no ORM objects to build
    record = connection.execute(_TABLE_ROW, {"id": table_id}).one_or_none()
    if record is None:
        return None
    seats = tuple(
        Seat(row.number, row.name, row.computer, row.computer or row.secret_hash is not None,
             row.join_token, row.secret_hash, row.message, row.standin)
        for row in connection.execute(_SEAT_ROWS, {"id": table_id})
    )
    return Table(record.id, record.family, record.preset, record.level, record.seed,
                 record.number, record.game, record.list_token, record.revision, seats, record.hints,
                 record.updated_at, record.single)


_TABLE_ROW = select(GameTable.__table__).where(GameTable.__table__.c.id == bindparam("id"))
_SEAT_ROWS = (select(GameSeat.__table__).where(GameSeat.__table__.c.table_id == bindparam("id"))
              .order_by(GameSeat.__table__.c.number))


def revision_of(table_id: str) -> int | None:
    """Return the table's revision alone (the cheap "anything new?"), or None if there is none."""
    if not parse.is_token(table_id) or len(table_id) > 32:
        return None
    value = db.session.execute(
        select(GameTable.revision).where(GameTable.id == table_id)).scalar_one_or_none()
    db.session.rollback()  # end the read: nothing stays open between polls
    return None if value is None else int(value)


def revision_on(engine: Engine, table_id: str) -> int | None:
    """Return the table's revision read on a connection of ``engine`` (no session, no app
    context: the poll asked before the app), or None if there is no such table."""
    with engine.connect() as connection:
        value = connection.execute(_REVISION, {"id": table_id}).scalar_one_or_none()
    return None if value is None else int(value)


_REVISION = select(GameTable.revision).where(GameTable.id == bindparam("id"))


def _bump(table_id: str, revision: int, **values: object) -> bool:
    """Raise the table's revision from ``revision`` with ``values``; tell whether it was there."""
    result = db.session.connection().execute(
        _bump_statement(tuple(sorted(values))),
        {"table_id": table_id, "expected": revision, "next": revision + 1, "now": _now(), **values},
    )
    return bool(getattr(result, "rowcount", 0) == 1)


@functools.cache
def _bump_statement(columns: tuple[str, ...]) -> Update:
    """Return the prepared UPDATE of `_bump` that also sets ``columns`` (built once per set)."""
    table = GameTable.__table__
    return (update(table)
            .where(table.c.id == bindparam("table_id"), table.c.revision == bindparam("expected"))
            .values(revision=bindparam("next"), updated_at=bindparam("now"),
                    **{column: bindparam(column) for column in columns}))


def take_seat(table_id: str, join_token: str, *, name: str, secret: str) -> bool:
    """Give the free seat of ``join_token`` to a person; tell whether it was still free."""
    if not parse.is_token(join_token) or len(join_token) > 32:
        return False
    result = db.session.execute(
        update(GameSeat)
        .where(GameSeat.table_id == table_id, GameSeat.join_token == join_token,
               GameSeat.secret_hash.is_(None), GameSeat.computer.is_(False))
        .values(name=name, secret_hash=_hash(secret))
    )
    taken = bool(getattr(result, "rowcount", 0) == 1)
    if taken:
        db.session.execute(
            update(GameTable).where(GameTable.id == table_id)
            .values(revision=GameTable.revision + 1, updated_at=_now()))
    db.session.commit()
    db.session.expire_all()
    return taken


def begin(table_id: str, revision: int, *, list_token: str, game: str) -> bool:
    """Give a full table its list and its first hand, if nobody did meanwhile."""
    done = _bump(table_id, revision, list_token=list_token, game=game)
    db.session.commit()
    db.session.expire_all()
    return done


def save_hand(table_id: str, revision: int, *, game: str, number: int | None = None) -> bool:
    """Store the current hand's new notation (and, for the next hand, its number) if the table is
    still at ``revision``; tell whether it was. The check and the write are one UPDATE."""
    values: dict[str, object] = {"game": game}
    if number is not None:
        values["number"] = number
    done = _bump(table_id, revision, **values)
    db.session.commit()
    db.session.expire_all()
    return done


def _seat_values(table_id: str, number: int, **values: object) -> None:
    db.session.execute(update(GameSeat).where(GameSeat.table_id == table_id, GameSeat.number == number)
                       .values(**values))


def allow_hints(table_id: str, revision: int, allowed: bool) -> bool:
    """Switch hints for every seat on or off if the table is still at ``revision``."""
    done = _bump(table_id, revision, hints=allowed)
    db.session.commit()
    db.session.expire_all()
    return done


def say(table_id: str, seat: int, message: str) -> None:
    """Set seat ``seat``'s message to the table (empty: none), whatever changed meanwhile (only
    that seat writes it), and raise the revision so that the others' polls bring it."""
    _seat_values(table_id, seat, message=message[:MESSAGE_LENGTH])
    bump(table_id)


def stand_in(table_id: str, revision: int, seat: int, *, standin: bool, game: str | None = None) -> bool:
    """Hand seat ``seat`` to a computer player (or back to its person) if the table is still at
    ``revision``, with the hand's notation after the computer's moves; tell whether it was."""
    values: dict[str, object] = {} if game is None else {"game": game}
    done = _bump(table_id, revision, **values)
    if done:
        _seat_values(table_id, seat, standin=standin)
    db.session.commit()
    db.session.expire_all()
    return done


def bump(table_id: str) -> None:
    """Raise the table's revision whatever it is (news for the polls that is not a move)."""
    db.session.execute(update(GameTable).where(GameTable.id == table_id)
                       .values(revision=GameTable.revision + 1, updated_at=_now()))
    db.session.commit()
    db.session.expire_all()


# ----------------------------------------------------------------------------- practice hands


@dataclass(frozen=True, slots=True)
class PracticeHand:
    """A practice hand of ``/play`` as read: its family, deal, the hand number that places its
    person (seat 0), the computer players' level, the notation and the review."""

    id: str
    family: str
    seed: int
    number: int
    seats: int
    level: str
    game: str
    revision: int
    review: str | None
    updated_at: datetime

    @property
    def seat(self) -> int:
        """Return the position its person plays (0 forehand to 2 rearhand; 3: sits out as the
        dealer at four), as `webapp.engine.seat_positions` places seat 0 in hand ``number``."""
        return (-(self.number % self.seats) - 1) % self.seats


def create_hand(*, family: str, seed: int, number: int, seats: int, level: str, game: str,
                form_token: str | None = None) -> PracticeHand:
    """Store a new practice hand of deal ``seed`` (its person in seat 0, computer players in the
    others) under a fresh unguessable id and return it.

    The same ``form_token`` twice (a double click) makes one hand: the second call returns it.
    """
    record = GameTable(id=secrets.token_urlsafe(ID_BYTES), family=family, preset="isko", level=level,
                       seed=seed, number=number, game=game, revision=0, hints=True, single=True,
                       form_token=form_token)
    made = add_once(record)
    if made is record:
        for seat in range(seats):
            db.session.add(GameSeat(table_id=record.id, number=seat, computer=seat != 0,
                                    join_token=secrets.token_urlsafe(ID_BYTES)))
        db.session.commit()
    hand = load_hand(str(made.id))
    assert hand is not None
    return hand


_SEATS = (select(func.count()).where(GameSeat.table_id == GameTable.id)
          .correlate(GameTable).scalar_subquery())
"""A table's number of seats, read with its row."""

_HAND = select(GameTable.id, GameTable.family, GameTable.seed, GameTable.number, _SEATS.label("seats"),
               GameTable.level, GameTable.game, GameTable.revision, GameTable.review,
               GameTable.updated_at, GameTable.single).where(GameTable.id == bindparam("id"))
"""A practice hand's columns (no ORM object: a hand is read on every view of it)."""


def load_hand(hand_id: str) -> PracticeHand | None:
    """Return the practice hand with this id, or None (also for a table that is not one)."""
    if not parse.is_token(hand_id) or len(hand_id) > 32:
        return None
    found = db.session.connection().execute(_HAND, {"id": hand_id}).one_or_none()
    if found is None or not found.single:
        return None
    return PracticeHand(found.id, found.family, found.seed, found.number, found.seats, found.level,
                        found.game or "", found.revision, found.review, _aware(found.updated_at))


def save_review(hand_id: str, review: str) -> None:
    """Keep the worked-out review of a hand (derived data: no revision is needed or changed)."""
    db.session.execute(update(GameTable).where(GameTable.id == hand_id).values(review=review))
    db.session.commit()

