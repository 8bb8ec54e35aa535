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
from sqlalchemy import MetaData
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
