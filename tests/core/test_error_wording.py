"""The 500 page says what is true: a failed GET changed nothing, a failed POST may not have been saved."""

from __future__ import annotations

import pytest
from flask import Flask

LANGUAGES = ["en", "fr", "fi", "ms", "de"]


@pytest.fixture
def boom_app(app: Flask) -> Flask:
    @app.route("/<lang:lang>/boom", methods=["GET", "POST"])
    def boom() -> str:
        raise RuntimeError("boom")

    return app


def test_a_failed_post_does_not_claim_that_nothing_was_lost(boom_app: Flask) -> None:
    html = boom_app.test_client().post("/en/boom", data={"name": "Anna"}).get_data(as_text=True)
    assert "Nothing you entered was lost" not in html
    assert "What you sent may not have been saved. Go back and try again in a moment." in html


def test_a_failed_get_says_nothing_was_changed(boom_app: Flask) -> None:
    response = boom_app.test_client().get("/en/boom")
    assert response.status_code == 500
    assert "Nothing was changed. Please try again in a moment." in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_two_texts_differ_in_every_language(boom_app: Flask, lang: str) -> None:
    client = boom_app.test_client()
    after_get = client.get(f"/{lang}/boom").get_data(as_text=True)
    after_post = client.post(f"/{lang}/boom").get_data(as_text=True)
    assert after_get != after_post
    if lang != "en":
        for english in ("Nothing was changed", "may not have been saved", "Something went wrong"):
            assert english not in after_get and english not in after_post
