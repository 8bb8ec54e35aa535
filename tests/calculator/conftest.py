"""A shared app for the calculator's read-only tests: the page and the API store nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp import create_app


@pytest.fixture(scope="module")
def reader_app() -> Iterator[Flask]:
    """Return an app without a database, for requests that only read."""
    yield create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "WTF_CSRF_ENABLED": False}
    )


@pytest.fixture
def reader(reader_app: Flask) -> FlaskClient:
    """Return a client of the shared read-only app (fresh cookies for every test)."""
    return reader_app.test_client()
