"""Fixtures every test shares: the app, a client, and compiled catalogs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp import create_app, catalogs
from webapp.storage import db


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """Compile the catalogs once, as the run command does, so pages are translated."""
    catalogs.compile_all()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """Return an app with its own empty database; CSRF is tested on its own."""
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite3'}",
            "WTF_CSRF_ENABLED": False,
        }
    )
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Return a test client for ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask):  # type: ignore[no-untyped-def]
    """Return a CLI runner for ``app``."""
    return app.test_cli_runner()
