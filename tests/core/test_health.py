"""The health check a load balancer and the deploy check ask: the database, and which solver."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.helpers import MakeApp
from webapp import create_app

COMPILED_BUILT = importlib.util.find_spec("webapp.ai._csolver") is not None
MISSING = "The compiled solver (webapp.ai._csolver) is not built"


def test_the_health_check_names_the_solver_of_the_computer_players(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "solver": "compiled" if COMPILED_BUILT else "python"}
    assert response.headers["Cache-Control"] == "no-store"


def test_the_health_check_tells_when_the_pure_python_solver_is_forced(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KIEBITZ_PURE_PYTHON_SOLVER", "1")
    assert client.get("/healthz").get_json()["solver"] == "python"


def test_an_app_without_the_compiled_solver_says_so_in_its_log(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "webapp.ai._csolver", None)  # as if it was never built
    with caplog.at_level(logging.WARNING):
        app = make_app()
    assert any(MISSING in record.getMessage() for record in caplog.records)
    assert app.test_client().get("/healthz").get_json()["solver"] == "python"


def test_an_app_told_to_use_the_pure_python_solver_does_not_warn(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("KIEBITZ_PURE_PYTHON_SOLVER", "1")
    monkeypatch.setitem(sys.modules, "webapp.ai._csolver", None)
    with caplog.at_level(logging.WARNING):
        make_app()
    assert not any(MISSING in record.getMessage() for record in caplog.records)


def test_the_health_check_answers_503_while_the_database_is_down(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'missing' / 'k.sqlite3'}"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.headers["Retry-After"]
