"""Storage: the one place that talks to the database.

SQLite under ``instance/`` by default, PostgreSQL through ``DATABASE_URL``. Each
area keeps its tables in a module of this package (``webapp/storage/<area>.py``);
nothing lasting lives in a process, so any number of app processes can serve a user.
Schema changes are Alembic migrations in ``webapp/migrations/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from flask import Flask
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, String, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


class Base(DeclarativeBase):
    """Base of every table, with constraint names that migrations can refer to."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


FORM_TOKEN_LENGTH = 22
"""A one-time form token: ``secrets.token_urlsafe(16)``."""


class MadeByForm:
    """A row created by a form: it keeps the form's one-time token, so a second submit finds it."""

    form_token: Mapped[str | None] = mapped_column(String(FORM_TOKEN_LENGTH), unique=True, nullable=True)


Made = TypeVar("Made", bound=MadeByForm)


db = SQLAlchemy(model_class=Base)
migrate = Migrate(directory=str(MIGRATIONS), render_as_batch=True)


def init_app(app: Flask) -> None:
    """Bind the database and the migrations to ``app``."""
    db.init_app(app)
    migrate.init_app(app, db)
    import webapp.storage.tables  # noqa: F401  (registers every table with the metadata)
    from webapp.storage import purge

    purge.init_app(app)


def upsert_insert(model: type[Base]) -> postgresql.Insert | sqlite.Insert:
    """Return an INSERT into ``model`` that can say what to do ``ON CONFLICT`` (PostgreSQL, SQLite).

    Both dialects' statements take the same ``on_conflict_do_nothing`` and
    ``on_conflict_do_update(index_elements=…, set_=…)``.
    """
    if db.session.get_bind().dialect.name == "postgresql":
        return postgresql.insert(model)
    return sqlite.insert(model)


def insert_missing(model: type[Base], **values: Any) -> None:
    """Insert a row unless one with the same key is there: ``INSERT … ON CONFLICT DO NOTHING``.

    The get-or-create of a row that two requests may create at once (a double click, two tabs):
    the second insert waits for the first and then does nothing, instead of failing.
    """
    db.session.flush()  # rows added to the session before (a new learner) go first
    db.session.execute(upsert_insert(model).values(**values).on_conflict_do_nothing())


def add_once(record: Made) -> Made:
    """Add and flush a row made by a form; return the row its form token made first.

    A double click sends the same form twice: the second request finds the row of the first
    (before adding, or after losing the race for the unique token) and returns it instead,
    having written nothing. A row without a token is simply added.
    """
    model = type(record)
    token = record.form_token
    if token:
        earlier = _made_by(model, token)
        if earlier is not None:
            return earlier
    db.session.add(record)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        earlier = _made_by(model, token) if token else None
        if earlier is None:
            raise
        return earlier
    return record


def _made_by(model: type[Made], token: str) -> Made | None:
    found: Made | None = db.session.scalars(select(model).where(model.form_token == token)).first()
    return found


def ping() -> None:
    """Ask the database the smallest question; raise as any query would when it cannot answer."""
    db.session.execute(select(1))


def unavailable(error: BaseException) -> bool:
    """Tell whether a database error means it cannot answer just now: down, restarting, or busy.

    Such errors pass by themselves (the pool reconnects once the database is back), unlike a
    refused statement, which is a bug.
    """
    if isinstance(error, OperationalError) and type(error.orig).__module__.startswith("sqlite3"):
        # SQLite reports a missing table or a syntax error as an OperationalError too.
        return any(sign in str(error.orig) for sign in _SQLITE_UNAVAILABLE)
    if isinstance(error, (OperationalError, PoolTimeout)):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


_SQLITE_UNAVAILABLE = ("locked", "unable to open", "disk I/O", "busy")
"""Words of SQLite's messages for a database that is busy or cannot be reached."""
