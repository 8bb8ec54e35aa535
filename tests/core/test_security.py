"""CSRF on every POST, htmx included; no 500 on unexpected errors."""

from __future__ import annotations

import re

from flask import Flask, session

from webapp import security

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


def test_a_post_to_an_unknown_address_is_not_found_rather_than_refused(make_app: MakeApp) -> None:
    client = csrf_app(make_app).test_client()
    assert client.post("/en/nowhere", data={"x": "1"}).status_code == 404
    assert client.get("/en/nowhere").status_code == 404


def test_every_answer_carries_the_safe_headers_and_a_views_own_policy_is_kept(make_app: MakeApp) -> None:
    app = make_app(tables=False)

    @app.get("/framed")
    def framed() -> tuple[str, dict[str, str]]:
        return "framed", {"Content-Security-Policy": "frame-ancestors 'self'"}

    client = app.test_client()
    static = re.search(r'src="(/static/[^"]+)"', client.get("/en/").get_data(as_text=True))
    assert static is not None
    for path in ("/en/", "/en/calculator/?game=hearts&bid=999", "/api/v1/score?game=hearts",
                 "/en/nowhere", static.group(1), "/"):
        response = client.get(path)
        for name, value in security.SAFE_HEADERS:
            assert response.headers.getlist(name) == [value], (path, name)
    own = client.get("/framed")
    assert own.headers.getlist("Content-Security-Policy") == ["frame-ancestors 'self'"]
    assert own.headers["X-Content-Type-Options"] == "nosniff"


def test_an_answer_that_uses_no_session_sets_no_cookie_and_does_not_vary_by_it(make_app: MakeApp) -> None:
    client = make_app(tables=False, WTF_CSRF_ENABLED=True).test_client()
    api = client.get("/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36")
    assert api.status_code == 200 and "Set-Cookie" not in api.headers
    assert "Cookie" not in api.headers["Vary"]
    form = client.get("/en/lists/new")  # its form's CSRF token is kept in the session
    assert any(cookie.startswith("session=") for cookie in form.headers.getlist("Set-Cookie"))
    assert "Cookie" in form.headers["Vary"]


def test_an_unexpected_error_is_a_translated_500(app: Flask) -> None:
    @app.get("/<lang:lang>/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/de/boom")
    assert response.status_code == 500
    html = response.get_data(as_text=True)
    assert '<html lang="de">' in html and "Something went wrong" not in html


def test_hsts_is_sent_only_when_cookies_are_secure(make_app: MakeApp) -> None:
    secure = make_app(SESSION_COOKIE_SECURE=True).test_client()
    for path in ("/en/", "/en/lists/", "/"):
        assert secure.get(path).headers["Strict-Transport-Security"] == "max-age=31536000"
    plain = make_app(tables=False, SESSION_COOKIE_SECURE=False).test_client()
    assert "Strict-Transport-Security" not in plain.get("/en/").headers


def test_secure_cookies_come_from_the_environment(make_app: MakeApp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from webapp import config

    app = make_app(SESSION_COOKIE_SECURE=False)
    monkeypatch.setenv("KIEBITZ_SECURE_COOKIES", "1")
    config.from_environment(app)
    assert app.config["SESSION_COOKIE_SECURE"] is True
    assert "Strict-Transport-Security" in app.test_client().get("/en/").headers


def test_pages_that_carry_a_key_are_never_stored(client) -> None:  # type: ignore[no-untyped-def]
    from tests.practice import drive

    players = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "preset": "pub"}
    created = client.post("/en/lists/new", data=players)
    token = created.headers["Location"].rsplit("/", 1)[-1]
    hand_id = drive.start(client, seed=7, seat=0)
    for path in (f"/en/lists/{token}", f"/en/lists/{token}/print", f"/en/lists/{token}/list.csv",
                 f"/en/lists/{token}/hands/1", "/en/lists/", f"/en/play/{hand_id}",
                 f"/en/play/{hand_id}/line", f"/fi/lists/{token}"):
        assert client.get(path).headers.get("Cache-Control") == "private, no-store", path
    for path in ("/en/", "/en/lists/new", "/en/calculator/", "/en/learn/"):
        assert "no-store" not in client.get(path).headers.get("Cache-Control", ""), path


def test_the_language_redirect_varies_by_cookie_and_browser_language(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/", headers={"Accept-Language": "fi"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/fi/")
    vary = {part.strip() for part in response.headers["Vary"].split(",")}
    assert {"Cookie", "Accept-Language"} <= vary



def test_a_session_signed_with_a_retired_key_is_read_while_the_key_is_a_fallback(make_app: MakeApp) -> None:
    app = make_app(SECRET_KEY="the old key")

    @app.get("/count")
    def count() -> str:
        session["count"] = session.get("count", 0) + 1
        return str(session["count"])

    client = app.test_client()
    assert [client.get("/count").get_data(as_text=True) for _ in range(2)] == ["1", "2"]
    app.config.update(SECRET_KEY="the new key", SECRET_KEY_FALLBACKS=["the old key"])
    assert client.get("/count").get_data(as_text=True) == "3"  # read with the old key, signed with the new
    app.config["SECRET_KEY_FALLBACKS"] = []
    assert client.get("/count").get_data(as_text=True) == "4"
    app.config["SECRET_KEY"] = "another key"
    assert client.get("/count").get_data(as_text=True) == "1"  # a key nobody knows: a new session
