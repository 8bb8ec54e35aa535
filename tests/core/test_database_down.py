"""The database down: every page that needs it answers 503 with Retry-After, and recovers by itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from webapp import create_app
from webapp.storage import db

HAND = "/{lang}/play/abcdefghijklmnopqrstuvwx"
"""A practice hand's address: showing it asks the database."""


def app_at(uri: str) -> Flask:
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri, "WTF_CSRF_ENABLED": False})


def test_an_unreachable_postgresql_answers_503_with_retry_after() -> None:
    app = app_at("postgresql+psycopg://kiebitz:kiebitz@127.0.0.1:1/none?connect_timeout=2")
    response = app.test_client().get(HAND.format(lang="fi"))
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    html = response.get_data(as_text=True)
    assert '<html lang="fi">' in html
    assert "Kiebitz will be back" not in html and "Kiebitz palaa" in html


@pytest.mark.parametrize("lang", ["en", "fr", "fi", "ms", "de"])
def test_a_post_while_the_database_is_down_says_it_may_not_be_saved(tmp_path: Path, lang: str) -> None:
    app = app_at(f"sqlite:///{tmp_path / 'missing' / 'k.sqlite3'}")  # a folder that is not there
    response = app.test_client().post(f"/{lang}/learn/deck/1", data={})
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    if lang != "en":
        assert "may not have been saved" not in html
    else:
        assert "may not have been saved" in html


def test_the_app_recovers_by_itself_when_the_database_returns(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    app = app_at(f"sqlite:///{folder / 'k.sqlite3'}")
    client = app.test_client()
    assert client.get(HAND.format(lang="en")).status_code == 503
    folder.mkdir()
    with app.app_context():
        db.create_all()
    assert client.get(HAND.format(lang="en")).status_code == 404  # asked the database: no such hand
    response = client.post("/en/play/", data={"seed": "4711", "seat": "0", "level": "easy"})
    assert response.status_code == 303


def test_the_api_answers_503_in_json(tmp_path: Path) -> None:
    app = app_at(f"sqlite:///{tmp_path / 'missing' / 'k.sqlite3'}")

    @app.get("/api/v1/needs-db")
    def needs_db() -> str:
        return str(db.session.execute(db.text("select 1")).scalar())

    response = app.test_client().get("/api/v1/needs-db")
    assert response.status_code == 503
    assert response.get_json()["error"] == "unavailable"
    assert response.headers["Retry-After"]


@pytest.mark.parametrize("statement", ["select * from no_such_table", "select 1 +"])
def test_a_refused_statement_is_still_a_500_not_a_503(app: Flask, statement: str) -> None:
    @app.get("/<lang:lang>/bad-sql")
    def bad_sql() -> str:
        return str(db.session.execute(db.text(statement)).scalar())

    assert app.test_client().get("/en/bad-sql").status_code == 500
