"""What travels over the wire: compressed answers and static files cached for a year.

Pages, partials and JSON are compressed by ``flask-compress`` (brotli or gzip, as the browser
asks), unless they fit in one TCP segment (`ONE_SEGMENT`). Static files are served by
:func:`serve_static` in place of Flask's own view: each file's brotli and gzip copies are made once
per process (at the highest levels: a file is compressed once and sent many times) and kept with
its content hash. :func:`webapp.web.static_url` puts that hash in every static URL
(``/static/css/kiebitz.css?v=3f9c2a1b0d4e``); an answer to a URL whose hash is the file's own is
sent ``Cache-Control: public, max-age=31536000, immutable``, so a repeat view of a page asks for
nothing but the page. A URL without the hash (or with an old one) still gets the current file, to
be revalidated by its ETag. A deck's sprite (``cards/<folder>/sprite.svg``, see
`webapp.decks.sprite`) is built from its card files the same way: read once, built again when one
of them changes.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Final

import brotli
from flask import Flask, Response, abort, current_app, request
from flask_compress import Compress
from werkzeug.security import safe_join
from werkzeug.wrappers import Response as BaseResponse

from webapp.decks import sprite

VERSION_ARGUMENT: Final = "v"
"""The query argument that carries a static file's content hash."""
IMMUTABLE: Final = "public, max-age=31536000, immutable"
REVALIDATE: Final = "no-cache"
ENCODINGS: Final = ("br", "gzip")
"""The encodings offered, the preferred first (the browser's q-values decide among them)."""
COMPRESSED_TYPES: Final = frozenset(
    {"text/html", "text/css", "text/javascript", "text/plain", "image/svg+xml", "application/json",
     "application/javascript"}
)
HASH_LENGTH: Final = 12
ONE_SEGMENT: Final = 1400
"""Bytes that travel in one TCP segment (1,460 on Ethernet, less a margin): an answer this short is
sent as it is, for compressing it would save no round trip and cost the server more than the answer."""


@dataclass
class StaticFile:
    """A static file as read once: its content, its hash, and its compressed copies made on demand."""

    stamp: tuple[int, ...]
    """The file's time and size (of each of its parts, for a sprite): when it changes, the file is read again."""
    data: bytes
    digest: str
    mimetype: str
    encoded: dict[str, bytes] = field(default_factory=dict)

    def body(self, encoding: str) -> bytes:
        """Return the file in ``encoding`` (``identity``, ``br`` or ``gzip``)."""
        if encoding == "identity":
            return self.data
        copy = self.encoded.get(encoding)
        if copy is None:
            copy = brotli.compress(self.data, quality=11) if encoding == "br" else gzip.compress(self.data, 9, mtime=0)
            self.encoded[encoding] = copy
        return copy


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    return (found.st_mtime_ns, found.st_size)


def _read(path: str, stamp: tuple[int, ...]) -> StaticFile | None:
    if not os.path.isfile(path):
        return None
    with open(path, "rb") as source:
        data = source.read()
    mimetype = mimetypes.guess_type(path)[0] or "application/octet-stream"
    if mimetype == "application/javascript":
        mimetype = "text/javascript"
    return _file(stamp, data, mimetype)


def _file(stamp: tuple[int, ...], data: bytes, mimetype: str) -> StaticFile:
    return StaticFile(stamp, data, hashlib.sha256(data).hexdigest()[:HASH_LENGTH], mimetype)


def _sprite_stamp(parts: list[tuple[str, str]]) -> tuple[int, ...] | None:
    stamps = [_stamp(path) for _, path in parts]
    return None if None in stamps else tuple(value for found in stamps if found for value in found)


def _build_sprite(parts: list[tuple[str, str]], stamp: tuple[int, ...]) -> StaticFile | None:
    cards = []
    for fragment, path in parts:
        try:
            with open(path, "rb") as source:
                cards.append((fragment, source.read()))
        except OSError:
            return None
    return _file(stamp, sprite.build(cards), "image/svg+xml")


class StaticFiles:
    """An app's static folder as read: each file once, read again when it changed.

    Whether a file changed (its size and time) is looked at when it is asked for, at most
    every ``recheck_seconds`` (a stat costs as much as building the URL): an edited file gets
    its new hash within a second in development; a deployment restarts anyway.
    """

    def __init__(self, folder: str, recheck_seconds: float) -> None:
        self.folder = folder
        self.recheck_seconds = recheck_seconds
        self._known: dict[str, tuple[StaticFile, float]] = {}
        self._lock = threading.Lock()

    def get(self, filename: str) -> StaticFile | None:
        """Return the file ``filename`` of the folder, None if there is no such file."""
        now = time.monotonic()
        known = self._known.get(filename)
        if known is not None and now - known[1] < self.recheck_seconds:
            return known[0]
        found = known[0] if known is not None else None
        parts = sprite.sources(self.folder, filename)
        if parts is not None:
            stamp = _sprite_stamp(parts)
            if stamp is None:
                found = None
            elif found is None or found.stamp != stamp:
                found = _build_sprite(parts, stamp)
        else:
            path = safe_join(self.folder, filename) if self.folder else None
            stamp = _stamp(path) if path else None
            if path is None or stamp is None:
                found = None
            elif found is None or found.stamp != stamp:
                found = _read(path, stamp)
        with self._lock:  # only files there are: a name asked for from outside is not kept
            if found is None:
                self._known.pop(filename, None)
            else:
                self._known[filename] = (found, now)
        return found


def static_files() -> StaticFiles:
    """Return the current app's static files (an app without :func:`init_app` gets them on first use)."""
    files: StaticFiles | None = current_app.extensions.get("kiebitz.static")
    if files is None:
        files = current_app.extensions["kiebitz.static"] = StaticFiles(current_app.static_folder or "", 1.0)
    return files


def fingerprint(filename: str) -> str | None:
    """Return the content hash of the static file ``filename`` (a path under the static folder).

    It changes when the file changes; None if there is no such file.
    """
    found = static_files().get(filename)
    return found.digest if found else None


def _encoding(found: StaticFile) -> str:
    """Return the encoding to send ``found`` in, as the request's ``Accept-Encoding`` allows."""
    if found.mimetype not in COMPRESSED_TYPES:
        return "identity"
    best = request.accept_encodings.best_match(ENCODINGS)
    return best if best in ENCODINGS else "identity"


def serve_static(filename: str) -> BaseResponse:
    """Answer a static file: compressed if the browser takes it, cached for a year under its hash."""
    found = static_files().get(filename)
    if found is None:
        abort(404)
    encoding = _encoding(found)
    body = found.body(encoding)
    if encoding != "identity" and len(body) >= len(found.data):
        encoding, body = "identity", found.data
    response = Response(body, mimetype=found.mimetype)
    if encoding != "identity":
        response.headers["Content-Encoding"] = encoding
    add_vary(response, "Accept-Encoding")
    response.set_etag(found.digest if encoding == "identity" else f"{found.digest}-{encoding}")
    versioned = request.args.get(VERSION_ARGUMENT) == found.digest
    response.headers["Cache-Control"] = IMMUTABLE if versioned else REVALIDATE
    return response.make_conditional(request)


def add_vary(response: BaseResponse, field: str) -> None:
    """Add ``field`` to the answer's ``Vary`` header, as text (werkzeug's header set costs more)."""
    vary = response.headers.get("Vary")
    if not vary:
        response.headers["Vary"] = field
    elif field.lower() not in {part.strip().lower() for part in vary.split(",")}:
        response.headers["Vary"] = f"{vary}, {field}"


def init_app(app: Flask) -> None:
    """Compress every answer that is worth it and serve the static files fingerprinted."""
    app.config.setdefault("COMPRESS_ALGORITHM", list(ENCODINGS))
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br"])
    app.config.setdefault("COMPRESS_MIMETYPES", sorted(COMPRESSED_TYPES))
    app.config.setdefault("COMPRESS_MIN_SIZE", ONE_SEGMENT)
    app.config["COMPRESS_REGISTER"] = False  # the hook below calls it
    compress = Compress(app)  # one per app: it keeps the app's settings

    @app.after_request
    def compress_answer(response: Response) -> Response:
        """Compress the answer if it is worth it; one known to be short only gets its ``Vary``."""
        length = response.content_length
        if length is not None and length < app.config["COMPRESS_MIN_SIZE"]:
            add_vary(response, "Accept-Encoding")
            return response
        return compress.after_request(response)

    serve_from(app, app.static_folder, app.config.get("STATIC_RECHECK_SECONDS", 1.0))


def serve_from(app: Flask, folder: str | None, recheck_seconds: float) -> None:
    """Serve the static files of ``folder`` (the app's own, or another in a test) fingerprinted."""
    if folder and "static" in app.view_functions:
        app.extensions["kiebitz.static"] = StaticFiles(folder, recheck_seconds)
        app.view_functions["static"] = serve_static
