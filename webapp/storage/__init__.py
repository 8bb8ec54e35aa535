"""Storage: the one place that talks to the database.

SQLite under ``instance/`` by default, PostgreSQL through ``DATABASE_URL``. Each
area keeps its tables in a module of this package (``webapp/storage/<area>.py``);
nothing lasting lives in a process, so any number of app processes can serve a user.
Schema changes are Alembic migrations in ``webapp/migrations/``.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, select
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import DeclarativeBase

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


db = SQLAlchemy(model_class=Base)
migrate = Migrate(directory=str(MIGRATIONS), render_as_batch=True)


def init_app(app: Flask) -> None:
    """Bind the database and the migrations to ``app``."""
    db.init_app(app)
    migrate.init_app(app, db)
    import webapp.storage.tables  # noqa: F401  (registers every table with the metadata)


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
