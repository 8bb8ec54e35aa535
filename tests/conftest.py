"""Fixtures every test shares: a fresh database, the app, a client, and compiled catalogs.

A test that touches the database asks for ``app`` (or ``client``, ``runner``), or for
``make_app`` when it needs its own settings or several apps on one database, or for
``database_uri`` when it builds the schema itself (migrations). Those tests run on SQLite;
with ``KIEBITZ_TEST_DATABASE_URL`` set to a PostgreSQL database they run on PostgreSQL as
well (ids ``[sqlite]`` and ``[postgresql]``), each test in a fresh schema of that database,
dropped afterwards::

    KIEBITZ_TEST_DATABASE_URL=postgresql://kiebitz:kiebitz@127.0.0.1:5432/kiebitz_test tools/dev test
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.helpers import MakeApp
from webapp import catalogs, create_app
from webapp.config import database_uri as sqlalchemy_uri
from webapp.storage import db

TEST_DATABASE_ENV = "KIEBITZ_TEST_DATABASE_URL"
POSTGRESQL_URL = os.environ.get(TEST_DATABASE_ENV, "")
DATABASES = ("sqlite", "postgresql") if POSTGRESQL_URL else ("sqlite",)


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """Compile the catalogs once, as the run command does, so pages are translated."""
    catalogs.compile_all()


@pytest.fixture(scope="session")
def postgresql_server() -> Iterator[sqlalchemy.Engine]:
    """Return an engine on the database ``KIEBITZ_TEST_DATABASE_URL`` names, to make schemas in."""
    engine = sqlalchemy.create_engine(sqlalchemy_uri(POSTGRESQL_URL), isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:  # a wrong URL fails here, once, with the driver's message
        connection.execute(sqlalchemy.text("SELECT 1"))
    yield engine
    engine.dispose()


def postgresql_schema(server: sqlalchemy.Engine) -> Iterator[str]:
    """Make an empty schema, yield a URI whose connections use it (and only it), then drop it."""
    schema = f"test_{os.getpid()}_{secrets.token_hex(6)}"
    with server.connect() as connection:
        connection.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
    # Every connection of the test finds its tables in the schema and names itself after it,
    # so the ones a test leaves open can be closed before the schema is dropped.
    url = server.url.set(query={"options": f"-csearch_path={schema}", "application_name": schema})
    yield url.render_as_string(hide_password=False)
    with server.connect() as connection:
        connection.execute(
            sqlalchemy.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = :schema AND pid <> pg_backend_pid()"
            ),
            {"schema": schema},
        )
        connection.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))


@pytest.fixture(params=DATABASES if POSTGRESQL_URL else None)
def database_uri(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Return the SQLAlchemy URI of a fresh, empty database for this test (no tables yet)."""
    if getattr(request, "param", "sqlite") == "postgresql":
        yield from postgresql_schema(request.getfixturevalue("postgresql_server"))
    else:
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def make_app(database_uri: str) -> Iterator[MakeApp]:
    """Return a maker of apps on this test's database: ``make_app(WTF_CSRF_ENABLED=True)``.

    Each app is a test app (CSRF off unless asked for) whose tables are created when
    ``tables`` is true; apps made twice stand for two processes sharing one database.
    """
    made: list[Flask] = []

    def make(tables: bool = True, **config: Any) -> Flask:
        app = create_app(
            {"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "WTF_CSRF_ENABLED": False, **config}
        )
        if tables:
            with app.app_context():
                db.create_all()
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


@pytest.fixture
def app(make_app: MakeApp) -> Flask:
    """Return an app with its own empty database; CSRF is tested on its own."""
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Return a test client for ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """Return a CLI runner for ``app``."""
    return app.test_cli_runner()
