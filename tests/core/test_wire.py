"""What travels over the wire: compression as the browser asks, static files cached for a year under their hash."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import brotli
import pytest
from flask import Flask, Response
from flask.testing import FlaskClient

from webapp import assets, web
from webapp.decks import sprite

BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}
HTMX = {"HX-Request": "true"}


def _decoded(body: bytes, encoding: str | None) -> bytes:
    if encoding == "br":
        return bytes(brotli.decompress(body))
    if encoding == "gzip":
        return gzip.decompress(body)
    assert encoding is None
    return body


def _without_tokens(html: bytes) -> bytes:
    """The page without its one-time values (the CSRF token, a form's token): the same page sent twice."""
    return re.sub(rb'(name="(?:csrf_token|once)" value="|"X-CSRFToken": ")[^"]+', rb"\1", html)


def _static_links(html: str) -> list[str]:
    return [link.replace("&amp;", "&") for link in re.findall(r'(?:src|href)="(/static/[^"]+)"', html)]


@pytest.mark.parametrize(("path", "accept", "expected"), [
    ("/en/lists/", "gzip, deflate, br", "br"), ("/en/lists/", "br;q=0.5, gzip", "gzip"),
    ("/en/calculator/", "gzip, deflate, br", "gzip"), ("/en/calculator/", "br;q=0.5, gzip", "gzip"),
    ("/en/calculator/", "br", "br"), ("/en/calculator/", "gzip;q=0, br", "br"),
    ("/en/calculator/", "gzip", "gzip"), ("/en/calculator/", "", None), ("/en/calculator/", "identity", None),
])
def test_a_page_is_compressed_as_the_browser_asks(client: FlaskClient, path: str, accept: str,
                                                  expected: str | None) -> None:
    """A page drawn for each request goes out in the browser's choice, brotli first; a kept page
    (the calculator) in gzip whenever the browser takes it (its pieces are deflated once, see
    `webapp.kept_pages`), else as any other page."""
    plain = client.get(path).data
    answer = client.get(path, headers={"Accept-Encoding": accept})
    assert answer.status_code == 200
    assert answer.headers.get("Content-Encoding") == expected
    assert "Accept-Encoding" in answer.headers["Vary"]
    assert _without_tokens(_decoded(answer.data, expected)) == _without_tokens(plain)
    if expected:
        assert len(answer.data) * 3 < len(plain)


def test_a_kept_page_in_gzip_is_one_member_with_each_visitors_tokens(make_app) -> None:  # type: ignore[no-untyped-def]
    """A kept page sent in gzip is one well-formed member (its CRC and size checked by the
    decompressor), with this visitor's CSRF token and a fresh one-time token in each form."""
    import zlib

    app = make_app(WTF_CSRF_ENABLED=True)
    seen = set()
    for _ in range(3):
        client = app.test_client()
        answer = client.get("/en/learn/trumps/3", headers={"Accept-Encoding": "gzip"})
        assert answer.headers["Content-Encoding"] == "gzip"
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        html = inflater.decompress(answer.data).decode()
        assert inflater.eof and not inflater.unused_data and "\x00" not in html
        token = set(re.findall(r'name="csrf_token" value="([^"]+)"', html))
        assert len(token) == 1
        seen |= token
        assert client.post("/en/learn/trumps/3", data={"csrf_token": token.pop(), "card": "CJ"}).status_code == 303
    assert len(seen) == 3


def test_a_partial_and_json_are_compressed(client: FlaskClient) -> None:
    partial = client.get("/en/calculator/?game=hearts&matadors=2&declarer_points=75&bid=36",
                         headers={**BROWSER, **HTMX})
    assert partial.headers["Content-Encoding"] == "gzip"  # a kept partial, see above
    text = _decoded(partial.data, "gzip").decode()
    assert "<html" not in text and 'id="calc-result"' in text
    refused = client.post("/en/learn/trumps/3", data={"card": "XX"}, headers={**BROWSER, **HTMX})
    assert refused.status_code == 200 and refused.headers["Content-Encoding"] == "br"  # drawn for its answer
    assert 'id="step"' in _decoded(refused.data, "br").decode()
    api = client.get("/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36&lang=de",
                     headers={"Accept-Encoding": "gzip"})
    assert api.headers["Content-Encoding"] == "gzip"
    assert b'"game_value":40' in _decoded(api.data, "gzip").replace(b" ", b"")


def test_an_answer_that_fits_in_one_segment_is_sent_as_it_is(client: FlaskClient) -> None:
    short = client.get("/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36", headers=BROWSER)
    assert short.status_code == 200 and "Content-Encoding" not in short.headers
    assert len(short.data) < assets.ONE_SEGMENT and b'"game_value":' in short.data.replace(b" ", b"")
    assert "Accept-Encoding" in short.headers["Vary"]


def test_vary_names_each_field_once_and_keeps_the_others() -> None:
    response = Response("x")
    for field in ("HX-Request", "Accept", "accept-encoding", "Accept-Encoding", "Cookie", "hx-request"):
        assets.add_vary(response, field)
    assert response.headers.getlist("Vary") == ["HX-Request, Accept, accept-encoding, Cookie"]


def test_every_static_link_of_a_page_carries_its_hash_and_is_kept_a_year(client: FlaskClient) -> None:
    html = client.get("/en/play/").get_data(as_text=True)
    links = _static_links(html)
    assert len(links) >= 3
    for link in links:
        path, _, version = link.partition("?v=")
        answer = client.get(link, headers=BROWSER)
        assert answer.status_code == 200, link
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", link
        on_disk = (Path(assets.__file__).parent / "static" / path.removeprefix("/static/")).read_bytes()
        with client.application.app_context():
            assert version == assets.fingerprint(path.removeprefix("/static/"))
        assert _decoded(answer.data, answer.headers.get("Content-Encoding")) == on_disk


def test_a_static_file_is_compressed_and_answers_its_etag_with_304(client: FlaskClient) -> None:
    with client.application.test_request_context("/en/"):
        link = web.static_url("css/kiebitz.css")
    source = (Path(assets.__file__).parent / "static/css/kiebitz.css").read_bytes()
    for accept, encoding in (("gzip, br", "br"), ("gzip", "gzip"), ("", None)):
        answer = client.get(link, headers={"Accept-Encoding": accept})
        assert answer.headers.get("Content-Encoding") == encoding
        assert answer.mimetype == "text/css"
        assert _decoded(answer.data, encoding) == source
        again = client.get(link, headers={"Accept-Encoding": accept, "If-None-Match": answer.headers["ETag"]})
        assert again.status_code == 304 and again.data == b""


def test_an_unversioned_or_old_url_still_gets_the_file_to_revalidate(client: FlaskClient) -> None:
    source = (Path(assets.__file__).parent / "static/cards/back.svg").read_bytes()
    for link in ("/static/cards/back.svg", "/static/cards/back.svg?v=000000000000"):
        answer = client.get(link)
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "no-cache"
        assert answer.data == source
    assert client.get("/static/cards/nothing.svg").status_code == 404
    assert client.get("/static/../webapp/web.py").status_code == 404


def test_the_fingerprint_changes_when_the_file_changes(app: Flask, tmp_path: Path) -> None:
    shutil.copytree(Path(app.static_folder or ""), tmp_path / "static")
    assets.serve_from(app, str(tmp_path / "static"), recheck_seconds=0)
    client = app.test_client()
    sheet = tmp_path / "static/css/kiebitz.css"
    with app.test_request_context("/en/"):
        before = web.static_url("css/kiebitz.css")
    assert client.get(before).headers["Cache-Control"].endswith("immutable")
    sheet.write_text(sheet.read_text() + "\n.changed { color: red; }\n")
    with app.test_request_context("/en/"):
        after = web.static_url("css/kiebitz.css")
    assert after != before and after.startswith("/static/css/kiebitz.css?v=")
    fresh = client.get(after)
    assert fresh.headers["Cache-Control"].endswith("immutable") and b".changed" in fresh.data
    stale = client.get(before)  # an old page's link: the current file, to be revalidated
    assert stale.headers["Cache-Control"] == "no-cache" and b".changed" in stale.data
    assert after in client.get("/en/").get_data(as_text=True)


@pytest.mark.parametrize("deck", ["french", "four-colour", "german"])
def test_a_pages_cards_are_fragments_of_one_sprite_kept_a_year(client: FlaskClient, deck: str) -> None:
    client.post("/en/preferences", data={"deck": deck})
    html = client.get("/en/cards").get_data(as_text=True)
    cards = re.findall(r'<img src="(/static/cards/[^"]+)" alt="([^"]+)"', html)
    assert len(cards) == 32 and len({alt for _, alt in cards}) == 32  # each card named
    sprites = {link.split("#")[0] for link, _ in cards}
    assert len(sprites) == 1 and {link.split("#")[1] for link, _ in cards} == {s + r for s in "CSHD" for r in "789TJQKA"}
    (link,) = sprites
    assert link.startswith(f"/static/cards/{deck}/sprite.svg?v=")
    answer = client.get(link, headers=BROWSER)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.headers["Content-Encoding"] == "br" and len(answer.data) < 4096  # a whole deck, about 3 KB
    body = _decoded(answer.data, "br")
    folder = Path(assets.__file__).parent / "static" / "cards"
    parts = [(path.stem, path.read_bytes()) for path in sorted((folder / deck).glob("*.svg"))]
    assert body == sprite.build([*parts, ("back", (folder / "back.svg").read_bytes())])
    for fragment in [name for name, _ in parts] + ["back"]:
        assert f'<g id="{fragment}" class="card">'.encode() in body
    # The card files' own ids are the card's (CJ-p), so that no card draws another's shapes.
    ids = re.findall(rb' id="([^"]+)"', body)
    assert len(ids) == len(set(ids)) and set(re.findall(rb'href="#([^"]+)"', body)) <= set(ids)


def test_the_sprites_fingerprint_changes_when_a_card_file_changes(app: Flask, tmp_path: Path) -> None:
    shutil.copytree(Path(app.static_folder or ""), tmp_path / "static")
    assets.serve_from(app, str(tmp_path / "static"), recheck_seconds=0)
    client = app.test_client()
    with app.test_request_context("/en/"):
        before = web.static_url("cards/german/sprite.svg")
        french = web.static_url("cards/french/sprite.svg")
    assert client.get(before).headers["Cache-Control"].endswith("immutable")
    jack = tmp_path / "static/cards/german/CJ.svg"
    jack.write_text(jack.read_text().replace("</svg>", '<circle r="1" id="changed"/></svg>'))
    with app.test_request_context("/en/"):
        after = web.static_url("cards/german/sprite.svg")
        assert web.static_url("cards/french/sprite.svg") == french  # another deck's sprite stays
    assert after != before and after.startswith("/static/cards/german/sprite.svg?v=")
    fresh = client.get(after)
    assert fresh.headers["Cache-Control"].endswith("immutable") and b'id="CJ-changed"' in fresh.data
    back = tmp_path / "static/cards/back.svg"
    back.write_text(back.read_text().replace("</svg>", '<circle r="1" id="turned"/></svg>'))
    with app.test_request_context("/en/"):
        assert web.static_url("cards/german/sprite.svg") != after  # the back is in every sprite
    assert client.get("/static/cards/nowhere/sprite.svg").status_code == 404
