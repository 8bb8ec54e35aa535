"""CSRF on every POST, htmx included; no 500 on unexpected errors."""

from __future__ import annotations

from flask import Flask

from tests.helpers import MakeApp


def csrf_app(make_app: MakeApp) -> Flask:
    """Return an app with CSRF protection on and a small form endpoint to post to."""
    app = make_app(WTF_CSRF_ENABLED=True)

    @app.post("/<lang:lang>/echo")
    def echo() -> str:
        return "accepted"

    return app


def token_from(html: str, marker: str) -> str:
    return html.split(marker, 1)[1].split('"', 1)[0]


def test_a_post_without_csrf_token_is_refused_politely(make_app: MakeApp) -> None:
    client = csrf_app(make_app).test_client()
    response = client.post("/fi/echo", data={"x": "1"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert '<html lang="fi">' in html and "accepted" not in html


def test_htmx_requests_carry_the_token_in_a_header(make_app: MakeApp) -> None:
    client = csrf_app(make_app).test_client()
    token = token_from(client.get("/en/").get_data(as_text=True), '"X-CSRFToken": "')
    response = client.post("/en/echo", headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert response.get_data(as_text=True) == "accepted"


def test_a_forged_token_is_refused(make_app: MakeApp) -> None:
    client = csrf_app(make_app).test_client()
    client.get("/en/")
    response = client.post("/en/echo", data={"csrf_token": "forged"})
    assert response.status_code == 400


def test_an_unexpected_error_is_a_translated_500(app: Flask) -> None:
    @app.get("/<lang:lang>/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/de/boom")
    assert response.status_code == 500
    html = response.get_data(as_text=True)
    assert '<html lang="de">' in html and "Something went wrong" not in html
