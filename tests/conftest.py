"""Fixtures every test shares: a fresh database, the app, a client, and compiled catalogs.

A test that touches the database asks for ``app`` (or ``client``, ``runner``), or for
``make_app`` when it needs its own settings or several apps on one database, or for
``database_uri`` when it builds the schema itself (migrations). Those tests run on SQLite;
with ``KIEBITZ_TEST_DATABASE_URL`` set to a PostgreSQL database they run on PostgreSQL as
well (ids ``[sqlite]`` and ``[postgresql]``), each test in a fresh schema of that database,
dropped afterwards::

    KIEBITZ_TEST_DATABASE_URL=postgresql://kiebitz:kiebitz@127.0.0.1:5432/kiebitz_test tools/dev test

What every test would otherwise repeat is done once per worker process: the tables are laid
out once (an SQLite file copied for each test, the captured ``CREATE`` statements sent to
PostgreSQL in one transaction), the templates and the routes' URL builders compiled once for
every app of the run. The migrations still run from an empty database, up and down, in their
own tests (``tests/core/test_foundation.py``, ``tests/scoresheet/test_storage.py``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jinja2
import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from werkzeug.routing import Rule

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


@sqlalchemy.event.listens_for(sqlalchemy.Engine, "connect")
def _sqlite_without_fsync(connection: object, _record: object) -> None:
    """Test databases need not survive a power cut: SQLite commits without waiting for the disk.

    (CI's PostgreSQL runs with ``fsync=off`` for the same reason.) Locking and transactions
    behave as before; only the wait for the disk after each commit goes.
    """
    if isinstance(connection, sqlite3.Connection):
        connection.execute("PRAGMA synchronous = OFF")


def _url_builders_made_once() -> None:
    """Let every app of the run share the URL builders Werkzeug compiles for each route.

    Werkzeug compiles two small functions per route (Python source, parsed and compiled) each
    time an app registers its routes: most of the time ``create_app`` takes, and the tests make
    thousands of apps. A builder depends only on the route's pattern and the names of its defaults
    and finds its converters through the rule it is bound to, so one compiled for an equal route is
    the same (a route whose default fills one of its own variables is compiled as before).
    """
    compile_builder = Rule._compile_builder
    built: dict[tuple[Any, ...], Any] = {}

    def shared(rule: Rule, append_unknown: bool = True) -> Any:
        defaults = rule.defaults or {}
        if any(dynamic and part in defaults for dynamic, part in rule._trace):
            return compile_builder(rule, append_unknown)  # a converter writes the default into the code
        key = (rule.rule, tuple(rule._trace), tuple(sorted(defaults)), append_unknown)
        if key not in built:
            built[key] = compile_builder(rule, append_unknown)
        return built[key]

    Rule._compile_builder = shared  # type: ignore[method-assign]


_url_builders_made_once()


class SharedBytecode(jinja2.BytecodeCache):
    """Compiled templates kept in memory for every app of the test run, not compiled per app.

    Jinja checks each template's source against its checksum, so a changed template is compiled again.
    """

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Fill ``bucket`` with the template's code if another app compiled it already."""
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Keep the code an app has just compiled."""
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SharedBytecode()


def new_app(config: dict[str, Any]) -> Flask:
    """Create an app for a test, sharing the run's compiled templates."""
    app = create_app(config)
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


@pytest.fixture(scope="session")
def sqlite_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return an SQLite database file with every table and no rows, made once by ``create_all``."""
    path = tmp_path_factory.mktemp("tables") / "tables.sqlite3"
    app = new_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    return path


@pytest.fixture(scope="session")
def postgresql_tables(postgresql_server: sqlalchemy.Engine) -> list[str]:
    """Return the statements ``create_all`` sends to an empty PostgreSQL schema, captured once."""
    statements: list[str] = []

    def keep(statement: Any, *_args: Any, **_kwargs: Any) -> None:
        statements.append(str(statement.compile(dialect=recorder.dialect)))

    recorder = sqlalchemy.create_mock_engine(postgresql_server.url, keep)
    db.metadata.create_all(recorder, checkfirst=False)
    return statements


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


def lay_out_tables(request: pytest.FixtureRequest, uri: str) -> None:
    """Give the database at ``uri`` every table, as ``db.create_all()`` does, inside an app context.

    An empty database gets the tables prepared once for the run (a copy of the SQLite file, the
    PostgreSQL statements in one transaction); one that has tables already is left to ``create_all``,
    which adds only what is missing.
    """
    url = sqlalchemy.make_url(uri)
    empty_file = url.database and (not os.path.exists(url.database) or not os.path.getsize(url.database))
    if url.get_backend_name() == "sqlite" and empty_file:
        shutil.copyfile(request.getfixturevalue("sqlite_tables"), url.database)
        return
    if url.get_backend_name() == "postgresql":
        with db.engine.begin() as connection:
            tables = connection.execute(
                sqlalchemy.text("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()")
            ).scalar_one()
            if not tables:
                for statement in request.getfixturevalue("postgresql_tables"):
                    connection.exec_driver_sql(statement)
                return
    db.create_all()


@pytest.fixture
def make_app(database_uri: str, request: pytest.FixtureRequest) -> Iterator[MakeApp]:
    """Return a maker of apps on this test's database: ``make_app(WTF_CSRF_ENABLED=True)``.

    Each app is a test app (CSRF off unless asked for) whose tables are created when
    ``tables`` is true; apps made twice stand for two processes sharing one database.
    """
    made: list[Flask] = []

    def make(tables: bool = True, **config: Any) -> Flask:
        app = new_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "WTF_CSRF_ENABLED": False, **config})
        if tables:
            with app.app_context():
                lay_out_tables(request, app.config["SQLALCHEMY_DATABASE_URI"])
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
